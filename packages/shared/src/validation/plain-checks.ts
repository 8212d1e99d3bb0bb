/**
 * Checks of a value that need no schema library (decision 068): the same rules the zod field builders apply
 * (rules.ts uses these), for the screens that read a value before zod is loaded — a list's search in the URL
 * on a page's first paint.
 */
import { MSG } from './messages';

/** Control characters a single-line field refuses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F]/;

function daysInMonth(y: number, m: number): number {
  return m === 2
    ? y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(m)
      ? 30
      : 31;
}

/** null when valid, else the message. The year may have 5+ digits only to say "too late". */
export function checkDate(v: string, withTime: boolean): string | null {
  const re = withTime ? /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/ : /^(\d{4,})-(\d{2})-(\d{2})$/;
  const m = re.exec(v);
  if (!m) return MSG.dateInvalid;
  const [y, mo, d, h = 0, mi = 0] = m.slice(1).map(Number) as [number, number, number, number?, number?];
  if (y > 9999) return MSG.dateMax;
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59)
    return MSG.dateInvalid;
  return null;
}
