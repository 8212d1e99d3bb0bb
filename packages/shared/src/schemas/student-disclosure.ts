/**
 * Disclosure (保有個人情報の開示, decision 076): everything the office holds about one student, as one document
 * the office prints or hands over as a file. Each section carries its Japanese heading, so the file reads on
 * its own and the print page shows the same words. Beyond SPEC §7.
 */
import { z } from 'zod';
import { recordId } from '../validation/rules';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');
const isoOrNull = iso.nullable();

/** The sections of the document, in the order the print page shows them, with their headings. */
export const DISCLOSURE_SECTIONS = {
  record: '登録内容',
  applications: '講座の申込み・抽選・出欠・単位',
  payments: 'お支払い・領収書・返金',
  notices: 'ご本人あてのお知らせ',
  notice_records: 'お知らせを読んだ記録・メールや郵送でお送りした記録',
  mails: 'お送りしたメール',
  calls: '電話連絡の記録',
  address_requests: '住所変更の届出',
  inquiries: 'お問い合わせ',
  calendar_feed: 'カレンダー連携',
  duplicates: '同じ方の登録の確認と統合',
  audit: '操作の記録',
} as const;
export type DisclosureSection = keyof typeof DISCLOSURE_SECTIONS;

/** The page's title, and the document's. */
export const DISCLOSURE_TITLE = '保有個人情報の開示';

/** How a notice reached the student, in words. */
export const NOTICE_RECORD_KINDS = {
  read: '読んだ',
  mailed: 'メールでお送りした',
  posted: '郵送した',
} as const;

/** A mail's state in the outbox, in words. */
export const MAIL_OUTBOX_STATES = {
  pending: '送信待ち',
  sent: '送信済み',
  failed: '送信できなかった',
  logged: '記録のみ（送信の設定なし）',
} as const;

/** Why a winner became 辞退, in words. */
export const DECLINE_REASONS = {
  declined: 'ご本人が辞退',
  lapsed: '確定の期限切れ',
  unpaid: 'お支払いの期限切れ（未入金）',
} as const;

/** Where a personal notice's body is not shown because it holds a secret (a password-reset link). */
export const DISCLOSURE_SECRET_BODY = '（本文にはパスワード再設定用のリンクが含まれるため、表示しません）';

/** GET /api/admin/student/disclosure/?user_id=&download= */
export const disclosureQuerySchema = z.object({
  user_id: recordId(),
  /** '1': the same document as a file (Content-Disposition: attachment) */
  download: z.enum(['', '0', '1']).prefault(''),
});

/** A section: its heading and its rows. */
const section = <T extends z.ZodType>(row: T) => z.object({ title: z.string(), rows: z.array(row) });

/** One field of the record: the stored value as text and the same in words ('' for a blank one). */
const recordItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string(),
  value_text: z.string(),
});

const sessionSchema = z.object({
  no: id,
  /** the class day, when the course has dated sessions (YYYY-MM-DD) */
  day: z.string().nullable(),
  status: z.string(),
  status_text: z.string(),
});

const applicationSchema = z.object({
  application_id: id,
  course_id: id,
  course_name: z.string(),
  /** the course's period as the office wrote it, and its first day (YYYY-MM-DD) */
  course_period: z.string(),
  course_start_date: z.string().nullable(),
  applied_at: iso,
  how_apply_text: z.string(),
  /** who entered it for the student ('' when the student applied) */
  entered_by: z.string(),
  lottery_status: z.string(),
  /** where the application stands, in words (補欠 with its place) */
  lottery_status_text: z.string(),
  waitlist_rank: id.nullable(),
  confirm_by: isoOrNull,
  confirmed_at: isoOrNull,
  promoted_at: isoOrNull,
  decline_reason_text: z.string(),
  decided_by: z.string(),
  decided_at: isoOrNull,
  decided_channel_text: z.string(),
  decision_note: z.string(),
  attendance_status_text: z.string(),
  attendance: z.array(sessionSchema),
  acquisition_unit: id,
  aid_tuition_fee: z.boolean(),
  remarks: z.string(),
  cancelled_at: isoOrNull,
  updated_at: iso,
});

