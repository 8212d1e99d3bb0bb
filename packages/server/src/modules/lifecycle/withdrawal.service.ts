/**
 * A student's withdrawal (退会, decision 072): by the office, or by the student on the my-page. The live
 * applications of courses not yet ended are cancelled through the same path as a cancel (a freed seat goes to
 * the top 補欠), the sessions, reset links and calendar feed end, and the record becomes '4' 退会: it logs
 * nobody in, is mailed nothing, and follows the retention rule from then on. One transaction.
 */
import { APPROVAL, codeText, LOTTERY } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { LIFECYCLE_MSG, type WithdrawPreview } from '@manabi/shared/schemas/lifecycle';
import { and, asc, eq, inArray, isNull, not } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { courseApplications, courses, retentionPolicy, students } from '../../db/schema';
import { type Actor, audit, auditMany } from '../../platform/audit';
import { verifyPassword } from '../../platform/crypto';
import { AppError, invalid, notFound, seenAt, stale } from '../../platform/errors';
import { checkPasswordThrottled } from '../../platform/login-throttle';
import type { MailContext } from '../../platform/mail';
import { cancelApplications, courseEnded } from '../../repositories/course-applications';
import { endForWithdrawal } from '../../repositories/person-data';
import { lockForAct } from '../../repositories/person-locks';
import { settleCourse } from '../intake/settle';
import { heldByStudent } from '../payments/payments-books';

/** The statuses an application may still be cancelled from: waiting for the draw, won, on the waitlist. */
const CANCELLABLE = [LOTTERY.PENDING, LOTTERY.WON, LOTTERY.WAITLISTED];

/**
 * The student's applications a withdrawal cancels: live, still in play, of a course whose last class day
 * has not passed (an ended course is history, and stays as it is).
 */
function liveApplications(tx: DbOrTx, studentId: number, now: Date, lock = false) {
  const q = tx
    .select({
      id: courseApplications.id,
      courseId: courseApplications.courseId,
      courseName: courses.name,
      lotteryStatus: courseApplications.lotteryStatus,
      updatedAt: courseApplications.updatedAt,
    })
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .where(
      and(
        eq(courseApplications.studentId, studentId),
        isNull(courseApplications.cancelledAt),
        inArray(courseApplications.lotteryStatus, CANCELLABLE),
        not(courseEnded(todayTokyo(now))),
      ),
    )
    .orderBy(asc(courseApplications.courseId), asc(courseApplications.id));
  return lock ? q.for('update', { of: courseApplications }) : q;
}

async function keptYears(db: DbOrTx): Promise<number> {
  const [p] = await db.select({ y: retentionPolicy.withdrawnYears }).from(retentionPolicy);
  return p?.y ?? 5;
}

/** What withdrawing the student would do; 404 unless the record is an approved student's. */
export async function withdrawPreview(db: Db, studentId: number, now = new Date()): Promise<WithdrawPreview> {
  const [s] = await db
    .select({
      id: students.id,
      loginId: students.loginId,
      name: students.name,
      approvalStatus: students.approvalStatus,
      updatedAt: students.updatedAt,
    })
    .from(students)
    .where(eq(students.id, studentId));
  if (!s || s.approvalStatus !== APPROVAL.APPROVED) throw notFound();
  const apps = await liveApplications(db, studentId, now);
  // what she has paid is not paid back by the withdrawal itself: the office is told, course by course
  const held = await heldByStudent(db, studentId, new Set(apps.map((a) => a.id)), now);
  return {
    user_id: s.id,
    login_id: s.loginId,
    name: s.name,
    updated_at: s.updatedAt.toISOString(),
    applications: apps.map((a) => ({
      application_id: a.id,
      course_id: a.courseId,
      course_name: a.courseName,
      lottery_status: a.lotteryStatus,
      lottery_status_text: codeText('CD003', a.lotteryStatus),
      frees_seat: a.lotteryStatus === LOTTERY.WON,
    })),
    payments: held,
    kept_years: await keptYears(db),
  };
}

