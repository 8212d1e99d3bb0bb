ALTER TABLE "lottery_runs" ADD COLUMN "told_at" timestamp (3) with time zone DEFAULT now();--> statement-breakpoint
-- the runs drawn so far told their applicants in the draw's own transaction
UPDATE "lottery_runs" SET "told_at" = "drawn_at";--> statement-breakpoint
CREATE INDEX "lottery_runs_untold_idx" ON "lottery_runs" USING btree ("id") WHERE "lottery_runs"."told_at" IS NULL;
