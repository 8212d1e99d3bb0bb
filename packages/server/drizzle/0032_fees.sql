CREATE SEQUENCE "public"."payment_receipt_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "course_fees" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"how_to_pay" text DEFAULT '' NOT NULL,
	"pay_days" smallint,
	"pay_by_date" varchar(10),
	"auto_lapse" boolean DEFAULT true NOT NULL,
	"refund_days" smallint,
	"refund_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_fees_one_rule" CHECK ("course_fees"."pay_days" IS NULL OR "course_fees"."pay_by_date" IS NULL),
	CONSTRAINT "course_fees_pay_days_range" CHECK ("course_fees"."pay_days" BETWEEN 1 AND 90),
	CONSTRAINT "course_fees_refund_days_range" CHECK ("course_fees"."refund_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"kind" varchar(1) DEFAULT '1' NOT NULL,
	"amount" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" varchar(10) NOT NULL,
	"receipt_no" varchar(20),
	"note" varchar(200) DEFAULT '' NOT NULL,
	"source" varchar(10) DEFAULT 'manual' NOT NULL,
	"payer_name" varchar(100) DEFAULT '' NOT NULL,
	"bank_ref" varchar(64),
	"recorded_by" integer,
	"voided_at" timestamp (3) with time zone,
	"void_reason" varchar(200),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_range" CHECK ("payments"."amount" BETWEEN 1 AND 10000000),
	CONSTRAINT "payments_kind" CHECK ("payments"."kind" IN ('1', '2'))
);
--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "amount_due" integer;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "pay_by" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "course_applications" ADD COLUMN "paid_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "course_fees" ADD CONSTRAINT "course_fees_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_course_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."course_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_admin_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_fees_manual_lapse_idx" ON "course_fees" USING btree ("course_id") WHERE "course_fees"."required" AND NOT "course_fees"."auto_lapse";--> statement-breakpoint
CREATE INDEX "payments_application_idx" ON "payments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payments_course_idx" ON "payments" USING btree ("course_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_no_uq" ON "payments" USING btree ("receipt_no") WHERE "payments"."receipt_no" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_ref_uq" ON "payments" USING btree ("bank_ref") WHERE "payments"."bank_ref" IS NOT NULL AND "payments"."voided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "course_applications_pay_by_idx" ON "course_applications" USING btree ("pay_by") WHERE "course_applications"."lottery_status" = '2' AND "course_applications"."paid_at" IS NULL AND "course_applications"."cancelled_at" IS NULL AND "course_applications"."pay_by" IS NOT NULL;