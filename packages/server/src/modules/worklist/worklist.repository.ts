/**
 * The work list's reads (decision 057): each card's number counted at request time by one indexed statement,
 * with the few courses or mails the card names. `scope` is the caller's condition on `courses` (authority 2:
 * its university's), put into every statement that counts course rows.
 */
import { APPROVAL, LOTTERY } from '@manabi/shared/codes';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  courseApplications,
  courseFees,
  courseIntake,
  courseSessions,
  courses,
  jobRuns,
  mailOutbox,
  noticeReads,
  notices,
  students,
} from '../../db/schema';
import { qualified, sqlLiteral } from '../../platform/sql';
import { classHeadCount } from '../../repositories/course-sessions';
import { stateFilter } from '../../repositories/course-state';

const live = sql`${courseApplications.cancelledAt} IS NULL`;
const courseId = () => qualified(courses, courses.id);
/** a course's live applications of one status, counted from course_applications_course_idx */
const applicationsOf = (status: string) =>
  sql<number>`(select count(*) from ${courseApplications} where ${courseApplications.courseId} = ${courseId()} and ${courseApplications.lotteryStatus} = ${sqlLiteral(status)} and ${live})`.mapWith(
    Number,
  );

/** Admissions waiting for a decision: the student list's 未承認 (students_pending_idx). */
export async function countUnapproved(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(eq(students.approvalStatus, APPROVAL.PENDING));
  return row?.n ?? 0;
}

/**
 * Courses the course list shows as 抽選待ち (the same SQL, repositories/course-state.ts): lottery courses
 * whose application period has ended, not yet drawn, classes not begun. The longest waiting first.
 */
export async function awaitingDraw(db: Db, scope: SQL | undefined, now: Date, limit: number) {
  const rows = await db
    .select({
      course_id: courses.id,
      course_name: courses.name,
      count: applicationsOf(LOTTERY.PENDING),
      total: sql<number>`count(*) over ()`.mapWith(Number),
      private_count: sql<number>`count(*) filter (where ${courses.status} <> '1') over ()`.mapWith(Number),
    })
    .from(courses)
    .where(and(stateFilter('awaiting_draw', now), scope))
    .orderBy(asc(courses.periodTo), asc(courses.id))
    .limit(limit);
  return {
    count: rows[0]?.total ?? 0,
    private_count: rows[0]?.private_count ?? 0,
    courses: rows.map(({ total: _, private_count: __, ...c }) => c),
  };
}

/**
 * Live winners (当選) still to confirm whose confirm-by falls in [now, until] (course_applications_confirm_by_idx,
 * the deadline job's own), by course, the nearest deadline first; `unread` counts those who have not opened
 * any personal notice about this application (the draw's result, a promotion: notices_application_idx).
 */
export async function dueDeadlines(db: Db, scope: SQL | undefined, now: Date, until: Date, limit: number) {
  const a = courseApplications;
  const hasRead = sql`exists (select 1 from ${notices} join ${noticeReads} on ${noticeReads.noticeId} = ${notices.id}
      and ${noticeReads.studentId} = ${notices.studentId}
    where ${notices.applicationId} = ${a.id})`;
  const rows = await db
    .select({
      course_id: courses.id,
      course_name: courses.name,
      count: count(),
      unread: sql<number>`count(*) filter (where not ${hasRead})`.mapWith(Number),
    })
    .from(a)
    .innerJoin(courses, eq(courses.id, a.courseId))
    .where(
      and(
        // written as the partial index's predicate, so the planner can use it
        sql`${a.lotteryStatus} = '2' AND ${a.confirmedAt} IS NULL AND ${a.cancelledAt} IS NULL`,
        sql`${a.confirmBy} >= ${now} and ${a.confirmBy} <= ${until}`,
        scope,
      ),
    )
    .groupBy(courses.id, courses.name)
    .orderBy(sql`min(${a.confirmBy})`, asc(courses.id));
  return {
    count: rows.reduce((n, r) => n + r.count, 0),
    unread: rows.reduce((n, r) => n + r.unread, 0),
    courses: rows.slice(0, limit).map(({ unread: _, ...c }) => c),
  };
}

/**
 * Live winners unpaid past their pay-by deadline on courses whose fee rule asks payment but lapses nothing by
 * itself (course_fees_manual_lapse_idx, then the pay-by index), by course, the oldest deadline first: the
 * applicant tab's 「支払いの期限を過ぎた未入金」 (payment=overdue) lists the same seats.
 */
