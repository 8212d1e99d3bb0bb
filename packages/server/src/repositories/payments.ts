/**
 * The fees' shared writes (decision 077): a course's fee rule, and the one rule that turns recorded payments
 * into a paid seat. Several modules need them (the intake's deadlines and promotions read the rule; the
 * payment screens, the bank file and the lapse read or refresh `paid_at`), so they live here.
 *
 * Locking: every write that records, corrects or voids a payment runs with the course's row lock held
 * (repositories/course-applications `lockCourse`), as the deadline job's lapse does (`tryLockCourse`, SKIP
 * LOCKED), and the lapse reads `paid_at` again under that lock. So a payment and a lapse of the same seat
 * take turns: a payment committed first keeps the seat; the job never waits for a payment in progress (it
 * skips the course until the next round).
 */
import { LOTTERY } from '@manabi/shared/codes';
import { PAYMENT_KIND, payByDeadline } from '@manabi/shared/domain/fees';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications, courseFees, courses, payments } from '../db/schema';
import { anyOf } from '../platform/sql';

export type FeeRule = typeof courseFees.$inferSelect;

/** The course's fee rule, or the default (no payment asked before the first class). */
export async function feeRuleOf(tx: DbOrTx, courseId: number): Promise<FeeRule> {
  const [row] = await tx.select().from(courseFees).where(eq(courseFees.courseId, courseId));
  return row ?? defaultFeeRule(courseId);
}

/** The rule of a course that has none saved. */
export const defaultFeeRule = (courseId: number): FeeRule => ({
  courseId,
  required: false,
  howToPay: '',
  payDays: null,
  payByDate: null,
  autoLapse: true,
  refundDays: null,
  refundNote: '',
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** The net amount paid (received less refunded, voided rows left out) of each application. */
export async function netPaid(tx: DbOrTx, applicationIds: readonly number[]): Promise<Map<number, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: payments.applicationId,
      net: sql<number>`coalesce(sum(CASE WHEN ${payments.kind} = ${PAYMENT_KIND.REFUNDED} THEN -${payments.amount} ELSE ${payments.amount} END), 0)::int`,
    })
    .from(payments)
    .where(sql`${anyOf(payments.applicationId, applicationIds, 'int')} AND ${payments.voidedAt} IS NULL`)
    .groupBy(payments.applicationId);
  return new Map(rows.map((r) => [r.id, r.net]));
}

/** A payment that has a receipt: received (not a refund), not voided, numbered. */
export const isReceipt = and(
  eq(payments.kind, PAYMENT_KIND.RECEIVED),
  isNull(payments.voidedAt),
  isNotNull(payments.receiptNo),
);

/** A payment with a receipt, as a seat's list shows it. */
export interface ReceiptRow {
  id: number;
  receiptNo: string;
  paidOn: string;
  amount: number;
}

/**
 * The receipts of these applications, oldest first: each payment received, not voided, with its number (the
 * my-page lists' 領収書 links). One statement by the application index; none asked, none read.
 */
export async function receiptsOf(
  tx: DbOrTx,
  applicationIds: readonly number[],
): Promise<Map<number, ReceiptRow[]>> {
  const out = new Map<number, ReceiptRow[]>();
  if (applicationIds.length === 0) return out;
  const rows = await tx
    .select({
      applicationId: payments.applicationId,
      id: payments.id,
      receiptNo: payments.receiptNo,
      paidOn: payments.paidOn,
      amount: payments.amount,
    })
    .from(payments)
    .where(and(anyOf(payments.applicationId, applicationIds, 'int'), isReceipt))
    .orderBy(asc(payments.paidOn), asc(payments.id));
  for (const r of rows) {
    const list = out.get(r.applicationId) ?? [];
    list.push({ id: r.id, receiptNo: r.receiptNo ?? '', paidOn: r.paidOn, amount: r.amount });
    out.set(r.applicationId, list);
  }
  return out;
}

/**
 * After payments of these applications were recorded, corrected or voided (the caller holds the course lock):
 * a seat whose net payments cover its amount_due is paid (paid_at kept from the first time it was), one that
 * no longer is becomes unpaid again. One statement for all of them. Returns the ids that became paid.
 */
