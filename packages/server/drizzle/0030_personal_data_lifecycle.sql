CREATE TABLE "retention_policy" (
	"id" smallint PRIMARY KEY NOT NULL,
	"withdrawn_years" smallint DEFAULT 5 NOT NULL,
	"graduated_years" smallint DEFAULT 5 NOT NULL,
	"rejected_years" smallint DEFAULT 1 NOT NULL,
	"merged_years" smallint DEFAULT 1 NOT NULL,
	"auto" boolean DEFAULT true NOT NULL,
	"run_started_at" timestamp (3) with time zone,
	"last_run_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "withdrawn_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "withdrawal_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "anonymized_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "students_retention_idx" ON "students" USING btree ("approval_status","id") WHERE "students"."anonymized_at" IS NULL AND ("students"."approval_status" IN ('2', '3', '4') OR "students"."is_graduation");--> statement-breakpoint
-- the one policy row (decision 072): the defaults are the office's to change on 「個人情報の保存期間」
INSERT INTO "retention_policy" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "retention_policy" ADD CONSTRAINT "retention_policy_one_row" CHECK ("id" = 1);
