-- The match keys cheaper to keep (decision 069): manabi_match_keys as one expression PostgreSQL inlines (the
-- aggregate it replaces, DISTINCT and ORDER BY, cost 170 µs a student written; this one 18), its phone and mail
-- keys likewise; the same keys as a set (a phone given twice is there twice, which the && look-up and the scan
-- do not mind). And the GIN index without its pending list: a 10,000-row upload left there made every look-up
-- read it whole (4 ms instead of 0.02).
CREATE OR REPLACE FUNCTION manabi_phone_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(regexp_replace(normalize(t, NFKC), '[^0-9]', '', 'g')) >= 10
    THEN regexp_replace(normalize(t, NFKC), '[^0-9]', '', 'g') ELSE '' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_mail_lower(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(manabi_name_key(t), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_mail_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN manabi_mail_lower(t) ~ '^[^@]+@[^@]+$'
    THEN regexp_replace(manabi_mail_lower(t), '^([^@+]+)\+[^@]*@', '\1@') ELSE '' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_match_keys(name text, kana text, p1 text, p2 text, m1 text, m2 text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    'n:' || nullif(manabi_name_fold(name), ''),
    'k:' || nullif(manabi_kana_fold(kana), ''),
    'p:' || nullif(manabi_phone_key(p1), ''),
    'p:' || nullif(manabi_phone_key(p2), ''),
    'm:' || nullif(manabi_mail_key(m1), ''),
    'm:' || nullif(manabi_mail_key(m2), '')
  ], NULL)
$$;
--> statement-breakpoint
DROP INDEX "students_match_keys_idx";--> statement-breakpoint
CREATE INDEX "students_match_keys_idx" ON "students" USING gin ("match_keys") WITH (fastupdate=false);
