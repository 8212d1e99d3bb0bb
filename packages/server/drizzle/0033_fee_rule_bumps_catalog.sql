-- The my-page catalogue holds each course's fee rule (decision 077): a change to a rule moves the catalogue's
-- version in the writer's transaction, as a change to a course, its categories or its intake does (0008).
CREATE TRIGGER course_fees_catalog_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_fees
  FOR EACH STATEMENT EXECUTE FUNCTION public.course_catalog_bump();
