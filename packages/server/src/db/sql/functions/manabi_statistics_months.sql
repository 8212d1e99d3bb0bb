-- course_applications' statement trigger (decision 064), keeping course_months: +1 for each new row in the month
-- it was made (and, cancelled, the month it was cancelled), −1 for each old; an update looks only at the rows
-- whose course or times changed (a cancel, applying again, a merge's move), so a draw's or attendance's update
-- writes nothing.
CREATE OR REPLACE FUNCTION public.manabi_statistics_months() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM manabi_course_months_add(ARRAY(
      SELECT ROW(v.month, r.course_id, sum(v.made), sum(v.cancelled))::course_months
      FROM new_rows r,
        LATERAL (VALUES (manabi_tokyo_month(r.created_at), 1, 0), (manabi_tokyo_month(r.cancelled_at), 0, 1)) v(month, made, cancelled)
      WHERE v.month IS NOT NULL GROUP BY v.month, r.course_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM manabi_course_months_add(ARRAY(
      SELECT ROW(v.month, r.course_id, -sum(v.made), -sum(v.cancelled))::course_months
      FROM old_rows r,
        LATERAL (VALUES (manabi_tokyo_month(r.created_at), 1, 0), (manabi_tokyo_month(r.cancelled_at), 0, 1)) v(month, made, cancelled)
      WHERE v.month IS NOT NULL GROUP BY v.month, r.course_id));
  ELSE
    PERFORM manabi_course_months_add(ARRAY(
      SELECT ROW(v.month, d.course_id, sum(d.s * v.made), sum(d.s * v.cancelled))::course_months
      FROM (
        SELECT x.course_id, x.created_at, x.cancelled_at, 1 AS s FROM (
          SELECT id, course_id, created_at, cancelled_at FROM new_rows
          EXCEPT SELECT id, course_id, created_at, cancelled_at FROM old_rows) x
        UNION ALL
        SELECT x.course_id, x.created_at, x.cancelled_at, -1 FROM (
          SELECT id, course_id, created_at, cancelled_at FROM old_rows
          EXCEPT SELECT id, course_id, created_at, cancelled_at FROM new_rows) x
      ) d,
        LATERAL (VALUES (manabi_tokyo_month(d.created_at), 1, 0), (manabi_tokyo_month(d.cancelled_at), 0, 1)) v(month, made, cancelled)
      WHERE v.month IS NOT NULL GROUP BY v.month, d.course_id));
  END IF;
  RETURN NULL;
END
$$;
