/**
 * Where a course stands in its term, as the office's course list shows it (decision 035): one of six states,
 * decided in this order —
 *
 * 1. class days: after the last class day 終了; from the first class day on 開講中 (classes decide even while
 *    applications are still open);
 * 2. the application window (windowPhase, both typed minutes included): before it 受付前, inside it 受付中;
 * 3. after the window: a lottery course not yet drawn 抽選待ち; otherwise 抽選済み — the seats are decided
 *    (drawn, or first come).
 *
 * The first class day is the first dated session (or the course's start date). The classes are over
 * ({@link classesOver}) after the last dated session's day (a class that day may still be running, so the
 * whole Tokyo day is 開講中). A course without dated sessions has no date for its last class, so what the
 * office recorded decides: it is over once the office has recorded its last class (the final session's
 * attendance, or someone 受講済み), and otherwise after the first day plus a week per further session (回数),
 * the programme's usual weekly rhythm (decision 089). The server filters by the same rules in SQL
 * (repositories/course-state.ts courseStateSql), and the my-page moves an attended course to 受講履歴 by the
 * same end; a test holds the two together.
 */

import { type CourseWindow, windowPhase } from './course-rules';
import { todayTokyo } from './dates';
import { addDays } from './sessions';

export const COURSE_STATES = ['before', 'open', 'awaiting_draw', 'drawn', 'in_class', 'ended'] as const;
export type CourseState = (typeof COURSE_STATES)[number];

export const COURSE_STATE_LABELS: Readonly<Record<CourseState, string>> = {
  before: '受付前',
  open: '受付中',
  awaiting_draw: '抽選待ち',
  drawn: '抽選済み',
  in_class: '開講中',
  ended: '終了',
};

export interface CourseStateInput extends CourseWindow {
  isLottery: boolean;
  /** a draw has been run for the course */
  isDrawn: boolean;
  /** 'YYYY-MM-DD' (Tokyo): the first dated session, else the course's start date; null = unknown */
  firstDay: string | null;
  /** 'YYYY-MM-DD': the last dated session; null = no dated sessions */
  lastDay: string | null;
  /** 回数 */
  allTimes: number;
  /**
   * The office has recorded the course's last class: a live application has the final session's (第回数回)
   * attendance recorded, or is marked 受講済み. Read only when the course has no dated sessions.
   */
  lastClassRecorded: boolean;
}

/** The last class day: the last dated session, else one week per further session after the first day. */
export function lastClassDay(
  input: Pick<CourseStateInput, 'firstDay' | 'lastDay' | 'allTimes'>,
): string | null {
  if (input.lastDay) return input.lastDay;
  if (!input.firstDay) return null;
  return addDays(input.firstDay, 7 * Math.max(0, input.allTimes - 1));
}

/**
 * The classes are over on `today` ('YYYY-MM-DD', Tokyo): the last dated session was before today; without
 * dated sessions, the office has recorded the last class, or the weekly rhythm's last day was before today.
 */
export function classesOver(
  input: Pick<CourseStateInput, 'firstDay' | 'lastDay' | 'allTimes' | 'lastClassRecorded'>,
  today: string,
): boolean {
  if (input.lastDay) return today > input.lastDay;
  if (input.lastClassRecorded) return true;
  const last = lastClassDay(input);
  return last !== null && today > last;
}

export function courseState(input: CourseStateInput, now: Date): CourseState {
  const today = todayTokyo(now);
  if (classesOver(input, today)) return 'ended';
  if (input.firstDay && today >= input.firstDay) return 'in_class';
  const phase = windowPhase(input, now);
  if (phase === 'before') return 'before';
  if (phase === 'open') return 'open';
  return input.isLottery && !input.isDrawn ? 'awaiting_draw' : 'drawn';
}

/**
 * The course form's warning: the first class day (YYYY-MM-DD) falls on or before the last application day
 * (period_t as typed, 'YYYY-MM-DDTHH:MM' Tokyo), so students could still apply after classes began. False when
 * either is not given.
 */
export function firstDayBeforeWindowCloses(firstDay: string, periodT: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstDay) || !/^\d{4}-\d{2}-\d{2}T/.test(periodT)) return false;
  return firstDay <= periodT.slice(0, 10);
}
