import { LOTTERY } from '@manabi/shared/codes';
import { and, count, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications, courses } from '../db/schema';
import { seenAt, stale } from '../platform/errors';

/**
 * Course applications, read and written in one place (issue 13): the my-page, the applicant screens, the
 * student's courses tab and the CSV upload all go through here. Every write that changes who holds a seat
 * (apply, cancel, the lottery, the waitlist to come) first takes the course's row lock with
 * {@link lockCourse}, so per course they take turns and a live count read under the lock is exact.
 */

export type Application = typeof courseApplications.$inferSelect;
export type Course = typeof courses.$inferSelect;

/** The course, its row locked for the rest of the transaction (undefined when there is none). */
export async function lockCourse(tx: DbOrTx, courseId: number): Promise<Course | undefined> {
  const [c] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
  return c;
}

/** The student's live (not cancelled) application to the course, its row locked. */
export async function liveApplication(
  tx: DbOrTx,
  courseId: number,
  studentId: number,
): Promise<Application | undefined> {
  const [a] = await tx
    .select()
    .from(courseApplications)
    .where(
      and(
        eq(courseApplications.courseId, courseId),
        eq(courseApplications.studentId, studentId),
        isNull(courseApplications.cancelledAt),
      ),
    )
    .for('update');
  return a;
}

/** The application the office works on: the live one, else the latest cancelled one. */
export async function latestApplication(
  db: DbOrTx,
  courseId: number,
  studentId: number,
): Promise<Application | undefined> {
  const [row] = await db
    .select()
    .from(courseApplications)
    .where(and(eq(courseApplications.courseId, courseId), eq(courseApplications.studentId, studentId)))
    .orderBy(sql`${courseApplications.cancelledAt} IS NULL DESC`, desc(courseApplications.id))
    .limit(1);
  return row;
}

/**
 * Live applications of a course that hold or wait for a seat of their own — not 補欠 (順番待ち) and not 辞退
 * (decision 015): what fills a first-come course (exact under {@link lockCourse}).
 */
export async function seatHolders(db: DbOrTx, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courseApplications)
    .where(
      and(
        eq(courseApplications.courseId, courseId),
        isNull(courseApplications.cancelledAt),
        notInArray(courseApplications.lotteryStatus, [LOTTERY.WAITLISTED, LOTTERY.DECLINED]),
      ),
    );
  return row?.n ?? 0;
}

export interface NewApplication {
  courseId: number;
  studentId: number;
  /** CD005 */
  howApply: string;
  remarks?: string;
  /** CD003; the office's registrations start 抽選待ち */
  lotteryStatus?: string;
  at?: Date;
}

/** Rows per INSERT statement: a few parameters a row stays far below PostgreSQL's limit of 65535. */
const INSERT_BATCH = 1000;

/**
 * New applications: not attended, every session '－', no units (the column defaults). The caller checks
 * the student and the course and owns the transaction; the live-application unique index still refuses a
 * duplicate.
 */
export async function insertApplications(tx: DbOrTx, rows: readonly NewApplication[]) {
  const inserted: { id: number; howApply: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH).map(({ at, lotteryStatus, ...r }) => ({
      ...r,
      lotteryStatus: lotteryStatus ?? LOTTERY.PENDING,
      ...(at ? { createdAt: at, updatedAt: at } : {}),
    }));
    inserted.push(
      ...(await tx
        .insert(courseApplications)
        .values(batch)
        .returning({ id: courseApplications.id, howApply: courseApplications.howApply })),
    );
  }
  return inserted;
}

/**
 * Marks an application キャンセル (the row stays). With `seen`, only if it is still the version the
 * caller showed (else 409, nothing written). The caller holds the course lock.
 */
export async function cancelApplication(
  tx: DbOrTx,
  application: Pick<Application, 'id' | 'updatedAt'>,
  { now = new Date(), seen }: { now?: Date; seen?: string } = {},
): Promise<void> {
  const [row] = await tx
    .update(courseApplications)
    .set({ cancelledAt: now, lotteryStatus: LOTTERY.CANCELLED, updatedAt: now })
    .where(
      and(
        eq(courseApplications.id, application.id),
        seen === undefined ? undefined : eq(courseApplications.updatedAt, seenAt(seen)),
      ),
    )
    .returning({ id: courseApplications.id });
  if (!row) throw stale();
}

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

/**
 * Writes one application's attendance (and, for the office's screens, its lottery status and remarks)
 * if it is still the version the client saw (`seen`); a stale one throws 409 and the caller's
 * transaction writes nothing.
 */
export async function updateAttendance(
  tx: DbOrTx,
  current: Application,
  next: AttendanceChange,
  { seen, now = new Date(), flagged = false }: { seen: string; now?: Date; flagged?: boolean },
): Promise<Application> {
  const [row] = await tx
    .update(courseApplications)
    .set({
      attendanceStatus: next.attendanceStatus,
      attendance: next.attendance,
      acquisitionUnit: next.acquisitionUnit,
      ...(next.lotteryStatus === undefined ? {} : { lotteryStatus: next.lotteryStatus }),
      ...(next.remarks === undefined ? {} : { remarks: next.remarks }),
      updatedAt: now,
      ...(attendanceChanged(current, next, flagged) ? { attendanceUpdatedAt: now } : {}),
    })
    .where(and(eq(courseApplications.id, current.id), eq(courseApplications.updatedAt, seenAt(seen))))
    .returning();
  if (!row) throw stale();
  return row;
}
