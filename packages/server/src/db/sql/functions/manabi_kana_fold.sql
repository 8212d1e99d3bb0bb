-- A reading folded for matching the same person entered twice (decision 069): the SQL twin of foldKana in
-- packages/shared/src/domain/person-match.ts (its KANA_FOLDS), which a test holds equal. It names the schema of
-- the function it calls (decision 074: pg_dump's script runs with an empty search_path). IMMUTABLE, and students.match_keys (through manabi_match_keys) is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the column again.
CREATE OR REPLACE FUNCTION public.manabi_kana_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(
    translate(public.manabi_kana_key(t), 'ァィゥェォッャュョヮヵヶヂヅヲヰヱヴ', 'アイウエオツヤユヨワカケジズオイエブ'),
    '[ー・-]', '', 'g'),
    '([オコソトノホモヨロゴゾドボポ])ウ+', '\1', 'g'),
    '([エケセテネヘメレゲゼデベペ])イ+', '\1', 'g')
$$;
