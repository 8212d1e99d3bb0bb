-- A student's match keys (decision 069): matchKeys of packages/shared/src/domain/person-match.ts, the same keys
-- as a set ('n:' name, 'k:' reading, 'p:' phone, 'm:' mail; a phone given twice is there twice, which the &&
-- look-up and the scan do not mind). One expression PostgreSQL inlines (cost per student written, decision 069).
-- IMMUTABLE, and students.match_keys is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the column again.
CREATE OR REPLACE FUNCTION public.manabi_match_keys(name text, kana text, p1 text, p2 text, m1 text, m2 text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    'n:' || nullif(public.manabi_name_fold(name), ''),
    'k:' || nullif(public.manabi_kana_fold(kana), ''),
    'p:' || nullif(public.manabi_phone_key(p1), ''),
    'p:' || nullif(public.manabi_phone_key(p2), ''),
    'm:' || nullif(public.manabi_mail_key(m1), ''),
    'm:' || nullif(public.manabi_mail_key(m2), '')
  ], NULL)
$$;
