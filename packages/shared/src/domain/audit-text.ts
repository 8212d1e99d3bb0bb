/**
 * An audit entry in the office's words (decision 067): what was recorded, field by field, for the viewer and
 * its CSV alike. Codes read as their names, instants as dates, yes/no as はい・いいえ; a field without words
 * keeps its own name rather than vanish. Pure, so it is tested.
 */

import { type CodeListId, codeText } from '../codes';
import type { AuditRow } from '../schemas/audit';
import { AUDIT_ACTION_WORDS, AUDIT_ACTOR_KINDS, AUDIT_ENTITY_WORDS, AUDIT_VIA } from '../schemas/audit';
import { CALL_OUTCOMES, PROXY_CHANNELS } from '../schemas/contact';
import { formatDateTimeJa } from './dates';

/** Fields the entry's own columns already show (whom and which course), left out of the text. */
const SHOWN_ELSEWHERE = new Set(['course_id', 'student_id', 'user_id', 'for_student', 'id']);

const FIELD_WORDS: Record<string, string> = {
  login_id: '学生番号',
  lottery_status: '抽選状況',
  previous_lottery_status: '変更前の抽選状況',
  attendance_status: '受講状況',
  acquisition_unit: '取得単位',
  how_apply: '申込方法',
  approval_status: '承認状況',
  waitlist_rank: '補欠の順番',
  waitlisted: '補欠で受付',
  agreed_no_cancel: 'キャンセル不可に同意',
  confirm_by: '確定の期限',
  confirm_days: '確定までの日数',
  channel: '連絡方法',
  note: 'メモ',
  outcome: '電話の結果',
  call_id: '記録番号',
  title: 'タイトル',
  course_name: '講座名',
  is_control: '公開状態',
  published_to: '配信先',
  generation_id: '期生ID',
  is_email: 'メールで知らせる',
  is_important: '重要',
  mail_queued: 'メールの送信',
  count: '件数',
  ids: '対象の件数',
  notice_ids: 'お知らせ',
  reason: '理由',
  refusal: '受け付けなかった理由',
  result: '結果',
  session_no: '回',
  via: '方法',
  win_num: '当選者数',
  win_count: '当選',
  lose_count: '落選',
  wait_count: '補欠',
  waitlist: '補欠を作る',
  run_id: '抽選の記録番号',
  auto_promote: '自動の繰り上げ',
  promote_until: '繰り上げの期限',
  amount_due: '支払う金額',
  pay_by: '支払いの期限',
  refund_due: '規定による返金額',
  net_paid: '入金済みの額',
  charged: '支払いを求めた申込の数',
  required: '受講前の支払い',
  how_to_pay: '支払いの方法',
  pay_days: '支払いの期限（日数）',
  pay_by_date: '支払いの期限（日付）',
  auto_lapse: '未入金の自動辞退',
  refund_days: '返金の期限（日数）',
  refund_note: '返金についての補足',
  password_changed: 'パスワードの変更',
  is_rejection: 'ログインの停止',
  authority: '権限',
  univ_id: '大学',
  student_type: '学生の種別',
  rows: '行数',
  registered: '登録',
  replaced: '置き換え',
  skipped_existing: '登録済みで飛ばした',
  skipped_applied: '申込済みで飛ばした',
  skipped_unregistered: '未登録で飛ばした',
  status: '状態',
  subject: '件名',
  request_id: '届出の番号',
  course_ids: '講座',
  mail_bounce_cleared: '「メールが届きません」の解除',
  other_id: '別人とした学生の番号（ID）',
  merge_id: '統合の番号',
  kept_id: '残した学生（ID）',
  merged_id: '統合した学生（ID）',
  kept_name: '残した学生',
  fields: '統合した側の値にした項目',
  applications_moved: '移した申込',
  cancelled_ids: '重複で取り消した申込',
  promoted_ids: '繰り上がった申込',
  download: 'ファイルでダウンロード',
  // the record's own fields, as an update's `changes` and `changed_fields` name them
  loginId: '学生番号',
  generationId: '期生ID',
  totalUnits: '累計単位',
  isGraduation: '修了',
  isRejection: 'ログインの停止',
  isEmail: 'メールで受け取る',
  isAttendance: '受講の可否',
  studentType: '学生の種別',
  name: '氏名',
  nameKana: '氏名カナ',
  postcode: '郵便番号',
  pref: '都道府県',
  streetName1: '市区町村',
  streetName2: '町名',
  address: '番地',
  streetName3: '建物名',
  birthday: '生年月日',
  gender: '性別',
  phone1: '電話番号1',
  phone2: '電話番号2',
  mail1: 'メールアドレス1',
  mail2: 'メールアドレス2',
  emergencyName: '緊急連絡先の氏名',
  emergencyRelation: '緊急連絡先の続柄',
  emergencyPhone: '緊急連絡先の電話番号',
  filingDate: '届出日',
  remarks: '備考',
  lotteryStatus: '抽選状況',
  attendanceStatus: '受講状況',
  acquisitionUnit: '取得単位',
  // a notice's, a category's and an admin account's fields
  categoryId: 'カテゴリ',
  periodFrom: '掲載期間（開始）',
  periodTo: '掲載期間（終了）',
  isControl: '公開状態',
  publishedTo: '配信先',
  courseId: '講座',
  emailTitle: 'メールの件名',
  isImportant: '重要',
  content: '本文',
  referenceUrl1: '参考URL1',
  referenceUrl2: '参考URL2',
  referenceUrl3: '参考URL3',
  sortNumber: '表示順',
  universityId: '大学',
  email: 'メールアドレス',
};

