import { setImmediate as nextTurn } from 'node:timers/promises';
import { APPROVAL, ATTENDANCE, LOTTERY } from '@manabi/shared/codes';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  max,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  courseApplications,
  courseFees,
  courseIntake,
  courseSessions,
  courses,
  students,
} from '../db/schema';
import { executeNamed, preparedInTransaction } from '../db/statements';
import { seenAt, stale } from '../platform/errors';
import { anyOf, arrayLiteral, qualified, rowsOf, sqlLiteral, unplanned } from '../platform/sql';

/**
 * Course applications, read and written in one place: the my-page, the applicant screens, the
 * student's courses tab and the CSV upload all go through here. Every write that changes who holds a seat
 * (apply, cancel, the lottery, the waitlist to come) first takes the course's row lock with
 * {@link lockCourse}, so per course they take turns and a live count read under the lock is exact.
 */

export type Application = typeof courseApplications.$inferSelect;
export type Course = typeof courses.$inferSelect;

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

/** The student's live (not cancelled) application to the course, its row locked. */
export async function liveApplication(
  tx: DbOrTx,
  courseId: number,
  studentId: number,
): Promise<Application | undefined> {
  const [a] = await liveApplicationQuery(tx, courseId, studentId);
  return a;
}

/** The query of {@link liveApplication}, also read inside {@link studentTurn} (there with placeholders). */
const liveApplicationQuery = (tx: DbOrTx, courseId: number | Placeholder, studentId: number | Placeholder) =>
  tx
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

type ApplicationField = keyof typeof courseApplications._.columns;
const APPLICATION_FIELDS = Object.keys(getTableColumns(courseApplications)) as ApplicationField[];

/**
 * What a student's own apply or cancel reads once the course is locked, in one statement (decision 023): the
 * student's live application of the course (its row locked), the seats held and the student's contact.
 * Run it after {@link lockCourse}: its snapshot is taken then, so it sees every earlier turn of the course.
 * Undefined when the student is gone.
 */
export async function studentTurn(tx: DbOrTx, courseId: number, studentId: number) {
  const [row] = await studentTurnStatement(tx, { courseId, studentId });
  return row && { contact: row.contact, seats: row.seats, live: row.live ?? undefined };
}

// built once, run by name in each transaction (decision 023)
const studentTurnStatement = preparedInTransaction('student_turn', (tx) => {
  const courseId = sql.placeholder('courseId');
  const studentId = sql.placeholder('studentId');
  const live = liveApplicationQuery(tx, courseId, studentId).as('live');
  return (
    tx
      .select({
        contact: {
          loginId: students.loginId,
          name: students.name,
          mail1: students.mail1,
          isEmail: students.isEmail,
        },
        seats: sql<number>`(select count(*) from ${courseApplications} where ${seatHeld(courseId)})`.mapWith(
          Number,
        ),
        // every column of the application, as a nested object (null when there is none)
        live: Object.fromEntries(APPLICATION_FIELDS.map((k) => [k, live[k]])) as {
          [K in ApplicationField]: (typeof live)[K];
        },
      })
      .from(students)
      .leftJoinLateral(live, sql`true`)
      // the student's row held (KEY SHARE: a contact edit goes on) for the transaction: a merge of this record
      // (decision 071) waits for this apply or cancel to end, or this one waits for the merge and then finds
      // the record no longer approved, and answers as for a student who is not there
      .where(
        and(eq(students.id, studentId), sql`${students.approvalStatus} = ${sqlLiteral(APPROVAL.APPROVED)}`),
      )
      .for('key share', { of: students })
  );
});

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
  const [row] = await seatHoldersStatement(db, { courseId });
  return row?.n ?? 0;
}

// built once, run by name (decision 023): the my-page's detail of every first-come course with a capacity asks it
const seatHoldersStatement = preparedInTransaction('seat_holders', (tx) =>
  tx
    .select({ n: count() })
    .from(courseApplications)
    .where(seatHeld(sql.placeholder('courseId'))),
);

