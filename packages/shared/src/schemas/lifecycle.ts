/**
 * The personal-data lifecycle (decision 072): a student's withdrawal (退会) — by the office or by the student
 * on the my-page — and the retention rule that anonymises the records whose participation ended. Beyond
 * SPEC §7.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { asciiMax, recordId, required, text, timestamp, zeroOrPositiveInt } from '../validation/rules';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');

export const LIFECYCLE_MSG = {
  notActive: '承認済みの学生だけが退会の手続きをできます',
  raced: 'ほかの操作と重なりました。もう一度画面を開き直してください',
  wrongPassword: 'パスワードが違います',
  confirm: '内容を確認して、チェックを入れてください',
} as const;

/** The longest reason the office writes for a withdrawal. */
export const WITHDRAW_REASON_MAX = 200;

/** What withdrawing a student would cancel: the live applications of courses that have not ended. */
const withdrawApplicationSchema = z.object({
  application_id: id,
  course_id: id,
  course_name: z.string(),
  lottery_status: z.string(),
  lottery_status_text: z.string(),
  /** cancelling it frees a seat: the course's waitlist moves up, as for a cancel */
  frees_seat: z.boolean(),
});

/**
 * What the student has paid for a course (received less refunded, decision 078): the withdrawal does not
 * pay it back by itself, so the office is told, with what the course's refund rule owes once its seat is
 * cancelled today (decision 085).
 */
const withdrawPaymentSchema = z.object({
  application_id: id,
  course_id: id,
  course_name: z.string(),
  /** yen, received less refunded */
  net: id,
  /** yen owed back by the rule (or paid over), once the withdrawal has cancelled what it cancels */
  refund_owed: id,
  /** the withdrawal cancels this seat */
  cancelled: z.boolean(),
});

/** GET /api/admin/student/withdraw/preview/ and GET /api/mypage/user/withdraw/. */
export const withdrawPreviewResponseSchema = z.object({
  user_id: id,
  login_id: z.string().nullable(),
  name: z.string(),
  /** the record's lock stamp, sent back with the withdrawal */
  updated_at: iso,
  applications: z.array(withdrawApplicationSchema),
  /** the courses the student holds money for (net paid not 0), in course order */
  payments: z.array(withdrawPaymentSchema),
  /** the years the personal data is kept after the withdrawal (the retention rule's, decision 072) */
  kept_years: id,
});
export type WithdrawPreview = z.output<typeof withdrawPreviewResponseSchema>;

export const withdrawPreviewQuerySchema = z.object({ user_id: recordId() });

/** POST /api/admin/student/withdraw/: the office ends a student's participation. */
export const adminWithdrawBodySchema = z.object({
  user_id: recordId(),
  updated_at: timestamp(),
  reason: text({ max: WITHDRAW_REASON_MAX, multiline: true }),
});
export type AdminWithdrawBody = z.output<typeof adminWithdrawBodySchema>;

/**
 * POST /api/mypage/user/withdraw/: the student's own withdrawal, confirmed twice — the consequences ticked
 * as read on the first step, the password typed on the second.
 */
export const mypageWithdrawBodySchema = z.object({
  updated_at: timestamp(),
  understood: z.literal('1', { error: LIFECYCLE_MSG.confirm }),
  password: asciiMax(12, { required: true, trim: false }),
});
export type MypageWithdrawBody = z.output<typeof mypageWithdrawBodySchema>;

/** The my-page form before it is sent: the box ticked (a boolean on the screen) and the password. */
export const mypageWithdrawFormSchema = z.object({
  understood: z.literal(true, { error: LIFECYCLE_MSG.confirm }),
  password: asciiMax(12, { required: true, trim: false }),
});

/** The office's form: the reason, optional. */
export const adminWithdrawFormSchema = z.object({
  reason: text({ max: WITHDRAW_REASON_MAX, multiline: true }),
});

export const withdrawResponseSchema = z.object({ result: z.literal(true), cancelled: id });

// ---- retention ----

/** The longest any kind may be kept, and the shortest (a withdrawal is not erased the next morning). */
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 30;

/** The kinds of record the rule covers, in the form's order and words. */
export const RETENTION_KINDS = {
  withdrawn: { label: '退会した学生', from: '退会日または最後の講座の終了日の遅いほう' },
  graduated: { label: '修了した学生', from: '最後の講座の終了日（講座がなければ最後の更新日）' },
  rejected: { label: '入学を却下した申込', from: '最後の更新日' },
  merged: { label: 'ほかの登録に統合された記録', from: '統合した日' },
} as const;
export type RetentionKind = keyof typeof RETENTION_KINDS;
export const RETENTION_KIND_KEYS = Object.keys(RETENTION_KINDS) as [RetentionKind, ...RetentionKind[]];

const years = () =>
  zeroOrPositiveInt({ required: true, maxDigits: 2 }).refine(
    (v) => v === '' || (Number(v) >= RETENTION_YEARS_MIN && Number(v) <= RETENTION_YEARS_MAX),
    { error: MSG.intRange(RETENTION_YEARS_MIN, RETENTION_YEARS_MAX) },
  );

const policyFields = {
  withdrawn_years: years(),
  graduated_years: years(),
  rejected_years: years(),
  merged_years: years(),
  /** '1': the monthly job anonymises those past the rule; '0': only the office's 「今すぐ実行」 does */
  auto: z.enum(['0', '1'], { error: MSG.invalidChoice }),
};

/** POST /api/admin/retention/update/ */
export const retentionUpdateBodySchema = z.object({ ...policyFields, updated_at: timestamp() });
export type RetentionUpdateBody = z.output<typeof retentionUpdateBodySchema>;

/** GET /api/admin/retention/: the rule, when it last ran, and how many records are past it today. */
export const retentionPolicyResponseSchema = z.object({
  withdrawn_years: id,
  graduated_years: id,
  rejected_years: id,
  merged_years: id,
  auto: z.enum(['0', '1']),
  last_run_at: iso.nullable(),
  updated_at: iso,
  /** records past the rule today, not yet anonymised */
  due: id,
});
export type RetentionPolicy = z.output<typeof retentionPolicyResponseSchema>;

/** GET /api/admin/retention/candidates/: the dry run, a page at a time (oldest reference date first). */
export const retentionCandidatesQuerySchema = z.object({
  page: zeroOrPositiveInt({ maxDigits: 6 }).prefault(''),
});

export const retentionCandidatesResponseSchema = z.object({
  total: id,
  page: id,
  per_page: id,
  list: z.array(
    z.object({
      user_id: id,
      login_id: z.string().nullable(),
      name: z.string(),
      kind: z.enum(RETENTION_KIND_KEYS),
      /** the date the years are counted from (YYYY-MM-DD, Asia/Tokyo) */
      since: z.string(),
      /** the first day the record is past the rule */
      due_on: z.string(),
    }),
  ),
});
export type RetentionCandidates = z.output<typeof retentionCandidatesResponseSchema>;

/** POST /api/admin/retention/run/: the office runs the rule now, after reading the dry run. */
export const retentionRunBodySchema = z.object({
  /** the dry run's total the office saw: a different count is refused (the list changed meanwhile) */
  expected: zeroOrPositiveInt({ required: true, maxDigits: 9 }),
  confirm: required(LIFECYCLE_MSG.confirm).pipe(z.literal('1', { error: LIFECYCLE_MSG.confirm })),
});
export type RetentionRunBody = z.output<typeof retentionRunBodySchema>;

export const retentionRunResponseSchema = z.object({ result: z.literal(true), anonymized: id });
