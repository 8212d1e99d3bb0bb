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
import { PAYMENT_KIND, payByDeadline } from '@manabi/shared/domain/fees';
import { and, asc, Column, eq, is, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications, courseFees, courses, payments } from '../db/schema';
import { rowsOf } from '../db/statements';
import { anyOf, arrayLiteral, qualified, sqlLiteral } from '../platform/sql';
import { chargeWinners, setPaidAt } from './course-applications';

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

/**
 * The net amount paid of the application `applicationId` names (received less refunded, voided rows left out),
 * as SQL: the one spelling of that sum (a house rule, scripts/check-house-rules.mjs), read by the payment
 * screens, the bank file, paid_at's refresh, the books and the my-page's history. The refund's code is written
 * into the SQL, as prepared reads need (decision 029).
 */
export const netPaidOf = (applicationId: Column | SQL) => {
  // a column is written qualified: Drizzle leaves it bare in a single-table select list, where the
  // subquery would bind it to its own payments row
  const id = is(applicationId, Column) ? qualified(applicationId.table, applicationId) : applicationId;
  return sql<number>`(SELECT coalesce(sum(CASE WHEN p.kind = ${sqlLiteral(PAYMENT_KIND.REFUNDED)} THEN -p.amount ELSE p.amount END), 0)::int
    FROM ${payments} p WHERE p.application_id = ${id} AND p.voided_at IS NULL)`.mapWith(Number);
};

/**
 * The Tokyo day the money last came in for the application `applicationId` names ('YYYY-MM-DD', null when
 * none): the newest paid_on of its payments received and not voided — the day its receipt is dated, which the
 * my-page's 「入金を確認しました（…）」 names too, so the two never disagree.
 */
export const receivedOnOf = (applicationId: Column | SQL) => {
  const id = is(applicationId, Column) ? qualified(applicationId.table, applicationId) : applicationId;
  return sql<string | null>`(SELECT max(p.paid_on)::text FROM ${payments} p
    WHERE p.application_id = ${id} AND p.voided_at IS NULL AND p.kind = ${sqlLiteral(PAYMENT_KIND.RECEIVED)})`;
};

/** The day the money last came in ({@link receivedOnOf}) for each of these applications that has one. */
export async function receivedOn(
  tx: DbOrTx,
  applicationIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = await receiptsOf(tx, applicationIds);
  return new Map([...ids].map(([id, list]) => [id, list[list.length - 1]?.paidOn ?? '']));
}

/** The net amount paid ({@link netPaidOf}) of each of these applications that has a payment not voided. */
export async function netPaid(tx: DbOrTx, applicationIds: readonly number[]): Promise<Map<number, number>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinct({ id: payments.applicationId, net: netPaidOf(payments.applicationId) })
    .from(payments)
    .where(sql`${anyOf(payments.applicationId, applicationIds, 'int')} AND ${payments.voidedAt} IS NULL`);
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
  const a = courseApplications;
  const before = await tx
    .select({ id: a.id, paidAt: a.paidAt })
    .from(a)
    .where(anyOf(a.id, applicationIds, 'int'));
  const rows = await setPaidAt(
    tx,
    applicationIds,
    sql`CASE WHEN ${a.amountDue} IS NOT NULL AND ${netPaidOf(a.id)} >= ${a.amountDue}
        THEN coalesce(${a.paidAt}, ${now}::timestamptz) ELSE NULL END`,
  );
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
  return chargeWinners(tx, rule.courseId, applicationIds, {
    amountDue: sql`greatest(${tuition}, 0) + greatest(coalesce(${courses.materialCost}, 0), 0)`,
    payBy,
  });
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

/** The receipt number a payment takes from the sequence (「R-000123」) when the office leaves it blank. */
export const NEXT_RECEIPT = Symbol('the next generated receipt number');

/** The SQL of the next generated receipt number, 「R-000123」. */
const nextReceiptNo = sql`'R-' || lpad(nextval('payment_receipt_seq')::text, 6, '0')`;

/** A payment row to record: one by the office's hand, or the bank file's lines. */
export interface NewPayment {
  applicationId: number;
  courseId: number;
  studentId: number;
  /** PAYMENT_KIND */
  kind: string;
  amount: number;
  /** 'YYYY-MM-DD' */
  paidOn: string;
  method: string;
  /** the office's own number, {@link NEXT_RECEIPT} for the sequence's next, null for none (a refund) */
  receiptNo: string | null | typeof NEXT_RECEIPT;
  note: string;
  source: 'manual' | 'bank';
  payerName?: string;
  bankRef?: string | null;
  recordedBy: number | null;
}

/** A payment as {@link insertPayments} wrote it. */
export interface RecordedPayment {
  id: number;
  applicationId: number;
  courseId: number;
  amount: number;
  paidOn: string;
  method: string;
  receiptNo: string | null;
}

/**
 * Records payments (the caller holds their courses' locks and refreshes paid_at after): the one insert of a
 * payment (a house rule, scripts/check-house-rules.mjs), for one row or a bank file's thousands alike. The
 * values travel as one array per column (decision 023); generated receipt numbers are drawn in the rows'
 * order. Answers the rows written, in that order.
 */
export async function insertPayments(
  tx: DbOrTx,
  rows: readonly NewPayment[],
  now: Date,
): Promise<RecordedPayment[]> {
  if (rows.length === 0) return [];
  const column = (f: (r: NewPayment) => string | number | boolean | null, type: string) =>
    sql`${sql.param(arrayLiteral(rows.map(f)))}::${sql.raw(type)}[]`;
  const written = await rowsOf<{
    id: number;
    application_id: number;
    course_id: number;
    amount: number;
    paid_on: string;
    method: string;
    receipt_no: string | null;
  }>(
    tx,
    sql`
    insert into ${payments} (application_id, course_id, student_id, kind, amount, paid_on, method, receipt_no,
      note, source, payer_name, bank_ref, recorded_by, created_at, updated_at)
    select u.app, u.course, u.student, u.kind, u.amount, u.paid_on::date, u.method,
      case when u.generated then ${nextReceiptNo} else u.receipt end, u.note, u.source, u.payer, u.ref, u.recorder,
      ${now}::timestamptz, ${now}::timestamptz
    from unnest(${column((r) => r.applicationId, 'int')}, ${column((r) => r.courseId, 'int')},
      ${column((r) => r.studentId, 'int')}, ${column((r) => r.kind, 'text')}, ${column((r) => r.amount, 'int')},
      ${column((r) => r.paidOn, 'text')}, ${column((r) => r.method, 'text')},
      ${column((r) => (typeof r.receiptNo === 'string' ? r.receiptNo : null), 'text')},
      ${column((r) => r.receiptNo === NEXT_RECEIPT, 'boolean')}, ${column((r) => r.note, 'text')},
      ${column((r) => r.source, 'text')}, ${column((r) => r.payerName ?? '', 'text')},
      ${column((r) => r.bankRef ?? null, 'text')}, ${column((r) => r.recordedBy, 'int')})
      with ordinality as u(app, course, student, kind, amount, paid_on, method, receipt, generated, note, source,
        payer, ref, recorder, n)
    order by u.n
    returning id, application_id, course_id, amount, paid_on::text as paid_on, method, receipt_no`,
  );
  return written.map((r) => ({
    id: Number(r.id),
    applicationId: Number(r.application_id),
    courseId: Number(r.course_id),
    amount: Number(r.amount),
    paidOn: r.paid_on,
    method: r.method,
    receiptNo: r.receipt_no,
  }));
}