/** The applications {@link seatHolders} counts. */
const seatHeld = (courseId: number | Placeholder) =>
  and(
    // the course hidden from the planner: both statements keep one plan for every course (decision 032)
    sql`${courseApplications.courseId} = ${unplanned(courseId, 'int')}`,
    isNull(courseApplications.cancelledAt),
    // the codes written into the SQL: sent as values, every apply's seat count was planned anew (decision 032)
    sql`${courseApplications.lotteryStatus} not in (${sqlLiteral(LOTTERY.WAITLISTED)}, ${sqlLiteral(LOTTERY.DECLINED)})`,
  );

export interface NewApplication {
  courseId: number;
  studentId: number;
  /** CD005 */
  howApply: string;
  remarks?: string;
  /** CD003; the office's registrations start 抽選待ち */
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
 * The course of the outer query has ended: it has dated class days and the last one is before `today`
 * ('YYYY-MM-DD', Asia/Tokyo). A course without class days has no known end: false.
 */
export const courseEnded = (today: string | Placeholder) =>
  sql<boolean>`coalesce((select max(${qualified(courseSessions, courseSessions.day)}) from ${courseSessions} where ${qualified(courseSessions, courseSessions.courseId)} = ${qualified(courses, courses.id)}) < ${today}::date, false)`;

/**
 * Where the my-page lists an application (decision 039): in 受講履歴 once it is 受講済み, or once its course
 * has ended after the student attended (受講中); else in 申込状況 — a course being attended stays there as
 * 受講中 until its last class day has passed.
 */
export const inHistory = (today: string | Placeholder) =>
  sql`(${earnsUnits()} or (${qualified(courseApplications, courseApplications.cancelledAt)} is null and ${qualified(courseApplications, courseApplications.attendanceStatus)} = ${sqlLiteral(ATTENDANCE.ATTENDING)} and ${courseEnded(today)}))`;

// ---- the intake cycle's reads and writes (the rules are modules/intake's) ----

const live = isNull(courseApplications.cancelledAt);
const ofCourse = (courseId: number | Placeholder) => eq(courseApplications.courseId, courseId);

/** The course row locked for the deadline job, or undefined when another process holds it (SKIP LOCKED). */
export async function tryLockCourse(tx: DbOrTx, courseId: number): Promise<Course | undefined> {
  const [c] = await tx
    .select()
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('no key update', { skipLocked: true });
  return c;
}

/** Live winners (当選) of the course. */
export async function liveWinners(tx: DbOrTx, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(courseApplications)
    .where(and(ofCourse(courseId), live, eq(courseApplications.lotteryStatus, LOTTERY.WON)));
  return row?.n ?? 0;
}

/** The highest 補欠順位 the course has given (0 when none). */
export async function lastRank(tx: DbOrTx, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ n: max(courseApplications.waitlistRank) })
    .from(courseApplications)
    .where(ofCourse(courseId));
  return row?.n ?? 0;
}

/** The course's live 抽選待ち applications with each student's town, in id order, their rows locked. */
export async function undrawnPool(tx: DbOrTx, courseId: number) {
  return tx
    .select({
      id: courseApplications.id,
      studentId: courseApplications.studentId,
      streetName1: students.streetName1,
    })
    .from(courseApplications)
    .innerJoin(students, eq(students.id, courseApplications.studentId))
    .where(and(ofCourse(courseId), live, eq(courseApplications.lotteryStatus, LOTTERY.PENDING)))
    .orderBy(asc(courseApplications.id))
    .for('update', { of: courseApplications });
}

/** The ids of the course's live 抽選待ち applications as they stand, unlocked: a guess of the pool to come. */
export async function undrawnIds(db: DbOrTx, courseId: number): Promise<number[]> {
  const rows = await db
    .select({ id: courseApplications.id })
    .from(courseApplications)
    .where(and(ofCourse(courseId), live, eq(courseApplications.lotteryStatus, LOTTERY.PENDING)));
  return rows.map((r) => r.id);
}

/**
 * Those of `studentIds` who lost a draw (or stayed on a waitlist) of another course whose application period
 * ended after `since`.
 */
