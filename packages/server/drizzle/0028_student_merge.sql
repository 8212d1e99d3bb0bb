CREATE TABLE "student_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"kept_id" integer NOT NULL,
	"merged_id" integer NOT NULL,
	"admin_id" integer,
	"merged_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"record" jsonb NOT NULL,
	"undone_at" timestamp (3) with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "merged_into" integer;--> statement-breakpoint
ALTER TABLE "student_merges" ADD CONSTRAINT "student_merges_kept_id_students_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_merges" ADD CONSTRAINT "student_merges_merged_id_students_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_merges_kept_idx" ON "student_merges" USING btree ("kept_id");--> statement-breakpoint
CREATE INDEX "student_merges_merged_idx" ON "student_merges" USING btree ("merged_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_merged_into_students_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;