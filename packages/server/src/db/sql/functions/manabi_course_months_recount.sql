-- course_months counted again from the rows (decision 064): part of manabi_statistics_recount.
CREATE OR REPLACE FUNCTION public.manabi_course_months_recount() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM course_months;
  INSERT INTO course_months
  SELECT v.month, a.course_id, sum(v.made), sum(v.cancelled)
  FROM course_applications a,
    LATERAL (VALUES (manabi_tokyo_month(a.created_at), 1, 0), (manabi_tokyo_month(a.cancelled_at), 0, 1)) v(month, made, cancelled)
  WHERE v.month IS NOT NULL
  GROUP BY 1, 2;
END
$$;
