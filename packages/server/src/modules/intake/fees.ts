/**
 * Charging a seat when it is won (decision 077): the draw's winners, a promotion, a first-come seat and the
 * office's 当選 by hand all call {@link chargeWon} in their transaction, under the course lock, with the
 * configured length of a day (the confirm deadline's), so the seat's amount and pay-by deadline are fixed the
 * moment it is won. {@link seatFee} turns a charged row into the words' input.
 */
import { todayTokyo } from '@manabi/shared/domain/dates';
import { refundDue } from '@manabi/shared/domain/fees';
import type { SeatFee } from '@manabi/shared/domain/intake';
import type { DbOrTx } from '../../db/client';
import { courseApplications } from '../../db/schema';
import type { MailContext } from '../../platform/mail';
import { anyOf } from '../../platform/sql';
import type { Application, Course } from '../../repositories/course-applications';
import { firstClassOf } from '../../repositories/course-sessions';
import { chargeSeats, type FeeRule, feeRuleOf, netPaid } from '../../repositories/payments';

/** Charges these seats (those that are live winners without an amount yet) under the course's rule. */
export async function chargeWon(
  tx: DbOrTx,
  mail: Pick<MailContext, 'confirmDaySeconds'>,
  courseId: number,
  ids: readonly number[] | 'all-winners',
  now: Date,
): Promise<{ rule: FeeRule; charged: number[] }> {
  const rule = await feeRuleOf(tx, courseId);
  const charged = await chargeSeats(tx, rule, ids, mail.confirmDaySeconds, now);
  return { rule, charged };
}

/** The rows of these applications as they are now (after a charge). */
export async function applicationsByIds(tx: DbOrTx, ids: readonly number[]): Promise<Application[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(courseApplications)
    .where(anyOf(courseApplications.id, ids, 'int'));
}

/** What a charged seat is told to pay; null for a seat with nothing to pay. */
export function seatFee(
  rule: Pick<FeeRule, 'howToPay' | 'autoLapse'>,
  a: Pick<Application, 'amountDue' | 'payBy' | 'paidAt'>,
): SeatFee | null {
  if (!a.amountDue || a.paidAt) return null;
  return {
    amount: a.amountDue,
    payBy: a.payBy?.toISOString() ?? null,
    howToPay: rule.howToPay,
    autoLapse: rule.autoLapse,
  };
}

/**
 * What cancelling this seat today gives back under the course's refund rule (decision 077): the net payments
 * and the refund due (everything paid when cancelled at least refund_days days before the first class). A
 * seat never charged has no payment (one is recorded only against a charge, decision 078): nothing is read
 * for it. `rule` is the course's when the caller has read it already (the cancel view joins it).
 */
export async function refundOnCancel(
  tx: DbOrTx,
  course: Pick<Course, 'id' | 'startDate'>,
  application: Pick<Application, 'id' | 'amountDue'>,
  now: Date,
  known?: FeeRule,
): Promise<{ rule: FeeRule; net: number; refundDue: number }> {
  const rule = known ?? (await feeRuleOf(tx, course.id));
  if (application.amountDue === null) return { rule, net: 0, refundDue: 0 };
  const net = (await netPaid(tx, [application.id])).get(application.id) ?? 0;
  if (net <= 0) return { rule, net, refundDue: 0 };
  const firstClassDay = (await firstClassOf(tx, course.id))?.day ?? course.startDate ?? null;
  return {
    rule,
    net,
    refundDue: refundDue({ refundDays: rule.refundDays, firstClassDay, cancelDay: todayTokyo(now), net }),
  };
}
