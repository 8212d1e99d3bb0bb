CREATE TABLE "address_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"postcode" varchar(8) DEFAULT '' NOT NULL,
	"pref" varchar(10) DEFAULT '' NOT NULL,
	"street_name1" varchar(30) DEFAULT '' NOT NULL,
	"street_name2" varchar(30) DEFAULT '' NOT NULL,
	"address" varchar(30) DEFAULT '' NOT NULL,
	"street_name3" varchar(60) DEFAULT '' NOT NULL,
	"return_reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_change_requests" ADD CONSTRAINT "address_change_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_change_requests" ADD CONSTRAINT "address_change_requests_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_change_requests_pending_uq" ON "address_change_requests" USING btree ("student_id") WHERE "address_change_requests"."status" = '0';--> statement-breakpoint
CREATE INDEX "address_change_requests_pending_idx" ON "address_change_requests" USING btree ("created_at","id") WHERE "address_change_requests"."status" = '0';--> statement-breakpoint
CREATE INDEX "address_change_requests_student_idx" ON "address_change_requests" USING btree ("student_id","id");