import { setImmediate as nextTurn } from 'node:timers/promises';
import { LOTTERY } from '@manabi/shared/codes';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications, courseIntake, courses } from '../db/schema';
import { executeNamed, preparedInTransaction } from '../db/statements';
import { seenAt, stale } from '../platform/errors';
import { anyOf, arrayLiteral, rowsOf, sqlLiteral } from '../platform/sql';
import {
  type Application,
  type AttendanceChange,
  attendanceChanged,
  type Course,
  live,
  ofCourse,
} from './course-applications.rules';

/**
 * Course applications, read and written in one place: the my-page, the applicant screens, the
 * student's courses tab and the CSV upload all go through here. Every write that changes who holds a seat
 * (apply, cancel, the lottery, the waitlist to come) first takes the course's row lock with
 * {@link lockCourse}, so per course they take turns and a live count read under the lock is exact.
 *
 * This file holds every write of course_applications (the one writer: scripts/check-house-rules.mjs) and is
 * the door to the rest: the reads (course-applications.reads.ts) and the rules that read no row
 * (course-applications.rules.ts) are re-exported from here, so callers import this file alone.
 */

export * from './course-applications.reads';
export {
  type Application,
  type Course,
  courseEnded,
  earnedUnit,
  earnsUnits,
  inHistory,
  unitTotal,
} from './course-applications.rules';

/**
 * The course, its row locked for the rest of the transaction (undefined when there is none). The lock is
 * FOR NO KEY UPDATE (decision 050): the course's writers still take turns, but a row that merely refers to the
 * course (a notice, a personal result) checks its foreign key without waiting for the lock, nor holds it up.
 */
export async function lockCourse(tx: DbOrTx, courseId: number): Promise<Course | undefined> {
  const [c] = await lockCourseStatement(tx, { courseId });
  return c;
}

// built once, run by name in each transaction (decision 023): every apply and cancel starts with it
const lockCourseStatement = preparedInTransaction('lock_course', (tx) =>
  tx
    .select()
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')))
    .for('no key update'),
);

export interface NewApplication {
  courseId: number;
  studentId: number;
  /** CD005 */
  howApply: string;
  remarks?: string;
  /** CD003; 抽選待ち unless told (申込者追加 gives a first-come course's the my-page's status) */
  lotteryStatus?: string;
  at?: Date;
  /** the admin who entered it for the student (申込者追加, an upload); none when the student applied */
  enteredBy?: number | null;
}

/**
 * Rows per INSERT statement. Each statement sends its columns as arrays (`unnest`): the text PostgreSQL
 * receives is the same whatever the rows, so nothing is built per row on the event loop, and a long upload
 * gives other requests their turn between statements (decision 023).
 */
const INSERT_BATCH = 500;

/** New applications (their course's lock held by the caller): their ids and 申込方法. */
export async function insertApplications(tx: DbOrTx, rows: readonly NewApplication[]) {
  const inserted: { id: number; howApply: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    if (i > 0) await nextTurn();
    const result = await rowsOf<{ id: number; how_apply: string }>(
      tx,
      applicationsInsert(rows.slice(i, i + INSERT_BATCH)),
    );
    for (const r of result) inserted.push({ id: Number(r.id), howApply: r.how_apply });
  }
  return inserted;
}

/**
 * The INSERT of {@link insertApplications} for one batch, returning `id` and `how_apply`. The my-page's apply
 * runs it for one row inside `audit` (its `write`), with its audit entry and mail (decision 023).
 */
export function applicationsInsert(batch: readonly NewApplication[]): SQL {
  const column = <T>(f: (r: NewApplication) => T) => sql.param(batch.map(f));
  return sql`
    insert into ${courseApplications} (course_id, student_id, lottery_status, how_apply, remarks, created_at, updated_at,
      entered_by)
    select c, s, l, h, coalesce(r, ''), coalesce(t, now()), coalesce(t, now()), e
    from unnest(${column((r) => r.courseId)}::int[], ${column((r) => r.studentId)}::int[],
      ${column((r) => r.lotteryStatus ?? LOTTERY.PENDING)}::varchar[], ${column((r) => r.howApply)}::varchar[],
      ${column((r) => r.remarks ?? null)}::text[], ${column((r) => r.at?.toISOString() ?? null)}::timestamptz[],
      ${column((r) => r.enteredBy ?? null)}::int[])
      as u(c, s, l, h, r, t, e)
    returning id, how_apply`;
}

