/**
 * Code lists CD001–CD009 (SPEC §3). Values travel as strings. SPEC leaves the value meanings open; these
 * are ours, and GET /api/common/codemasterlist/ serves exactly this table.
 */

export const CODE_LIST_IDS = [
  'CD001',
  'CD002',
  'CD003',
  'CD004',
  'CD005',
  'CD006',
  'CD007',
  'CD008',
  'CD009',
] as const;
export type CodeListId = (typeof CODE_LIST_IDS)[number];

/** One entry of a code list, as `GET /api/common/codelist/…` answers it (codeListResponseSchema). */
export interface CodeEntry {
  d_value: string;
  d_text: string;
  is_init: boolean;
}

const e = (d_value: string, d_text: string, is_init = false): CodeEntry => ({ d_value, d_text, is_init });

export const CODE_LISTS: Readonly<Record<CodeListId, readonly CodeEntry[]>> = {
  // admin authority
  CD001: [e('1', '全権限（事務局）', true), e('2', '大学担当（閲覧・出欠のみ）')],
  // student approval status (SPEC §4: 1 approved, 2 rejected, other pending); 3: merged into another record
  // (decision 071), which logs nobody in and is no one's to approve
  CD002: [e('0', '承認待ち', true), e('1', '承認済み'), e('2', '却下'), e('3', '統合済み'), e('4', '退会')],
  // lottery status
  CD003: [
    e('1', '抽選待ち', true),
    e('2', '当選'),
    e('3', '落選'),
    e('4', 'キャンセル'),
    // the intake cycle (decision 015): a ranked waitlist and a winner who gave the seat back
    e('5', '補欠'),
    e('6', '辞退'),
  ],
  // attendance status of an application
  CD004: [e('1', '未受講', true), e('2', '受講中'), e('3', '受講済み')],
  // how the application was made
  CD005: [
    e('1', 'マイページ', true),
    e('2', '電話'),
    e('3', '窓口'),
    e('4', '郵送・FAX'),
    e('5', '一括登録（CSV）'),
  ],
  // attendance per session (attendance1..15)
  CD006: [e('0', '－（未実施）', true), e('1', '出席'), e('2', '欠席'), e('3', '遅刻・早退')],
  // public / non-public (course control, notice publish state)
  CD007: [e('1', '公開', true), e('2', '非公開')],
  // notice publish target
  CD008: [e('1', '全員', true), e('2', '期生'), e('3', '講座の申込者')],
  // student type
  CD009: [e('1', '正規生', true), e('2', '聴講生')],
};

export const AUTHORITY = { FULL: '1', UNIVERSITY: '2' } as const;
export const APPROVAL = { PENDING: '0', APPROVED: '1', REJECTED: '2', MERGED: '3', WITHDRAWN: '4' } as const;
export const LOTTERY = {
  PENDING: '1',
  WON: '2',
  LOST: '3',
  CANCELLED: '4',
  WAITLISTED: '5',
  DECLINED: '6',
} as const;
export const ATTENDANCE = { NOT_ATTENDED: '1', ATTENDING: '2', ATTENDED: '3' } as const;
export const HOW_APPLY = { MYPAGE: '1', PHONE: '2', COUNTER: '3', POST_FAX: '4', CSV: '5' } as const;
export const SESSION_ATTENDANCE = { NOT_HELD: '0', PRESENT: '1', ABSENT: '2', LATE_OR_EARLY: '3' } as const;
export const PUBLISH = { PUBLIC: '1', PRIVATE: '2' } as const;
export const TARGET = { ALL: '1', GENERATION: '2', COURSE: '3' } as const;
/** published_to of a personal notice the system writes to one student (decision 015): not in CD008, never offered by the notice form. */
export const PERSONAL_NOTICE = 4;
export const STUDENT_TYPE = { REGULAR: '1', AUDITOR: '2' } as const;

export function isCodeListId(value: unknown): value is CodeListId {
  return typeof value === 'string' && (CODE_LIST_IDS as readonly string[]).includes(value);
}

/** True when `value` is one of the list's d_value (numbers from the database compare as their string). */
export function isCode(code: CodeListId, value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const v = String(value);
  return CODE_LISTS[code].some((c) => c.d_value === v);
}

/** Japanese text of a value; '' when the value is empty or unknown (presenters fill *_text with it). */
export function codeText(code: CodeListId, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const v = String(value);
  return CODE_LISTS[code].find((c) => c.d_value === v)?.d_text ?? '';
}

/** The is_init value: the default a new form starts with. */
export function initialCode(code: CodeListId): string {
  const list = CODE_LISTS[code];
  return (list.find((c) => c.is_init) ?? list[0])?.d_value ?? '';
}
