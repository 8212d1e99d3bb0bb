-- The functions that call one another name the schema of the one they call (decision 074): pg_dump's output
-- runs with an empty search_path, and a generated column computed by manabi_kana_key, which called
-- manabi_name_key unqualified, failed to restore ("function manabi_name_key(text) does not exist"). Written
-- into the bodies rather than SET search_path on each: a function with SET is no longer inlined, and the match
-- keys' cost per student written (decision 069) depends on it. Same results: the stored keys do not change.
CREATE OR REPLACE FUNCTION manabi_kana_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(public.manabi_name_key(t),
    'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ',
    'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_name_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    regexp_replace(public.manabi_name_key(t), '[\uFE00-\uFE0F\U000E0100-\U000E01EF・]', '', 'g'),
    '髙﨑嵜碕齋齊斉邊邉澤濱濵廣櫻國圀嶋嶌冨德惠榮眞實壽龍藏淺條曾瀨彌圓奧兒會關鐵傳豐寬禮峯槇黑靜渕薗舘亞與萬晉將繪讓瀧莊增來𠮷',
    '高崎崎崎斎斎斎辺辺沢浜浜広桜国国島島富徳恵栄真実寿竜蔵浅条曽瀬弥円奥児会関鉄伝豊寛礼峰槙黒静淵園館亜与万晋将絵譲滝荘増来吉')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_kana_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(
    translate(public.manabi_kana_key(t), 'ァィゥェォッャュョヮヵヶヂヅヲヰヱヴ', 'アイウエオツヤユヨワカケジズオイエブ'),
    '[ー・-]', '', 'g'),
    '([オコソトノホモヨロゴゾドボポ])ウ+', '\1', 'g'),
    '([エケセテネヘメレゲゼデベペ])イ+', '\1', 'g')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_mail_lower(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(public.manabi_name_key(t), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_mail_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN public.manabi_mail_lower(t) ~ '^[^@]+@[^@]+$'
    THEN regexp_replace(public.manabi_mail_lower(t), '^([^@+]+)\+[^@]*@', '\1@') ELSE '' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_match_keys(name text, kana text, p1 text, p2 text, m1 text, m2 text)
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
