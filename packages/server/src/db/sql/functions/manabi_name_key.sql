-- The keyed name that name searches compare (decision 036): normalizeName
-- (packages/shared/src/validation/normalize.ts) in SQL: NFKC, then every character JavaScript's \s matches
-- removed (the class below spells \s out). Also the town key of the statistics (manabi_student_people).
-- IMMUTABLE, and students.name_search is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the column again.
CREATE OR REPLACE FUNCTION public.manabi_name_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(normalize(t, NFKC),
    E'[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+', '', 'g')
$$;
