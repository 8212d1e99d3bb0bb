/** Business dates are Asia/Tokyo (ARCHITECTURE.md Conventions). Intl only, so browser and server agree. */

export const TIME_ZONE = 'Asia/Tokyo';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

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
  const parts = formatter.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year').padStart(4, '0'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
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