/**
 * Marks an application キャンセル (the row stays). With `seen`, only if it is still the version the
 * caller showed (else 409, nothing written). The caller holds the course lock.
 */
export async function cancelApplication(
  tx: DbOrTx,
  application: Pick<Application, 'id' | 'updatedAt'>,
  options: { now?: Date; seen?: string } = {},
): Promise<void> {
  const [row] = await applicationCancel(tx, application, options);
  if (!row) throw stale();
}

/**
 * The UPDATE of {@link cancelApplication}, returning the row's `id` (none when `seen` is no longer its
 * version). The my-page's cancel runs it inside `audit` (its `write`), with its audit entry and mail (decision 023).
 */
export function applicationCancel(
  tx: DbOrTx,
  application: Pick<Application, 'id' | 'updatedAt'>,
  { now = new Date(), seen }: { now?: Date; seen?: string } = {},
) {
  return tx
    .update(courseApplications)
    .set(cancelled(now))
    .where(
      and(
        eq(courseApplications.id, application.id),
        seen === undefined ? undefined : eq(courseApplications.updatedAt, seenAt(seen)),
      ),
    )
    .returning({ id: courseApplications.id });
}

/** What a cancel writes, whoever cancels: the row stays, out of play. */
const cancelled = (now: Date) => ({ cancelledAt: now, lotteryStatus: LOTTERY.CANCELLED, updatedAt: now });

/**
 * Cancels several applications in one statement (a withdrawal, a merge's duplicate), as a cancel does. The
 * caller holds their courses' locks and settles the courses after.
 */
export async function cancelApplications(tx: DbOrTx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length > 0)
    await tx
      .update(courseApplications)
      .set(cancelled(now))
      .where(anyOf(courseApplications.id, ids, 'int'));
}

/**
 * A merge (decision 071) points the merged record's applications to the kept one; its undo points the same
 * rows back. Answers the rows moved.
 */
export async function moveApplications(
  tx: DbOrTx,
  from: { studentId: number } | { ids: readonly number[] },
  toStudentId: number,
  now: Date,
): Promise<{ id: number; updatedAt: Date }[]> {
  return tx
    .update(courseApplications)
    .set({ studentId: toStudentId, updatedAt: now })
    .where(
      'ids' in from
        ? anyOf(courseApplications.id, from.ids, 'int')
        : eq(courseApplications.studentId, from.studentId),
    )
    .returning({ id: courseApplications.id, updatedAt: courseApplications.updatedAt });
}

