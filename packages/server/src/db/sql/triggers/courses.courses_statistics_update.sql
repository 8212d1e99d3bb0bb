-- student_years, student_year_figures (decision 062): a course moved to another fiscal year or university takes
-- its students' live applications with it.
CREATE OR REPLACE TRIGGER courses_statistics_update
  AFTER UPDATE ON public.courses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_course_moved();
