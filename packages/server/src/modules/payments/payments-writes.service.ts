/**
 * The office's writes of a payment (decision 078): one, several, a correction, a void, a refund.
 *
 * Every write runs in one transaction that takes the seats' students' and the course's locks first, in the one
 * order (`lockForPayments`, decision 082), then writes,
 * then refreshes the seats' paid_at (`refreshPaidAt`): the deadline job lapses a seat only under the same lock
 * and reads paid_at again under it, so a payment committed first keeps its seat.
 */
import { PAYMENT_KIND, yenText } from '@manabi/shared/domain/fees';
import {
  PAYMENT_MSG,
  type PaymentAddBody,
  type PaymentBulkBody,
  type PaymentRefundBody,
  type PaymentUpdateBody,
  type PaymentVoidBody,
} from '@manabi/shared/schemas/payments';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { courseApplications, payments } from '../../db/schema';
import { type Actor, audit, auditMany } from '../../platform/audit';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import { isUniqueViolation, qualified } from '../../platform/sql';
import {
  insertPayments,
  NEXT_RECEIPT,
  type NewPayment,
  netPaidOf,
  refreshPaidAt,
} from '../../repositories/payments';
import { lockForPayments } from '../../repositories/person-locks';
import { courseFor, isGone } from './payments.service';

/** A number the office types may not look like a generated one: the two could meet. */
const GENERATED = /^R-\d+$/;

// ---- writes ----

/** The application and its course, read before the lock to know which course to lock. */
async function applicationOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: courseApplications.id,
      courseId: courseApplications.courseId,
      studentId: courseApplications.studentId,
    })
    .from(courseApplications)
    .where(eq(courseApplications.id, id));
  if (!row) throw invalid('application_id', '申込が見つかりません');
  return row;
}

/** Under the course lock: the seat as it is now, with its net. */
async function seatNow(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: courseApplications.id,
      courseId: courseApplications.courseId,
      studentId: courseApplications.studentId,
      amountDue: courseApplications.amountDue,
      lotteryStatus: courseApplications.lotteryStatus,
      cancelledAt: courseApplications.cancelledAt,
      net: netPaidOf(qualified(courseApplications, courseApplications.id)),
    })
    .from(courseApplications)
    .where(eq(courseApplications.id, id));
  if (!row) throw invalid('application_id', '申込が見つかりません');
  return row;
}

const receiptTaken = (e: unknown) => isUniqueViolation(e, 'payments_receipt_no_uq');

async function refusingTakenReceipt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (receiptTaken(e)) throw invalid('receipt_no', PAYMENT_MSG.receiptInUse);
    throw e;
  }
}

/**
 * Writes one row of a seat's money — a payment received or a refund — by the office's hand (the caller holds
 * the course lock), refreshes the seat's paid_at and audits it.
 */
async function writeRow(
  tx: DbOrTx,
  actor: Actor,
  seat: { id: number; courseId: number; studentId: number },
  now: Date,
  action: 'payment_record' | 'refund',
  // a receipt number may be the sequence's next, drawn in the insert itself
  values: Pick<NewPayment, 'kind' | 'amount' | 'paidOn' | 'method' | 'receiptNo' | 'note'>,
) {
  const [row] = await insertPayments(
    tx,
    [
      {
        ...values,
        applicationId: seat.id,
        courseId: seat.courseId,
        studentId: seat.studentId,
        source: 'manual',
        recordedBy: actor.id,
      },
    ],
    now,
  );
  if (!row) throw new Error(`${action}: the insert returned nothing`);
  await refreshPaidAt(tx, [seat.id], now);
  await audit(tx, {
    actor,
    action,
    entity: 'payment',
    entityId: row.id,
    studentId: seat.studentId,
    courseId: seat.courseId,
    detail: {
      application_id: seat.id,
      amount: row.amount,
      paid_on: row.paidOn,
      method: row.method,
      ...(row.receiptNo === null ? {} : { receipt_no: row.receiptNo }),
    },
  });
  return row;
}

/**
 * One payment received. A seat that lapsed or was cancelled may still be paid (the money came): it then
 * shows 払いすぎ（返金が必要） with its refund owed, and the office pays it back. A seat never charged (no
 * amount_due) is refused: nothing was asked of it.
 */
