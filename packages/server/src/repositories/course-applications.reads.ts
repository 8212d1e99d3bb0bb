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
  isNull,
  max,
  ne,
  type Placeholder,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications, courseFees, courses, students } from '../db/schema';
import { preparedInTransaction } from '../db/statements';
import { anyOf, rowsOf, sqlLiteral, unplanned } from '../platform/sql';
import { type Application, type Course, live, ofCourse } from './course-applications.rules';

/**
 * The reads of course applications: the student's own turn (their live application, the seats held, their
 * contact), the office's application, and the intake cycle's reads (winners, 補欠, the undrawn pool, the
 * deadlines due), some of them locking the rows they read. They write nothing: every write is
 * repositories/course-applications.ts's, which re-exports these.
 */

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
      // the student's row is already held (lockForTurn, decision 082): read here after that wait, an act on the
      // record that came first is seen whole — merged or withdrawn answers as for a student who is not there
      .where(
        and(eq(students.id, studentId), sql`${students.approvalStatus} = ${sqlLiteral(APPROVAL.APPROVED)}`),
      )
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

// ---- the intake cycle's reads (the rules are modules/intake's) ----

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
