-- A truncate of the applications empties every table kept from them: course_figures, student_years,
-- student_year_figures, course_months.
CREATE OR REPLACE FUNCTION public.manabi_statistics_apply_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_figures;
  DELETE FROM student_years;
  DELETE FROM student_year_figures;
  DELETE FROM course_months;
  RETURN NULL;
END
$$;
