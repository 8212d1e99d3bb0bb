-- A student's first year at each university and in the whole programme, for the given (0, university, student,
-- 0) pairs; fy null when they have none. PL/pgSQL, whose plans are kept, not SQL, planned per call.
CREATE OR REPLACE FUNCTION public.manabi_student_firsts(pairs student_years[]) RETURNS student_years[]
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN ARRAY(
    SELECT ROW((SELECT min(y.fy) FROM student_years y
                WHERE y.student_id = p.student_id AND y.university_id = p.university_id),
           p.university_id, p.student_id, 0)::student_years
    FROM unnest(pairs) p);
END
$$;
