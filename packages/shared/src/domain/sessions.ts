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

/** A dated session as stored: day 'YYYY-MM-DD', times 'HH:MM', room ('' when none). */
type Session = SessionDraft;

const sessionKey = (s: Session) => `${s.day} ${s.start} ${s.end} ${s.room}`;
const sessionLine = (s: Session, thisYear: string) =>
  `・${sessionWhenJa(s, thisYear)}${s.room ? `　${s.room}` : ''}`;

/**
 * What an edit of the course's class days changed that its students still have ahead of them: the classes
 * from `today` on that are no longer there (`before`) and those that are new or moved (`after`), each
 * 「・12月5日（土）10:00〜12:00　201教室」. Renumbering, order and past classes (a correction of the record)
 * are not changes a student needs to hear of. Both empty: nothing to tell.
 */
export function upcomingClassChanges(
  before: readonly Session[],
  after: readonly Session[],
  today: string,
): { before: string[]; after: string[] } {
  const ahead = (list: readonly Session[]) =>
    [...list].filter((s) => s.day >= today).sort((a, b) => sessionKey(a).localeCompare(sessionKey(b)));
  const left = ahead(before);
  const right = ahead(after);
  const rightKeys = right.map(sessionKey);
  const leftKeys = left.map(sessionKey);
  const thisYear = today.slice(0, 4);
  // a multiset difference: a class held twice at the same time would still count once each
  const minus = (list: Session[], keys: string[]) => {
    const pool = [...keys];
    return list.filter((s) => {
      const i = pool.indexOf(sessionKey(s));
      if (i === -1) return true;
      pool.splice(i, 1);
      return false;
    });
  };
  return {
    before: minus(left, rightKeys).map((s) => sessionLine(s, thisYear)),
    after: minus(right, leftKeys).map((s) => sessionLine(s, thisYear)),
  };
}

/** The personal notice (and mail) to a course's students when its class days change. */
export function classChangeMessage(
  courseName: string,
  changes: { before: string[]; after: string[] },
): { title: string; body: string } {
  const part = (heading: string, lines: string[]) => (lines.length ? [heading, ...lines, ''] : []);
  return {
    title: `【日程変更】「${courseName}」の授業の日程が変わりました`,
    body: [
      `受講される講座「${courseName}」の授業の日程が、次のとおり変わりました。`,
      '',
      ...part('【取りやめ・変更前の授業】', changes.before),
      ...part('【新しい日時・教室】', changes.after),
      'すべての日程は、マイページの「申込状況」から講座の詳細でご確認いただけます。ご都合が合わなくなった場合は、事務局までご連絡ください。',
    ].join('\n'),
  };
}
