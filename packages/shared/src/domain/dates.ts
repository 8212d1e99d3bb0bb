/** Business dates are Asia/Tokyo (ARCHITECTURE.md Conventions), computed the same in browser and server. */

export const TIME_ZONE = 'Asia/Tokyo';

/**
 * Japan Standard Time has been UTC+9 without daylight saving since September 1951, so a Tokyo wall clock is
 * the instant moved nine hours, read in UTC (decision 068). Not Intl: a browser's first time-zone formatter
 * loads ICU's zone and locale data, 20–70 ms on a phone's first paint. The instants this app formats (its
 * records, periods and classes) are all later than 1951; a birthday is a date, never an instant. A test holds
 * this equal to Intl's Asia/Tokyo from 1952 on.
 */
const TOKYO_OFFSET_MS = 9 * 3_600_000;
const two = (n: number) => String(n).padStart(2, '0');

export interface TokyoParts {
  year: string; // 4 digits
  month: string; // 2 digits
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** Wall-clock parts in Tokyo, zero-padded. */
export function tokyoParts(date: Date): TokyoParts {
  const t = new Date(date.getTime() + TOKYO_OFFSET_MS);
  return {
    year: String(t.getUTCFullYear()).padStart(4, '0'),
    month: two(t.getUTCMonth() + 1),
    day: two(t.getUTCDate()),
    hour: two(t.getUTCHours()),
    minute: two(t.getUTCMinutes()),
    second: two(t.getUTCSeconds()),
  };
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** The day of the week in Tokyo, as Japanese writes it short: 「月」. */
export function tokyoWeekday(date: Date): string {
  return WEEKDAYS[new Date(date.getTime() + TOKYO_OFFSET_MS).getUTCDay()] as string;
}

/** A whole number with thousands separators, as ja-JP writes it: 12345 → 「12,345」 (without loading Intl). */
export function groupDigits(n: number): string {
  return Number.isInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('ja-JP');
}

/** Today in Tokyo as 'YYYY-MM-DD'. */
export function todayTokyo(now: Date = new Date()): string {
  const p = tokyoParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * '2026-11-21' → '2026年11月21日' (month and day without leading zeros, as Japanese dates are written).
 * A full timestamp is first converted to its Tokyo date. '' for empty or unreadable input.
 */
export function formatDateJa(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const m = typeof value === 'string' ? YMD.exec(value) : null;
  if (m) return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const p = tokyoParts(date);
  return `${p.year}年${Number(p.month)}月${Number(p.day)}日`;
}

/** ISO timestamp → '2026年11月21日 13:05' in Tokyo. '' for empty or unreadable input. */
export function formatDateTimeJa(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const p = tokyoParts(date);
  return `${p.year}年${Number(p.month)}月${Number(p.day)}日 ${p.hour}:${p.minute}`;
}