export async function addPayment(db: Db, actor: Actor, body: PaymentAddBody, now = new Date()) {
  if (GENERATED.test(body.receipt_no))
    throw invalid('receipt_no', '「R-」で始まる番号は自動でつける番号です。空欄にしてください');
  const app = await applicationOf(db, body.application_id);
  return refusingTakenReceipt(() =>
    db.transaction(async (tx) => {
      await lockForPayments(tx, [app.studentId], [app.courseId]);
      const seat = await seatNow(tx, app.id);
      if (seat.amountDue === null) throw invalid('application_id', PAYMENT_MSG.notCharged);
      const row = await writeRow(tx, actor, seat, now, 'payment_record', {
        kind: PAYMENT_KIND.RECEIVED,
        amount: Number(body.amount),
        paidOn: body.paid_on,
        method: body.method,
        receiptNo: body.receipt_no === '' ? NEXT_RECEIPT : body.receipt_no,
        note: body.note,
      });
      return { result: true as const, payment_id: row.id, receipt_no: row.receiptNo };
    }),
  );
}

/**
 * Several seats of one course paid at once (those selected on the course's 入金の管理): each gets one payment of
 * what it still owes. Seats owing nothing are left as they are (counted as skipped); none owing anything is a 422.
 * One insert for all, one refresh, one audit statement.
 */
export async function addPayments(db: Db, actor: Actor, body: PaymentBulkBody, now = new Date()) {
  const ids = [...new Set(body.application_ids)];
  await courseFor(db, null, body.course_id);
  const holders = await db
    .selectDistinct({ studentId: courseApplications.studentId })
    .from(courseApplications)
    .where(inArray(courseApplications.id, ids));
  return db.transaction(async (tx) => {
    await lockForPayments(
      tx,
      holders.map((h) => h.studentId),
      [body.course_id],
    );
    const seats = await tx
      .select({
        id: courseApplications.id,
        courseId: courseApplications.courseId,
        studentId: courseApplications.studentId,
        amountDue: courseApplications.amountDue,
        lotteryStatus: courseApplications.lotteryStatus,
        cancelledAt: courseApplications.cancelledAt,
        net: netPaidOf(qualified(courseApplications, courseApplications.id)),
      })
      .from(courseApplications)
      .where(inArray(courseApplications.id, ids));
    if (seats.length !== ids.length || seats.some((s) => s.courseId !== body.course_id)) {
      throw invalid('application_ids', PAYMENT_MSG.mixedCourses);
    }
    const owing = seats
      .filter((s) => !isGone(s) && s.amountDue !== null && s.amountDue > s.net)
      .map((s) => ({ ...s, amount: (s.amountDue ?? 0) - s.net }));
    if (owing.length === 0) throw invalid('application_ids', PAYMENT_MSG.nothingOutstanding);
    const written = await insertPayments(
      tx,
      owing.map((s) => ({
        applicationId: s.id,
        courseId: body.course_id,
        studentId: s.studentId,
        kind: PAYMENT_KIND.RECEIVED,
        amount: s.amount,
        paidOn: body.paid_on,
        method: body.method,
        receiptNo: NEXT_RECEIPT,
        note: '',
        source: 'manual' as const,
        recordedBy: actor.id,
      })),
      now,
    );
    await refreshPaidAt(
      tx,
      owing.map((s) => s.id),
      now,
    );
    const bySeat = new Map(owing.map((s) => [s.id, s]));
    await auditMany(
      tx,
      written.map((r) => ({
        actor,
        action: 'payment_record' as const,
        entity: 'payment' as const,
        entityId: r.id,
        studentId: bySeat.get(r.applicationId)?.studentId ?? null,
        courseId: body.course_id,
        detail: {
          application_id: r.applicationId,
          amount: r.amount,
          paid_on: body.paid_on,
          method: body.method,
          receipt_no: r.receiptNo,
          bulk: true,
        },
      })),
    );
    return { result: true as const, recorded: owing.length, skipped: ids.length - owing.length };
  });
}

/** The payment, then (under its course's lock) again FOR UPDATE with its stamp checked. */
async function lockedPayment(tx: DbOrTx, paymentId: number, seen: string) {
  const [before] = await tx
    .select({ courseId: payments.courseId, studentId: payments.studentId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!before) throw notFound();
  await lockForPayments(tx, [before.studentId], [before.courseId]);
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p) throw notFound();
  if (p.updatedAt.getTime() !== seenAt(seen).getTime()) throw stale();
  if (p.voidedAt) throw invalid('payment_id', PAYMENT_MSG.voided);
  return p;
}