export async function refreshPaidAt(
  tx: DbOrTx,
  applicationIds: readonly number[],
  now = new Date(),
): Promise<number[]> {
  if (applicationIds.length === 0) return [];
  const net = sql`(SELECT coalesce(sum(CASE WHEN p.kind = ${PAYMENT_KIND.REFUNDED} THEN -p.amount ELSE p.amount END), 0)
      FROM ${payments} p WHERE p.application_id = ${courseApplications.id} AND p.voided_at IS NULL)`;
  const before = await tx
    .select({ id: courseApplications.id, paidAt: courseApplications.paidAt })
    .from(courseApplications)
    .where(anyOf(courseApplications.id, applicationIds, 'int'));
  const rows = await tx
    .update(courseApplications)
    .set({
      paidAt: sql`CASE WHEN ${courseApplications.amountDue} IS NOT NULL AND ${net} >= ${courseApplications.amountDue}
        THEN coalesce(${courseApplications.paidAt}, ${now}::timestamptz) ELSE NULL END`,
    })
    .where(anyOf(courseApplications.id, applicationIds, 'int'))
    .returning({ id: courseApplications.id, paidAt: courseApplications.paidAt });
  const wasPaid = new Set(before.filter((r) => r.paidAt !== null).map((r) => r.id));
  return rows.filter((r) => r.paidAt !== null && !wasPaid.has(r.id)).map((r) => r.id);
}

/**
 * Charges seats under the course's fee rule (the caller holds the course lock): each of these live winners
 * that has no amount_due yet gets what its seat costs (受講料 + 教材費, the aided tuition when aid_tuition_fee)
 * and its pay-by deadline. A course that asks no payment before the first class charges nothing. Called when
 * a seat is won or moved up, and when the office turns payment on for a course that already has winners.
 * One statement, the ids as one array parameter (a draw may win a 99,999-seat course). Returns the ids charged.
 */
export async function chargeSeats(
  tx: DbOrTx,
  rule: FeeRule,
  applicationIds: readonly number[] | 'all-winners',
  daySeconds: number,
  now = new Date(),
): Promise<number[]> {
  if (!rule.required || (applicationIds !== 'all-winners' && applicationIds.length === 0)) return [];
  const payBy = payByDeadline(rule, daySeconds, now);
  const tuition = sql`CASE WHEN ${courseApplications.aidTuitionFee} AND ${courses.tuitionFee1} IS NOT NULL
      THEN ${courses.tuitionFee1} ELSE coalesce(${courses.tuitionFee}, 0) END`;
  const which =
    applicationIds === 'all-winners'
      ? eq(courseApplications.courseId, rule.courseId)
      : anyOf(courseApplications.id, applicationIds, 'int');
  const rows = await tx
    .update(courseApplications)
    .set({
      amountDue: sql`greatest(${tuition}, 0) + greatest(coalesce(${courses.materialCost}, 0), 0)`,
      payBy,
    })
    .from(courses)
    .where(
      and(
        which,
        eq(courses.id, courseApplications.courseId),
        eq(courseApplications.courseId, rule.courseId),
        eq(courseApplications.lotteryStatus, LOTTERY.WON),
        isNull(courseApplications.cancelledAt),
        isNull(courseApplications.amountDue),
      ),
    )
    .returning({ id: courseApplications.id });
  return rows.map((r) => r.id);
}

/** The rule's columns the office sets. */
export type FeeRuleInput = Pick<
  FeeRule,
  'required' | 'howToPay' | 'payDays' | 'payByDate' | 'autoLapse' | 'refundDays' | 'refundNote'
>;

/** Saves the course's fee rule (insert or replace; the caller holds the course lock). Returns the row. */
export async function saveFeeRule(
  tx: DbOrTx,
  courseId: number,
  rule: FeeRuleInput,
  now = new Date(),
): Promise<FeeRule> {
  const [row] = await tx
    .insert(courseFees)
    .values({ courseId, ...rule, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: courseFees.courseId, set: { ...rule, updatedAt: now } })
    .returning();
  if (!row) throw new Error('course_fees upsert returned nothing');
  return row;
}
