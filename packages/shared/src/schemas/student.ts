/**
 * Admin students (SPEC §3 Student, §4 student defaults and approval, §5 "Student (admin form)", §7 "Admin
 * students"). One schema per payload, used by the screens and the server alike.
 */
import { z } from 'zod';
import { APPROVAL } from '../codes';
import { MSG } from '../validation/messages';
import {
  asciiPassword,
  codeOf,
  confirmField,
  dateYmd,
  differentFrom,
  digitsOnly,
  loginIdMatchesGeneration,
  mailAddress,
  phoneJp,
  postcode,
  recordId,
  sameAs,
  text,
  timestamp,
  zeroOrPositiveInt,
} from '../validation/rules';

export const STUDENT_LOGIN_ID_LENGTH = 8;
export const GENERATION_ID_LENGTH = 4;
export const STUDENT_NAME_MAX = 30;
export const STREET_MAX = 30;
export const BUILDING_MAX = 60;
export const PREF_MAX = 10;
export const EMERGENCY_MAX = 30;
export const EMERGENCY_PHONE_MAX = 20;
export const TOTAL_UNITS_MAX_DIGITS = 5;
export const STUDENT_REMARKS_MAX = 500;
/** SPEC §5: search maxima of the student list. */
export const STUDENT_SEARCH_NAME_MAX = 100;

/** Gender (SPEC §3: male or female); '' = not given. */
export const GENDER_OPTIONS = [
  { value: '1', label: '男性' },
  { value: '2', label: '女性' },
] as const;

export const STUDENT_MSG = {
  /** SPEC §4 / §8: the login id check before the confirm step */
  loginIdInUse: MSG.loginIdInUse,
  /** a pending admission has no login id until it is approved */
  notApproved: 'この学生はまだ承認されていません',
  alreadyApproved: 'この学生はすでに承認されています',
} as const;

const flag = (defaultValue: '0' | '1') =>
  z
    .enum(['0', '1', ''], { error: MSG.invalidChoice })
    .prefault(defaultValue)
    .transform((v): '0' | '1' => (v === '' ? defaultValue : v));

const gender = () => z.enum(['', '1', '2'], { error: MSG.invalidChoice }).prefault('');

/**
 * Every editable field of SPEC §3 Student with §5's rules, as the admin form and the CSV upload hold them
 * (strings). Object-level rules are added by {@link withStudentRules}.
 */
export const studentFieldsSchema = z.object({
  login_id: digitsOnly({ required: true, length: STUDENT_LOGIN_ID_LENGTH, msg: MSG.digits8 }),
  generation_id: digitsOnly({ required: true, length: GENERATION_ID_LENGTH, msg: MSG.digits4 }),
  name: text({ required: true, max: STUDENT_NAME_MAX }),
  name_kana: text({ max: STUDENT_NAME_MAX }),
  postcode: postcode(),
  pref: text({ max: PREF_MAX }),
  street_name1: text({ required: true, max: STREET_MAX }),
  street_name2: text({ max: STREET_MAX }),
  address: text({ required: true, max: STREET_MAX }),
  street_name3: text({ max: BUILDING_MAX }),
  birthday: dateYmd({ required: true }),
  gender: gender(),
  phone_1: phoneJp({ required: true }),
  phone_2: phoneJp(),
  mail_1: mailAddress({ required: false }),
  mail_1_confirm: confirmField(),
  mail_2: mailAddress({ required: false }),
  mail_2_confirm: confirmField(),
  emergency_name: text({ max: EMERGENCY_MAX }),
  emergency_emereletion: text({ max: EMERGENCY_MAX }),
  emergency_phone: text({ max: EMERGENCY_PHONE_MAX }),
  total_units: zeroOrPositiveInt({ maxDigits: TOTAL_UNITS_MAX_DIGITS }),
  filing_date: dateYmd({ required: true }),
  date_issue_num: dateYmd(),
  is_graduation: flag('0'),
  is_rejection: flag('0'),
  is_email: flag('1'),
  is_attendance: flag('1'),
  student_type: codeOf('CD009'),
  remarks: text({ max: STUDENT_REMARKS_MAX, multiline: true }),
});
export type StudentFields = z.output<typeof studentFieldsSchema>;

