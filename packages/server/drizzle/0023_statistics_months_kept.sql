CREATE TABLE "course_months" (
	"month" varchar(7) NOT NULL,
	"course_id" integer NOT NULL,
	"made" integer NOT NULL,
	"cancelled" integer NOT NULL,
	CONSTRAINT "course_months_month_course_id_pk" PRIMARY KEY("month","course_id")
);
--> statement-breakpoint
ALTER TABLE "course_months" ADD CONSTRAINT "course_months_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here (decision 064): applications made and cancelled per course and Tokyo month, kept by
-- statement triggers on course_applications like course_figures (decision 062); the statistics' months of a
-- span of whole months read these instead of scanning the applications twice.
CREATE OR REPLACE FUNCTION manabi_tokyo_month(t timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_char(t AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM')
$$;
--> statement-breakpoint
-- Adds differences, in key order, and takes away the rows that reach zero. Planned once, generically (see
-- migration 0022).
CREATE OR REPLACE FUNCTION manabi_course_months_add(d course_months[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO course_months AS m
  SELECT k.month, k.course_id, sum(k.made), sum(k.cancelled) FROM unnest(d) k
  GROUP BY k.month, k.course_id HAVING sum(k.made) <> 0 OR sum(k.cancelled) <> 0
  ORDER BY k.month, k.course_id
  ON CONFLICT (month, course_id) DO UPDATE SET made = m.made + excluded.made, cancelled = m.cancelled + excluded.cancelled;
  DELETE FROM course_months m USING unnest(d) k
  WHERE m.month = k.month AND m.course_id = k.course_id AND m.made = 0 AND m.cancelled = 0;
END
$$;
--> statement-breakpoint
-- course_applications' statement trigger: +1 for each new row in the month it was made (and, cancelled, the
-- month it was cancelled), −1 for each old; an update looks only at the rows whose course or times changed
-- (a cancel, applying again, a merge's move), so a draw's or attendance's update writes nothing.
CREATE OR REPLACE FUNCTION manabi_statistics_months() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM manabi_course_months_add(ARRAY(
      SELECT ROW(v.month, r.course_id, sum(v.made), sum(v.cancelled))::course_months
      FROM new_rows r,
        LATERAL (VALUES (manabi_tokyo_month(r.created_at), 1, 0), (manabi_tokyo_month(r.cancelled_at), 0, 1)) v(month, made, cancelled)
      WHERE v.month IS NOT NULL GROUP BY v.month, r.course_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM manabi_course_months_add(ARRAY(
      SELECT ROW(v.month, r.course_id, -sum(v.made), -sum(v.cancelled))::course_months
      FROM old_rows r,
        LATERAL (VALUES (manabi_tokyo_month(r.created_at), 1, 0), (manabi_tokyo_month(r.cancelled_at), 0, 1)) v(month, made, cancelled)
      WHERE v.month IS NOT NULL GROUP BY v.month, r.course_id));
  ELSE
    PERFORM manabi_course_months_add(ARRAY(
      SELECT ROW(v.month, d.course_id, sum(d.s * v.made), sum(d.s * v.cancelled))::course_months
      FROM (
        SELECT x.course_id, x.created_at, x.cancelled_at, 1 AS s FROM (
          SELECT id, course_id, created_at, cancelled_at FROM new_rows
          EXCEPT SELECT id, course_id, created_at, cancelled_at FROM old_rows) x
        UNION ALL
        SELECT x.course_id, x.created_at, x.cancelled_at, -1 FROM (
          SELECT id, course_id, created_at, cancelled_at FROM old_rows
          EXCEPT SELECT id, course_id, created_at, cancelled_at FROM new_rows) x
      ) d,
        LATERAL (VALUES (manabi_tokyo_month(d.created_at), 1, 0), (manabi_tokyo_month(d.cancelled_at), 0, 1)) v(month, made, cancelled)
      WHERE v.month IS NOT NULL GROUP BY v.month, d.course_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "course_applications_months_insert" AFTER INSERT ON "course_applications"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manabi_statistics_months();
--> statement-breakpoint
CREATE TRIGGER "course_applications_months_update" AFTER UPDATE ON "course_applications"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manabi_statistics_months();
--> statement-breakpoint
CREATE TRIGGER "course_applications_months_delete" AFTER DELETE ON "course_applications"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manabi_statistics_months();
--> statement-breakpoint
-- a truncate of the applications empties the months too (the truncate trigger of migration 0022)
CREATE OR REPLACE FUNCTION manabi_statistics_apply_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_figures;
  DELETE FROM student_years;
  DELETE FROM student_year_figures;
  DELETE FROM course_months;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The months counted again from the rows: their first filling here, and part of the recount below.
CREATE OR REPLACE FUNCTION manabi_course_months_recount() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_months;
  INSERT INTO course_months
  SELECT v.month, a.course_id, sum(v.made), sum(v.cancelled)
  FROM course_applications a,
    LATERAL (VALUES (manabi_tokyo_month(a.created_at), 1, 0), (manabi_tokyo_month(a.cancelled_at), 0, 1)) v(month, made, cancelled)
  WHERE v.month IS NOT NULL
  GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
-- Every kept table counted again from the rows: migration 0022's recount, kept under a name of its own, and
-- the months.
ALTER FUNCTION manabi_statistics_recount() RENAME TO manabi_statistics_recount_courses_and_students;
--> statement-breakpoint
CREATE FUNCTION manabi_statistics_recount() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manabi_statistics_recount_courses_and_students();
  PERFORM manabi_course_months_recount();
END
$$;
--> statement-breakpoint
SELECT manabi_course_months_recount();
