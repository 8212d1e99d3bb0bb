-- Name and reading searches compare keyed text (decision 036). Hand-written: the two key functions, which
-- the generated columns below need before drizzle-kit's statements; the rest is drizzle-kit's.
-- manabi_name_key is normalizeName (packages/shared/src/validation/normalize.ts) in SQL: NFKC, then every
-- character JavaScript's \s matches removed (the class below spells \s out). manabi_kana_key adds
-- normalizeKana's fold of hiragana (ぁ–ゖ, ゝゞ) to katakana. Both IMMUTABLE: generated columns and the
-- bigram indexes on them are computed from them.
CREATE OR REPLACE FUNCTION manabi_name_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(normalize(t, NFKC),
    E'[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+', '', 'g')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_kana_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(manabi_name_key(t),
    'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ',
    'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ')
$$;
--> statement-breakpoint
DROP INDEX "students_name_bigram_idx";--> statement-breakpoint
DROP INDEX "students_name_kana_bigram_idx";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "name_search" text GENERATED ALWAYS AS (manabi_name_key("name")) STORED;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "name_kana_search" text GENERATED ALWAYS AS (manabi_kana_key("name_kana")) STORED;--> statement-breakpoint
CREATE INDEX "students_name_search_bigram_idx" ON "students" USING gin (manabi_bigrams("name_search"));--> statement-breakpoint
CREATE INDEX "students_name_kana_search_bigram_idx" ON "students" USING gin (manabi_bigrams("name_kana_search"));