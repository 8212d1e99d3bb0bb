/**
 * 住所変更の届出 (decision 040): the student gives a new address on the my-page; the office approves it
 * (the student record takes it) or returns it with a reason. The address fields carry the office's student
 * form rules and messages (./student.ts), so a request the office approves is one the form would take.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { positiveInt, recordId, text, timestamp } from '../validation/rules';
import { studentFieldsSchema } from './student';

/** The request's state: pending, approved (the record holds it), returned (with a reason). */
export const ADDRESS_REQUEST_STATUS = { PENDING: '0', APPROVED: '1', RETURNED: '2' } as const;
export type AddressRequestStatus = (typeof ADDRESS_REQUEST_STATUS)[keyof typeof ADDRESS_REQUEST_STATUS];

export const ADDRESS_REQUEST_STATUS_TEXT: Record<AddressRequestStatus, string> = {
  '0': '事務局で確認中',
  '1': '承認済み',
  '2': '返却',
};

export const ADDRESS_RETURN_REASON_MAX = 500;
/** The office's list of pending requests: rows per page. */
export const ADDRESS_REQUEST_PAGE_SIZE = 20;

export const ADDRESS_CHANGE_MSG = {
  returnReasonRequired: '返却の理由を入力してください',
  chooseDecision: '承認するか返却するかを選んでください',
  /** the request was decided (or replaced) since the screen read it */
  notPending: 'この届出はすでに処理されています。画面を読み込み直してください。',
} as const;

/** The six address fields, exactly as the office's student form checks them (the my-page form's schema). */
export const addressFieldsSchema = studentFieldsSchema.pick({
  postcode: true,
  pref: true,
  street_name1: true,
  street_name2: true,
  address: true,
  street_name3: true,
});
export type AddressFields = z.output<typeof addressFieldsSchema>;

/**
 * POST /api/mypage/user/address/request/. `updated_at` is the pending request's stamp as the screen read
 * it, '' when it showed none: a new request replaces the pending one only when the student saw that one
 * (otherwise 409, e.g. the office decided it meanwhile).
 */
export const addressRequestBodySchema = addressFieldsSchema.extend({
  updated_at: timestamp({ emptyMeansNone: true }),
});
export type AddressRequestBody = z.output<typeof addressRequestBodySchema>;

/** GET /api/admin/student/address/?user_id=: the student's pending request, if any. */
export const addressRequestDetailQuerySchema = z.object({ user_id: recordId() });

/** GET /api/admin/student/address/list/?page=: every pending request, oldest first. */
export const addressRequestListQuerySchema = z.object({
  page: positiveInt({ maxDigits: 6 }).transform((v) => Number(v || '1')),
});

const decisionFields = {
  /** '1' approve, '2' return */
  decision: z
    .enum(['', ADDRESS_REQUEST_STATUS.APPROVED, ADDRESS_REQUEST_STATUS.RETURNED], {
      error: MSG.invalidChoice,
    })
    .prefault(''),
  return_reason: text({ max: ADDRESS_RETURN_REASON_MAX, multiline: true }),
};

function decisionRules(value: { decision: string; return_reason: string }, ctx: z.RefinementCtx): void {
  if (value.decision === '') {
    ctx.addIssue({
      code: 'custom',
      message: ADDRESS_CHANGE_MSG.chooseDecision,
      path: ['decision'],
      input: '',
    });
  } else if (value.decision === ADDRESS_REQUEST_STATUS.RETURNED && value.return_reason === '') {
    ctx.addIssue({
      code: 'custom',
      message: ADDRESS_CHANGE_MSG.returnReasonRequired,
      path: ['return_reason'],
      input: '',
    });
  }
}

/** The office's decision form on the student's page. */
export const addressDecisionFormSchema = z.object(decisionFields).superRefine(decisionRules);
export type AddressDecisionForm = z.output<typeof addressDecisionFormSchema>;

/**
 * POST /api/admin/student/address/decide/: the request's and the student's updated_at as the screen read
 * them; either differing is 409 and nothing is written.
 */
export const addressDecisionBodySchema = z
  .object({
    ...decisionFields,
    request_id: recordId(),
    updated_at: timestamp(),
    student_updated_at: timestamp(),
  })
  .superRefine(decisionRules);
export type AddressDecisionBody = z.output<typeof addressDecisionBodySchema>;
