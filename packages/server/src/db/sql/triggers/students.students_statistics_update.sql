-- student_year_figures (decision 063): students whose birthday, gender, town or cohort changed move between the
-- figures of every year they are a student of.
CREATE OR REPLACE TRIGGER students_statistics_update
  AFTER UPDATE ON public.students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.manabi_statistics_student_changed();
