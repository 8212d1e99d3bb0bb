-- the draw's record is written once and read whole: json keeps the text as sent (no conversion to jsonb),
-- and EXTERNAL stores a large pool's entries without compressing them under the course lock
ALTER TABLE "lottery_runs" ALTER COLUMN "entries" SET DATA TYPE json USING "entries"::json;--> statement-breakpoint
ALTER TABLE "lottery_runs" ALTER COLUMN "entries" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "lottery_runs" ADD COLUMN "told_at" timestamp (3) with time zone DEFAULT now();--> statement-breakpoint
-- the runs drawn so far told their applicants in the draw's own transaction
UPDATE "lottery_runs" SET "told_at" = "drawn_at";--> statement-breakpoint
CREATE INDEX "lottery_runs_untold_idx" ON "lottery_runs" USING btree ("id") WHERE "lottery_runs"."told_at" IS NULL;
