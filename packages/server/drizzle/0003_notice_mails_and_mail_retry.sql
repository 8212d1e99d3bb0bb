CREATE TABLE "notice_mails" (
	"notice_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"queued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_mails_notice_id_student_id_pk" PRIMARY KEY("notice_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notice_mails" ADD CONSTRAINT "notice_mails_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_mails" ADD CONSTRAINT "notice_mails_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;