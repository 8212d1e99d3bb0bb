-- The same person entered twice (decision 069). Hand-written: the fold functions, which the generated
-- match_keys column needs before drizzle-kit's statements; the rest is drizzle-kit's. Each is the SQL twin of
-- a function of packages/shared/src/domain/person-match.ts (foldName, foldKana, phoneKey, mailKey,
-- matchKeys) and a test holds them equal; the translate() lists are its KANJI_VARIANTS and KANA_FOLDS.
CREATE OR REPLACE FUNCTION manabi_name_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(
    regexp_replace(manabi_name_key(t), '[\uFE00-\uFE0F\U000E0100-\U000E01EF・]', '', 'g'),
    '髙﨑嵜碕齋齊斉邊邉澤濱濵廣櫻國圀嶋嶌冨德惠榮眞實壽龍藏淺條曾瀨彌圓奧兒會關鐵傳豐寬禮峯槇黑靜渕薗舘亞與萬晉將繪讓瀧莊增來𠮷',
    '高崎崎崎斎斎斎辺辺沢浜浜広桜国国島島富徳恵栄真実寿竜蔵浅条曽瀬弥円奥児会関鉄伝豊寛礼峰槙黒静淵園館亜与万晋将絵譲滝荘増来吉')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_kana_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(
    translate(manabi_kana_key(t), 'ァィゥェォッャュョヮヵヶヂヅヲヰヱヴ', 'アイウエオツヤユヨワカケジズオイエブ'),
    '[ー・-]', '', 'g'),
    '([オコソトノホモヨロゴゾドボポ])ウ+', '\1', 'g'),
    '([エケセテネヘメレゲゼデベペ])イ+', '\1', 'g')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_phone_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(d) >= 10 THEN d ELSE '' END
  FROM (SELECT regexp_replace(normalize(t, NFKC), '[^0-9]', '', 'g') AS d) s
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_mail_key(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN m ~ '^[^@]+@[^@]+$' THEN regexp_replace(m, '^([^@+]+)\+[^@]*@', '\1@') ELSE '' END
  FROM (SELECT translate(manabi_name_key(t), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AS m) s
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manabi_match_keys(name text, kana text, p1 text, p2 text, m1 text, m2 text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT k ORDER BY k), '{}')
  FROM unnest(ARRAY[
    'n:' || nullif(manabi_name_fold(name), ''),
    'k:' || nullif(manabi_kana_fold(kana), ''),
    'p:' || nullif(manabi_phone_key(p1), ''),
    'p:' || nullif(manabi_phone_key(p2), ''),
    'm:' || nullif(manabi_mail_key(m1), ''),
    'm:' || nullif(manabi_mail_key(m2), '')
  ]) AS k
  WHERE k IS NOT NULL
$$;
--> statement-breakpoint
CREATE TABLE "duplicate_dismissals" (
	"student_a" integer NOT NULL,
	"student_b" integer NOT NULL,
	"admin_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_student_a_student_b_pk" PRIMARY KEY("student_a","student_b")
);
--> statement-breakpoint
CREATE TABLE "duplicate_pairs" (
	"student_a" integer NOT NULL,
	"student_b" integer NOT NULL,
	"score" smallint NOT NULL,
	"reasons" text[] NOT NULL,
	"found_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"scan" integer NOT NULL,
	CONSTRAINT "duplicate_pairs_student_a_student_b_pk" PRIMARY KEY("student_a","student_b")
);
--> statement-breakpoint
CREATE TABLE "duplicate_scan" (
	"id" integer PRIMARY KEY NOT NULL,
	"scan" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"pairs" integer DEFAULT 0 NOT NULL,
	"compared" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "match_keys" text[] GENERATED ALWAYS AS (manabi_match_keys("name", "name_kana", "phone1", "phone2", "mail1", "mail2")) STORED;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_student_a_students_id_fk" FOREIGN KEY ("student_a") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_student_b_students_id_fk" FOREIGN KEY ("student_b") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_student_a_students_id_fk" FOREIGN KEY ("student_a") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_student_b_students_id_fk" FOREIGN KEY ("student_b") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_pairs_newest_idx" ON "duplicate_pairs" USING btree ("student_b","student_a");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_a_idx" ON "duplicate_pairs" USING btree ("student_a");--> statement-breakpoint
CREATE INDEX "students_match_keys_idx" ON "students" USING gin ("match_keys");
--> statement-breakpoint
INSERT INTO "duplicate_scan" ("id") VALUES (1);