export async function earlierLosers(
  tx: DbOrTx,
  studentIds: readonly number[],
  courseId: number,
  since: Date,
): Promise<Set<number>> {
  const rows = await tx
    .selectDistinct({ id: courseApplications.studentId })
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .where(
      and(
        anyOf(courseApplications.studentId, studentIds, 'int'),
        ne(courseApplications.courseId, courseId),
        inArray(courseApplications.lotteryStatus, [LOTTERY.LOST, LOTTERY.WAITLISTED]),
        gt(courses.periodTo, since),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Those of `studentIds` who have attended (or are attending) a course before. */
export async function attendedBefore(tx: DbOrTx, studentIds: readonly number[]): Promise<Set<number>> {
  const rows = await tx
    .selectDistinct({ id: courseApplications.studentId })
    .from(courseApplications)
    .where(
      and(
        anyOf(courseApplications.studentId, studentIds, 'int'),
        ne(courseApplications.attendanceStatus, ATTENDANCE.NOT_ATTENDED),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

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

/** The top of the course's live waitlist, its row locked (undefined when nobody waits). */
export async function topOfWaitlist(tx: DbOrTx, courseId: number): Promise<Application | undefined> {
  const [top] = await tx
    .select()
    .from(courseApplications)
    .where(and(ofCourse(courseId), live, eq(courseApplications.lotteryStatus, LOTTERY.WAITLISTED)))
    .orderBy(asc(courseApplications.waitlistRank), asc(courseApplications.id))
    .limit(1)
    .for('update');
  return top;
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

/** A winner's seat given back (辞退): declined by the student, lapsed past the deadline, or lapsed unpaid. */
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

/** The course's live winners past their deadline, unconfirmed, their rows locked. */
export async function dueWinners(tx: DbOrTx, courseId: number, now: Date): Promise<Application[]> {
  return tx
    .select()
    .from(courseApplications)
    .where(
      and(
        ofCourse(courseId),
        live,
        eq(courseApplications.lotteryStatus, LOTTERY.WON),
        isNull(courseApplications.confirmedAt),
        sql`${courseApplications.confirmBy} <= ${now}`,
      ),
    )
    .for('update');
}

/**
 * The course's live winners past their pay-by deadline and not paid, their rows locked. The caller holds the
 * course lock, so a payment committed before it took the lock is seen here (paid_at set) and keeps its seat.
 */
export async function unpaidWinners(tx: DbOrTx, courseId: number, now: Date): Promise<Application[]> {
  return tx
    .select()
    .from(courseApplications)
    .where(
      and(
        ofCourse(courseId),
        live,
        eq(courseApplications.lotteryStatus, LOTTERY.WON),
        isNull(courseApplications.paidAt),
        sql`${courseApplications.payBy} <= ${now}`,
      ),
    )
    .for('update');
}

/**
 * Courses with a winner past the deadline (the deadline job's scan, on the partial index), and courses whose
 * fee rule lapses unpaid seats by itself with a winner unpaid past the pay-by deadline (on the pay-by index).
 */
export async function coursesWithDueDeadlines(db: DbOrTx, now = new Date(), limit = 50): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    (select distinct ${courseApplications.courseId} as id from ${courseApplications}
      where ${courseApplications.lotteryStatus} = ${LOTTERY.WON} and ${courseApplications.confirmedAt} is null
        and ${courseApplications.cancelledAt} is null and ${courseApplications.confirmBy} <= ${now}
      limit ${limit})
    union
    (select distinct a.course_id as id from ${courseApplications} a
      join ${courseFees} f on f.course_id = a.course_id and f.required and f.auto_lapse
      where a.lottery_status = ${LOTTERY.WON} and a.paid_at is null and a.cancelled_at is null
        and a.pay_by is not null and a.pay_by <= ${now}
      limit ${limit})`,
  );
  return rows.map((r) => Number(r.id));
}

// ---- the fees' writes of a seat (decision 077; the rules are repositories/payments') ----

/**
 * Charges the course's live winners that have no amount_due yet — all of them, or those of `which` — with
 * `charge.amountDue` (an expression over the application and its course: the fee rule of
 * repositories/payments `chargeSeats`) and `charge.payBy`. The caller holds the course lock. It exists so that
 * a charge writes the seat here, in the one writer of course_applications (a house rule,
 * scripts/check-house-rules.mjs). Returns the ids charged.
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
