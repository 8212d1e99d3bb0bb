/** Pure string normalisers for Japanese input (full-width digits and symbols typed through an IME). */

// The normalisers run on every cell of a 100 000-row upload: a test first leaves the (usual) string that
// has nothing to change without a replace.
const FULL_WIDTH = /[\uFF01-\uFF5E\u3000]/;
const FULL_WIDTH_DIGIT = /[０-９]/;
const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFF70]/;

/** Full-width ASCII (U+FF01–U+FF5E) → half-width; ideographic space → ' '. Leaves kana, 'ー' and the rest alone. */
export function toHalfWidth(s: string): string {
  if (!FULL_WIDTH.test(s)) return s;
  return s.replace(/[\uFF01-\uFF5E\u3000]/g, (c) =>
    c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
}

/** Full-width digits only → half-width. */
export function normalizeDigits(s: string): string {
  if (!FULL_WIDTH_DIGIT.test(s)) return s;
  return s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/**
 * Dash look-alikes → '-'. Only for digit fields (postcode, phone): there 'ー' (chōon) is always a mistyped
 * hyphen, which is not true in free text.
 */
export function normalizeHyphens(s: string): string {
  if (!DASHES.test(s)) return s;
  return s.replace(/[\u2010-\u2015\u2212\u30FC\uFF0D\uFF70]/g, '-');
}

/** Runs of half- or full-width spaces → one half-width space; trimmed. */
export function normalizeSpaces(s: string): string {
  return s.replace(/[ \u3000]+/g, ' ').trim();
}

/**
 * Key for comparing names: NFKC (width, compatibility kana) and no whitespace at all. The duplicate check
 * stores it (students.name_key); its SQL twin `manabi_name_key` (migration 0014, the same steps, `\s` spelt
 * out as JavaScript defines it) keys the stored names every name search compares with (decision 036).
 */
export function normalizeName(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, '');
}

const HIRAGANA = /[\u3041-\u3096\u309D\u309E]/g;

/**
 * Key for comparing readings (furigana): {@link normalizeName}, then hiragana folded to katakana (ぁ–ゖ and the
 * iteration marks ゝゞ), so さとう, ｻﾄｳ and サ トウ compare equal. SQL twin: `manabi_kana_key` (migration 0014).
 */
export function normalizeKana(s: string): string {
  return normalizeName(s).replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/** 'NNN-NNNN' once the value is exactly 7 digits (hyphens allowed anywhere); anything else is kept. */
export function formatPostcode(s: string): string {
  const v = normalizeHyphens(normalizeDigits(s)).trim();
  if (!/^[\d-]+$/.test(v)) return s;
  const digits = v.replace(/-/g, '');
  return digits.length === 7 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : s;
}

/** Length in characters (code points), as PostgreSQL varchar counts, not UTF-16 units. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
