import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Formats a Japanese phone number in the national style on blur (SPEC §5: "auto-formatted as Japanese
 * number on blur"; default region Japan, SPEC §9): `formatPhoneJp('0312345678')` → '03-1234-5678',
 * `formatPhoneJp('09012345678')` → '090-1234-5678'. Full-width digits and hyphens are accepted.
 * Anything that is not a valid Japanese number is returned trimmed but otherwise unchanged, so the
 * validation message can point at it.
 */
export function formatPhoneJp(value: string): string {
  const ascii = toHalfWidth(value).trim();
  if (ascii === '') return '';
  const phone = parsePhoneNumberFromString(ascii, 'JP');
  if (phone?.country !== 'JP' || !phone.isValid()) return ascii;
  return phone.formatNational();
}

/**
 * Postcode while typing and on blur (SPEC §5: "typing auto-inserts the hyphen"): half-width digits, and a
 * hyphen after the third digit once a fourth is typed: '1000001' → '100-0001', '1234' → '123-4'.
 * Anything that is not digits (and one hyphen) is returned half-width and trimmed, for the schema to report.
 */
export function formatPostcodeJp(value: string): string {
  const ascii = toHalfWidth(value).trim();
  if (!/^\d{0,3}-?\d*$/.test(ascii)) return ascii;
  const digits = ascii.replace('-', '');
  if (digits.length <= 3) return ascii;
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/**
 * For numeric/ASCII fields (phone, postcode): full-width digits, letters and symbols to half-width, and
 * every dash-like character (incl. the long-vowel mark an IME may produce) to '-': ＡＢＣ１２３ー → ABC123-.
 */
export function toHalfWidth(value: string): string {
  return value
    .replace(/[！-～]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[‐－―ー−]/g, '-')
    .replace(/\u3000/g, ' ');
}
