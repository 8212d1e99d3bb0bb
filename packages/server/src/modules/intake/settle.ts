/**
 * Keeping a course's seats and waitlist consistent (decision 015): after any write that may change who holds
 * a seat, places are renumbered and free seats go to the top of the waitlist (繰り上げ当選). Every function
 * runs in the caller's transaction with the course's row lock held, so per course the draw, a cancel, a
 * decline, a lapse and a promotion take turns: a freed seat promotes exactly one person.
 */
import { todayTokyo } from '@manabi/shared/domain/dates';
import type { DbOrTx } from '../../db/client';
import { type Actor, audit } from '../../platform/audit';
import type { MailContext } from '../../platform/mail';
import {
  type Application,
  type Course,
  promoteApplication,
  renumberWaitlist,
  settleState,
  topOfWaitlist,
} from '../../repositories/course-applications';
import { defaultIntake, type IntakeSettings } from '../../repositories/course-intake';
import { firstClassOf } from '../../repositories/course-sessions';
import { applicationsByIds, chargeWon, seatFee } from './fees';
import { tellStudent } from './results';
import { deadline } from './settings';

/**
 * After any write that may change who holds a seat: a row that is no longer 補欠 gives its place up, the
 * live 補欠 are numbered 1..k again (a new one last), and free seats are filled from the top of the waitlist
 * (when the course promotes automatically and the promotion period has not ended), after which the rest move
 * up once more. A 補欠 always reads its current place; the draw's own places stay in its run record.
 * Idempotent. Returns the promoted rows.
 */
export async function settleCourse(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  now = new Date(),
): Promise<Application[]> {
  const [state] = await settleState(tx, { courseId: course.id });
  await renumberWaitlist(tx, course.id);
  const intake = state?.intake ?? defaultIntake(course.id);
  if (!intake.autoPromote) return [];
  if (intake.promoteUntil && todayTokyo(now) > intake.promoteUntil) return [];
  const seats = intake.seats ?? (course.isLottery ? null : course.capacity);
  if (seats === null) return [];
  const promoted: Application[] = [];
  // nobody waiting: no promotion to look for
  if (!state?.waiting) return [];
  let free = seats - state.winners;
  while (free > 0) {
    const top = await topOfWaitlist(tx, course.id);
    if (!top) break;
    promoted.push(await promote(tx, mail, actor, course, intake, top, now));
    free -= 1;
  }
  if (promoted.length) await renumberWaitlist(tx, course.id);
  return promoted;
}

/**
 * Moves one 補欠 up: 当選, place given up, a deadline when the course asks winners to confirm, charged under the
 * course's fee rule with its own pay-by deadline; told.
 */
export async function promote(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  intake: IntakeSettings,
  application: Application,
  now: Date,
): Promise<Application> {
  const confirmBy = deadline(mail, intake.confirmDays, now);
  const promoted = await promoteApplication(tx, application.id, confirmBy, now);
  const { rule, charged } = await chargeWon(tx, mail, course.id, [promoted.id], now);
  const row = charged.length ? ((await applicationsByIds(tx, charged))[0] ?? promoted) : promoted;
  await audit(tx, {
    actor,
    action: 'promote',
    entity: 'course_application',
    entityId: row.id,
    studentId: row.studentId,
    detail: {
      course_id: course.id,
      waitlist_rank: application.waitlistRank,
      confirm_by: confirmBy?.toISOString() ?? null,
      ...(charged.length ? { amount_due: row.amountDue, pay_by: row.payBy?.toISOString() ?? null } : {}),
    },
  });
  await tellStudent(
    tx,
    mail,
    row.studentId,
    `promote:${row.id}:${now.getTime()}`,
    {
      kind: 'promoted',
      course,
      application: row,
      firstClass: await firstClassOf(tx, course.id),
      fee: seatFee(rule, row),
    },
    now,
  );
  return row;
}
