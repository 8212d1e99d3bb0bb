/**
 * The words of the audit log's details (decisions 067, 088): each field an entry may record, in the words the
 * office uses, and each code a field may hold. audit-text.ts reads a detail with them; its test holds every
 * act to them, so a field or a code recorded without words fails there.
 */
import type { CodeListId } from '../codes';
import type { AuditAction, AuditEntity, AuditRefKind } from '../schemas/audit';
import { RETENTION_KINDS } from '../schemas/lifecycle';
import { PAYMENT_METHOD_LABEL } from './fees';
import { LOTTERY_TIER_LABEL } from './intake';

/**
 * Fields the entry's own columns already show (whom and which course, the application they make), and the
 * record numbers the office never sees on a screen: left out of the text.
 */
export const NOT_SHOWN: ReadonlySet<string> = new Set([
  'course_id',
  'student_id',
  'user_id',
  'for_student',
  'id',
  'application_id',
  'call_id',
  'request_id',
  'run_id',
  'merge_id',
]);

export const FIELD_WORDS: Record<string, string> = {
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
  void_reason: '取り消しの理由',
  return_reason: '差し戻しの理由',
  decision_note: '決定のメモ',
  payer_name: '振込依頼人名',
  withdrawal_reason: '退会の理由',
  refusal: '受け付けなかった理由',
  result: '結果',
  session_no: '授業',
  via: '方法',
  win_num: '当選者数',
  win_count: '当選',
  lose_count: '落選',
  wait_count: '補欠',
  waitlist: '補欠を作る',
  tiers: '優先する人',
  override_reason: '申込期間中に抽選した理由',
  auto_promote: '自動の繰り上げ',
  promote_until: '繰り上げの期限',
  amount: '金額',
  paid_on: '入金日',
  method: '入金方法',
  receipt_no: '領収書番号',
  source: '記録のしかた',
  bulk: 'まとめて記録',
  before: '訂正前',
  after: '訂正後',
  format: '明細の形式',
  lines: '明細の行数',
  recorded: '記録した入金',
  courses: '講座',
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
  course_ids: '講座',
  mail_bounce_cleared: '「メールが届きません」の解除',
  other_id: '別人とした学生',
  kept_id: '残した学生',
  merged_id: '統合した学生',
  kept_name: '残した学生の氏名',
  fields: '統合した側の値にした項目',
  applications_moved: '移した申込',
  cancelled_ids: '重複で取り消した申込',
  promoted_ids: '繰り上がった申込',
  download: 'ファイルでダウンロード',
  group1: '連絡先1（電話番号1・メールアドレス1）の変更',
  group2: '連絡先2（電話番号2・メールアドレス2）の変更',
  by: '手続きした人',
  cancelled: '取り消した申込',
  reason_given: '理由の記入',
  withdrawal: '退会による取り消し',
  anonymized: '個人情報を消去した人数',
  name: '氏名',
  sort_number: '表示順',
  category: 'カテゴリ',
  sessions: '授業日の数',
  // the record's own fields, as an update's `changes` and `changed_fields` name them
  loginId: '学生番号',
  generationId: '期生ID',
  totalUnits: '累計単位',
  isGraduation: '修了',
  isRejection: 'ログインの停止',
  isEmail: 'メールで受け取る',
  isAttendance: '受講の可否',
  studentType: '学生の種別',
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
  // a course's (ENTITY_WORDS has those whose names mean something else elsewhere)
  code: '講座ID',
  organ: '実施団体',
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
  attendee: '対象',
  keyword: 'キーワード',
  permalink: '公開ページURL',
  howToApply: '申込方法',
  applyUrl: '申込URL',
  applyUrlText: '申込URLの表示文字',
  isLottery: '抽選',
  remind: '前日のお知らせ',
  bring: '持ち物',
  // a desk application beyond the seats (decision 086)
  over_capacity: '定員を超えての受付',
  seats_before: '受付の前に埋まっていた席',
  // the retention rule's
  withdrawnYears: `${RETENTION_KINDS.withdrawn.label}の保存期間`,
  graduatedYears: `${RETENTION_KINDS.graduated.label}の保存期間`,
  rejectedYears: `${RETENTION_KINDS.rejected.label}の保存期間`,
  mergedYears: `${RETENTION_KINDS.merged.label}の保存期間`,
  auto: '毎月の自動消去',
};

/** The fields whose words differ by the record the entry is about. */
export const ENTITY_WORDS: Partial<Record<AuditEntity, Record<string, string>>> = {
  // a course's fields whose names mean something else on a student or a notice (name, status…)
  course: {
    name: '講座名',
    content: '内容',
    periodFrom: '申込期間（開始）',
    periodTo: '申込期間（終了）',
    status: '公開状態',
    // an upload of courses names them by the codes it gave
    course_ids: '取り込んだ講座の講座ID',
  },
  notice_category: { name: 'カテゴリ名' },
  admin_user: { login_id: 'ログインID' },
  mail: { status: '送信の状態' },
};

