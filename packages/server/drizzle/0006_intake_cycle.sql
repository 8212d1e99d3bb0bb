CREATE TABLE "course_intake" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"seats" integer,
	"waitlist" boolean DEFAULT false NOT NULL,
	"confirm_days" smallint,
	"auto_promote" boolean DEFAULT true NOT NULL,
	"promote_until" varchar(10),
	"tiers" varchar(20)[] DEFAULT '{}'::varchar(20)[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"admin_id" integer,
	"admin_name" varchar(100) DEFAULT '' NOT NULL,
	"drawn_at" timestamp (3) with time zone NOT NULL,
	"algorithm" varchar(40) NOT NULL,
	"win_num" bigint NOT NULL,
	"waitlist" boolean NOT NULL,
	"confirm_days" smallint,
	"tiers" varchar(20)[] NOT NULL,
	"pool_hash" varchar(64) NOT NULL,
	"seed_hash" varchar(64) NOT NULL,
	"seed" varchar(64) NOT NULL,
	"rank_offset" integer DEFAULT 0 NOT NULL,
	"entries" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "confirm_by" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "promoted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "decline_reason" varchar(10);--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "source_key" varchar(60);--> statement-breakpoint
ALTER TABLE "course_intake" ADD CONSTRAINT "course_intake_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_runs" ADD CONSTRAINT "lottery_runs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_runs_course_idx" ON "lottery_runs" USING btree ("course_id","id");--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_applications_confirm_by_idx" ON "course_applications" USING btree ("confirm_by") WHERE "course_applications"."lottery_status" = '2' AND "course_applications"."confirmed_at" IS NULL AND "course_applications"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "course_applications_waitlist_uq" ON "course_applications" USING btree ("course_id","waitlist_rank") WHERE "course_applications"."waitlist_rank" IS NOT NULL AND "course_applications"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notices_student_idx" ON "notices" USING btree ("student_id") WHERE "notices"."student_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_source_key_unique" UNIQUE("source_key");