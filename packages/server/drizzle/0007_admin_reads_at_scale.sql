-- Admin reads at scale (issue 16, decision 020). Hand-written parts: the bigram function the GIN indexes
-- use, and the triggers that keep student_counts exact; the rest is drizzle-kit's.
CREATE OR REPLACE FUNCTION manabi_bigrams(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  l text := lower(t);
  r text[] := '{}';
BEGIN
  -- every pair of neighbouring characters of the lower-cased text: "name ILIKE '%ab…%'" implies that the
  -- pairs of lower('ab…') are among these (ILIKE compares lower() of both sides)
  FOR i IN 1 .. char_length(l) - 1 LOOP
    r := r || substr(l, i, 2);
  END LOOP;
  RETURN r;
END
$$;
--> statement-breakpoint
CREATE TABLE "student_counts" (
	"approval_status" varchar(1) NOT NULL,
	"student_type" varchar(2) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "student_counts_approval_status_student_type_pk" PRIMARY KEY("approval_status","student_type")
);
--> statement-breakpoint
DROP INDEX "students_name_trgm_idx";--> statement-breakpoint
DROP INDEX "students_name_kana_trgm_idx";--> statement-breakpoint
DROP INDEX "students_birthday_idx";--> statement-breakpoint
DROP INDEX "students_street_name1_idx";--> statement-breakpoint
DROP INDEX "students_generation_idx";--> statement-breakpoint
CREATE INDEX "students_name_bigram_idx" ON "students" USING gin (manabi_bigrams("name"));--> statement-breakpoint
CREATE INDEX "students_name_kana_bigram_idx" ON "students" USING gin (manabi_bigrams("name_kana"));--> statement-breakpoint
CREATE INDEX "students_name_sort_idx" ON "students" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "students_name_kana_sort_idx" ON "students" USING btree ("name_kana","id");--> statement-breakpoint
CREATE INDEX "students_approval_status_sort_idx" ON "students" USING btree ("approval_status","id");--> statement-breakpoint
CREATE INDEX "students_student_type_sort_idx" ON "students" USING btree ("student_type","id");--> statement-breakpoint
CREATE INDEX "students_generation_sort_idx" ON "students" USING btree ("generation_id","id");--> statement-breakpoint
CREATE INDEX "students_birthday_sort_idx" ON "students" USING btree ("birthday","id");--> statement-breakpoint
CREATE INDEX "students_filing_date_sort_idx" ON "students" USING btree ("filing_date","id");--> statement-breakpoint
CREATE INDEX "students_town_duplicate_idx" ON "students" USING btree ("street_name1","login_id","id","name_key","birthday");--> statement-breakpoint
INSERT INTO "student_counts" ("approval_status", "student_type", "n")
SELECT "approval_status", "student_type", count(*) FROM "students" GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION student_counts_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- one upsert per statement, counter rows taken in key order (two writers never wait on each other
  -- crosswise); an update that changes neither column nets out and touches no counter row
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM student_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO student_counts AS c (approval_status, student_type, n)
    SELECT approval_status, student_type, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (approval_status, student_type) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO student_counts AS c (approval_status, student_type, n)
    SELECT approval_status, student_type, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (approval_status, student_type) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO student_counts AS c (approval_status, student_type, n)
    SELECT d.approval_status, d.student_type, sum(d.n)
    FROM (
      SELECT approval_status, student_type, -1 AS n FROM old_rows
      UNION ALL
      SELECT approval_status, student_type, 1 FROM new_rows
    ) d
    GROUP BY 1, 2
    HAVING sum(d.n) <> 0
    ORDER BY 1, 2
    ON CONFLICT (approval_status, student_type) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "students_counts_insert" AFTER INSERT ON "students" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "students_counts_update" AFTER UPDATE ON "students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "students_counts_delete" AFTER DELETE ON "students" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "students_counts_truncate" AFTER TRUNCATE ON "students"
FOR EACH STATEMENT EXECUTE FUNCTION student_counts_apply();
--> statement-breakpoint
-- statistics for the new expression indexes now, not at the next autovacuum: the plans depend on them
ANALYZE "students";
