-- The Tokyo month, 'YYYY-MM', of a moment: course_months' key (decision 064).
CREATE OR REPLACE FUNCTION public.manabi_tokyo_month(t timestamptz) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_char(t AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM')
$$;
