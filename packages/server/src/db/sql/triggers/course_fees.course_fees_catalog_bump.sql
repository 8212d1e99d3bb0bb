-- The my-page catalogue's version moves when a fee rule changes (decision 077).
CREATE OR REPLACE TRIGGER course_fees_catalog_bump
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.course_fees
  FOR EACH STATEMENT EXECUTE FUNCTION public.course_catalog_bump();
