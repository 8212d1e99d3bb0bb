-- A phone number's match key (decision 069): phoneKey of packages/shared/src/domain/person-match.ts, its digits
-- after NFKC, '' when fewer than 10. IMMUTABLE, and students.match_keys (through manabi_match_keys) is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the column again.
CREATE OR REPLACE FUNCTION public.manabi_phone_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(regexp_replace(normalize(t, NFKC), '[^0-9]', '', 'g')) >= 10
    THEN regexp_replace(normalize(t, NFKC), '[^0-9]', '', 'g') ELSE '' END
$$;
