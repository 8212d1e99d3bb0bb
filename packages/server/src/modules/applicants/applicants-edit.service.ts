import { LOTTERY } from '@manabi/shared/codes';
import { APPLICANT_MSG, type ApplicantTableRow, SESSION_NUMBERS } from '@manabi/shared/schemas/applicant';
import type { Db } from '../../db/client';
import type { courseApplications } from '../../db/schema';
import { type Actor, type AuditEntry, audit, auditMany, changesOf } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import {
  cancelApplication,
  latestApplication,
  updateAttendance,
} from '../../repositories/course-applications';
import { chargeWon, refundOnCancel } from '../intake/fees';
import { settleCourse } from '../intake/settle';
import { loadCourse } from './applicants.service';

/**
 * The office's writes of a course's applications: the inline table update, the detail's update and the
 * cancel, each in one transaction under the course lock, audited; a change that frees a seat settles the
 * course in the same transaction. 申込者追加 is applicants-add.service.ts's.
 */

const ENTITY = 'course_application';

// ---- 3. inline table update ----

export async function updateApplicantTable(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: { course_id: number; rows: ApplicantTableRow[] },
) {
  return db.transaction(async (tx) => {
    // the course lock: a status change may free a seat (settleCourse below)
    const course = await loadCourse(tx, input.course_id, true);
    const now = new Date();
    const changed: number[] = [];
    // each application's own entry, what it changed before → after (the batch's entry names them all)
    const entries: AuditEntry[] = [];
    for (const row of input.rows) {
      const current = await latestApplication(tx, course.id, row.student_id);
      if (!current) throw invalid(`student_id_${row.n}`, APPLICANT_MSG.noApplication);
      checkLotteryChange(current, row.lottery_status, `lottery_status_${row.n}`);
      // any stale row throws: the whole batch rolls back and nothing is written
      const done = await updateAttendance(
        tx,
        current,
        {
          lotteryStatus: row.lottery_status,
          attendanceStatus: row.attendance_status,
          acquisitionUnit: row.acquisition_unit,
          attendance: row.attendance,
        },
        { seen: row.updated_at, now, flagged: row.is_update_attendance },
      );
      changed.push(done.id);
      const diff = changesOf(applicantState(current), applicantState(done), { shown: APPLICANT_CHANGES });
      if (Object.keys(diff.changes).length > 0)
        entries.push({
          actor,
          action: 'update',
          entity: ENTITY,
          entityId: done.id,
          studentId: done.studentId,
          courseId: course.id,
          detail: diff,
        });
    }
    await auditMany(tx, entries);
    if (changed.length) {
      // a row the office made 当選 is charged under the course's fee rule (decision 077)
      await chargeWon(tx, mail, course.id, changed, now);
      await audit(tx, {
        actor,
        action: 'update_batch',
        entity: ENTITY,
        detail: { course_id: course.id, ids: changed },
      });
      await settleCourse(tx, mail, actor, course, now);
    }
    return { result: true as const, count: changed.length };
  });
}

/** Cancelling has its own call (it checks the course allows it); a cancelled application stays cancelled. */
function checkLotteryChange(
  current: typeof courseApplications.$inferSelect,
  lotteryStatus: string,
  field: string,
) {
  const isCancelled = current.cancelledAt !== null;
  if (!isCancelled && lotteryStatus === LOTTERY.CANCELLED)
    throw invalid(field, APPLICANT_MSG.cancelViaCancel);
  if (isCancelled && lotteryStatus !== LOTTERY.CANCELLED) throw invalid(field, APPLICANT_MSG.cancelledStays);
}

// ---- 5. add applicant: applicants-add.service.ts ----

// ---- 7. detail update ----

/** An application as its update's entry compares it: the seat, the attendance of each class, the units. */
const applicantState = (a: {
  lotteryStatus: string;
  attendanceStatus: string;
  acquisitionUnit: number;
  remarks: string;
  attendance: readonly string[];
}) => ({
  lotteryStatus: a.lotteryStatus,
  attendanceStatus: a.attendanceStatus,
  acquisitionUnit: a.acquisitionUnit,
  remarks: a.remarks,
  ...Object.fromEntries(SESSION_NUMBERS.map((n) => [`attendance${n}`, a.attendance[n - 1] ?? null])),
});
const APPLICANT_CHANGES = [
  'lotteryStatus',
  'attendanceStatus',
  'acquisitionUnit',
  'remarks',
  ...SESSION_NUMBERS.map((n) => `attendance${n}`),
];

export async function updateApplicant(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: {
    course_id: number;
    user_id: number;
    lottery_status: string;
    attendance_status: string;
    acquisition_unit: string;
    remarks: string;
    updated_at: string;
  } & Record<`attendance${number}`, string>,
) {
  return db.transaction(async (tx) => {
    const course = await loadCourse(tx, input.course_id, true);
    const current = await latestApplication(tx, course.id, input.user_id);
    if (!current) throw notFound();
    checkLotteryChange(current, input.lottery_status, 'lottery_status');
    const attendance = SESSION_NUMBERS.map((i) => input[`attendance${i}`] as string);
    const row = await updateAttendance(
      tx,
      current,
      {
        lotteryStatus: input.lottery_status,
        attendanceStatus: input.attendance_status,
        attendance,
        acquisitionUnit: Number(input.acquisition_unit),
        remarks: input.remarks,
      },
      { seen: input.updated_at },
    );
    await audit(tx, {
      actor,
      action: 'update',
      entity: ENTITY,
      entityId: row.id,
      studentId: row.studentId,
      courseId: course.id,
      detail: {
        lottery_status: row.lotteryStatus,
        attendance_status: row.attendanceStatus,
        acquisition_unit: row.acquisitionUnit,
        ...changesOf(applicantState(current), applicantState(row), { shown: APPLICANT_CHANGES }),
      },
    });
    await chargeWon(tx, mail, course.id, [row.id], new Date());
    await settleCourse(tx, mail, actor, course);
    return { result: true as const };
  });
}

// ---- 8. cancel ----

export async function cancelApplicant(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: { course_id: number; user_id: number; updated_at: string },
) {
  return db.transaction(async (tx) => {
    // the course row lock, as the student's own cancel takes it: seat changes on a course take turns
    const course = await loadCourse(tx, input.course_id, true);
    const current = await latestApplication(tx, course.id, input.user_id);
    if (!current) throw notFound();
    if (!course.isCancelable) throw invalid('course_id', APPLICANT_MSG.notCancelable);
    if (current.cancelledAt !== null) throw invalid('user_id', APPLICANT_MSG.alreadyCancelled);
    await cancelApplication(tx, current, { seen: input.updated_at });
    const row = current;
    // a paid seat's cancellation records what the refund rule gives back (decision 077)
    const refund = current.amountDue === null ? null : await refundOnCancel(tx, course, current, new Date());
    await audit(tx, {
      actor,
      action: 'cancel',
      entity: ENTITY,
      entityId: row.id,
      detail: {
        course_id: course.id,
        student_id: current.studentId,
        previous_lottery_status: current.lotteryStatus,
        ...(refund && refund.net > 0 ? { net_paid: refund.net, refund_due: refund.refundDue } : {}),
      },
    });
    // a winner's cancel frees a seat: the top 補欠 moves up in this same transaction
    await settleCourse(tx, mail, actor, course);
    return { result: true as const };
  });
}
