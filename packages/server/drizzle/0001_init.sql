CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_id" varchar(10) NOT NULL,
	"name" varchar(30) NOT NULL,
	"email" varchar(100) NOT NULL,
	"password_hash" text NOT NULL,
	"authority" smallint NOT NULL,
	"university_id" varchar(30),
	"is_rejection" boolean DEFAULT false NOT NULL,
	"is_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_login_id_unique" UNIQUE("login_id")
);
--> statement-breakpoint
CREATE TABLE "course_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"lottery_status" varchar(1) DEFAULT '1' NOT NULL,
	"how_apply" varchar(1) DEFAULT '1' NOT NULL,
	"attendance_status" varchar(1) DEFAULT '1' NOT NULL,
	"attendance_updated_at" timestamp (3) with time zone,
	"acquisition_unit" integer DEFAULT 0 NOT NULL,
	"attendance" varchar(1)[] DEFAULT ARRAY['0','0','0','0','0','0','0','0','0','0','0','0','0','0','0']::varchar(1)[] NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"aid_tuition_fee" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_applications_attendance_len" CHECK (cardinality("course_applications"."attendance") = 15),
	CONSTRAINT "course_applications_unit_range" CHECK ("course_applications"."acquisition_unit" BETWEEN 0 AND 99999)
);
--> statement-breakpoint
CREATE TABLE "course_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_category_links" (
	"course_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "course_category_links_course_id_category_id_pk" PRIMARY KEY("course_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(10),
	"name" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"organ" varchar(100) DEFAULT '' NOT NULL,
	"university_id" varchar(30),
	"period_from" timestamp (3) with time zone,
	"period_to" timestamp (3) with time zone,
	"capacity" integer,
	"minimum" integer,
	"period" varchar(100) DEFAULT '' NOT NULL,
	"start_date" varchar(10),
	"all_times" smallint DEFAULT 15 NOT NULL,
	"tuition_fee" integer,
	"tuition_fee1" integer,
	"material_cost" integer,
	"venue" varchar(100) DEFAULT '' NOT NULL,
	"street_address" varchar(200) DEFAULT '' NOT NULL,
	"is_cancelable" boolean DEFAULT true NOT NULL,
	"unit" integer DEFAULT 0 NOT NULL,
	"image_url" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"attendee" varchar(200) DEFAULT '' NOT NULL,
	"keyword" varchar(100) DEFAULT '' NOT NULL,
	"permalink" varchar(500) DEFAULT '' NOT NULL,
	"how_to_apply" text DEFAULT '' NOT NULL,
	"apply_url" varchar(500) DEFAULT '' NOT NULL,
	"apply_url_text" varchar(100) DEFAULT '' NOT NULL,
	"is_lottery" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notice_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"sort_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"student_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"read_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_student_id_notice_id_pk" PRIMARY KEY("student_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"title" varchar(120) NOT NULL,
	"content" text NOT NULL,
	"reference_url1" varchar(250) DEFAULT '' NOT NULL,
	"reference_url2" varchar(250) DEFAULT '' NOT NULL,
	"reference_url3" varchar(250) DEFAULT '' NOT NULL,
	"remarks" varchar(250) DEFAULT '' NOT NULL,
	"period_from" timestamp (3) with time zone,
	"period_to" timestamp (3) with time zone,
	"is_control" varchar(1) DEFAULT '1' NOT NULL,
	"published_to" smallint DEFAULT 1 NOT NULL,
	"generation_id" varchar(4),
	"course_id" integer,
	"lottery_status" varchar(1),
	"is_email" boolean DEFAULT false NOT NULL,
	"email_title" varchar(30) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_id" varchar(8),
	"generation_id" varchar(4),
	"name" varchar(30) NOT NULL,
	"name_kana" varchar(30) DEFAULT '' NOT NULL,
	"name_key" varchar(60) DEFAULT '' NOT NULL,
	"postcode" varchar(8) DEFAULT '' NOT NULL,
	"pref" varchar(10) DEFAULT '東京都' NOT NULL,
	"street_name1" varchar(30) DEFAULT '' NOT NULL,
	"street_name2" varchar(30) DEFAULT '' NOT NULL,
	"address" varchar(30) DEFAULT '' NOT NULL,
	"street_name3" varchar(60) DEFAULT '' NOT NULL,
	"birthday" date,
	"gender" smallint,
	"phone1" varchar(20) DEFAULT '' NOT NULL,
	"mail1" varchar(100) DEFAULT '' NOT NULL,
	"phone2" varchar(20) DEFAULT '' NOT NULL,
	"mail2" varchar(100) DEFAULT '' NOT NULL,
	"emergency_name" varchar(30) DEFAULT '' NOT NULL,
	"emergency_relation" varchar(30) DEFAULT '' NOT NULL,
	"emergency_phone" varchar(20) DEFAULT '' NOT NULL,
	"total_units" integer DEFAULT 0 NOT NULL,
	"filing_date" date,
	"is_graduation" boolean DEFAULT false NOT NULL,
	"is_rejection" boolean DEFAULT false NOT NULL,
	"is_email" boolean DEFAULT true NOT NULL,
	"student_type" varchar(2) DEFAULT '1' NOT NULL,
	"approval_status" varchar(1) DEFAULT '0' NOT NULL,
	"date_issue" date,
	"remarks" text DEFAULT '' NOT NULL,
	"is_attendance" boolean,
	"password_hash" text,
	"contacts_updated_at1" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"contacts_updated_at2" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_login_id_unique" UNIQUE("login_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_kind" varchar(10) NOT NULL,
	"actor_id" integer,
	"action" varchar(50) NOT NULL,
	"entity" varchar(50) NOT NULL,
	"entity_id" varchar(50),
	"detail" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_master" (
	"code" varchar(5) NOT NULL,
	"value" varchar(5) NOT NULL,
	"text" varchar(50) NOT NULL,
	"is_init" boolean DEFAULT false NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "code_master_code_value_pk" PRIMARY KEY("code","value")
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_required_answer" boolean DEFAULT false NOT NULL,
	"content" smallint NOT NULL,
	"detail" varchar(1000) DEFAULT '' NOT NULL,
	"name" varchar(30) NOT NULL,
	"name_kana" varchar(30) DEFAULT '' NOT NULL,
	"age_band" smallint,
	"mail" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(11) DEFAULT '' NOT NULL,
	"postcode" varchar(8) DEFAULT '' NOT NULL,
	"pref" varchar(10) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"student_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"kind" varchar(10) NOT NULL,
	"login_id" varchar(40) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_throttles_kind_login_id_pk" PRIMARY KEY("kind","login_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(300) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"admin_id" integer,
	"student_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "universities" (
	"id" varchar(30) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_applications" ADD CONSTRAINT "course_applications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_applications" ADD CONSTRAINT "course_applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_category_links" ADD CONSTRAINT "course_category_links_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_category_links" ADD CONSTRAINT "course_category_links_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_category_id_notice_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."notice_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_users_name_idx" ON "admin_users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "course_applications_course_idx" ON "course_applications" USING btree ("course_id","lottery_status");--> statement-breakpoint
CREATE INDEX "course_applications_student_idx" ON "course_applications" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_applications_live_uq" ON "course_applications" USING btree ("course_id","student_id") WHERE "course_applications"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "course_category_links_cat_idx" ON "course_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_organ_trgm_idx" ON "courses" USING gin ("organ" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_keyword_trgm_idx" ON "courses" USING gin ("keyword" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_period_from_idx" ON "courses" USING btree ("period_from");--> statement-breakpoint
CREATE INDEX "courses_period_to_idx" ON "courses" USING btree ("period_to");--> statement-breakpoint
CREATE INDEX "courses_university_idx" ON "courses" USING btree ("university_id");--> statement-breakpoint
CREATE INDEX "notice_categories_sort_idx" ON "notice_categories" USING btree ("sort_number","id");--> statement-breakpoint
CREATE INDEX "notice_reads_notice_idx" ON "notice_reads" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "notices_visible_idx" ON "notices" USING btree ("published_to","period_from") WHERE "notices"."is_control" = '1';--> statement-breakpoint
CREATE INDEX "notices_generation_idx" ON "notices" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "notices_course_idx" ON "notices" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "notices_title_trgm_idx" ON "notices" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notices_category_idx" ON "notices" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "students_name_trgm_idx" ON "students" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_kana_trgm_idx" ON "students" USING gin ("name_kana" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_key_idx" ON "students" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "students_birthday_idx" ON "students" USING btree ("birthday");--> statement-breakpoint
CREATE INDEX "students_street_name1_idx" ON "students" USING btree ("street_name1");--> statement-breakpoint
CREATE INDEX "students_generation_idx" ON "students" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "students_pending_idx" ON "students" USING btree ("created_at") WHERE "students"."approval_status" <> '1';--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "password_reset_tokens_student_idx" ON "password_reset_tokens" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sessions_student_idx" ON "sessions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");