/**
 * A course's dated sessions (decision 028): session n is attendance n. The course form, the
 * course CSV, the calendar, the reminders, the check-in and the certificate all read and write them here.
 */

import { LOTTERY, SESSION_ATTENDANCE } from '@manabi/shared/codes';
import type { FirstClass } from '@manabi/shared/domain/intake';
import type { CourseSession } from '@manabi/shared/schemas/course-session';
import { and, asc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications, courseSessions, courses } from '../db/schema';
import { qualified } from '../platform/sql';

/** The sessions as the API gives them: in session order, `no` from 1. */
export interface SessionOut {
  no: number;
  day: string;
  start: string;
  end: string;
  room: string;
}

export async function sessionsOf(db: DbOrTx, courseId: number): Promise<SessionOut[]> {
  return db
    .select({
      no: courseSessions.no,
      day: courseSessions.day,
      start: courseSessions.startsAt,
      end: courseSessions.endsAt,
      room: courseSessions.room,
    })
    .from(courseSessions)
    .where(eq(courseSessions.courseId, courseId))
    .orderBy(asc(courseSessions.no));
}

/**
 * The sessions of the course in the outer query, in order, as a JSON array of {@link SessionOut}: a column of
 * the statement that reads the course (the my-page catalogue, the detail), not a statement of its own.
 */
export const sessionList = sql<
  SessionOut[]
>`(select coalesce(json_agg(json_build_object('no', ${qualified(courseSessions, courseSessions.no)}, 'day', ${qualified(courseSessions, courseSessions.day)}::text, 'start', ${qualified(courseSessions, courseSessions.startsAt)}, 'end', ${qualified(courseSessions, courseSessions.endsAt)}, 'room', ${qualified(courseSessions, courseSessions.room)}) order by ${qualified(courseSessions, courseSessions.no)}), '[]'::json) from ${courseSessions} where ${qualified(courseSessions, courseSessions.courseId)} = ${qualified(courses, courses.id)})`;

/**
 * Replaces a course's sessions (in the caller's transaction); `undefined` leaves them as they are, so a
 * client that does not know of sessions keeps them.
 */
export async function saveSessions(
  tx: DbOrTx,
  courseId: number,
  sessions: readonly CourseSession[] | undefined,
): Promise<void> {
  if (sessions === undefined) return;
  await tx.delete(courseSessions).where(eq(courseSessions.courseId, courseId));
  if (sessions.length === 0) return;
  await tx.insert(courseSessions).values(
    sessions.map((s, i) => ({
      courseId,
      no: i + 1,
      day: s.day,
      startsAt: s.start,
      endsAt: s.end,
      room: s.room,
    })),
  );
}

/**
 * The applications whose student is expected in class: a live 当選 that is confirmed or needs no
 * confirmation. The calendar, the reminders, the check-in and the certificate all mean this by "confirmed".
 */
export const attendsCourse = and(
  isNull(courseApplications.cancelledAt),
  eq(courseApplications.lotteryStatus, LOTTERY.WON),
  or(isNull(courseApplications.confirmBy), isNotNull(courseApplications.confirmedAt)),
);

/**
 * A class's head count, for a select over `courses` joined with `course_sessions`: those expected in class
 * ({@link attendsCourse}) and, of them, those recorded 出席 for the session (course_applications_course_idx per
 * class). The door's list of today's classes and the work list count with it.
 */
export function classHeadCount() {
  const courseId = qualified(courses, courses.id);
  const no = qualified(courseSessions, courseSessions.no);
  const expectedOf = (also?: SQL) =>
    sql<number>`(select count(*) from ${courseApplications} where ${courseApplications.courseId} = ${courseId} and ${attendsCourse}${also ? sql` and ${also}` : sql``})`.mapWith(
      Number,
    );
  return {
    checked_in: expectedOf(sql`${courseApplications.attendance}[${no}] = ${SESSION_ATTENDANCE.PRESENT}`),
    expected: expectedOf(),
  };
}

/** The course's first dated class (decision 028), or null when it has none. */
export async function firstClassOf(db: DbOrTx, courseId: number): Promise<FirstClass | null> {
  const [first] = await db
    .select({ day: courseSessions.day, start: courseSessions.startsAt })
    .from(courseSessions)
    .where(eq(courseSessions.courseId, courseId))
    .orderBy(asc(courseSessions.day), asc(courseSessions.startsAt))
    .limit(1);
  return first ?? null;
}
