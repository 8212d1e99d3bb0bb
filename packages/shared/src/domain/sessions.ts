/**
 * Class days (decision 028): the dates of a course's sessions as people read and write them.
 * Days are Asia/Tokyo calendar dates ('YYYY-MM-DD'); arithmetic is on the calendar, not on instants, so no
 * time zone or clock change can shift a class to another day.
 */

const WEEKDAYS_JA = ['日', '月', '火', '水', '木', '金', '土'] as const;

const utcOf = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const ymdOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** '2026-12-02' plus `n` days. */
export const addDays = (ymd: string, n: number): string => ymdOf(utcOf(ymd) + n * 86_400_000);

/** '水' for '2026-12-02'. */
export const weekdayJa = (ymd: string): string => WEEKDAYS_JA[new Date(utcOf(ymd)).getUTCDay()] ?? '';

/** '12月2日（水）': a class day as a notice or a list says it (the year is added when it is not `thisYear`). */
export function dayJa(ymd: string, thisYear?: string): string {
  const [y, m, d] = ymd.split('-');
  const year = thisYear !== undefined && y !== thisYear ? `${y}年` : '';
  return `${year}${Number(m)}月${Number(d)}日（${weekdayJa(ymd)}）`;
}

/** '12月2日（水）13:00〜14:30'. */
export const sessionWhenJa = (s: { day: string; start: string; end: string }, thisYear?: string): string =>
  `${dayJa(s.day, thisYear)}${s.start}〜${s.end}`;

export interface SessionDraft {
  day: string;
  start: string;
  end: string;
  room: string;
}

/**
 * The course form's helper 「毎週…から…回」: `count` sessions a week apart from `first`, each at the same
 * times and room (at most 15; the office then edits any that differ, e.g. a holiday).
 */
export function weeklySessions(
  first: string,
  count: number,
  times: { start: string; end: string; room?: string },
): SessionDraft[] {
  const n = Math.max(0, Math.min(15, Math.trunc(count)));
  return Array.from({ length: n }, (_, i) => ({
    day: addDays(first, 7 * i),
    start: times.start,
    end: times.end,
    room: times.room ?? '',
  }));
}
