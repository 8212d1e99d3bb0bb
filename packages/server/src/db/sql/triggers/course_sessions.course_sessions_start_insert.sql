-- A course starts on its first dated session (decision 089): the new sessions' courses.
CREATE OR REPLACE TRIGGER course_sessions_start_insert
  AFTER INSERT ON public.course_sessions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_course_start_from_sessions();
