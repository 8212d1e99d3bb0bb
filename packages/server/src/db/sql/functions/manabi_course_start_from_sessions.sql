-- course_sessions' statement triggers (decision 089): a course with dated sessions starts on the first of them.
-- start_date is the first class day that the statistics' fiscal year (manabi_course_day), the payments' year,
-- the history's order and the my-page's 開講日 search read, and the office's form has no field for it: so it
-- follows the 授業日 the office enters, and a course counts in the year its classes begin, not the year its
-- applications open. A course whose sessions are all removed keeps the day it had. Only the courses the
-- statement touched are looked at, through the (course_id, no) key.
CREATE OR REPLACE FUNCTION public.manabi_course_start_from_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT course_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT course_id FROM old_rows);
  ELSE
    touched := ARRAY(SELECT course_id FROM new_rows UNION SELECT course_id FROM old_rows);
  END IF;
  UPDATE courses c SET start_date = f.first_day
  FROM (
    SELECT s.course_id, to_char(min(s.day), 'YYYY-MM-DD') AS first_day
    FROM course_sessions s WHERE s.course_id = ANY (touched) GROUP BY s.course_id
  ) f
  WHERE c.id = f.course_id AND c.start_date IS DISTINCT FROM f.first_day;
  RETURN NULL;
END
$$;