type StudentRuleKeys =
  | 'login_id'
  | 'generation_id'
  | 'phone_1'
  | 'phone_2'
  | 'mail_1'
  | 'mail_1_confirm'
  | 'mail_2'
  | 'mail_2_confirm';

/** SPEC §5's rules between the contact fields (phones, mails) of every student form. */
export function studentContactRules(
  value: { [K in Exclude<StudentRuleKeys, 'login_id' | 'generation_id'>]: unknown },
  ctx: z.RefinementCtx,
): void {
  differentFrom('phone_2', 'phone_1', '電話番号2')(value, ctx);
  sameAs('mail_1_confirm', 'mail_1', 'メールアドレス1')(value, ctx);
  sameAs('mail_2_confirm', 'mail_2', 'メールアドレス2')(value, ctx);
  differentFrom('mail_2', 'mail_1', 'メールアドレス2')(value, ctx);
}

/** SPEC §5's rules between fields of the student form. */
export function studentRules(value: { [K in StudentRuleKeys]: unknown }, ctx: z.RefinementCtx): void {
  loginIdMatchesGeneration('login_id', 'generation_id')(value, ctx);
  studentContactRules(value, ctx);
}

const passwordRules = (value: { password: unknown; password2: unknown }, ctx: z.RefinementCtx) =>
  sameAs('password2', 'password', 'パスワード', { exact: true })(value, ctx);

/** /admin/student/detail/new: a new (approved) student; the password is required (SPEC §5). */
export const studentNewFormSchema = studentFieldsSchema
  .extend({ password: asciiPassword(), password2: confirmField() })
  .superRefine(studentRules)
  .superRefine(passwordRules);
export type StudentNewForm = z.output<typeof studentNewFormSchema>;

/** /admin/student/detail/update: the password only when it is changed (SPEC §5 "new or on change"). */
export const studentUpdateFormSchema = studentFieldsSchema
  .extend({ password: asciiPassword({ required: false }), password2: confirmField() })
  .superRefine(studentRules)
  .superRefine(passwordRules);
export type StudentUpdateForm = z.output<typeof studentUpdateFormSchema>;

/**
 * POST /api/admin/student/add/: the new form's fields, but `login_id` may be left out (SPEC §4 "new login id
 * assigned automatically": the server takes the generation's next free number); a given one keeps every
 * check (8 digits, the generation's prefix, not in use).
 */
export const studentAddBodySchema = studentFieldsSchema
  .extend({
    login_id: digitsOnly({ length: STUDENT_LOGIN_ID_LENGTH, msg: MSG.digits8 }),
    password: asciiPassword(),
    password2: confirmField(),
  })
  .superRefine(studentRules)
  .superRefine(passwordRules);

/** POST /api/admin/student/update/ */
export const studentUpdateBodySchema = studentFieldsSchema
  .extend({
    password: asciiPassword({ required: false }),
    password2: confirmField(),
    user_id: recordId(),
    updated_at: timestamp(),
  })
  .superRefine(studentRules)
  .superRefine(passwordRules);
export type StudentUpdateBody = z.output<typeof studentUpdateBodySchema>;
export type StudentAddBody = z.output<typeof studentAddBodySchema>;

/** GET /api/admin/student/loginid/exist/?login_id=&id= (id: the student being edited, excluded). */
export const loginIdExistQuerySchema = z.object({
  login_id: digitsOnly({ required: true, length: STUDENT_LOGIN_ID_LENGTH, msg: MSG.digits8 }),
  id: z.union([recordId(), z.literal('')]).optional(),
});

/**
 * GET /api/admin/student/loginid/next/?generation_id=YYMM — the new form's default login id (SPEC §4 "new
 * login id assigned automatically"). Without generation_id the current fiscal year's April is used.
 */
