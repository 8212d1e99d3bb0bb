-- One writer of a student's years at a time: what is there before a change, and which year is a student's first,
-- are read and then written, and a student's two applications at once, or an application beside an edit of
-- their birthday or town, must not both read the state before the other. A transaction-scoped lock per stripe of
-- 256 student ids, in stripe order: a statement of thousands of students (an upload, a course moved to another
-- year) takes at most 256 locks, not one per student, of the server's shared lock table.
CREATE OR REPLACE FUNCTION public.manabi_student_years_lock(ids int[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('manabi_student_years'), s.stripe)
  FROM (SELECT DISTINCT i % 256 AS stripe FROM unnest(ids) i ORDER BY 1) s;
END
$$;
