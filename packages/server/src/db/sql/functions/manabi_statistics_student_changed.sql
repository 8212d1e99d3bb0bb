-- students' statement trigger (decision 063): a student whose birthday, gender, town or cohort changed moves from
-- the old values to the new ones in student_year_figures, in every year they are a student of.
CREATE OR REPLACE FUNCTION public.manabi_statistics_student_changed() RETURNS trigger
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
