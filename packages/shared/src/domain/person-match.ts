/**
 * Is this the same person entered twice? (decision 069). Two records are compared field by field after the
 * folds a Japanese office needs — 異体字 (髙橋/高橋, 齋藤/斉藤), kana of either script and size, a birthday
 * with month and day swapped or one digit mistyped, phones by their digits, mail without case or +tag —
 * and scored with the reasons in words. Pure and symmetric, so it is property-tested; the folds have SQL
 * twins (migration 0027) that key the stored records for the indexed candidate search, tested equal.
 */
import { normalizeKana, normalizeName } from '../validation/normalize';

/**
 * 異体字 → the form it is compared as: the variants registers and older forms use for the common surname
 * and given-name characters. NFKC already folds the compatibility ideographs that decompose (塚 U+FA10,
 * 神 U+FA19); the ones below do not decompose, or are separate characters the office treats as one.
 * No target is itself a variant (tested), so folding twice changes nothing.
 */
export const KANJI_VARIANTS: Readonly<Record<string, string>> = {
  髙: '高',
  﨑: '崎',
  嵜: '崎',
  碕: '崎',
  齋: '斎',
  齊: '斎',
  斉: '斎',
  邊: '辺',
  邉: '辺',
  澤: '沢',
  濱: '浜',
  濵: '浜',
  廣: '広',
  櫻: '桜',
  國: '国',
  圀: '国',
  嶋: '島',
  嶌: '島',
  冨: '富',
  德: '徳',
  惠: '恵',
  榮: '栄',
  眞: '真',
  實: '実',
  壽: '寿',
  龍: '竜',
  藏: '蔵',
  淺: '浅',
  條: '条',
  曾: '曽',
  瀨: '瀬',
  彌: '弥',
  圓: '円',
  奧: '奥',
  兒: '児',
  會: '会',
  關: '関',
  鐵: '鉄',
  傳: '伝',
  豐: '豊',
  寬: '寛',
  禮: '礼',
  峯: '峰',
  槇: '槙',
  黑: '黒',
  靜: '静',
  渕: '淵',
  薗: '園',
  舘: '館',
  亞: '亜',
  與: '与',
  萬: '万',
  晉: '晋',
  將: '将',
  繪: '絵',
  讓: '譲',
  瀧: '滝',
  莊: '荘',
  增: '増',
  來: '来',
  𠮷: '吉',
};

/** Small kana and the old or rare ones a reading is written with either way → the form compared. */
export const KANA_FOLDS: Readonly<Record<string, string>> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ヂ: 'ジ',
  ヅ: 'ズ',
  ヲ: 'オ',
  ヰ: 'イ',
  ヱ: 'エ',
  ヴ: 'ブ',
};

// variation selectors (U+FE00–FE0F, and the ideographic ones U+E0100–E01EF a register may carry) and the
// middle dot of a foreign name say nothing about who a person is
const NAME_NOISE = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}・]/gu;
const KANJI_VARIANT = new RegExp(`[${Object.keys(KANJI_VARIANTS).join('')}]`, 'gu');
const KANA_FOLD = new RegExp(`[${Object.keys(KANA_FOLDS).join('')}]`, 'g');
// the long-vowel mark and hyphens: 「サトー」 and 「サトウ」 are not told apart by them, and 「ｻﾄｰ」 is typed both ways
const KANA_NOISE = /[ー・-]/g;

/** A name as compared: NFKC, no whitespace, no variation selectors or ・, 異体字 folded. SQL: manabi_name_fold. */
export function foldName(s: string): string {
  return normalizeName(s)
    .replace(NAME_NOISE, '')
    .replace(KANJI_VARIANT, (c) => KANJI_VARIANTS[c] ?? c);
}

// a long vowel written out: サトウ and サトー, ケイコ and ケーコ are read alike
const LONG_O = /([オコソトノホモヨロゴゾドボポ])ウ+/g;
const LONG_E = /([エケセテネヘメレゲゼデベペ])イ+/g;

/**
 * A reading as compared: katakana, large kana, no ー・-, and a long vowel's ウ after an o-sound and イ after
 * an e-sound left out, so サトウ, さとー and ｻﾄｰ compare equal. SQL: manabi_kana_fold.
 */
export function foldKana(s: string): string {
  return normalizeKana(s)
    .replace(KANA_FOLD, (c) => KANA_FOLDS[c] ?? c)
    .replace(KANA_NOISE, '')
    .replace(LONG_O, '$1')
    .replace(LONG_E, '$1');
}

