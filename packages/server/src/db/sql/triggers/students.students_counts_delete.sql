-- student_counts (decision 020): the deleted students taken away.
CREATE OR REPLACE TRIGGER students_counts_delete
  AFTER DELETE ON public.students
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.student_counts_apply();
