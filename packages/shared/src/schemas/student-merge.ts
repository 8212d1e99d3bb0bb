/**
 * Merging a student entered twice into one record, and undoing it (decision 071): what the office sees side
 * by side, what it chooses, and what the server answers. Beyond SPEC §7.
 */
import { z } from 'zod';
import { codeText } from '../codes';
import { formatDateJa } from '../domain/dates';
import { MSG } from '../validation/messages';
import { recordId, timestamp } from '../validation/rules';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');

/** The fields of a record the office chooses between, in the form's order and words. */
export const MERGE_FIELDS = {
  name: '氏名',
  name_kana: '氏名カナ',
  birthday: '生年月日',
  gender: '性別',
  postcode: '郵便番号',
  pref: '都道府県',
  street_name1: '町名',
  street_name2: '丁目',
  address: '番地',
  street_name3: '建物名',
  phone1: '電話番号1',
  mail1: 'メールアドレス1',
  phone2: '電話番号2',
  mail2: 'メールアドレス2',
  emergency_name: '緊急連絡先氏名',
  emergency_relation: '緊急連絡先続柄',
  emergency_phone: '緊急連絡先電話番号',
  generation_id: '期生ID',
  student_type: '学生の種別',
  is_email: 'メールでのお知らせ',
  remarks: '備考',
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export const MERGE_FIELD_KEYS = Object.keys(MERGE_FIELDS) as [MergeField, ...MergeField[]];

/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 30;

export const MERGE_MSG = {
  samePerson: '同じ学生どうしは統合できません',
  alreadyMerged: 'すでにほかの学生に統合された登録です',
  keepApproved: '承認済みの学生を残す側にしてください（学生番号とマイページは残す側のものになります）',
  addressRequests: '両方に未処理の住所変更の届出があります。先にどちらかを処理してください',
  raced: 'ほかの操作と重なりました。もう一度画面を開き直してください',
  undone: 'この統合はすでに取り消されています',
  undoExpired: `統合から${MERGE_UNDO_DAYS}日を過ぎたため、取り消せません`,
  changedSince: '統合の後に変更された記録があるため、取り消せません',
} as const;

/** The value of a field in words, as the side-by-side view shows it ('' for a blank one). */
export function mergeFieldText(field: MergeField, value: string): string {
  if (value === '') return '';
  if (field === 'gender') return value === '1' ? '男性' : value === '2' ? '女性' : value;
  if (field === 'student_type') return codeText('CD009', value) || value;
  if (field === 'birthday') return formatDateJa(value);
  if (field === 'is_email') return value === '1' ? '受け取る' : '受け取らない';
  return value;
}

const choice = z.enum(['keep', 'other'], { error: MSG.invalidChoice });

/** GET /api/admin/student/merge/preview/: the two records, and what merging `other` into `keep` would do. */
export const mergePreviewQuerySchema = z
  .object({ keep_id: recordId(), other_id: recordId() })
  .refine((q) => q.keep_id !== q.other_id, { error: MERGE_MSG.samePerson, path: ['other_id'] });

/** POST /api/admin/student/merge/: `other` into `keep`, each field's value from the side chosen (keep when left out). */
export const mergeBodySchema = z
  .object({
    keep_id: recordId(),
    other_id: recordId(),
    keep_updated_at: timestamp(),
    other_updated_at: timestamp(),
    fields: z
      .partialRecord(z.enum(MERGE_FIELD_KEYS, { error: MSG.invalidValue }), choice, {
        error: MSG.invalidValue,
      })
      .prefault({}),
  })
  .refine((b) => b.keep_id !== b.other_id, { error: MERGE_MSG.samePerson, path: ['other_id'] });
export type MergeBody = z.output<typeof mergeBodySchema>;

/** GET /api/admin/student/merge/detail/ and POST …/undo/: one merge by its number. */
export const mergeIdSchema = z.object({ id: recordId() });

const mergeRecordSchema = z.object({
  user_id: id,
  login_id: z.string().nullable(),
  name: z.string(),
  approval_status: z.string(),
  total_units: id,
  created_at: iso,
  /** the lock stamp the merge sends back */
  updated_at: iso,
  /** each field's stored value as text ('' blank; is_email '1'/'0') */
  values: z.record(z.enum(MERGE_FIELD_KEYS), z.string()),
});
export type MergeRecord = z.output<typeof mergeRecordSchema>;

/** What becomes of one application of either record. */
const mergeApplicationSchema = z.object({
  application_id: id,
  course_id: id,
  course_name: z.string(),
  /** whose it is now */
  from: z.enum(['keep', 'other']),
  lottery_status: z.string(),
  /**
   * stays: the kept record's own; moves: to the kept record; cancelled: both applied to the course and the
   * other application is the better one — this one is cancelled and kept in the history
   */
  outcome: z.enum(['stays', 'moves', 'cancelled']),
  /** cancelling it frees a seat: the course's waitlist moves up as for a cancel */
  frees_seat: z.boolean(),
});

export const mergePreviewResponseSchema = z.object({
  keep: mergeRecordSchema,
  other: mergeRecordSchema,
  /** the score and reasons, when the two look alike (0 and '' when they do not) */
  score: id,
  reason_text: z.string(),
  applications: z.array(mergeApplicationSchema),
  /** the other rows that move (telephone calls, notices read, letters, requests), by kind in words */
  moves: z.array(z.object({ label: z.string(), count: id })),
  /** why the merge cannot be done as it stands ([] when it can) */
  blockers: z.array(z.string()),
});
export type MergePreview = z.output<typeof mergePreviewResponseSchema>;

export const mergeResponseSchema = z.object({ result: z.literal(true), id });

const mergePersonSchema = z.object({ user_id: id, login_id: z.string().nullable(), name: z.string() });

export const mergeDetailResponseSchema = z.object({
  id,
  kept: mergePersonSchema,
  merged: mergePersonSchema,
  merged_at: iso,
  admin_name: z.string(),
  /** the fields whose value came from the merged record */
  fields: z.array(z.string()),
  applications_moved: id,
  undone_at: iso.nullable(),
  /** the last moment it can be undone */
  undo_until: iso,
  /** why it cannot be undone now ([] when it can) */
  blockers: z.array(z.string()),
});
export type MergeDetail = z.output<typeof mergeDetailResponseSchema>;
