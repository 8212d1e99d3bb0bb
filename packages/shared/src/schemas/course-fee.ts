/**
 * A course's fee rule (decision 077): whether the seat must be paid before the first class, how, by when,
 * whether an unpaid seat lapses by itself, and the refund rule. The office's form and the server read the
 * same schema.
 */
import { z } from 'zod';
import { PAY_DAYS_MAX } from '../domain/fees';
import { MSG } from '../validation/messages';
import { dateYmd, recordId, text, timestamp, zeroOrPositiveInt } from '../validation/rules';

/** The longest text of how to pay (bank details, the counter's hours), in characters. */
export const HOW_TO_PAY_MAX = 1000;
/** The longest note under the refund rule, in characters. */
export const REFUND_NOTE_MAX = 500;
/** The largest refund period, in days before the first class. */
export const REFUND_DAYS_MAX = 365;

export const COURSE_FEE_MSG = {
  howToPayRequired: '支払いの方法を入力してください（振込先、窓口の場所と時間など）',
  oneDeadline: '期限は「日数」か「日付」のどちらか一方にしてください',
  /** the course's 受講料 and 教材費 are 0円 (or not entered): a seat has nothing to pay (decision 086) */
  nothingToPay:
    'この講座は受講料・教材費が0円のため、支払いを求める設定にはできません。支払いが必要なときは、先に「講座情報を変更」で受講料か教材費の金額を入力してください',
} as const;

const flag = () => z.enum(['0', '1'], { error: MSG.invalidChoice });

const fields = {
  /** '1': the seat is to be paid before the first class */
  required: flag(),
  how_to_pay: text({ max: HOW_TO_PAY_MAX, multiline: true }),
  /** days after the 当選 or 繰り上げ (1–90); '' = none */
  pay_days: zeroOrPositiveInt({ maxDigits: 2 }).refine(
    (v) => v === '' || (Number(v) >= 1 && Number(v) <= PAY_DAYS_MAX),
    { error: MSG.intRange(1, PAY_DAYS_MAX) },
  ),
  /** a fixed Tokyo day; '' = none */
  pay_by_date: dateYmd(),
  /** '1': an unpaid seat lapses by itself at the deadline (else the office decides from the work list) */
  auto_lapse: flag(),
  /** a full refund for a cancellation at least this many days before the first class; '' = no refund */
  refund_days: zeroOrPositiveInt({ maxDigits: 3 }).refine((v) => v === '' || Number(v) <= REFUND_DAYS_MAX, {
    error: MSG.intRange(0, REFUND_DAYS_MAX),
  }),
  refund_note: text({ max: REFUND_NOTE_MAX, multiline: true }),
};

type FeeFields = { required: string; how_to_pay: string; pay_days: string; pay_by_date: string };
function feeRules(v: FeeFields, ctx: z.RefinementCtx) {
  if (v.required === '1' && v.how_to_pay === '')
    ctx.addIssue({
      code: 'custom',
      message: COURSE_FEE_MSG.howToPayRequired,
      path: ['how_to_pay'],
      input: '',
    });
  if (v.pay_days !== '' && v.pay_by_date !== '')
    ctx.addIssue({
      code: 'custom',
      message: COURSE_FEE_MSG.oneDeadline,
      path: ['pay_by_date'],
      input: v.pay_by_date,
    });
}

/** The office's form. */
export const courseFeeFormSchema = z.object(fields).superRefine(feeRules);

export const courseFeeQuerySchema = z.object({ course_id: recordId() });

export const courseFeeUpdateBodySchema = z
  .object({
    course_id: recordId(),
    ...fields,
    /** the rule's updated_at as read ('' when the course had none yet) */
    updated_at: timestamp({ emptyMeansNone: true }),
  })
  .superRefine(feeRules);
export type CourseFeeUpdateInput = z.output<typeof courseFeeUpdateBodySchema>;

const yen = z.number().int().nullable().describe('yen; null when the course names none');

export const courseFeeResponseSchema = z.object({
  course_id: z.number().int(),
  required: z.enum(['0', '1']),
  how_to_pay: z.string(),
  /** '' when the rule names no number of days */
  pay_days: z.string(),
  /** 'YYYY-MM-DD', '' when none */
  pay_by_date: z.string(),
  auto_lapse: z.enum(['0', '1']),
  /** '' = no refund by rule */
  refund_days: z.string(),
  refund_note: z.string(),
  /** the course's fee columns (SPEC's names), what amountDue adds up */
  tuition_fee: yen,
  tuition_fee1: yen,
  material_cost: yen,
  /** '' when the course has no rule saved yet */
  updated_at: z.string(),
});
