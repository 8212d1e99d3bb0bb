/**
 * Where a course stands in its term (shared domain/course-state.ts, decision 035), as SQL: the office's course
 * list filters and orders by it, and the work list (decision 057) counts the same 抽選待ち the list shows.
 */
import { WINDOW_END_MINUTE_MS } from '@manabi/shared/domain/course-rules';
import type { CourseState } from '@manabi/shared/domain/course-state';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { courseSessions, courses, lotteryRuns } from '../db/schema';
import { qualified } from '../platform/sql';

const courseIdRef = () => qualified(courses, courses.id);
/** the first class day: the first dated session, else the course's start date */
const firstDaySql = sql<
  string | null
>`coalesce((select min(${qualified(courseSessions, courseSessions.day)})::text from ${courseSessions} where ${qualified(courseSessions, courseSessions.courseId)} = ${courseIdRef()}), ${qualified(courses, courses.startDate)})`;
/** the last dated session (null without dated sessions) */
const lastSessionSql = sql<
  string | null
>`(select max(${qualified(courseSessions, courseSessions.day)})::text from ${courseSessions} where ${qualified(courseSessions, courseSessions.courseId)} = ${courseIdRef()})`;
/** a draw has been run for the course */
const drawnSql = sql<boolean>`exists (select 1 from ${lotteryRuns} where ${qualified(lotteryRuns, lotteryRuns.courseId)} = ${courseIdRef()})`;

/**
 * The state as SQL, for filtering and ordering: the same rules as courseState() (the row's state shown is
 * courseState's; courses.test.ts checks each state's filter against it).
 */
export function courseStateSql(now: Date): SQL<CourseState> {
  const today = todayTokyo(now);
  const from = qualified(courses, courses.periodFrom);
  const to = qualified(courses, courses.periodTo);
  const lastDay = sql`coalesce(${lastSessionSql}, to_char(${firstDaySql}::date + 7 * greatest(${qualified(courses, courses.allTimes)} - 1, 0), 'YYYY-MM-DD'))`;
  return sql<CourseState>`(case
    when ${lastDay} < ${today} then 'ended'
    when ${firstDaySql} <= ${today} then 'in_class'
    when ${from} is null or ${to} is null or ${now} < ${from} then 'before'
    when ${now} < ${to} + interval '1 minute' then 'open'
    when ${qualified(courses, courses.isLottery)} and not ${drawnSql} then 'awaiting_draw'
    else 'drawn'
  end)`;
}

/**
 * A state filter: the state's CASE, behind a condition on the indexed application period that every course
 * of the state meets (class-day states have none: any window can precede classes).
 */
export function stateFilter(state: CourseState, now: Date): SQL {
  const closedBefore = new Date(now.getTime() - WINDOW_END_MINUTE_MS);
  const window: Partial<Record<CourseState, SQL | undefined>> = {
    before: or(isNull(courses.periodFrom), isNull(courses.periodTo), gt(courses.periodFrom, now)),
    open: and(lte(courses.periodFrom, now), gt(courses.periodTo, closedBefore)),
    awaiting_draw: and(lte(courses.periodTo, closedBefore), eq(courses.isLottery, true)),
    drawn: lte(courses.periodTo, closedBefore),
  };
  return and(window[state], sql`${courseStateSql(now)} = ${state}`) as SQL;
}

/** The columns courseState() needs, read with the row. */
export const stateColumns = {
  periodFrom: courses.periodFrom,
  periodTo: courses.periodTo,
  isLottery: courses.isLottery,
  allTimes: courses.allTimes,
  firstDay: firstDaySql,
  lastDay: lastSessionSql,
  isDrawn: drawnSql,
};
