-- A mail address's match key (decision 069): mailKey of packages/shared/src/domain/person-match.ts, '' when it
-- is no address; the +tag of the local part is dropped. IMMUTABLE, and students.match_keys (through manabi_match_keys) is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the column again.
CREATE OR REPLACE FUNCTION public.manabi_mail_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN public.manabi_mail_lower(t) ~ '^[^@]+@[^@]+$'
    THEN regexp_replace(public.manabi_mail_lower(t), '^([^@+]+)\+[^@]*@', '\1@') ELSE '' END
$$;
