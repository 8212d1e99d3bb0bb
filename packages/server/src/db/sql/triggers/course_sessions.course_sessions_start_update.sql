-- A course starts on its first dated session (decision 089): a session moved to another day (or course).
CREATE OR REPLACE TRIGGER course_sessions_start_update
  AFTER UPDATE ON public.course_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_course_start_from_sessions();
