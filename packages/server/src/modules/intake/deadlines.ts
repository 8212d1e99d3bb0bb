/**
 * The deadline job's rule for one course (decisions 015, 077): winners past their confirm-by deadline lapse
 * (辞退), and, when the course's fee rule lapses unpaid seats by itself, winners unpaid past their pay-by
 * deadline lapse too (辞退（未入金）); each is told once, and their seats go to the waitlist.
 * jobs/intake-deadlines.ts runs it course by course.
 */
import type { DbOrTx } from '../../db/client';
import { type Actor, audit } from '../../platform/audit';
import type { MailContext } from '../../platform/mail';
import {
  type Course,
  declineApplication,
  dueWinners,
  unpaidWinners,
} from '../../repositories/course-applications';
import { feeRuleOf } from '../../repositories/payments';
import { tellStudent } from './results';
import { settleCourse } from './settle';

/**
 * The deadline job's work for one course (the caller locked it): every live winner past confirm_by lapses,
 * then every live winner still unpaid past pay_by (read under the lock: a payment committed first keeps the
 * seat) when the course's rule says so; each row keeps the deadline it missed, each student is told which
 * and whom to call (decision 087), and the freed seats are refilled. Returns how many lapsed.
 */
export async function lapseDue(
  tx: DbOrTx,
  mail: MailContext,
  course: Course,
  now = new Date(),
): Promise<number> {
  const due = await dueWinners(tx, course.id, now);
  const system: Actor = { kind: 'system', id: null };
  for (const a of due) {
    const row = await declineApplication(tx, a.id, 'lapsed', now);
    await audit(tx, {
      actor: system,
      action: 'lapse',
      entity: 'course_application',
      entityId: a.id,
      studentId: a.studentId,
      detail: {
        course_id: course.id,
        confirm_by: a.confirmBy?.toISOString(),
      },
    });
    await tellStudent(
      tx,
      mail,
      a.studentId,
      `lapse:${a.id}`,
      { kind: 'lapsed', course, application: row, lapsedDeadline: row.lapsedDeadline },
      now,
    );
  }
  const rule = await feeRuleOf(tx, course.id);
  const unpaid = rule.required && rule.autoLapse ? await unpaidWinners(tx, course.id, now) : [];
  for (const a of unpaid) {
    const row = await declineApplication(tx, a.id, 'unpaid', now);
    await audit(tx, {
      actor: system,
      action: 'lapse_unpaid',
      entity: 'course_application',
      entityId: a.id,
      studentId: a.studentId,
      detail: {
        course_id: course.id,
        amount_due: a.amountDue,
        pay_by: a.payBy?.toISOString(),
      },
    });
    await tellStudent(
      tx,
      mail,
      a.studentId,
      `unpaid:${a.id}`,
      { kind: 'unpaid', course, application: row, lapsedDeadline: row.lapsedDeadline },
      now,
    );
  }
  const lapsed = due.length + unpaid.length;
  if (lapsed) await settleCourse(tx, mail, system, course, now);
  return lapsed;
}
