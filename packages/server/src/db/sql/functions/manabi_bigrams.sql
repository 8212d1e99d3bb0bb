-- Every pair of neighbouring characters of the lower-cased text (decision 020): the GIN indexes
-- students_name_search_bigram_idx and students_name_kana_search_bigram_idx are built on it, so that a name or
-- reading search (ILIKE '%…%') reads the index. IMMUTABLE, and each index entry is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the indexes (REINDEX) again.
CREATE OR REPLACE FUNCTION public.manabi_bigrams(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  l text := lower(t);
  r text[] := '{}';
BEGIN
  -- every pair of neighbouring characters of the lower-cased text: "name ILIKE '%ab…%'" implies that the
  -- pairs of lower('ab…') are among these (ILIKE compares lower() of both sides)
  FOR i IN 1 .. char_length(l) - 1 LOOP
    r := r || substr(l, i, 2);
  END LOOP;
  RETURN r;
END
$$;