const snapshot = (p: typeof payments.$inferSelect) => ({
  amount: p.amount,
  paid_on: p.paidOn,
  method: p.method,
  receipt_no: p.receiptNo,
  note: p.note,
});

/** A correction: the row changed in place, its before and after and the reason in the audit log. */
export async function updatePayment(db: Db, actor: Actor, body: PaymentUpdateBody, now = new Date()) {
  return refusingTakenReceipt(() =>
    db.transaction(async (tx) => {
      const p = await lockedPayment(tx, body.payment_id, body.updated_at);
      const refund = p.kind === PAYMENT_KIND.REFUNDED;
      const receiptNo = refund ? null : body.receipt_no === '' ? p.receiptNo : body.receipt_no;
      if (receiptNo !== p.receiptNo && receiptNo !== null && GENERATED.test(receiptNo)) {
        throw invalid('receipt_no', '「R-」で始まる番号は自動でつける番号です。別の番号を入力してください');
      }
      if (refund) {
        const [seat] = await tx
          .select({ net: netPaidOf(qualified(courseApplications, courseApplications.id)) })
          .from(courseApplications)
          .where(eq(courseApplications.id, p.applicationId));
        // the refund may grow only up to what was received
        if ((seat?.net ?? 0) + p.amount - Number(body.amount) < 0) {
          throw invalid('amount', PAYMENT_MSG.refundOverPaid(yenText((seat?.net ?? 0) + p.amount)));
        }
      }
      const [after] = await tx
        .update(payments)
        .set({
          amount: Number(body.amount),
          paidOn: body.paid_on,
          method: body.method,
          receiptNo,
          note: body.note,
          updatedAt: now,
        })
        .where(eq(payments.id, p.id))
        .returning();
      if (!after) throw notFound();
      await refreshPaidAt(tx, [p.applicationId], now);
      await audit(tx, {
        actor,
        action: 'payment_correct',
        entity: 'payment',
        entityId: p.id,
        studentId: p.studentId,
        courseId: p.courseId,
        detail: {
          application_id: p.applicationId,
          reason: body.reason,
          before: snapshot(p),
          after: snapshot(after),
        },
      });
      return { result: true as const, payment_id: p.id, receipt_no: after.receiptNo };
    }),
  );
}

/** A mistaken row voided (never deleted): it no longer counts; its receipt no longer prints. */
export async function voidPayment(db: Db, actor: Actor, body: PaymentVoidBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const p = await lockedPayment(tx, body.payment_id, body.updated_at);
    await tx
      .update(payments)
      .set({ voidedAt: now, voidReason: body.reason, updatedAt: now })
      .where(eq(payments.id, p.id));
    await refreshPaidAt(tx, [p.applicationId], now);
    await audit(tx, {
      actor,
      action: 'payment_void',
      entity: 'payment',
      entityId: p.id,
      studentId: p.studentId,
      courseId: p.courseId,
      detail: { application_id: p.applicationId, reason: body.reason, before: snapshot(p) },
    });
    return { result: true as const, payment_id: p.id, receipt_no: p.receiptNo };
  });
}

/** Money paid back (kind '2'): at most what the seat holds, net. */
export async function refundPayment(db: Db, actor: Actor, body: PaymentRefundBody, now = new Date()) {
  const app = await applicationOf(db, body.application_id);
  return db.transaction(async (tx) => {
    await lockForPayments(tx, [app.studentId], [app.courseId]);
    const seat = await seatNow(tx, app.id);
    if (seat.net <= 0) throw invalid('application_id', PAYMENT_MSG.noNet);
    if (Number(body.amount) > seat.net)
      throw invalid('amount', PAYMENT_MSG.refundOverPaid(yenText(seat.net)));
    const row = await writeRow(tx, actor, seat, now, 'refund', {
      kind: PAYMENT_KIND.REFUNDED,
      amount: Number(body.amount),
      paidOn: body.paid_on,
      method: body.method,
      receiptNo: null,
      note: body.note,
    });
    return { result: true as const, payment_id: row.id, receipt_no: null };
  });
}
