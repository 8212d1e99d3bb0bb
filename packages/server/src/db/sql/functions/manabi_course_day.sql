-- A course's first class day, 'YYYY-MM-DD' (decision 059): start_date, else the Tokyo day its application period
-- opens, else the day it was created. Written with IMMUTABLE functions only (the date's parts, not to_char, whose
-- output may follow the locale): it can be indexed (courses_first_day_idx), and the planner inlines it, so
-- grouping a year's applications by it costs an expression per row, not a function call. Built-in functions
-- only: an index is built with the catalog's search path alone (PostgreSQL 17).
-- IMMUTABLE, and courses_first_day_idx is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the index (REINDEX) again.
CREATE OR REPLACE FUNCTION public.manabi_course_day(start_date text, period_from timestamptz, created_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(start_date, ''),
    lpad(extract(year FROM period_from AT TIME ZONE 'Asia/Tokyo')::int::text, 4, '0') || '-' ||
      lpad(extract(month FROM period_from AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0') || '-' ||
      lpad(extract(day FROM period_from AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0'),
    lpad(extract(year FROM created_at AT TIME ZONE 'Asia/Tokyo')::int::text, 4, '0') || '-' ||
      lpad(extract(month FROM created_at AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0') || '-' ||
      lpad(extract(day FROM created_at AT TIME ZONE 'Asia/Tokyo')::int::text, 2, '0'))
$$;
