-- courses' statement trigger (decision 062): a course whose first day moves to another fiscal year, or that
-- changes university, takes its students' live applications with it in student_years (and so
-- student_year_figures).
CREATE OR REPLACE FUNCTION public.manabi_statistics_course_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manabi_student_years_add(ARRAY(
    SELECT ROW(m.fy, m.university_id, a.student_id, sum(m.s))::student_years
    FROM (
      SELECT o.id, yo.fy, yo.university_id, -1 AS s
      FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL manabi_course_year(o) yo, LATERAL manabi_course_year(n) yn
      WHERE (yo.fy, yo.university_id) <> (yn.fy, yn.university_id)
      UNION ALL
      SELECT n.id, yn.fy, yn.university_id, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL manabi_course_year(o) yo, LATERAL manabi_course_year(n) yn
      WHERE (yo.fy, yo.university_id) <> (yn.fy, yn.university_id)
    ) m JOIN course_applications a ON a.course_id = m.id AND a.cancelled_at IS NULL
    GROUP BY m.fy, m.university_id, a.student_id HAVING sum(m.s) <> 0));
  RETURN NULL;
END
$$;