/** A course's fields, where their names mean something else on a student (name, status…). */
const COURSE_WORDS: Record<string, string> = {
  code: '講座ID',
  name: '講座名',
  content: '内容',
  organ: '実施団体',
  universityId: '大学ID',
  periodFrom: '申込期間（開始）',
  periodTo: '申込期間（終了）',
  capacity: '定員',
  minimum: '最少人数',
  period: '開催日時',
  allTimes: '回数',
  tuitionFee: '受講料',
  tuitionFee1: '受講料（補助）',
  materialCost: '教材費',
  venue: '会場',
  streetAddress: '所在地',
  isCancelable: 'キャンセル',
  unit: '単位',
  imageUrl: '画像URL',
  status: '公開状態',
  attendee: '対象',
  keyword: 'キーワード',
  permalink: '公開ページURL',
  howToApply: '申込方法',
  applyUrl: '申込URL',
  applyUrlText: '申込URLの表示文字',
  isLottery: '抽選',
  remind: '前日のお知らせ',
  bring: '持ち物',
};

/** The word of a field of the record `entity`, 第N回の出欠 for a class's attendance. */
const wordOf = (field: string, entity?: AuditRow['entity']): string => {
  const session = /^attendance(\d+)$/.exec(field);
  if (session) return `第${session[1]}回の出欠`;
  return (entity === 'course' ? COURSE_WORDS[field] : undefined) ?? FIELD_WORDS[field] ?? field;
};

/** Fields whose value is a code of a code list. */
const CODE_FIELDS: Record<string, CodeListId> = {
  lottery_status: 'CD003',
  previous_lottery_status: 'CD003',
  attendance_status: 'CD004',
  how_apply: 'CD005',
  is_control: 'CD007',
  published_to: 'CD008',
  approval_status: 'CD002',
  authority: 'CD001',
  student_type: 'CD009',
  lotteryStatus: 'CD003',
  attendanceStatus: 'CD004',
  studentType: 'CD009',
  isControl: 'CD007',
  publishedTo: 'CD008',
};
/** A course's `status` is CD007 (public or not); an outbox's is a word of its own. */
const COURSE_CODES: Record<string, CodeListId> = { status: 'CD007' };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function valueText(field: string, value: unknown, entity?: AuditRow['entity']): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  const code =
    (entity === 'course' ? COURSE_CODES[field] : undefined) ??
    CODE_FIELDS[field] ??
    (/^attendance\d+$/.test(field) ? 'CD006' : undefined);
  if (code && (typeof value === 'string' || typeof value === 'number'))
    return codeText(code, value) || String(value);
  if (field === 'outcome' && typeof value === 'string' && value in CALL_OUTCOMES)
    return CALL_OUTCOMES[value as keyof typeof CALL_OUTCOMES];
  if (field === 'channel' && typeof value === 'string' && value in PROXY_CHANNELS)
    return PROXY_CHANNELS[value as keyof typeof PROXY_CHANNELS];
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTimeJa(value) : value;
  if (typeof value === 'number') return value.toLocaleString('ja-JP');
  // a list of words (the fields a merge took) reads as them; a list of ids as how many
  if (Array.isArray(value))
    return value.length > 0 && value.every((v) => typeof v === 'string')
      ? value.join('、')
      : `${value.length.toLocaleString('ja-JP')}件`;
  return JSON.stringify(value);
}

const isPair = (v: unknown): v is [unknown, unknown] => Array.isArray(v) && v.length === 2;

/**
 * The entry's detail, one 「項目：値」 a field, in the order it was written; an update's `changes` one
 * 「項目：前 → 後」 each, and its `changed_fields` (a person's data, kept without values) in one line.
 */
export function auditDetailLines(detail: AuditRow['detail'], entity?: AuditRow['entity']): string[] {
  if (!detail) return [];
  const word = (field: string) => wordOf(field, entity);
  return Object.entries(detail).flatMap(([field, value]): string[] => {
    if (SHOWN_ELSEWHERE.has(field)) return [];
    if (field === 'changes' && value && typeof value === 'object' && !Array.isArray(value))
      return Object.entries(value)
        .filter(([, pair]) => isPair(pair))
        .map(
          ([f, [before, after]]) =>
            `${word(f)}：${valueText(f, before, entity)} → ${valueText(f, after, entity)}`,
        );
    if (field === 'changed_fields' && Array.isArray(value))
      return value.length
        ? [`変更した項目：${value.map((f) => word(String(f))).join('、')}（内容は記録していません）`]
        : [];
    return [`${word(field)}：${valueText(field, value, entity)}`];
  });
}

/** What was done, to what: 「申込の変更」, 「学生の登録」, or the act alone where the record goes without saying. */
export function auditActionText(row: Pick<AuditRow, 'action' | 'entity'>): string {
  const act = AUDIT_ACTION_WORDS[row.action];
  return row.action === 'create' || row.action === 'update' || row.action === 'update_batch'
    ? `${AUDIT_ENTITY_WORDS[row.entity]}の${act}`
    : act;
}

/** Who acted: the staff member's name (事務局 when the account is gone), 「学生本人」, 「自動処理」. */
export function auditActorText(row: Pick<AuditRow, 'actor_kind' | 'actor_name'>): string {
  if (row.actor_kind === 'admin') return row.actor_name || AUDIT_ACTOR_KINDS.admin;
  return AUDIT_ACTOR_KINDS[row.actor_kind];
}

/** How it came: 画面, API, 自動処理, or 不明 for an entry written before this was recorded. */
export const auditViaText = (via: AuditRow['via']): string => (via ? AUDIT_VIA[via] : '不明');
