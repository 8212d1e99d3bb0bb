-- student_counts (decision 020): the new students added.
CREATE OR REPLACE TRIGGER students_counts_insert
  AFTER INSERT ON public.students
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.student_counts_apply();