/** An undone merge's cancelled duplicate, live again as it was (its student, status and place). */
export async function restoreCancelled(
  tx: DbOrTx,
  a: { id: number; student_id: number; lottery_status: string; waitlist_rank: number | null },
  now: Date,
): Promise<void> {
  await tx
    .update(courseApplications)
    .set({
      studentId: a.student_id,
      cancelledAt: null,
      lotteryStatus: a.lottery_status,
      waitlistRank: a.waitlist_rank,
      updatedAt: now,
    })
    .where(eq(courseApplications.id, a.id));
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

// ---- the intake cycle's writes (the rules are modules/intake's) ----

/** A drawn application's outcome: its status and 補欠順位 (the draw's entry). */
export interface DrawnOutcome {
  application_id: number;
  outcome: string;
  waitlist_rank: number | null;
}

/**
 * Every drawn application's status, 補欠順位 and deadline (winners only) in one statement: the outcomes travel
 * as three arrays, whatever the pool's size, so the course lock is held for one write instead of one per
 * applicant (decision 043).
 */
export async function writeDrawOutcomes(
  tx: DbOrTx,
  drawn: readonly DrawnOutcome[],
  confirmBy: Date | null,
  now: Date,
): Promise<void> {
  const a = courseApplications;
  const column = (c: { name: string }) => sql.identifier(c.name);
  const ids = arrayLiteral(drawn.map((e) => e.application_id));
  const outcomes = arrayLiteral(drawn.map((e) => e.outcome));
  const ranks = arrayLiteral(drawn.map((e) => e.waitlist_rank));
  await tx.execute(sql`update ${a} set
      ${column(a.lotteryStatus)} = d.outcome,
      ${column(a.waitlistRank)} = d.rank,
      ${column(a.confirmBy)} = case when d.outcome = ${sqlLiteral(LOTTERY.WON)} then ${confirmBy}::timestamptz end,
      ${column(a.updatedAt)} = ${now}::timestamptz
    from unnest(${ids}::int[], ${outcomes}::varchar[], ${ranks}::int[]) as d(id, outcome, rank)
    where ${a.id} = d.id`);
}

/**
 * What the settling of a course (modules/intake/settle.ts) starts with, in one statement built once: a row that is no longer 補欠 gives its
 * place up, and the live winners and 補欠 and the course's settings are read. The release touches no live
 * 補欠, so the counts it reads beside it are those that hold after it.
 */
export const settleState = preparedInTransaction('settle_state', (tx) => {
  const courseId = sql.placeholder('courseId');
  const released = tx.$with('released').as(
    tx
      .update(courseApplications)
      .set({ waitlistRank: null })
      .where(
        and(
          ofCourse(courseId),
          isNotNull(courseApplications.waitlistRank),
          sql`(${courseApplications.lotteryStatus} <> ${sqlLiteral(LOTTERY.WAITLISTED)} OR ${courseApplications.cancelledAt} IS NOT NULL)`,
        ),
      )
      .returning({ id: courseApplications.id }),
  );
  const { lotteryStatus } = courseApplications;
  // one pass over the course's live applications; the codes are written into the SQL, so that its plan does not
  // hang on values sent with each call (decision 032; the course id still decides it)
  const counts = tx
    .select({
      winners: sql`count(*) filter (where ${lotteryStatus} = ${sqlLiteral(LOTTERY.WON)})`.as('winners'),
      waiting: sql`count(*) filter (where ${lotteryStatus} = ${sqlLiteral(LOTTERY.WAITLISTED)})`.as(
        'waiting',
      ),
    })
    .from(courseApplications)
    .where(and(ofCourse(courseId), live))
    .as('counts');
  return tx
    .with(released)
    .select({
      winners: sql`${counts.winners}`.mapWith(Number),
      waiting: sql`${counts.waiting}`.mapWith(Number),
      intake: courseIntake,
    })
    .from(counts)
    .leftJoin(courseIntake, eq(courseIntake.courseId, courseId));
});

/**
 * Numbers the course's live 補欠 1..k in their order (place kept, then a new one in the order it became 補欠).
 * Two statements: the places that change are first written negated, then turned back, because the unique
 * index on (course, place) is checked row by row and a shift down (2→1, 3→2) would otherwise meet the row
 * it replaces. Rows whose place stands are not written.
 */
export async function renumberWaitlist(tx: DbOrTx, courseId: number): Promise<void> {
  const a = courseApplications;
  const moved = await executeNamed(
    tx,
    sql`with ranked as (
      select ${a.id} as id, row_number() over (order by ${a.waitlistRank} asc nulls last, ${a.updatedAt}, ${a.id}) as place
      from ${a}
      where ${a.courseId} = ${courseId} and ${a.cancelledAt} is null and ${a.lotteryStatus} = ${sqlLiteral(LOTTERY.WAITLISTED)}
    )
    update ${a} set ${sql.identifier(a.waitlistRank.name)} = -ranked.place from ranked
    where ${a.id} = ranked.id and ${a.waitlistRank} is distinct from ranked.place
    returning ${a.id}`,
  );
  if (moved.rows.length === 0) return;
  await executeNamed(
    tx,
    sql`update ${a} set ${sql.identifier(a.waitlistRank.name)} = -${a.waitlistRank}
    where ${a.courseId} = ${courseId} and ${a.waitlistRank} < 0`,
  );
}

/** A 補欠 moved up: 当選, place given up, `confirmBy` as its deadline. */
export async function promoteApplication(
  tx: DbOrTx,
  id: number,
  confirmBy: Date | null,
  now: Date,
): Promise<Application> {
  const [row] = await tx
    .update(courseApplications)
    .set({
      lotteryStatus: LOTTERY.WON,
      waitlistRank: null,
      promotedAt: now,
      confirmBy,
      confirmedAt: null,
      updatedAt: now,
    })
    .where(eq(courseApplications.id, id))
    .returning();
  if (!row) throw new Error('promotion updated nothing');
  return row;
}

/**
 * A winner's seat given back (辞退): declined by the student, lapsed past the deadline, or lapsed unpaid. A
 * lapse keeps the deadline it missed (the row's confirm_by or pay_by as it was), so the student is told which.
 */
export async function declineApplication(
  tx: DbOrTx,
  id: number,
  reason: 'declined' | 'lapsed' | 'unpaid',
  now: Date,
  byOffice?: OfficeDecision,
): Promise<Application> {
  const [row] = await tx
    .update(courseApplications)
    .set({
      lotteryStatus: LOTTERY.DECLINED,
      declineReason: reason,
      lapsedDeadline:
        reason === 'lapsed'
          ? sql`${courseApplications.confirmBy}`
          : reason === 'unpaid'
            ? sql`${courseApplications.payBy}`
            : null,
      confirmBy: null,
      updatedAt: now,
      ...decidedColumns(byOffice, now),
    })
    .where(eq(courseApplications.id, id))
    .returning();
  if (!row) throw new Error('decline updated nothing');
  return row;
}

/** Who took a decision for the student, through which channel (CD005 2–4), and the note of what was said. */
export interface OfficeDecision {
  adminId: number;
  channel: string;
  note: string;
}

const decidedColumns = (byOffice: OfficeDecision | undefined, now: Date) =>
  byOffice
    ? {
        decidedBy: byOffice.adminId,
        decidedAt: now,
        decidedChannel: byOffice.channel,
        decisionNote: byOffice.note,
      }
    : {};

/** A winner's seat confirmed (受講確定), by the student or, with `byOffice`, for them. */
export async function confirmApplication(
  tx: DbOrTx,
  id: number,
  now: Date,
  byOffice?: OfficeDecision,
): Promise<void> {
  await tx
    .update(courseApplications)
    .set({ confirmedAt: now, updatedAt: now, ...decidedColumns(byOffice, now) })
    .where(eq(courseApplications.id, id));
}

// ---- the fees' writes of a seat (decision 077; the rules are repositories/payments') ----

/**
 * Charges the course's live winners that have no amount_due yet — all of them, or those of `which` — with
 * `charge.amountDue` (an expression over the application and its course: the fee rule of
 * repositories/payments `chargeSeats`) and `charge.payBy`; a seat whose amount comes to 0 is not charged. The
 * caller holds the course lock. It exists so that a charge writes the seat here, in the one writer of
 * course_applications (a house rule, scripts/check-house-rules.mjs). Returns the ids charged.
 */
export async function chargeWinners(
  tx: DbOrTx,
  courseId: number,
  which: readonly number[] | 'all-winners',
  charge: { amountDue: SQL; payBy: Date | null },
): Promise<number[]> {
  const rows = await tx
    .update(courseApplications)
    .set({ amountDue: charge.amountDue, payBy: charge.payBy })
    .from(courses)
    .where(
      and(
        which === 'all-winners' ? undefined : anyOf(courseApplications.id, which, 'int'),
        eq(courses.id, courseApplications.courseId),
        eq(courseApplications.courseId, courseId),
        eq(courseApplications.lotteryStatus, LOTTERY.WON),
        isNull(courseApplications.cancelledAt),
        isNull(courseApplications.amountDue),
        // a seat that costs nothing asks no payment (decision 086): left uncharged, never 「0円が未入金」
        sql`${charge.amountDue} > 0`,
      ),
    )
    .returning({ id: courseApplications.id });
  return rows.map((r) => r.id);
}

/**
 * Sets paid_at of these applications to `paidAt`, an expression over the row (the rule of repositories/payments
 * `refreshPaidAt`: paid once the net payments cover amount_due). The caller holds the courses' locks. It
 * exists so that a payment writes the seat here, in the one writer of course_applications (a house rule,
 * scripts/check-house-rules.mjs). Answers each row's paid_at as written.
 */
export async function setPaidAt(
  tx: DbOrTx,
  applicationIds: readonly number[],
  paidAt: SQL,
): Promise<{ id: number; paidAt: Date | null }[]> {
  if (applicationIds.length === 0) return [];
  return tx
    .update(courseApplications)
    .set({ paidAt })
    .where(anyOf(courseApplications.id, applicationIds, 'int'))
    .returning({ id: courseApplications.id, paidAt: courseApplications.paidAt });
}
