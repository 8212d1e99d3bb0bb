-- course_months (decision 064): the deleted applications leave the months they were made and cancelled in.
CREATE OR REPLACE TRIGGER course_applications_months_delete
  AFTER DELETE ON public.course_applications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_months();