const paymentSchema = z.object({
  payment_id: id,
  course_name: z.string(),
  /** '1' received, '2' refunded, and in words */
  kind: z.string(),
  kind_text: z.string(),
  amount: id,
  /** the day the money moved (YYYY-MM-DD) */
  paid_on: z.string(),
  method_text: z.string(),
  /** the receipt's number ('' for a refund) */
  receipt_no: z.string(),
  note: z.string(),
  /** the transfer's 振込依頼人名 as the bank wrote it ('' when not from the bank's file) */
  payer_name: z.string(),
  recorded_by: z.string(),
  voided_at: isoOrNull,
  void_reason: z.string(),
  created_at: iso,
});

const noticeSchema = z.object({
  notice_id: id,
  title: z.string(),
  content: z.string(),
  course_name: z.string(),
  created_at: iso,
  read_at: isoOrNull,
});

const noticeRecordSchema = z.object({
  notice_id: id,
  title: z.string(),
  kind: z.enum(['read', 'mailed', 'posted']),
  kind_text: z.string(),
  at: iso,
  /** the staff member who printed a posted one ('' otherwise) */
  by: z.string(),
});

const mailSchema = z.object({
  mail_id: id,
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  status_text: z.string(),
  created_at: iso,
  sent_at: isoOrNull,
  attempts: id,
  /** 'hard' (the address was refused) or 'temporary', in words; '' when it did not fail */
  failure_text: z.string(),
});

const callSchema = z.object({
  called_at: iso,
  admin_name: z.string(),
  course_name: z.string(),
  outcome_text: z.string(),
  note: z.string(),
});

const addressRequestSchema = z.object({
  requested_at: iso,
  status_text: z.string(),
  postcode: z.string(),
  address: z.string(),
  return_reason: z.string(),
  decided_by: z.string(),
  decided_at: isoOrNull,
});

const inquirySchema = z.object({
  inquiry_id: id,
  created_at: iso,
  content_text: z.string(),
  detail: z.string(),
  is_required_answer: z.boolean(),
  name: z.string(),
  name_kana: z.string(),
  age_band_text: z.string(),
  mail: z.string(),
  phone: z.string(),
  postcode: z.string(),
  pref: z.string(),
  address: z.string(),
});

const calendarFeedSchema = z.object({
  /** a feed address exists; its secret is never part of the document */
  exists: z.boolean(),
  created_at: isoOrNull,
  last_used_at: isoOrNull,
});

const duplicateRowSchema = z.object({
  kind: z.enum(['pair', 'dismissed', 'merge']),
  /** what happened, in words */
  kind_text: z.string(),
  at: iso,
  /** the staff member who decided ('' for the automatic check) */
  by: z.string(),
  /**
   * the same person's other record: only for a merge (a pair or a dismissal names another person); its own
   * row and audit entries stay under its own number, disclosed by opening it (null otherwise)
   */
  other_user_id: id.nullable(),
  other_login_id: z.string(),
  other_name: z.string(),
  /** a pair's score and reasons, a merge's fields taken from the merged record, in words */
  text: z.string(),
  undone_at: isoOrNull,
});

const auditEntrySchema = z.object({
  at: iso,
  /** who acted, in the audit viewer's words: the staff member's name, 「学生本人」 or 「自動処理」 */
  actor: z.string(),
  action: z.string(),
  /** what was done, as the audit viewer says it */
  action_text: z.string(),
  course_name: z.string(),
  via_text: z.string(),
  /** what the entry recorded, one 「項目：値」 a line ([] where it names another person: a dismissed pair) */
  detail_lines: z.array(z.string()),
});

export const disclosureResponseSchema = z.object({
  title: z.string(),
  prepared_at: iso,
  student: z.object({ user_id: id, login_id: z.string().nullable(), name: z.string() }),
  record: z.object({
    title: z.string(),
    items: z.array(recordItemSchema),
    /** what the record holds and the document leaves out, and why */
    left_out: z.array(z.object({ label: z.string(), reason: z.string() })),
  }),
  applications: section(applicationSchema),
  payments: section(paymentSchema),
  notices: section(noticeSchema),
  notice_records: section(noticeRecordSchema),
  mails: section(mailSchema),
  calls: section(callSchema),
  address_requests: section(addressRequestSchema),
  inquiries: section(inquirySchema),
  calendar_feed: z.object({ title: z.string(), feed: calendarFeedSchema }),
  duplicates: section(duplicateRowSchema),
  audit: section(auditEntrySchema),
});
export type Disclosure = z.output<typeof disclosureResponseSchema>;
