CREATE TABLE "student_year_figures" (
	"fy" integer NOT NULL,
	"university_id" varchar(30) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"value" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "student_year_figures_fy_university_id_kind_value_shard_pk" PRIMARY KEY("fy","university_id","kind","value","shard")
);
--> statement-breakpoint
CREATE INDEX "student_years_student_idx" ON "student_years" USING btree ("student_id","university_id","fy");--> statement-breakpoint
ALTER TABLE "universities" ADD CONSTRAINT "universities_id_not_all" CHECK ("universities"."id" <> '*');--> statement-breakpoint
-- Hand-written from here (decision 063): who each fiscal year's students are, kept with student_years. The
-- whole programme gets rows of its own in student_years ('*', every university's summed), so that its years'
-- students are counted without a DISTINCT over universities; student_year_figures counts each year's students
-- by age, gender, town and cohort, and how many are there for the first time. The statistics read these for a
-- fiscal year instead of joining a year's 50,000 students; statistics-kept.test.ts compares them with a
-- recount after every kind of write, the property tests the API with the raw rows.
--
-- A student's (kind, value) pairs in fiscal year `fy`: age on the year's last day (31 March), gender, town
-- key, cohort; '' where unknown. Declared as a table so that the planner inlines it.
CREATE OR REPLACE FUNCTION manabi_student_people(birthday date, gender smallint, street text, generation text, fy int)
RETURNS TABLE (kind text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES
    ('age', coalesce((fy - extract(year from birthday)::int
      + CASE WHEN extract(month from birthday) < 4 THEN 1 ELSE 0 END)::text, '')),
    ('gender', coalesce(gender::text, '')),
    ('town', manabi_name_key(street)),
    ('generation', coalesce(generation, ''))
$$;
--> statement-breakpoint
-- The functions here that take an array are planned once, generically: with a custom plan per call (what
-- PostgreSQL tries first for a statement with parameters) the planning of a small write's statements cost
-- more than running them (a student's first application of a year: 1.9 → 1.0 ms in these functions). Their
-- statements are set operations and index probes, linear whatever the array's size.
--
-- Adds figure differences, in key order, and takes away the rows that reach 0.
CREATE OR REPLACE FUNCTION manabi_student_year_figures_add(d student_year_figures[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO student_year_figures AS f
  SELECT k.fy, k.university_id, k.kind, k.value, k.shard, sum(k.n) FROM unnest(d) k
  GROUP BY k.fy, k.university_id, k.kind, k.value, k.shard HAVING sum(k.n) <> 0
  ORDER BY k.fy, k.university_id, k.kind, k.value, k.shard
  ON CONFLICT (fy, university_id, kind, value, shard) DO UPDATE SET n = f.n + excluded.n;
  DELETE FROM student_year_figures f USING unnest(d) k
  WHERE f.fy = k.fy AND f.university_id = k.university_id AND f.kind = k.kind AND f.value = k.value
    AND f.shard = k.shard AND f.n = 0;
END
$$;
--> statement-breakpoint
-- One writer of a student's years at a time: what is there before a change, and which year is a student's
-- first, are read and then written, and a student's two applications at once, or an application beside an
-- edit of their birthday or town, must not both read the state before the other. A transaction-scoped lock
-- per stripe of 256 student ids, in stripe order: a statement of thousands of students (an upload, a course
-- moved to another year) takes at most 256 locks, not one per student, of the server's shared lock table.
CREATE OR REPLACE FUNCTION manabi_student_years_lock(ids int[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('manabi_student_years'), s.stripe)
  FROM (SELECT DISTINCT i % 256 AS stripe FROM unnest(ids) i ORDER BY 1) s;
END
$$;
--> statement-breakpoint
-- A student's first year at each university and in the whole programme, for the given (0, university,
-- student, 0) pairs; fy null when they have none. PL/pgSQL, whose plans are kept, not SQL, planned per call.
CREATE OR REPLACE FUNCTION manabi_student_firsts(pairs student_years[]) RETURNS student_years[]
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN ARRAY(
    SELECT ROW((SELECT min(y.fy) FROM student_years y
                WHERE y.student_id = p.student_id AND y.university_id = p.university_id),
           p.university_id, p.student_id, 0)::student_years
    FROM unnest(pairs) p);
END
$$;
--> statement-breakpoint
-- Adds live-application differences per (year, university, student), for the university and for the whole
-- programme, in key order, and takes away the rows that reach 0. The keys that come or go change who the
-- year's students are, the first years that move its newcomers: both added to student_year_figures. Most
-- writes only change how many applications a student has in a year they were already in, and stop after the
-- upsert. Set operations and index probes only (see manabi_statistics_apply).
CREATE OR REPLACE FUNCTION manabi_student_years_add(d student_years[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  dd student_years[];
  -- the keys that come (n = 1) or go (n = -1)
  changes student_years[];
  pairs student_years[];
  first_before student_years[];
  first_after student_years[];
BEGIN
  dd := ARRAY(
    SELECT ROW(x.fy, x.university_id, x.student_id, sum(x.n))::student_years
    FROM (SELECT k.fy, k.university_id, k.student_id, k.n FROM unnest(d) k
          UNION ALL SELECT k.fy, '*', k.student_id, k.n FROM unnest(d) k) x
    GROUP BY x.fy, x.university_id, x.student_id HAVING sum(x.n) <> 0
    ORDER BY x.fy, x.university_id, x.student_id);
  IF cardinality(dd) = 0 THEN
    RETURN;
  END IF;
  PERFORM manabi_student_years_lock(ARRAY(SELECT k.student_id FROM unnest(dd) k));
  changes := ARRAY(
    SELECT ROW(k.fy, k.university_id, k.student_id, CASE WHEN y.n IS NULL THEN 1 ELSE -1 END)::student_years
    FROM unnest(dd) k LEFT JOIN student_years y
      ON y.fy = k.fy AND y.university_id = k.university_id AND y.student_id = k.student_id
    WHERE (y.n IS NULL AND k.n > 0) OR y.n + k.n <= 0);
  IF cardinality(changes) > 0 THEN
    pairs := ARRAY(SELECT DISTINCT ROW(0, c.university_id, c.student_id, 0)::student_years FROM unnest(changes) c);
    first_before := manabi_student_firsts(pairs);
  END IF;

  INSERT INTO student_years AS y
  SELECT * FROM unnest(dd) ORDER BY fy, university_id, student_id
  ON CONFLICT (fy, university_id, student_id) DO UPDATE SET n = y.n + excluded.n;
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM student_years y USING unnest(changes) c
  WHERE y.fy = c.fy AND y.university_id = c.university_id AND y.student_id = c.student_id AND y.n <= 0;
  first_after := manabi_student_firsts(pairs);

  PERFORM manabi_student_year_figures_add(ARRAY(
    SELECT ROW(c.fy, c.university_id, p.kind, p.value, (c.student_id % 8)::smallint, sum(c.n))::student_year_figures
    FROM unnest(changes) c JOIN students s ON s.id = c.student_id,
      LATERAL manabi_student_people(s.birthday, s.gender, s.street_name1, s.generation_id, c.fy) p
    GROUP BY c.fy, c.university_id, p.kind, p.value, c.student_id % 8
    UNION ALL
    SELECT ROW(f.fy, f.university_id, 'new', '', (f.student_id % 8)::smallint, sum(f.s))::student_year_figures
    FROM (
      SELECT m.fy, m.university_id, m.student_id, 1 AS s FROM (
        SELECT a.fy, a.university_id, a.student_id FROM unnest(first_after) a WHERE a.fy IS NOT NULL
        EXCEPT SELECT b.fy, b.university_id, b.student_id FROM unnest(first_before) b WHERE b.fy IS NOT NULL) m
      UNION ALL
      SELECT m.fy, m.university_id, m.student_id, -1 FROM (
        SELECT b.fy, b.university_id, b.student_id FROM unnest(first_before) b WHERE b.fy IS NOT NULL
        EXCEPT SELECT a.fy, a.university_id, a.student_id FROM unnest(first_after) a WHERE a.fy IS NOT NULL) m
    ) f
    GROUP BY f.fy, f.university_id, f.student_id % 8));
END
$$;
--> statement-breakpoint
-- students' statement trigger: a student whose birthday, gender, town or cohort changed moves from the old
-- values to the new ones in every year they are a student of.
CREATE OR REPLACE FUNCTION manabi_statistics_student_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed student_years[];
BEGIN
  changed := ARRAY(
    SELECT ROW(0, '', m.id, 0)::student_years FROM (
      SELECT id, birthday, gender, street_name1, generation_id FROM new_rows
      EXCEPT SELECT id, birthday, gender, street_name1, generation_id FROM old_rows) m);
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM manabi_student_years_lock(ARRAY(SELECT c.student_id FROM unnest(changed) c));
  PERFORM manabi_student_year_figures_add(ARRAY(
    SELECT ROW(y.fy, y.university_id, p.kind, p.value, (y.student_id % 8)::smallint, sum(c.s))::student_year_figures
    FROM (
      SELECT m.*, 1 AS s FROM (
        SELECT id, birthday, gender, street_name1, generation_id FROM new_rows
        EXCEPT SELECT id, birthday, gender, street_name1, generation_id FROM old_rows) m
      UNION ALL
      SELECT m.*, -1 FROM (
        SELECT id, birthday, gender, street_name1, generation_id FROM old_rows
        EXCEPT SELECT id, birthday, gender, street_name1, generation_id FROM new_rows) m
    ) c JOIN student_years y ON y.student_id = c.id,
      LATERAL manabi_student_people(c.birthday, c.gender, c.street_name1, c.generation_id, y.fy) p
    GROUP BY y.fy, y.university_id, p.kind, p.value, y.student_id % 8 HAVING sum(c.s) <> 0));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "students_statistics_update" AFTER UPDATE ON "students"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manabi_statistics_student_changed();
--> statement-breakpoint
-- a truncate of the applications empties the people figures too
CREATE OR REPLACE FUNCTION manabi_statistics_apply_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_figures;
  DELETE FROM student_years;
  DELETE FROM student_year_figures;
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER FUNCTION manabi_course_figures_add(course_figures[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
DROP TRIGGER "course_applications_statistics_truncate" ON "course_applications";
--> statement-breakpoint
-- (manabi_statistics_apply's own TRUNCATE branch is no longer called.)
CREATE TRIGGER "course_applications_statistics_truncate" AFTER TRUNCATE ON "course_applications"
FOR EACH STATEMENT EXECUTE FUNCTION manabi_statistics_apply_truncate();
--> statement-breakpoint
-- All three tables counted again from the rows: their first filling here, after a load that ran with triggers
-- off (the bench's dataset), and what the tests compare the kept tables with.
CREATE OR REPLACE FUNCTION manabi_statistics_recount() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_figures;
  INSERT INTO course_figures
  SELECT a.course_id, count(DISTINCT a.student_id),
    sum(f.live), sum(f.winners), sum(f.confirmed), sum(f.declined), sum(f.lapsed), sum(f.promoted),
    sum(f.sessions_recorded), sum(f.sessions_attended), sum(f.absent), sum(f.completed), sum(f.units)
  FROM course_applications a, LATERAL manabi_application_figures(a) f
  GROUP BY a.course_id;
  DELETE FROM student_years;
  INSERT INTO student_years
  SELECT y.fy, u.university_id, a.student_id, count(*)
  FROM course_applications a JOIN courses c ON c.id = a.course_id, LATERAL manabi_course_year(c) y,
    LATERAL (VALUES (y.university_id), ('*')) u(university_id)
  WHERE a.cancelled_at IS NULL
  GROUP BY 1, 2, 3;
  DELETE FROM student_year_figures;
  INSERT INTO student_year_figures
  SELECT y.fy, y.university_id, p.kind, p.value, (y.student_id % 8)::smallint, count(*)
  FROM student_years y JOIN students s ON s.id = y.student_id,
    LATERAL manabi_student_people(s.birthday, s.gender, s.street_name1, s.generation_id, y.fy) p
  GROUP BY 1, 2, 3, 4, 5
  UNION ALL
  SELECT f.fy, f.university_id, 'new', '', (f.student_id % 8)::smallint, count(*)
  FROM (SELECT university_id, student_id, min(fy) AS fy FROM student_years GROUP BY 1, 2) f
  GROUP BY 1, 2, 5;
END
$$;
--> statement-breakpoint
SELECT manabi_statistics_recount();
