-- The fiscal year (April to March) of a 'YYYY-MM-DD' day.
CREATE OR REPLACE FUNCTION public.manabi_fiscal_year(day text) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substr(day, 1, 4)::int - CASE WHEN substr(day, 6, 2) < '04' THEN 1 ELSE 0 END
$$;
