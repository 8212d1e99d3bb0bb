/**
 * Payments (decision 078): a course's seats with what each owes and has paid, a payment recorded one by one
 * or several at once, corrected with a reason, voided, a refund; the bank's transfer file matched to seats
 * and applied after its preview; receipts; the books per course and fiscal year. Beyond SPEC §7.
 */
import { z } from 'zod';
import { PAYMENT_AMOUNT_MAX, PAYMENT_METHODS } from '../domain/fees';
import { MSG } from '../validation/messages';
import { dateYmd, positiveInt, recordId, text, timestamp } from '../validation/rules';
import { previewHashSchema } from './import-preview';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');

export const PAYMENT_MSG = {
  amountMax: `${PAYMENT_AMOUNT_MAX.toLocaleString('ja-JP')}円以下で入力してください`,
  notCharged: 'この申込には支払う金額が決まっていません',
  nothingOutstanding: '選んだ申込はどれも支払いが残っていません',
  refundOverPaid: (net: string) => `返金は入金済みの額（${net}）までです`,
  noNet: 'この申込には返金できる入金がありません',
  receiptInUse: 'この領収書番号はすでに使われています',
  reasonRequired: '訂正の理由を入力してください',
  voidReasonRequired: '取り消しの理由を入力してください',
  voided: 'この入金はすでに取り消されています',
  tooManyIds: '一度に選べるのは500件までです',
  mixedCourses: '同じ講座の申込を選んでください',
  chooseOne: '候補から1人を選んでください',
  notACandidate: '選んだ申込はこの行の候補ではありません',
  bankUnreadable:
    '入金明細として読み取れませんでした。全銀協の振込入金明細（200バイト）か、日付・金額・振込依頼人名のCSVを選んでください。',
  bankTooMany: (n: number) =>
    `1つのファイルで取り込めるのは${n.toLocaleString('ja-JP')}件までです。分けてください。`,
  bankNoLines: '入金明細のデータ行がありません。',
  nothingToApply: '記録できる行がありません。',
  bankFuture: '振込日が未来の日付です',
  bankSame: '同じ振込がすでに記録されています',
  notAQuestion: 'この行は、確かめる必要のある行ではありません',
  sameUnanswered: 'すでに記録された振込と同じ行です。別の振込なら「別の振込なら記録する」を選んでください',
} as const;

/** How many transfer lines one bank file may hold: a municipal programme's day of transfers is far fewer. */
export const BANK_LINES_MAX = 5000;
/** Seats a page of the course's payments lists. */
export const PAYMENT_PAGE_SIZE = 50;
/** Seats one 「まとめて入金を記録」 may name. */
export const BULK_PAYMENT_MAX = 500;

const amount = () =>
  positiveInt({ required: true, maxDigits: 8 }).refine((v) => v === '' || Number(v) <= PAYMENT_AMOUNT_MAX, {
    error: PAYMENT_MSG.amountMax,
  });
const method = () => z.enum(PAYMENT_METHODS, { error: MSG.invalidChoice });
/** 「R-000123」 as generated, or the office's own number (paper receipt book): letters, digits, hyphens. */
const receiptNo = () =>
  text({ max: 20 }).refine((v) => v === '' || /^[0-9A-Za-z-]+$/.test(v), {
    error: '半角英数字とハイフンで入力してください',
  });
const note = () => text({ max: 200 });
const reason = (msg: string) => text({ required: true, max: 200, msg });

// ---- the course's seats and their payments ----

export const PAYMENT_STATES = ['none', 'unpaid', 'partial', 'paid', 'over'] as const;

/** GET /api/admin/payment/list/ */
export const paymentListQuerySchema = z.object({
  course_id: recordId(),
  page: positiveInt({ maxDigits: 5 }).transform((v) => Number(v || '1')),
});

export const paymentRowSchema = z.object({
  id,
  kind: z.enum(['1', '2']),
  amount: id,
  paid_on: z.string(),
  method: z.enum(PAYMENT_METHODS),
  receipt_no: z.string().nullable(),
  note: z.string(),
  source: z.enum(['manual', 'bank']),
  payer_name: z.string(),
  voided_at: iso.nullable(),
  void_reason: z.string().nullable(),
  updated_at: iso,
});
export type PaymentRow = z.output<typeof paymentRowSchema>;

export const paymentSeatSchema = z.object({
  application_id: id,
  user_id: id,
  login_id: z.string().nullable(),
  name: z.string(),
  name_kana: z.string(),
  lottery_status: z.string(),
  lottery_status_text: z.string(),
  /** the seat was cancelled (by the student, the office, a withdrawal) or lapsed */
  cancelled: z.boolean(),
  amount_due: id.nullable(),
  pay_by: iso.nullable(),
  paid_at: iso.nullable(),
  /** received less refunded, voided rows left out */
  net: id,
  /** amount_due − net when positive, else 0 */
  outstanding: id,
  state: z.enum(PAYMENT_STATES),
  /** what the office owes back: the net of a cancelled or declined seat, or what a live seat was paid over */
  refund_owed: id,
  payments: z.array(paymentRowSchema),
});
export type PaymentSeat = z.output<typeof paymentSeatSchema>;
/** SPEC §6: authority 2 sees only name_kana of the person — no 氏名, no 学生番号 (absent, not blank). */
export const paymentSeatLimitedSchema = paymentSeatSchema.omit({ login_id: true, name: true });
export type PaymentSeatLimited = z.output<typeof paymentSeatLimitedSchema>;

