import { ATTENDANCE } from '@manabi/shared/codes';
import { eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { courseApplications, type courses } from '../db/schema';
import { qualified, sqlLiteral } from '../platform/sql';
import { classesOverSql } from './course-state';

/**
 * The rules of course applications that read no row themselves: the row types, what counts as an
 * attendance change, the SQL expressions of units and of 受講履歴 (decision 039), and the conditions the
 * reads and writes of repositories/course-applications share. Callers import them through the door,
 * repositories/course-applications.ts.
 */

export type Application = typeof courseApplications.$inferSelect;
export type Course = typeof courses.$inferSelect;

/** What the office records of one application's attendance. */
export interface AttendanceChange {
  attendanceStatus: string;
  /** the 15 CD006 session values */
  attendance: string[];
  acquisitionUnit: number;
  lotteryStatus?: string;
  remarks?: string;
}

/**
 * The one rule for 受講状況の更新日時 (attendance_updated_date): it moves when the attendance status, a
 * session or the units change — or when the client says it edited the attendance (SPEC §7
 * is_update_attendance_{n}). A lottery status or remark alone is not attendance.
 */
export function attendanceChanged(current: Application, next: AttendanceChange, flagged = false): boolean {
  return (
    flagged ||
    current.attendanceStatus !== next.attendanceStatus ||
    current.attendance.join() !== next.attendance.join() ||
    current.acquisitionUnit !== next.acquisitionUnit
  );
}

// ---- units (decision 039) ----

/**
 * The one rule of units: an application earns its units when it is live and the office marked it 受講済み
 * (CD004 '3'). Check-ins add units to a 受講中 application as the course goes, but they count only once the
 * course is finished. The my-page's 受講履歴, the transcript and the certificate read units only through the
 * three expressions below, so their totals cannot disagree. The code is written into the SQL, as the
 * prepared history reads need (decision 029).
 */
export const earnsUnits = (): SQL =>
  sql`(${qualified(courseApplications, courseApplications.cancelledAt)} is null and ${qualified(courseApplications, courseApplications.attendanceStatus)} = ${sqlLiteral(ATTENDANCE.ATTENDED)})`;

/** The units an application counts toward the student's total: its units when it earns them, else null. */
export const earnedUnit = () =>
  sql<
    number | null
  >`case when ${earnsUnits()} then ${qualified(courseApplications, courseApplications.acquisitionUnit)} end`;

/** The student's unit total: the sum of {@link earnedUnit} over all their applications (0 when none). */
export const unitTotal = (studentId: number | Placeholder) =>
  sql<number>`(select coalesce(sum(${qualified(courseApplications, courseApplications.acquisitionUnit)}), 0) from ${courseApplications} where ${qualified(courseApplications, courseApplications.studentId)} = ${studentId} and ${earnsUnits()})`.mapWith(
    Number,
  );

/**
 * The course of the outer query has ended by `today` ('YYYY-MM-DD', Asia/Tokyo): the course list's 終了, the
 * one end of classes (repositories/course-state.ts classesOverSql, decision 089).
 */
export const courseEnded = (today: string | Placeholder) => classesOverSql(today);

/**
 * Where the my-page lists an application (decision 039): in 受講履歴 once it is 受講済み, or once its course
 * has ended after the student attended (受講中); else in 申込状況 — a course being attended stays there as
 * 受講中 until its last class day has passed.
 */
export const inHistory = (today: string | Placeholder) =>
  sql`(${earnsUnits()} or (${qualified(courseApplications, courseApplications.cancelledAt)} is null and ${qualified(courseApplications, courseApplications.attendanceStatus)} = ${sqlLiteral(ATTENDANCE.ATTENDING)} and ${courseEnded(today)}))`;

// ---- the conditions the intake cycle's reads and writes share (not re-exported by the door) ----

/** A live (not cancelled) application; {@link ofCourse}: one of the course. */
export const live = isNull(courseApplications.cancelledAt);
export const ofCourse = (courseId: number | Placeholder) => eq(courseApplications.courseId, courseId);
