-- course_figures, student_years, student_year_figures (decisions 062, 063): the new applications added.
CREATE OR REPLACE TRIGGER course_applications_statistics_insert
  AFTER INSERT ON public.course_applications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_apply();
