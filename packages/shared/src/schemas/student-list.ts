/**
 * The admin student list, its CSV upload and the duplicate search (SPEC §2 "Students", §5 student search
 * maxima and "File input", §7 student/list, unapploval/count, upload, duplicate). The student fields and
 * their rules are those of the form (./student.ts); the CSV rows are checked with them.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { normalizeName } from '../validation/normalize';
import { codeOf, digitsOnly, positiveInt, recordId, text } from '../validation/rules';
import { previewHashSchema } from './import-preview';
import {
  GENERATION_ID_LENGTH,
  STUDENT_LOGIN_ID_LENGTH,
  STUDENT_SEARCH_NAME_MAX,
  studentFieldsSchema,
  studentRules,
} from './student';

// ---- the list (GET /api/admin/student/list/) ----

/** SPEC §9: page sizes of the admin lists; the list is paged on the server (100 000 students). */
export const STUDENT_PAGE_SIZES = ['10', '50', '100'] as const;
export const STUDENT_PAGE_SIZE_DEFAULT = 10;
/** Columns the list may be sorted by (each one a plain column of students). */
export const STUDENT_LIST_SORTS = [
  'login_id',
  'generation_id',
  'name',
  'name_kana',
  'street_name1',
  'birthday',
  'approval_status',
  'student_type',
  'filing_date',
] as const;
export type StudentListSort = (typeof STUDENT_LIST_SORTS)[number];

/** The search fields of the list, in form order (SPEC §5: login_id 8, generation_id 4, names 100). */
export const STUDENT_SEARCH_FIELDS = [
  'login_id',
  'generation_id',
  'name',
  'name_kana',
  'street_name1',
  'approval_status',
  'student_type',
] as const;
export type StudentSearchField = (typeof STUDENT_SEARCH_FIELDS)[number];

export const studentSearchSchema = z.object({
  /** prefix of the student number */
  login_id: digitsOnly({ max: STUDENT_LOGIN_ID_LENGTH }),
  generation_id: digitsOnly({ max: GENERATION_ID_LENGTH }),
  /** contains */
  name: text({ max: STUDENT_SEARCH_NAME_MAX }),
  name_kana: text({ max: STUDENT_SEARCH_NAME_MAX }),
  /** town (町名), contains */
  street_name1: text({ max: STUDENT_SEARCH_NAME_MAX }),
  /** CD002; '' = every status */
  approval_status: codeOf('CD002', { required: false }),
  /** CD009; '' = every type */
  student_type: codeOf('CD009', { required: false }),
});
export type StudentSearch = z.input<typeof studentSearchSchema>;

/** GET /api/admin/student/list/: the search plus page (1-based), size, sort and dir. */
export const studentListQuerySchema = studentSearchSchema.extend({
  page: positiveInt({ maxDigits: 6 }).transform((v) => Number(v || '1')),
  size: z
    .enum(['', ...STUDENT_PAGE_SIZES], { error: MSG.invalidChoice })
    .prefault('')
    .transform((v) => Number(v || STUDENT_PAGE_SIZE_DEFAULT)),
  sort: z.enum(['', ...STUDENT_LIST_SORTS], { error: MSG.invalidChoice }).prefault(''),
  dir: z.enum(['', 'asc', 'desc'], { error: MSG.invalidChoice }).prefault(''),
});
export type StudentListQueryParsed = z.output<typeof studentListQuerySchema>;

// ---- the duplicate search (GET /api/admin/student/duplicate/) ----

export const studentDuplicateQuerySchema = z.object({ user_id: recordId() });

/**
 * The seven groups, strongest first. They are exclusive: a student is listed only in the strongest group
 * it matches (a student with the same name, town and birthday is in nm_sn_bd, not also in nm, sn, bd).
 */
export const DUPLICATE_GROUPS = ['nm_sn_bd', 'nm_sn', 'nm_bd', 'sn_bd', 'nm', 'sn', 'bd'] as const;
export type DuplicateGroup = (typeof DUPLICATE_GROUPS)[number];
/** Rows listed per group; the group's count is always the full number. */
export const DUPLICATE_GROUP_LIMIT = 100;

// ---- the CSV upload (POST /api/admin/student/upload/) ----

/** The file as FileReader.readAsDataURL gives it; size and format are checked by the server as it reads. */
const csvDataUrl = () => z.string({ error: MSG.fileRequired }).min(1, { error: MSG.fileRequired });