/**
 * A course's money in one row, which adds up: due − collected + refunded = outstanding − refund_owed (each
 * seat's charge less what it holds is what it still owes, or, negative, what it is owed back).
 */
const moneySchema = z.object({
  /** what the seats are charged: each live seat's amount, and of a seat given up what its rule keeps */
  due: id,
  /** every payment received, voided ones left out */
  collected: id,
  /** every refund paid */
  refunded: id,
  /** what live seats still owe */
  outstanding: id,
  /** what is owed back: paid over a live seat's amount, or a given-up seat's refund by its rule */
  refund_owed: id,
});

export const paymentListResponseSchema = z.object({
  course_id: id,
  course_name: z.string(),
  /** the course asks payment before the first class (its fee rule) */
  required: z.boolean(),
  total: id,
  page: id,
  per_page: id,
  totals: moneySchema,
  /** authority 1: every seat with 氏名 and 学生番号; authority 2: name_kana only (SPEC §6) */
  list: z.union([z.array(paymentSeatSchema), z.array(paymentSeatLimitedSchema)]),
});
export type PaymentList = z.output<typeof paymentListResponseSchema>;

// ---- writes ----

/** POST /api/admin/payment/add/ */
export const paymentAddBodySchema = z.object({
  application_id: recordId(),
  amount: amount(),
  paid_on: dateYmd({ required: true }),
  method: method(),
  /** blank: the next number of payment_receipt_seq, 「R-000123」 */
  receipt_no: receiptNo(),
  note: note(),
});
export type PaymentAddBody = z.output<typeof paymentAddBodySchema>;

/** POST /api/admin/payment/add/bulk/: each seat gets a payment of what it still owes. */
export const paymentBulkBodySchema = z.object({
  course_id: recordId(),
  application_ids: z
    .array(recordId(), { error: MSG.invalidValue })
    .min(1, { error: '入金を記録する申込を選んでください' })
    .max(BULK_PAYMENT_MAX, { error: PAYMENT_MSG.tooManyIds }),
  paid_on: dateYmd({ required: true }),
  method: method(),
});
export type PaymentBulkBody = z.output<typeof paymentBulkBodySchema>;

/** POST /api/admin/payment/update/: a correction, with its reason. */
export const paymentUpdateBodySchema = z.object({
  payment_id: recordId(),
  amount: amount(),
  paid_on: dateYmd({ required: true }),
  method: method(),
  receipt_no: receiptNo(),
  note: note(),
  reason: reason(PAYMENT_MSG.reasonRequired),
  updated_at: timestamp(),
});
export type PaymentUpdateBody = z.output<typeof paymentUpdateBodySchema>;

/** POST /api/admin/payment/void/ */
export const paymentVoidBodySchema = z.object({
  payment_id: recordId(),
  reason: reason(PAYMENT_MSG.voidReasonRequired),
  updated_at: timestamp(),
});
export type PaymentVoidBody = z.output<typeof paymentVoidBodySchema>;

/** POST /api/admin/payment/refund/: money paid back (kind '2'); no receipt number. */
export const paymentRefundBodySchema = z.object({
  application_id: recordId(),
  amount: amount(),
  paid_on: dateYmd({ required: true }),
  method: method(),
  note: note(),
});
export type PaymentRefundBody = z.output<typeof paymentRefundBodySchema>;

export const paymentWriteResponseSchema = z.object({
  result: z.literal(true),
  /** the payment written or changed */
  payment_id: id,
  receipt_no: z.string().nullable(),
});

export const paymentBulkResponseSchema = z.object({
  result: z.literal(true),
  recorded: id,
  /** the selected seats that owed nothing, left as they were */
  skipped: id,
});

// ---- the bank's file ----

/** POST /api/admin/payment/bank/preview/ */
export const bankPreviewBodySchema = z.object({
  /** the file as FileReader.readAsDataURL gives it (全銀協 振込入金明細 or a CSV 日付・金額・振込依頼人名) */
  file: z.string({ error: MSG.fileRequired }).min(1, { error: MSG.fileRequired }),
});

const lineNo = () => z.number().int().min(1).max(1_000_000);

/**
 * POST /api/admin/payment/bank/apply/: the same file, the preview's hash, the office's picks of ambiguous
 * lines, and the lines like a recorded transfer that the office says are other transfers (decision 085).
 */
