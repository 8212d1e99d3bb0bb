-- course_figures, student_years, student_year_figures (decisions 062, 063): the deleted applications taken away.
CREATE OR REPLACE TRIGGER course_applications_statistics_delete
  AFTER DELETE ON public.course_applications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_apply();
