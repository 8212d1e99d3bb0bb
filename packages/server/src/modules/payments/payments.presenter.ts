import type { PaymentMethod } from '@manabi/shared/domain/fees';
import type { PaymentRow, Receipt } from '@manabi/shared/schemas/payments';
import type { payments } from '../../db/schema';

/** A payment row as the API gives it. */
export const presentPayment = (p: typeof payments.$inferSelect): PaymentRow => ({
  id: p.id,
  kind: p.kind as PaymentRow['kind'],
  amount: p.amount,
  paid_on: p.paidOn,
  method: p.method as PaymentMethod,
  receipt_no: p.receiptNo,
  note: p.note,
  source: p.source as PaymentRow['source'],
  payer_name: p.payerName,
  voided_at: p.voidedAt?.toISOString() ?? null,
  void_reason: p.voidReason,
  updated_at: p.updatedAt.toISOString(),
});

/** A receipt (領収書): who paid what, for which course, on which day, under which number. */
export const presentReceipt = (r: {
  id: number;
  receiptNo: string | null;
  paidOn: string;
  amount: number;
  method: string;
  studentName: string;
  loginId: string | null;
  courseName: string;
}): Receipt => ({
  payment_id: r.id,
  receipt_no: r.receiptNo ?? '',
  paid_on: r.paidOn,
  payer: r.studentName,
  login_id: r.loginId,
  amount: r.amount,
  course_name: r.courseName,
  purpose: `${r.courseName} 受講料・教材費として`,
  method: r.method as PaymentMethod,
});
