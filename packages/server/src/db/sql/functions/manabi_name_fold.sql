-- A name folded for matching the same person entered twice (decision 069): foldName of
-- packages/shared/src/domain/person-match.ts, without variation selectors and ・, with its KANJI_VARIANTS folded.
-- IMMUTABLE, and students.name_fold (what every name search compares, decision 088) and students.match_keys (through manabi_match_keys) are computed from it and stored: a change to what it returns must come with a
-- -- migration that computes the column again.
CREATE OR REPLACE FUNCTION public.manabi_name_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    regexp_replace(public.manabi_name_key(t), '[\uFE00-\uFE0F\U000E0100-\U000E01EF・]', '', 'g'),
    '髙﨑嵜碕齋齊斉邊邉澤濱濵廣櫻國圀嶋嶌冨德惠榮眞實壽龍藏淺條曾瀨彌圓奧兒會關鐵傳豐寬禮峯槇黑靜渕薗舘亞與萬晉將繪讓瀧莊增來𠮷',
    '高崎崎崎斎斎斎辺辺沢浜浜広桜国国島島富徳恵栄真実寿竜蔵浅条曽瀬弥円奥児会関鉄伝豊寛礼峰槙黒静淵園館亜与万晋将絵譲滝荘増来吉')
$$;
