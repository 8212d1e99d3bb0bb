CREATE TABLE "notice_letters" (
	"notice_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"printed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"printed_by" integer,
	CONSTRAINT "notice_letters_notice_id_student_id_pk" PRIMARY KEY("notice_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "student_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"admin_id" integer,
	"course_id" integer,
	"outcome" varchar(1) NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"called_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "entered_by" integer;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "decided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "decided_channel" varchar(1);--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "decision_note" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "application_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "mail_bounced_address" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "mail_bounced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "mail_bounce_reason" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "notice_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failure_kind" varchar(10);--> statement-breakpoint
ALTER TABLE "notice_letters" ADD CONSTRAINT "notice_letters_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_letters" ADD CONSTRAINT "notice_letters_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_letters" ADD CONSTRAINT "notice_letters_printed_by_admin_users_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_calls" ADD CONSTRAINT "student_calls_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_calls" ADD CONSTRAINT "student_calls_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_calls" ADD CONSTRAINT "student_calls_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_calls_student_idx" ON "student_calls" USING btree ("student_id","called_at","id");--> statement-breakpoint
ALTER TABLE "course_applications" ADD CONSTRAINT "course_applications_entered_by_admin_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_applications" ADD CONSTRAINT "course_applications_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_application_id_course_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."course_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_application_idx" ON "notices" USING btree ("application_id","id") WHERE "notices"."application_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "students_mail_bounced_idx" ON "students" USING btree ("id") WHERE "students"."mail_bounced_address" <> '';--> statement-breakpoint
CREATE INDEX "students_no_mail_idx" ON "students" USING btree ("id") WHERE (NOT "students"."is_email" OR "students"."mail1" = '');--> statement-breakpoint
CREATE INDEX "mail_outbox_notice_idx" ON "mail_outbox" USING btree ("notice_id","student_id") WHERE "mail_outbox"."notice_id" IS NOT NULL;--> statement-breakpoint
-- the personal results already written are tied to their applications by what made them
UPDATE "notices" n SET "application_id" = a."id"
FROM "course_applications" a
WHERE n."published_to" = 4
  AND n."source_key" ~ '^(lottery:[0-9]+:[0-9]+|promote:[0-9]+:[0-9]+|lapse:[0-9]+)$'
  AND a."id" = (CASE WHEN n."source_key" LIKE 'lottery:%' THEN split_part(n."source_key", ':', 3)
                     ELSE split_part(n."source_key", ':', 2) END)::int
  AND a."student_id" = n."student_id";
