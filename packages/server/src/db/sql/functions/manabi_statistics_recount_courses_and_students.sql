-- course_figures, student_years and student_year_figures counted again from the rows: part of
-- manabi_statistics_recount.
CREATE OR REPLACE FUNCTION public.manabi_statistics_recount_courses_and_students() RETURNS void
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