export const loginIdNextQuerySchema = z.object({
  generation_id: digitsOnly({ length: GENERATION_ID_LENGTH, msg: MSG.digits4 }),
});

/**
 * The generation (期生ID, admission year-month 'YYMM') of the fiscal year containing `today`: students
 * are admitted in April, so 2026-11-22 → '2604' and 2027-02-01 → '2604' (the demo ids 2404xxxx, 2504xxxx).
 */
export function defaultGenerationId(today: string): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return `${String((m < 4 ? y - 1 : y) % 100).padStart(2, '0')}04`;
}

/** SPEC §4 approval: the two outcomes the admin chooses between (CD002 '1' approved, '2' rejected). */
export const APPROVAL_CHOICES = [
  { value: '1', label: '承認する' },
  { value: '2', label: '却下する' },
] as const;

/** A sub-rule run only in one branch (approve / reject): its issues land on `path`. */
function check(schema: z.ZodType, value: unknown, path: string, ctx: z.RefinementCtx): void {
  const r = schema.safeParse(value);
  if (r.success) return;
  for (const issue of r.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: [path], input: value });
  }
}

/** The fields of a pending admission the approval screen edits (no login id, units or issue date yet). */
export const studentApprovalFieldsSchema = studentFieldsSchema
  .omit({
    login_id: true,
    generation_id: true,
    date_issue_num: true,
    total_units: true,
    is_graduation: true,
    is_rejection: true,
  })
  .extend({
    approval_status: z.enum(['', '1', '2'], { error: MSG.invalidChoice }).prefault(''),
    // checked in the chosen branch only, so values left in the other branch's hidden fields do no harm
    generation_id: z.string({ error: MSG.invalidValue }).prefault(''),
    password: z.string({ error: MSG.invalidValue }).prefault(''),
    password2: z.string({ error: MSG.invalidValue }).prefault(''),
  });

/**
 * SPEC §4/§5 approval: approve → generation_id required (4 digits), password required (printable ASCII
 * 8–12) with a matching confirmation; reject → remarks required (≤500, already capped by the field).
 */
function approvalRules(value: z.output<typeof studentApprovalFieldsSchema>, ctx: z.RefinementCtx): void {
  studentContactRules(value, ctx);
  if (value.approval_status === '') {
    ctx.addIssue({ code: 'custom', message: APPROVAL_MSG.choose, path: ['approval_status'], input: '' });
  } else if (value.approval_status === APPROVAL.APPROVED) {
    check(
      digitsOnly({ required: true, length: GENERATION_ID_LENGTH, msg: MSG.digits4 }),
      value.generation_id,
      'generation_id',
      ctx,
    );
    check(asciiPassword(), value.password, 'password', ctx);
    sameAs('password2', 'password', 'パスワード', { exact: true })(value, ctx);
  } else if (value.remarks === '') {
    ctx.addIssue({ code: 'custom', message: APPROVAL_MSG.remarksRequired, path: ['remarks'], input: '' });
  }
}

export const APPROVAL_MSG = {
  choose: '承認するか却下するかを選んでください',
  remarksRequired: '却下の理由を備考に入力してください',
} as const;

/** /admin/student/approval/{userId} */
export const studentApprovalFormSchema = studentApprovalFieldsSchema.superRefine(approvalRules);
export type StudentApprovalForm = z.output<typeof studentApprovalFormSchema>;

/** POST /api/admin/student/approval/ */
export const studentApprovalBodySchema = studentApprovalFieldsSchema
  .extend({ user_id: recordId(), updated_at: timestamp() })
  .superRefine(approvalRules);
export type StudentApprovalBody = z.output<typeof studentApprovalBodySchema>;

/** GET /api/admin/student/detail/?user_id=&is_edit= */
export const studentDetailQuerySchema = z.object({
  user_id: recordId(),
  is_edit: z.enum(['0', '1', '']).prefault(''),
});
