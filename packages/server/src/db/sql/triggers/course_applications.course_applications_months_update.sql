-- course_months (decision 064): the updated applications whose course or times changed move between months.
CREATE OR REPLACE TRIGGER course_applications_months_update
  AFTER UPDATE ON public.course_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_months();