export async function overdueUnpaid(db: Db, scope: SQL | undefined, now: Date, limit: number) {
  const a = courseApplications;
  const rows = await db
    .select({
      course_id: courses.id,
      course_name: courses.name,
      count: count(),
      total: sql<number>`sum(count(*)) over ()`.mapWith(Number),
    })
    .from(courseFees)
    .innerJoin(courses, eq(courses.id, courseFees.courseId))
    .innerJoin(a, eq(a.courseId, courseFees.courseId))
    .where(
      and(
        sql`${courseFees.required} AND NOT ${courseFees.autoLapse}`,
        // the pay-by index's predicate, so the planner can use it
        sql`${a.lotteryStatus} = '2' AND ${a.paidAt} IS NULL AND ${a.cancelledAt} IS NULL AND ${a.payBy} IS NOT NULL`,
        sql`${a.payBy} < ${now}`,
        // a seat that costs nothing owes nothing (decision 086), whatever its rule says
        sql`${a.amountDue} > 0`,
        scope,
      ),
    )
    .groupBy(courses.id, courses.name)
    .orderBy(sql`min(${a.payBy})`, asc(courses.id))
    .limit(limit);
  return { count: rows[0]?.total ?? 0, courses: rows.map(({ total: _, ...c }) => c) };
}

/**
 * Live 補欠 on courses with free seats that nobody will fill by themselves: the course's automatic promotion is
 * off, or its last day (promote_until) has passed (course_intake_manual_promote_idx,
 * course_intake_promote_until_idx). Seats are as the settling counts them (intake/settle.ts): the last draw's
 * win_num, or a first-come course's capacity.
 */
export async function stuckWaitlists(db: Db, scope: SQL | undefined, today: string, limit: number) {
  const waiting = applicationsOf(LOTTERY.WAITLISTED);
  const winners = applicationsOf(LOTTERY.WON);
  const seats = sql`coalesce(${courseIntake.seats}, case when not ${courses.isLottery} then ${courses.capacity} end)`;
  const stuck = db
    .select({ course_id: courses.id, course_name: courses.name, waiting: sql`${waiting}`.as('waiting') })
    .from(courseIntake)
    .innerJoin(courses, eq(courses.id, courseIntake.courseId))
    .where(
      and(
        sql`(not ${courseIntake.autoPromote} or (${courseIntake.promoteUntil} is not null and ${courseIntake.promoteUntil} < ${today}))`,
        sql`${winners} < ${seats}`,
        scope,
      ),
    )
    .as('stuck');
  const rows = await db
    .select({
      course_id: stuck.course_id,
      course_name: stuck.course_name,
      count: sql<number>`${stuck.waiting}`.mapWith(Number),
      total: sql<number>`sum(${stuck.waiting}) over ()`.mapWith(Number),
    })
    .from(stuck)
    .where(sql`${stuck.waiting} > 0`)
    .orderBy(desc(stuck.waiting), asc(stuck.course_id))
    .limit(limit);
  return { count: rows[0]?.total ?? 0, courses: rows.map(({ total: _, ...c }) => c) };
}

/**
 * The dated classes of the given days, with 出席 n / m as the door counts them (classHeadCount;
 * course_sessions_day_idx, then course_applications_course_idx per class).
 */
export async function classesOn(db: Db, scope: SQL | undefined, days: string[]) {
  return db
    .select({
      course_id: courses.id,
      course_name: courses.name,
      session_no: courseSessions.no,
      day: courseSessions.day,
      start: courseSessions.startsAt,
      end: courseSessions.endsAt,
      ...classHeadCount(),
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(inArray(courseSessions.day, days), scope))
    .orderBy(
      asc(courseSessions.day),
      asc(courseSessions.startsAt),
      asc(courses.name),
      asc(courses.id),
      asc(courseSessions.no),
    );
}

/**
 * Mail the outbox gave up on (the fifth failed attempt, or at once when the address was refused: platform/mail.ts),
 * newest first (mail_outbox_failed_idx).
 */
export async function failedMails(db: Db, limit: number) {
  const failed = sql`${mailOutbox.status} = 'failed'`;
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(failed);
  const rows = await db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      lastError: mailOutbox.lastError,
      holdsSecret: mailOutbox.holdsSecret,
    })
    .from(mailOutbox)
    .where(failed)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return { count: total?.n ?? 0, rows };
}

/**
 * Puts one failed mail back in line: pending, its attempts counted from zero, due at once. Only a mail still
 * 'failed' is taken (a second retry of the same mail finds nothing), and never one whose body carried a secret:
 * that body was erased when the outbox gave up on it. The failure's kind goes with the failure. Answers whether
 * it was taken.
 */
export async function requeueMail(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: null, failureKind: null })
    .where(
      and(eq(mailOutbox.id, id), sql`${mailOutbox.status} = 'failed'`, eq(mailOutbox.holdsSecret, false)),
    )
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** A mail's state, to say why a retry was refused. */
export async function mailState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ status: mailOutbox.status, holdsSecret: mailOutbox.holdsSecret })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row;
}

/** Background jobs whose last round failed: a failure newer than the last success (a few rows, one per job). */
export async function stoppedJobs(db: Db) {
  return db
    .select()
    .from(jobRuns)
    .where(
      sql`${jobRuns.lastFailureAt} IS NOT NULL AND ${jobRuns.lastFailureAt} > coalesce(${jobRuns.lastSuccessAt}, '-infinity')`,
    )
    .orderBy(asc(jobRuns.job));
}