export interface WithdrawRequest {
  studentId: number;
  /** the record's stamp the caller saw */
  seen: string;
  by: 'office' | 'self';
  reason: string;
}

/**
 * Ends the student's participation. Locks (person-locks): the student's row, then the courses of the live
 * applications — a my-page apply or cancel takes the student's row first too, so the two take turns and an
 * apply that waited finds the record withdrawn (404). The course set is read again under the locks; an
 * office entry meanwhile is a 409.
 */
export async function withdrawStudent(
  db: Db,
  config: MailContext,
  actor: Actor,
  req: WithdrawRequest,
  now = new Date(),
): Promise<{ result: true; cancelled: number }> {
  return db.transaction(async (tx) => {
    const { students: locked, courses } = await lockForAct(tx, [req.studentId], async () => [
      ...new Set((await liveApplications(tx, req.studentId, now)).map((a) => a.courseId)),
    ]);
    const [s] = locked;
    if (!s) throw notFound();
    if (s.approvalStatus !== APPROVAL.APPROVED) throw invalid('user_id', LIFECYCLE_MSG.notActive);
    if (s.updatedAt.getTime() !== seenAt(req.seen).getTime()) throw stale();
    // the student's own applies wait on the student's row; an office entry meanwhile is a race
    const apps = await liveApplications(tx, req.studentId, now, true);
    if ([...new Set(apps.map((a) => a.courseId))].join() !== [...courses.keys()].join()) {
      throw new AppError('CONFLICT', LIFECYCLE_MSG.raced);
    }
    await cancelApplications(
      tx,
      apps.map((a) => a.id),
      now,
    );
    await auditMany(
      tx,
      apps.map((a) => ({
        actor,
        action: 'cancel' as const,
        entity: 'course_application' as const,
        entityId: a.id,
        studentId: s.id,
        detail: {
          course_id: a.courseId,
          login_id: s.loginId,
          lottery_status: a.lotteryStatus,
          withdrawal: true,
        },
      })),
    );
    await tx
      .update(students)
      .set({
        approvalStatus: APPROVAL.WITHDRAWN,
        withdrawnAt: now,
        withdrawalReason: req.reason,
        updatedAt: now,
      })
      .where(eq(students.id, s.id));
    // nobody logs in as this record from now, and no link it was sent works (the registry's withdrawal rule)
    await endForWithdrawal(tx, s.id);
    await audit(tx, {
      actor,
      action: 'withdraw',
      entity: 'student',
      entityId: s.id,
      // the reason is the office's words about the person: kept on the record (and erased with it), not here
      detail: { login_id: s.loginId, by: req.by, cancelled: apps.length, reason_given: req.reason !== '' },
    });
    // each freed seat goes to the top 補欠, as for a cancel; their mails go out after the answer
    for (const c of courses.values()) await settleCourse(tx, config, actor, c, now);
    return { result: true as const, cancelled: apps.length };
  });
}

/**
 * The student's own withdrawal: the password typed again (throttled as a login, so a left-open session cannot
 * be used to guess it) before the same transaction as the office's.
 */
export async function withdrawSelf(
  db: Db,
  config: Config,
  studentId: number,
  input: { updated_at: string; password: string },
  now = new Date(),
) {
  const [row] = await db
    .select({ passwordHash: students.passwordHash, loginId: students.loginId })
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.approvalStatus, APPROVAL.APPROVED)));
  if (!row?.loginId) throw notFound();
  const ok = await checkPasswordThrottled(db, config, 'student', row.loginId, () =>
    verifyPassword(row.passwordHash, input.password),
  );
  if (!ok) throw invalid('password', LIFECYCLE_MSG.wrongPassword);
  return withdrawStudent(
    db,
    config,
    { kind: 'student', id: studentId },
    { studentId, seen: input.updated_at, by: 'self', reason: '' },
    now,
  );
}
