-- The my-page catalogue's version moves when a course's intake changes (decision 023).
CREATE OR REPLACE TRIGGER course_intake_catalog_bump
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.course_intake
  FOR EACH STATEMENT EXECUTE FUNCTION public.course_catalog_bump();
