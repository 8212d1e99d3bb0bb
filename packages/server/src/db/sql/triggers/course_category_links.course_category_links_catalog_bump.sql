-- The my-page catalogue's version moves when a course's categories change (decision 023).
CREATE OR REPLACE TRIGGER course_category_links_catalog_bump
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.course_category_links
  FOR EACH STATEMENT EXECUTE FUNCTION public.course_catalog_bump();
