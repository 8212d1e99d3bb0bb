-- The statistics' period (decision 059). Hand-written: the function the index below needs before drizzle-kit's
-- statement. manabi_course_day is a course's first class day, 'YYYY-MM-DD': start_date, else the Tokyo day its
-- application period opens, else the day it was created. Written with IMMUTABLE functions only (the date's
-- parts, not to_char, whose output may follow the locale): it can be indexed, and the planner inlines it, so
-- grouping a year's applications by it costs an expression per row, not a function call. The index's
-- statistics tell the planner how many courses a period holds (without them it guesses a few and walks a
-- year's applications course by course). Built-in functions only: an index is built with the catalog's
-- search path alone (PostgreSQL 17).
CREATE OR REPLACE FUNCTION manabi_course_day(start_date text, period_from timestamptz, created_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(start_date, ''),
    lpad(extract(year FROM period_from AT TIME ZONE 'Asia/Tokyo')::int::text, 4, '0') || '-' ||
      lpad(extract(month FROM period_from AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0') || '-' ||
      lpad(extract(day FROM period_from AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0'),
    lpad(extract(year FROM created_at AT TIME ZONE 'Asia/Tokyo')::int::text, 4, '0') || '-' ||
      lpad(extract(month FROM created_at AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0') || '-' ||
      lpad(extract(day FROM created_at AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0'))
$$;
--> statement-breakpoint
CREATE INDEX "course_applications_cancelled_idx" ON "course_applications" USING btree ("course_id","student_id") WHERE "course_applications"."cancelled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_first_day_idx" ON "courses" USING btree (manabi_course_day("start_date", "period_from", "created_at"));--> statement-breakpoint
-- the new index's statistics at once, not at the next autovacuum: the statistics reads plan by them
ANALYZE "courses";