-- course_figures, student_years, student_year_figures (decisions 062, 063): each updated application's old
-- share taken away and its new one added.
CREATE OR REPLACE TRIGGER course_applications_statistics_update
  AFTER UPDATE ON public.course_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_apply();
