-- student_counts (decision 020): students whose approval status or type changed move between counters.
CREATE OR REPLACE TRIGGER students_counts_update
  AFTER UPDATE ON public.students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.student_counts_apply();
