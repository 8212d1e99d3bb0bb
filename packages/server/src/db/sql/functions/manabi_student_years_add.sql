-- Adds live-application differences per (year, university, student), for the university and for the whole
-- programme ('*'), in key order, and takes away the rows that reach 0 (decision 063). The keys that come or go
-- change who the year's students are, the first years that move its newcomers: both added to
-- student_year_figures. Most writes only change how many applications a student has in a year they were already
-- in, and stop after the upsert. Set operations and index probes only (see manabi_statistics_apply).
CREATE OR REPLACE FUNCTION public.manabi_student_years_add(d student_years[]) RETURNS void
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
