-- A course starts on its first dated session (decision 089): the first of those left when some are removed.
CREATE OR REPLACE TRIGGER course_sessions_start_delete
  AFTER DELETE ON public.course_sessions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_course_start_from_sessions();