/** POST /api/admin/student/upload/preview/: what the upload of this file would do (decision 070) */
export const studentUploadPreviewBodySchema = z.object({
  student: csvDataUrl(),
  /** CD009: every student of the file gets this type */
  student_type: codeOf('CD009'),
});
/** SPEC §7, plus the optional preview_hash: register exactly what the preview showed, or nothing */
export const studentUploadBodySchema = studentUploadPreviewBodySchema.extend({
  preview_hash: previewHashSchema.optional(),
});

/** Header → field of the student CSV: the labels of the student form. */
export const STUDENT_CSV_COLUMNS = {
  学生番号: 'login_id',
  期生ID: 'generation_id',
  氏名: 'name',
  氏名カナ: 'name_kana',
  郵便番号: 'postcode',
  都道府県: 'pref',
  町名: 'street_name1',
  丁目: 'street_name2',
  番地: 'address',
  建物名: 'street_name3',
  生年月日: 'birthday',
  性別: 'gender',
  電話番号1: 'phone_1',
  メールアドレス1: 'mail_1',
  電話番号2: 'phone_2',
  メールアドレス2: 'mail_2',
  緊急連絡先氏名: 'emergency_name',
  緊急連絡先続柄: 'emergency_emereletion',
  緊急連絡先電話番号: 'emergency_phone',
  取得単位数: 'total_units',
  申込日: 'filing_date',
  備考: 'remarks',
} as const;
export type StudentCsvField = (typeof STUDENT_CSV_COLUMNS)[keyof typeof STUDENT_CSV_COLUMNS];
/** The headers a student CSV must have: the fields studentFieldsSchema requires. */
export const STUDENT_CSV_REQUIRED = [
  '学生番号',
  '期生ID',
  '氏名',
  '町名',
  '番地',
  '生年月日',
  '電話番号1',
  '申込日',
] as const;
export const STUDENT_CSV_OPTIONAL = Object.keys(STUDENT_CSV_COLUMNS).filter(
  (h) => !(STUDENT_CSV_REQUIRED as readonly string[]).includes(h),
);
/** SPEC §4: a new student lives in Tokyo unless told otherwise. */
export const STUDENT_CSV_DEFAULT_PREF = '東京都';

export const STUDENT_UPLOAD_MSG = {
  duplicateLoginId: (firstLine: number) => `${firstLine}行目と同じ学生番号です`,
  done: (count: number) => `${count}件の学生を登録しました。`,
  skippedExisting: (lines: readonly number[]) =>
    `すでに登録されている学生番号のため登録・更新しなかった行：${lines.length}件（${lineList(lines)}）。`,
  concurrent: 'ほかの操作と重なったため登録できませんでした。もう一度アップロードしてください。',
} as const;

/** At most this many row numbers are listed in the completion message; the count is always exact. */
const LINES_SHOWN = 20;
function lineList(lines: readonly number[]): string {
  const shown = lines.slice(0, LINES_SHOWN).map((n) => `${n}行目`);
  return lines.length > LINES_SHOWN ? `${shown.join('、')}ほか` : shown.join('、');
}

/**
 * 'YYYY-MM-DD', 'YYYY/M/D' (as Excel writes a date, a time of 0:00 allowed) → 'YYYY-MM-DD'; anything else
 * is kept so that the date check reports it.
 */
export function csvDate(input: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+0{1,2}:00(?::00)?)?$/.exec(input.trim());
  if (!m) return input;
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  return `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

const GENDERS: Record<string, string> = { 男性: '1', 男: '1', 女性: '2', 女: '2' };
/**
 * 男性 / 女性 (or 1 / 2) → the form's value; anything else is kept for the choice check. The word as it
 * stands is looked up first: NFKC (normalizeName) costs microseconds a cell, and a 20 MB file has 100 000.
 */
export const csvGender = (input: string): string =>
  GENDERS[input.trim()] ?? GENDERS[normalizeName(input)] ?? input.trim();

/**
 * A student CSV row → the student form's values: dates and gender as the form holds them, the mail
 * confirmation fields filled from the mail (they are not columns), the prefecture Tokyo when blank.
 */
export function studentCsvToForm(values: Record<StudentCsvField, string>, studentType: string) {
  return {
    ...values,
    pref: values.pref.trim() === '' ? STUDENT_CSV_DEFAULT_PREF : values.pref,
    birthday: csvDate(values.birthday),
    filing_date: csvDate(values.filing_date),
    gender: csvGender(values.gender),
    mail_1_confirm: values.mail_1,
    mail_2_confirm: values.mail_2,
    student_type: studentType,
  };
}

/** One row of the student CSV: the form's fields and rules. */
export const studentCsvRowSchema = studentFieldsSchema.superRefine(studentRules);
export type StudentCsvRow = z.output<typeof studentCsvRowSchema>;
