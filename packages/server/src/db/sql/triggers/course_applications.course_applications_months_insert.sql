-- course_months (decision 064): the new applications count in the months they were made (and cancelled) in.
CREATE OR REPLACE TRIGGER course_applications_months_insert
  AFTER INSERT ON public.course_applications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_months();
