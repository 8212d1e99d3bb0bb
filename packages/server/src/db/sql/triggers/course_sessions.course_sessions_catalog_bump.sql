-- The my-page catalogue's version moves when a class day changes (decision 028).
CREATE OR REPLACE TRIGGER course_sessions_catalog_bump
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.course_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION public.course_catalog_bump();
