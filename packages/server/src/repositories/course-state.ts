/**
 * Where a course stands in its term (shared domain/course-state.ts, decisions 035 and 089), as SQL: the office's
 * course list filters and orders by it, the work list (decision 057) counts the same 抽選待ち the list shows,
 * and the my-page's 受講履歴 and a withdrawal read the same end of classes ({@link classesOverSql}).
 */
import { ATTENDANCE, SESSION_ATTENDANCE } from '@manabi/shared/codes';
import { WINDOW_END_MINUTE_MS } from '@manabi/shared/domain/course-rules';
import type { CourseState } from '@manabi/shared/domain/course-state';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { and, eq, gt, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { courseSessions, courses, lotteryRuns } from '../db/schema';
import { qualified, sqlLiteral } from '../platform/sql';

const courseIdRef = () => qualified(courses, courses.id);
/** the first class day: the first dated session, else the course's start date */
const firstDaySql = sql<
  string | null
>`coalesce((select min(${qualified(courseSessions, courseSessions.day)})::text from ${courseSessions} where ${qualified(courseSessions, courseSessions.courseId)} = ${courseIdRef()}), ${qualified(courses, courses.startDate)})`;
/** the last dated session (null without dated sessions) */
const lastSessionSql = sql<
  string | null
>`(select max(${qualified(courseSessions, courseSessions.day)})::text from ${courseSessions} where ${qualified(courseSessions, courseSessions.courseId)} = ${courseIdRef()})`;
/**
 * the office has recorded the last class: a live application with the final session's (第回数回, at most the
 * 15th) attendance recorded, or marked 受講済み (the codes written in, as the prepared reads need: decision 029)
 */
const lastClassRecordedSql = sql<boolean>`exists (select 1 from course_applications last_a
  where last_a.course_id = ${courseIdRef()} and last_a.cancelled_at is null
    and (last_a.attendance[least(greatest(${qualified(courses, courses.allTimes)}, 1), 15)] <> ${sqlLiteral(SESSION_ATTENDANCE.NOT_HELD)}
      or last_a.attendance_status = ${sqlLiteral(ATTENDANCE.ATTENDED)}))`;
/** the weekly rhythm's last day without dated sessions: the first day plus a week per further session */
const rhythmLastDaySql = sql`to_char(${firstDaySql}::date + 7 * greatest(${qualified(courses, courses.allTimes)} - 1, 0), 'YYYY-MM-DD')`;

/**
 * The course of the outer query has had its last class by `today` ('YYYY-MM-DD', Tokyo): classesOver() of the
 * shared domain, as SQL — the last dated session before today; without dated sessions, the last class
 * recorded, or the weekly rhythm's last day before today. False while nothing is known (no day at all).
 */
export function classesOverSql(today: string | Placeholder): SQL<boolean> {
  return sql<boolean>`(case
    when ${lastSessionSql} is not null then ${lastSessionSql} < ${today}::text
    when ${lastClassRecordedSql} then true
    else coalesce(${rhythmLastDaySql} < ${today}::text, false)
  end)`;
}

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
  return sql<CourseState>`(case
    when ${classesOverSql(today)} then 'ended'
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
  lastClassRecorded: lastClassRecordedSql,
};
