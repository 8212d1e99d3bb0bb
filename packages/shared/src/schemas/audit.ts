/**
 * The audit log, readable (decision 067): what the office may ask of it and what it answers, and every act and
 * record in the words the office uses. The server records only the acts named here.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { dateYmd, digitsOnly, notBefore, positiveInt, recordId, text } from '../validation/rules';
import { STUDENT_SEARCH_NAME_MAX } from './student';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MSG.invalidChoice });
/** '' or a record id: an optional filter of a query string */
const optionalId = () => z.union([z.literal(''), recordId()], { error: MSG.invalidValue }).prefault('');

/** Every act the audit log records, in words. */
export const AUDIT_ACTION_WORDS = {
  create: '登録',
  update: '変更',
  update_batch: 'まとめて変更',
  cancel: 'キャンセル',
  apply: '申込み',
  lottery: '抽選',
  upload: 'CSVの取り込み',
  admission: '入学の申込み',
  approve: '入学の承認',
  reject: '入学の却下',
  update_contacts: '連絡先の変更',
  password_change: 'パスワードの変更',
  password_reset: 'パスワードの再設定',
  password_reset_mail: 'パスワード再設定メールの送信',
  intake_settings: '募集の設定',
  promote: '繰り上げ当選',
  confirm: '受講の確定',
  decline: '辞退',
  lapse: '期限切れの辞退',
  lapse_unpaid: '未入金による辞退',
  fee_rule: '受講料の支払いの設定',
  calendar_feed: 'カレンダー連携の作成',
  calendar_feed_revoke: 'カレンダー連携の停止',
  check_in: '受付（出席）',
  check_in_refused: '受付できなかった',
  address_request: '住所変更の届出',
  address_approve: '住所変更の承認',
  address_return: '住所変更の差し戻し',
  mail_retry: 'メールの再送',
  call: '電話連絡の記録',
  letters_printed: '郵送の印刷',
  duplicate_dismiss: '重複ではない（別人）と記録',
  merge: '学生の統合',
  merge_undo: '学生の統合の取り消し',
  withdraw: '退会',
  retention_policy: '個人情報の保存期間の変更',
  anonymize: '個人情報の消去（保存期間の経過）',
  disclose: '保有個人情報の開示',
  payment_record: '入金の記録',
  payment_correct: '入金の訂正',
  payment_void: '入金の取り消し',
  refund: '返金の記録',
  bank_import: '銀行の入金明細の取り込み',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;
const AUDIT_ACTION_VALUES = Object.keys(AUDIT_ACTION_WORDS) as [AuditAction, ...AuditAction[]];

/** Every kind of record an entry may be about, in words. */
export const AUDIT_ENTITY_WORDS = {
  admin_user: '管理者',
  course: '講座',
  course_application: '申込',
  mail: 'メール',
  notice: 'お知らせ',
  notice_category: 'お知らせのカテゴリ',
  student: '学生',
  retention_policy: '個人情報の保存期間',
  payment: '入金・返金',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_WORDS;

/** Who acted, in words. */
export const AUDIT_ACTOR_KINDS = { admin: '事務局', student: '学生本人', system: '自動処理' } as const;
/** How the act came, in words. */
export const AUDIT_VIA = { screen: '画面', api: 'API', job: '自動処理' } as const;

/** The keys of a table of words, as a choice of the API's values. */
const keysOf = <T extends Record<string, string>>(words: T) =>
  choice(Object.keys(words) as [keyof T & string, ...(keyof T & string)[]]);

export const AUDIT_PAGE_SIZES = ['10', '50', '100'] as const;
/** The count stops here: past it the page says 「10,000件以上」 (a count of a million rows is not a page's work). */
export const AUDIT_COUNT_CAP = 10_000;

export const AUDIT_MSG = {
  loginId: '学生番号は8桁の数字で入力してください',
  studentNotFound: 'この学生番号の学生はいません',
} as const;

/** The viewer's search (also the CSV's). */
export const auditSearchSchema = z
  .object({
    /** the staff member who acted */
    admin_id: optionalId(),
    /** the student the entry is about, by record id (a link from their page) … */
    user_id: optionalId(),
    /** … or by 学生番号 as typed */
    login_id: digitsOnly({ max: 8 }).refine((v) => v === '' || v.length === 8, { error: AUDIT_MSG.loginId }),
    /** … or by name, contained (folded as every name search folds it: 高橋 finds 髙橋, decision 088) */
    name: text({ max: STUDENT_SEARCH_NAME_MAX }),
    course_id: optionalId(),
    action: choice(['', ...AUDIT_ACTION_VALUES]).prefault(''),
    date_from: dateYmd(),
    date_to: dateYmd(),
  })
  .superRefine(notBefore('date_to', 'date_from'));
export type AuditSearch = z.output<typeof auditSearchSchema>;

/** GET /api/admin/audit/list/ */
export const auditListQuerySchema = auditSearchSchema.and(
  z.object({
    page: positiveInt({ maxDigits: 4 }).transform((v) => Number(v || '1')),
    size: choice(['', ...AUDIT_PAGE_SIZES])
      .prefault('')
      .transform((v) => Number(v || '50')),
  }),
);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

const personSchema = z.object({ id, login_id: z.string(), name: z.string() }).nullable();

/** The kinds of record a detail names by id, whose names the viewer reads for the page's entries. */
export const AUDIT_REF_KINDS = [
  'student',
  'course',
  'course_category',
  'notice_category',
  'university',
] as const;
export type AuditRefKind = (typeof AUDIT_REF_KINDS)[number];
const refNames = z.record(z.string(), z.string());

export const auditRowSchema = z.object({
  id,
  at: iso,
  actor_kind: keysOf(AUDIT_ACTOR_KINDS),
  /** the staff member's or the student's name ('' for a job or a record no longer there) */
  actor_name: z.string(),
  action: keysOf(AUDIT_ACTION_WORDS),
  entity: keysOf(AUDIT_ENTITY_WORDS),
  entity_id: z.string().nullable(),
  student: personSchema,
  /** the course, with its code (講座ID) when it has one */
  course: z.object({ id, name: z.string(), code: z.string() }).nullable(),
  via: keysOf(AUDIT_VIA).nullable(),
  route: z.string().nullable(),
  /** what the entry recorded, as it was written (fields differ by act) */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /**
   * the records the detail names by id (a merged student, the courses of an upload, a category), by kind and
   * id, as the office knows them: 「山田 花子（26040001）」, 「江戸の町（C2601）」; a record no longer there is not
   */
  refs: z.object({
    student: refNames,
    course: refNames,
    course_category: refNames,
    notice_category: refNames,
    university: refNames,
  }),
});
export type AuditRow = z.output<typeof auditRowSchema>;

export const auditListResponseSchema = z.object({
  /** the entries found, counted to AUDIT_COUNT_CAP + 1 at most */
  total: z.number().int(),
  /** more than AUDIT_COUNT_CAP entries: `total` is not the whole count */
  capped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
  /** the student the search names, when it names one (the page's heading) */
  student: personSchema,
  data_list: z.array(auditRowSchema),
});
