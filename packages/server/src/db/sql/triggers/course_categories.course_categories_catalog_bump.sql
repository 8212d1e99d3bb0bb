-- The my-page catalogue's version moves when a category changes (decision 023).
CREATE OR REPLACE TRIGGER course_categories_catalog_bump
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.course_categories
  FOR EACH STATEMENT EXECUTE FUNCTION public.course_catalog_bump();