/** The fields whose words differ by the act: a refund's money goes the other way. */
export const ACTION_WORDS: Partial<Record<AuditAction, Record<string, string>>> = {
  refund: { amount: '返金額', paid_on: '返金日', method: '返金の方法' },
  payment_void: { before: '取り消した入金' },
  check_in: { via: '受付の方法' },
  check_in_refused: { via: '受付の方法' },
  withdraw: { by: '届け出た人' },
};

/** Fields whose value is a code of a code list. */
export const CODE_FIELDS: Record<string, CodeListId> = {
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
/** A course's `status` is CD007 (public or not). */
export const COURSE_CODES: Record<string, CodeListId> = { status: 'CD007' };

/** Fields whose value is one of the app's own codes, each in its words. */
export const VALUE_WORDS: Record<string, Readonly<Record<string, string>>> = {
  // how a check-in came: the student ID's code scanned, or the 学生番号 typed; an account made on the server
  via: { qr: '学生証のQRコード', manual: '学生番号の入力', cli: 'サーバーのコマンド' },
  refusal: {
    no_course: '講座が見つからない',
    forbidden: '担当していない講座',
    no_session: '今日は授業日ではない',
    expired: 'コードの期限切れ',
    unreadable: 'コードを読み取れない',
    not_applicant: 'この講座の申込者ではない',
    not_won: 'この講座の当選者ではない',
    not_confirmed: '受講の確定がまだ',
  },
  result: { ok: '出席を記録', already: 'すでに出席済み' },
  method: PAYMENT_METHOD_LABEL,
  source: { manual: '事務局が入力', bank: '銀行の入金明細から' },
  format: { zengin: '全銀協の振込入金明細', csv: 'CSV' },
  by: { office: '事務局', self: '学生本人', job: '自動処理（毎月）' },
  tiers: LOTTERY_TIER_LABEL,
  status: { pending: '送信待ち', sent: '送信済み', failed: '送信失敗' },
};

/** Fields holding yen. */
export const YEN_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'amount_due',
  'refund_due',
  'net_paid',
  'tuitionFee',
  'tuitionFee1',
  'materialCost',
]);

/** Fields holding a count or a length, and the unit it is read in: 「5年」, 「2件」, 「3通」. */
export const UNIT_FIELDS: Readonly<Record<string, string>> = {
  withdrawnYears: '年',
  graduatedYears: '年',
  rejectedYears: '年',
  mergedYears: '年',
  confirm_days: '日',
  pay_days: '日',
  refund_days: '日',
  applications_moved: '件',
  cancelled: '件',
  charged: '件',
  recorded: '件',
  registered: '件',
  skipped_existing: '件',
  skipped_applied: '件',
  skipped_unregistered: '件',
  anonymized: '人',
  capacity: '人',
  seats_before: '席',
  win_num: '人',
  win_count: '人',
  wait_count: '人',
  lose_count: '人',
  // a notice's mails queued (an account's or an approval's is yes / no)
  mail_queued: '通',
};

/** Fields holding '0' / '1' for no / yes (a form's flag as it came). */
export const FLAG_FIELDS: ReadonlySet<string> = new Set([
  'waitlist',
  'auto_promote',
  'required',
  'auto_lapse',
]);

export type { AuditRefKind } from '../schemas/audit';

/** Fields whose value is the id (or a list of ids) of a record of that kind. */
export const REF_FIELDS: Readonly<Record<string, AuditRefKind>> = {
  other_id: 'student',
  kept_id: 'student',
  merged_id: 'student',
  course_ids: 'course',
  courses: 'course',
  courseId: 'course',
  category: 'course_category',
  categoryId: 'notice_category',
  univ_id: 'university',
  universityId: 'university',
};

/**
 * The kind of record a field of an entry about `entity` names by id, if it names one. An upload of courses
 * names them by the codes it gave (講座ID), which are words already.
 */
export const refKindOf = (field: string, entity?: AuditEntity): AuditRefKind | undefined =>
  entity === 'course' && field === 'course_ids' ? undefined : REF_FIELDS[field];

/** What a reference reads as when its record is no longer there (or the reader may not see it). */
export const REF_MISSING: Record<AuditRefKind, (id: string) => string> = {
  student: (id) => `学生（ID ${id}）`,
  course: (id) => `講座（ID ${id}）`,
  course_category: (id) => `カテゴリ（ID ${id}）`,
  notice_category: (id) => `カテゴリ（ID ${id}）`,
  university: (id) => id,
};
