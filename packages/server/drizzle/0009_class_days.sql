-- Class days (issue 17, decision 028): dated sessions, the reminder switch and what to bring, calendar feeds,
-- server-held keys. Hand-written part: the catalogue trigger at the end; the rest is drizzle-kit's.
CREATE TABLE "course_sessions" (
	"course_id" integer NOT NULL,
	"no" smallint NOT NULL,
	"day" date NOT NULL,
	"starts_at" varchar(5) NOT NULL,
	"ends_at" varchar(5) NOT NULL,
	"room" varchar(100) DEFAULT '' NOT NULL,
	CONSTRAINT "course_sessions_course_id_no_pk" PRIMARY KEY("course_id","no"),
	CONSTRAINT "course_sessions_no_range" CHECK ("course_sessions"."no" BETWEEN 1 AND 15),
	CONSTRAINT "course_sessions_times" CHECK ("course_sessions"."starts_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "course_sessions"."ends_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND "course_sessions"."ends_at" > "course_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" varchar(30) PRIMARY KEY NOT NULL,
	"value" varchar(128) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "remind" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "bring" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_sessions_day_idx" ON "course_sessions" USING btree ("day");--> statement-breakpoint
CREATE TRIGGER course_sessions_catalog_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION course_catalog_bump();
