-- A course's fiscal year and university as student_years keys them ('' for a course of no university).
CREATE OR REPLACE FUNCTION public.manabi_course_year(c courses)
RETURNS TABLE (fy int, university_id varchar)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT manabi_fiscal_year(manabi_course_day(c.start_date, c.period_from, c.created_at)), coalesce(c.university_id, '')
$$;
