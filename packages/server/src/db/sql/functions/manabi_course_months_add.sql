-- Adds course_months differences, in key order, and takes away the rows that reach zero. Planned once,
-- generically (see manabi_student_year_figures_add).
CREATE OR REPLACE FUNCTION public.manabi_course_months_add(d course_months[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO course_months AS m
  SELECT k.month, k.course_id, sum(k.made), sum(k.cancelled) FROM unnest(d) k
  GROUP BY k.month, k.course_id HAVING sum(k.made) <> 0 OR sum(k.cancelled) <> 0
  ORDER BY k.month, k.course_id
  ON CONFLICT (month, course_id) DO UPDATE SET made = m.made + excluded.made, cancelled = m.cancelled + excluded.cancelled;
  DELETE FROM course_months m USING unnest(d) k
  WHERE m.month = k.month AND m.course_id = k.course_id AND m.made = 0 AND m.cancelled = 0;
END
$$;
