-- A TRUNCATE of the applications empties every table kept from them (course_figures, student_years,
-- student_year_figures, course_months).
CREATE OR REPLACE TRIGGER course_applications_statistics_truncate
  AFTER TRUNCATE ON public.course_applications
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_apply_truncate();
