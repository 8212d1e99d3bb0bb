/**
 * A postal address as a Japanese address is written (decision 084): 「東京都港区芝公園4丁目2-8 ○○マンション101」.
 * The one composition for every place that prints or shows an address — the window-envelope letter and the
 * address labels, the my-page, the office's screens, the disclosure, mails and CSV exports — so that what the
 * post office reads is what the student sees.
 *
 * The six fields as the forms and the API name them: pref (都道府県 and, as stored, the ward), street_name1
 * (町名), street_name2 (丁目: digits only on the admission form, any text on the office's form), address
 * (番地), street_name3 (建物名・部屋番号).
 */
import { normalizeDigits } from '../validation/normalize';

export interface AddressFields {
  pref: string;
  street_name1: string;
  street_name2: string;
  address: string;
  street_name3: string;
}

/** A digit of any kind people write in an address: half- or full-width, or a kanji numeral. */
const NUMERAL = '0-9０-９〇一二三四五六七八九十百';
const ENDS_IN_NUMERAL = new RegExp(`[${NUMERAL}]$`);
const STARTS_WITH_NUMERAL = new RegExp(`^[${NUMERAL}]`);
const DIGITS_ONLY = /^[0-9０-９]+$/;
const KANJI_NUMBER_ONLY = /^[〇一二三四五六七八九十百]+$/;

/**
 * The 丁目 as written: a bare number (「4」「４」, half-width in the result, or 「四」 kept in kanji) is that
 * 丁目 (「4丁目」「四丁目」); anything else — 「4丁目」「4丁」, or text the office typed — is kept as it is.
 */
export function blockText(block: string): string {
  const b = block.trim();
  if (DIGITS_ONLY.test(b)) return `${normalizeDigits(b)}丁目`;
  if (KANJI_NUMBER_ONLY.test(b)) return `${b}丁目`;
  return b;
}

/**
 * Prefecture to 番地 on one line, the empty fields left out. Where one field ends in a digit and the next
 * begins with one (a town typed with its 丁目 「三田1」, then the 番地 「3-1」) a hyphen goes between them, so
 * two numbers never run together into a third (「三田13-1」 would send the letter to 13番).
 */
export function streetText(
  a: Pick<AddressFields, 'pref' | 'street_name1' | 'street_name2' | 'address'>,
): string {
  let line = '';
  for (const part of [a.pref.trim(), a.street_name1.trim(), blockText(a.street_name2), a.address.trim()]) {
    if (part === '') continue;
    if (ENDS_IN_NUMERAL.test(line) && STARTS_WITH_NUMERAL.test(part)) line += '-';
    line += part;
  }
  return line;
}

/** The address on one line: the street, then the building after a space (「…2-8 ○○マンション101」). */
export function addressText(a: AddressFields): string {
  const { line1, line2 } = addressEnvelope(a);
  return [line1, line2].filter((l) => l !== '').join(' ');
}

/**
 * The address as a window envelope or a label prints it: line 1 the street (prefecture to 番地), line 2 the
 * building ('' without one), so a long building name never pushes the 番地 off the line.
 */
export function addressEnvelope(a: AddressFields): { line1: string; line2: string } {
  return { line1: streetText(a), line2: a.street_name3.trim() };
}

/** The postcode as the post writes it, 「105-0011」 (stored with or without the hyphen, any width); else as given. */
export function postcodeText(postcode: string): string {
  const given = postcode.trim();
  const digits = normalizeDigits(given).replace(/[^0-9]/g, '');
  return digits.length === 7 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : given;
}

/** 「〒105-0011」; '' when there is no postcode. */
export function postcodeMark(postcode: string): string {
  const text = postcodeText(postcode);
  return text === '' ? '' : `〒${text}`;
}