/** A phone as compared: its digits, when there are enough for a real number (10 or 11). SQL: manabi_phone_key. */
export function phoneKey(s: string): string {
  const digits = s.normalize('NFKC').replace(/[^0-9]/g, '');
  return digits.length >= 10 ? digits : '';
}

/** A mail address as compared: no whitespace or case (ASCII), no +tag; '' unless it has one @. SQL: manabi_mail_key. */
export function mailKey(s: string): string {
  const m = normalizeName(s).replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (!/^[^@]+@[^@]+$/.test(m)) return '';
  return m.replace(/^([^@+]+)\+[^@]*@/, '$1@');
}

/** The fields a match reads (the student record's names, as the API spells them). */
export interface MatchPerson {
  name: string;
  name_kana: string;
  birthday: string | null;
  phone1: string;
  phone2: string;
  mail1: string;
  mail2: string;
  postcode: string;
  street_name1: string;
}

/**
 * The keys a record is found by (students.match_keys, manabi_match_keys): its folded name and reading, its
 * phones and its mail addresses. Every pair that can score as a candidate shares one of them (tested), so
 * the indexed search on them misses none.
 */
export function matchKeys(p: Omit<MatchPerson, 'birthday' | 'postcode' | 'street_name1'>): string[] {
  const keys = [
    ['n:', foldName(p.name)],
    ['k:', foldKana(p.name_kana)],
    ['p:', phoneKey(p.phone1)],
    ['p:', phoneKey(p.phone2)],
    ['m:', mailKey(p.mail1)],
    ['m:', mailKey(p.mail2)],
  ]
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}${v}`);
  return [...new Set(keys)];
}

/**
 * A key shared by more records than this is not evidence (a care home's phone, 「佐藤和子」 in a big city):
 * its records are not compared through it, only through their other keys.
 */
export const MATCH_KEY_COMMON = 60;

/** How two birthdays relate: equal, month and day swapped, one digit mistyped (or two adjacent swapped). */
export type BirthdayRelation = 'same' | 'swapped' | 'typo' | null;

export function birthdayRelation(a: string | null, b: string | null): BirthdayRelation {
  if (!a || !b) return null;
  if (a === b) return 'same';
  const [ya, ma, da] = a.split('-');
  const [yb, mb, db] = b.split('-');
  if (ya === yb && ma === db && da === mb) return 'swapped';
  const x = `${ya}${ma}${da}`;
  const y = `${yb}${mb}${db}`;
  if (x.length !== y.length) return null;
  const diff: number[] = [];
  for (let i = 0; i < x.length && diff.length < 3; i++) if (x[i] !== y[i]) diff.push(i);
  if (diff.length === 1) return 'typo';
  const [i, j] = diff as [number, number];
  if (diff.length === 2 && j === i + 1 && x[i] === y[j] && x[j] === y[i]) return 'typo';
  return null;
}

const isDate = (ymd: string) => {
  const t = Date.parse(`${ymd}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === ymd;
};
const asYmd = (digits: string) => `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;

/**
 * Every date a birthday may have been entered as (birthdayRelation not null): itself, month and day swapped,
 * one digit mistyped, two adjacent digits swapped — the real dates among them. An indexed look-up can ask for
 * these few dozen instead of scoring every namesake.
 */
export function relatedBirthdays(b: string | null): string[] {
  if (!b || !isDate(b)) return [];
  const d = b.replaceAll('-', '');
  const out = new Set([b]);
  const swapped = `${b.slice(0, 4)}-${b.slice(8, 10)}-${b.slice(5, 7)}`;
  if (isDate(swapped)) out.add(swapped);
  for (let i = 0; i < d.length; i++) {
    for (let c = 0; c <= 9; c++) {
      const x = asYmd(d.slice(0, i) + c + d.slice(i + 1));
      if (isDate(x)) out.add(x);
    }
    if (i + 1 < d.length) {
      const x = asYmd(d.slice(0, i) + d[i + 1] + d[i] + d.slice(i + 2));
      if (isDate(x)) out.add(x);
    }
  }
  return [...out];
}

/**
 * A birthday and the same with month and day swapped, when that is a real date: the dates of relatedBirthdays
 * that birthdayRelation calls same or swapped, in its order, worked out directly (an upload's look-up by name
 * asks only these two, and working out the hundred variants to keep two cost most of its time).
 */
export function sameOrSwappedBirthdays(b: string | null): string[] {
  if (!b || !isDate(b)) return [];
  const swapped = `${b.slice(0, 4)}-${b.slice(8, 10)}-${b.slice(5, 7)}`;
  return swapped !== b && isDate(swapped) ? [b, swapped] : [b];
}

/** Why two records look alike: each reason is a piece of the score. */
export const MATCH_REASONS = {
  name: { words: '氏名一致', points: 40 },
  name_variant: { words: '氏名（異体字）', points: 35 },
  kana_only: { words: 'フリガナ一致（氏名は違う）', points: 30 },
  kana: { words: 'フリガナ一致', points: 5 },
  birthday: { words: '生年月日一致', points: 30 },
  birthday_swapped: { words: '生年月日（月と日が逆）', points: 20 },
  birthday_typo: { words: '生年月日（数字1つ違い）', points: 15 },
  phone: { words: '電話一致', points: 25 },
  mail: { words: 'メール一致', points: 25 },
  address: { words: '住所（郵便番号・町名）一致', points: 10 },
} as const;
export type MatchReason = keyof typeof MATCH_REASONS;
export const MATCH_REASON_CODES = Object.keys(MATCH_REASONS) as MatchReason[];

/**
 * A pair is listed from this score, and only with a sign of the same person: the name, the reading or the
 * birthday. A couple sharing phone, mail and address (60) is not one person; 「佐藤 和子」 twice in one town
 * (55) is not either, until a birthday, phone or mail agrees.
 */
export const DUPLICATE_SCORE_MIN = 60;
/** Scores are shown out of 100; more evidence than that says no more. */
const SCORE_MAX = 100;

export interface PairScore {
  score: number;
  reasons: MatchReason[];
  /** listed as a likely duplicate */
  candidate: boolean;
}

/** A record with its folds done once: a roster scan compares each record with several others. */
export interface PreparedPerson {
  name: string;
  nameFold: string;
  kana: string;
  birthday: string | null;
  phones: string[];
  mails: string[];
  town: string;
  postcode: string;
}

export function preparePerson(p: MatchPerson): PreparedPerson {
  return {
    name: normalizeName(p.name),
    nameFold: foldName(p.name),
    kana: foldKana(p.name_kana),
    birthday: p.birthday,
    phones: [phoneKey(p.phone1), phoneKey(p.phone2)].filter((k) => k !== ''),
    mails: [mailKey(p.mail1), mailKey(p.mail2)].filter((k) => k !== ''),
    town: foldName(p.street_name1),
    postcode: p.postcode.replace(/\D/g, ''),
  };
}

/** Scores two prepared records; symmetric. */
export function scorePrepared(a: PreparedPerson, b: PreparedPerson): PairScore {
  const reasons: MatchReason[] = [];
  if (a.name !== '' && a.name === b.name) reasons.push('name');
  else if (a.nameFold !== '' && a.nameFold === b.nameFold) reasons.push('name_variant');
  if (a.kana !== '' && a.kana === b.kana) reasons.push(reasons.length ? 'kana' : 'kana_only');
  const sameName = reasons.length > 0;

  const born = birthdayRelation(a.birthday, b.birthday);
  if (born === 'same') reasons.push('birthday');
  else if (born === 'swapped') reasons.push('birthday_swapped');
  else if (born === 'typo') reasons.push('birthday_typo');

  if (a.phones.some((k) => b.phones.includes(k))) reasons.push('phone');
  if (a.mails.some((k) => b.mails.includes(k))) reasons.push('mail');
  if (a.town !== '' && a.town === b.town && a.postcode === b.postcode) reasons.push('address');

  const points = reasons.reduce((n, r) => n + MATCH_REASONS[r].points, 0);
  const score = Math.min(SCORE_MAX, points);
  return { score, reasons, candidate: score >= DUPLICATE_SCORE_MIN && (sameName || born === 'same') };
}

/** Scores two records; symmetric (scorePair(a, b) equals scorePair(b, a)). */
export const scorePair = (a: MatchPerson, b: MatchPerson): PairScore =>
  scorePrepared(preparePerson(a), preparePerson(b));

/** The reasons in words, for the screens and the CSV: 「氏名（異体字）・生年月日一致・電話一致」. */
export const matchReasonText = (reasons: readonly string[]): string =>
  reasons.map((r) => MATCH_REASONS[r as MatchReason]?.words ?? r).join('・');
