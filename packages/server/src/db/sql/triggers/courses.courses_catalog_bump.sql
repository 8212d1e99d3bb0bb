-- The my-page catalogue's version moves when a course changes (decision 023).
CREATE OR REPLACE TRIGGER courses_catalog_bump
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.courses
  FOR EACH STATEMENT EXECUTE FUNCTION public.course_catalog_bump();
