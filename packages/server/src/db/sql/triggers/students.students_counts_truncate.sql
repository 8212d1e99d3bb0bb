-- student_counts (decision 020): a TRUNCATE of the students empties it.
CREATE OR REPLACE TRIGGER students_counts_truncate
  AFTER TRUNCATE ON public.students
  FOR EACH STATEMENT EXECUTE FUNCTION public.student_counts_apply();
