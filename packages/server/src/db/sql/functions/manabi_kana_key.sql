-- The keyed reading that reading searches compare (decision 036): manabi_name_key, then normalizeKana's fold of
-- hiragana (ぁ–ゖ, ゝゞ) to katakana (packages/shared/src/validation/normalize.ts). It names the schema of the
-- function it calls (decision 074): pg_dump's script runs with an empty search_path, and students' generated
-- columns are computed while it is restored. Not SET search_path: a function with SET is no longer inlined.
-- IMMUTABLE, and students.name_kana_search is computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the column again.
CREATE OR REPLACE FUNCTION public.manabi_kana_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(public.manabi_name_key(t),
    'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ',
    'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ')
$$;