export const bankApplyBodySchema = bankPreviewBodySchema.extend({
  preview_hash: previewHashSchema,
  choices: z
    .array(z.object({ line: lineNo(), application_id: recordId() }), {
      error: MSG.invalidValue,
    })
    .max(BANK_LINES_MAX, { error: MSG.invalidValue })
    .prefault([]),
  /** the 'question' lines to record all the same: 「別の振込なら記録する」; the rest are left as they are */
  new_transfers: z
    // a top-level array's numbers reach the schema as text (validation/json-input.ts): read as an id is
    .array(recordId(), { error: MSG.invalidValue })
    .max(BANK_LINES_MAX, { error: MSG.invalidValue })
    .prefault([]),
});
export type BankApplyBody = z.output<typeof bankApplyBodySchema>;

export const BANK_LINE_STATUS = {
  matched: '一致',
  ambiguous: '候補が複数',
  question: '確認が必要',
  unmatched: '該当なし',
  recorded: '記録済み',
} as const;
const BANK_LINE_STATUSES = ['matched', 'ambiguous', 'question', 'unmatched', 'recorded'] as const;
export type BankLineStatus = keyof typeof BANK_LINE_STATUS;

const candidateSchema = z.object({
  application_id: id,
  login_id: z.string().nullable(),
  name: z.string(),
  course_name: z.string(),
  outstanding: id,
});

/** A transfer already recorded, which a line is (記録済み) or looks like (確認が必要). */
const earlierSchema = z.object({
  receipt_no: z.string().nullable(),
  paid_on: z.string(),
  name: z.string(),
  course_name: z.string(),
});

export const bankLineSchema = z.object({
  /** the line (CSV row, or record number of the 全銀 file) */
  line: id,
  paid_on: z.string(),
  amount: id,
  payer_name: z.string(),
  /**
   * question: its day, amount and payer's words are those of a transfer recorded from another file — the same
   * transfer read again, or another just like it; recorded only when the apply names it in new_transfers
   */
  status: z.enum(BANK_LINE_STATUSES),
  /** how it matched (a question: how it would): the 学生番号 in the name, or the kana name and the amount */
  matched_by: z.enum(['login_id', 'kana', '']),
  /** why nothing matched, or why the office is asked, in words */
  reason: z.string(),
  candidates: z.array(candidateSchema),
  /** the recorded transfer it is or looks like; null when none (or the same line came earlier in the file) */
  earlier: earlierSchema.nullable(),
});
export type BankLine = z.output<typeof bankLineSchema>;

export const bankPreviewResponseSchema = z.object({
  preview_hash: z.string(),
  format: z.enum(['zengin', 'csv']),
  counts: z.object({ lines: id, matched: id, ambiguous: id, question: id, unmatched: id, recorded: id }),
  lines: z.array(bankLineSchema),
});
export type BankPreview = z.output<typeof bankPreviewResponseSchema>;

export const bankApplyResponseSchema = z.object({ result: z.literal(true), recorded: id, msg: z.string() });

// ---- receipts ----

export const receiptQuerySchema = z.object({ payment_id: recordId() });

export const receiptResponseSchema = z.object({
  payment_id: id,
  receipt_no: z.string(),
  /** the Tokyo day the money came in, the same day the my-page names (「入金を確認しました（12月3日）」) */
  paid_on: z.string(),
  payer: z.string(),
  login_id: z.string().nullable(),
  amount: id,
  course_name: z.string(),
  /** 「〇〇講座 受講料・教材費として」 */
  purpose: z.string(),
  method: z.enum(PAYMENT_METHODS),
});
export type Receipt = z.output<typeof receiptResponseSchema>;

/** GET /api/mypage/receipts/: the student's own receipts (received, not voided), newest first. */
export const myReceiptsResponseSchema = z.object({
  list: z.array(
    z.object({
      payment_id: id,
      application_id: id,
      course_id: id,
      receipt_no: z.string(),
      paid_on: z.string(),
      amount: id,
    }),
  ),
});
export type MyReceipts = z.output<typeof myReceiptsResponseSchema>;

// ---- the books ----

/** GET /api/admin/payment/report/ and its CSV: one fiscal year (年度), this one when blank. */
export const paymentReportQuerySchema = z.object({
  fiscal_year: positiveInt({ maxDigits: 4 }).refine(
    (v) => v === '' || (Number(v) >= 2000 && Number(v) <= 2100),
    {
      error: MSG.intRange(2000, 2100),
    },
  ),
});

export const paymentReportRowSchema = moneySchema.extend({
  course_id: id,
  course_name: z.string(),
  /** the seats charged */
  seats: id,
});
export type PaymentReportRow = z.output<typeof paymentReportRowSchema>;

export const paymentReportResponseSchema = z.object({
  fiscal_year: id,
  rows: z.array(paymentReportRowSchema),
  totals: moneySchema.extend({ seats: id }),
});
export type PaymentReport = z.output<typeof paymentReportResponseSchema>;
