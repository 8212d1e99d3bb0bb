/**
 * CSV uploads of the course list (SPEC §2 upload modal, §7 courseapplicantupload; issue 3 course import).
 * The bodies carry the file as a data URL; the column maps (Japanese header → field) are shown by the
 * upload modal and read by the server, so both name the same columns.
 */
import { z } from 'zod';
import { CODE_LISTS, HOW_APPLY } from '../codes';
import { MSG } from '../validation/messages';
import { normalizeName } from '../validation/normalize';
import { digitsOnly, required, text } from '../validation/rules';
import { APPLICANT_REMARKS_MAX } from './applicant';
import { COURSE_SESSIONS_MAX } from './course-session';
import { previewHashSchema } from './import-preview';

/** The file as FileReader.readAsDataURL gives it; size and format are checked by the server as it reads. */
const csvDataUrl = () => z.string({ error: MSG.fileRequired }).min(1, { error: MSG.fileRequired });

/** POST /api/admin/course/courseapplicantupload */
export const courseApplicantUploadBodySchema = z.object({ course_applicant: csvDataUrl() });
/** POST /api/admin/course/courseupload/preview/: what the course import of this file would do (decision 070) */
export const courseUploadPreviewBodySchema = z.object({ course: csvDataUrl() });
/** POST /api/admin/course/courseupload, with the optional preview_hash of decision 070 */
export const courseUploadBodySchema = courseUploadPreviewBodySchema.extend({
  preview_hash: previewHashSchema.optional(),
});

export const UPLOAD_MSG = {
  courseNotFound: '講座IDが見つかりません',
  duplicateApplicant: (firstLine: number) => `${firstLine}行目と同じ学生・講座の組み合わせです`,
  applicantsDone: (count: number) => `${count}件の申込を登録しました。`,
  skippedUnregistered: (lines: readonly number[]) =>
    `未登録の学生のため登録しなかった行：${lines.length}件（${lineList(lines)}）。`,
  skippedApplied: (lines: readonly number[]) =>
    `すでに申込済みのため登録しなかった行：${lines.length}件（${lineList(lines)}）。`,
  courseIdInUse: 'この講座IDはすでに登録されています',
  duplicateCourseId: (firstLine: number) => `${firstLine}行目と同じ講座IDです`,
  categoryNotFound: (name: string) => `カテゴリ「${name}」が見つかりません`,
  univNotFound: (id: string) => `大学ID「${id}」が見つかりません`,
  coursesDone: (count: number) => `${count}件の講座を登録しました。`,
  /** the upload met a change made at the same moment (a unique index fired) */
  concurrent: 'ほかの操作と重なったため登録できませんでした。もう一度アップロードしてください。',
} as const;

/** At most this many row numbers are listed in a completion message; the count is always exact. */
export const UPLOAD_LINES_SHOWN = 20;
function lineList(lines: readonly number[]): string {
  const shown = lines.slice(0, UPLOAD_LINES_SHOWN).map((n) => `${n}行目`);
  return lines.length > UPLOAD_LINES_SHOWN ? `${shown.join('、')}ほか` : shown.join('、');
}

// ---- course applications ----

/** Header → field of the applications CSV. 申込方法 and 備考 may be left out. */
export const APPLICANT_CSV_COLUMNS = {
  講座ID: 'course_code',
  学生番号: 'login_id',
  申込方法: 'how_apply',
  備考: 'remarks',
} as const;
export const APPLICANT_CSV_OPTIONAL = ['申込方法', '備考'] as const;
export type ApplicantCsvField = (typeof APPLICANT_CSV_COLUMNS)[keyof typeof APPLICANT_CSV_COLUMNS];

/**
 * A code list value from its d_value or its text ('2' or '電話'); width and spaces do not matter.
 * Anything else is returned as given, so the code check reports it.
 */
export function codeFromText(list: readonly { d_value: string; d_text: string }[], input: string): string {
  const key = normalizeName(input);
  return list.find((c) => c.d_value === key || normalizeName(c.d_text) === key)?.d_value ?? input;
}

/** One row of the applications CSV. 申込方法 left empty means 一括登録（CSV）. */
export const applicantCsvRowSchema = z.object({
  course_code: required(),
  login_id: digitsOnly({ required: true, length: 8 }),
  how_apply: text()
    .transform((v) => (v === '' ? HOW_APPLY.CSV : codeFromText(CODE_LISTS.CD005, v)))
    .refine((v) => CODE_LISTS.CD005.some((c) => c.d_value === v), { error: MSG.invalidChoice }),
  remarks: text({ max: APPLICANT_REMARKS_MAX, multiline: true }),
});
export type ApplicantCsvRow = z.output<typeof applicantCsvRowSchema>;

// ---- courses (authoring by CSV) ----

/**
 * Header → field of the course CSV: the authoring form's labels (course-form-page), in its order; the
 * template is this header row.
 */
export const COURSE_CSV_COLUMNS = {
  講座ID: 'course_id',
  講座名: 'course_name',
  内容: 'content',
  実施団体: 'organ',
  大学ID: 'univ_id',
  '申込期間（開始）': 'period_f',
  '申込期間（終了）': 'period_t',
  開催日時: 'period',
  定員: 'capacity',
  最少人数: 'minimum',
  回数: 'all_times',
  受講料: 'tuition_fee',
  '受講料（補助）': 'tuition_fee1',
  教材費: 'material_cost',
  会場: 'venue',
  所在地: 'street_address',
  キャンセル: 'cancel',
  単位: 'unit',
  カテゴリ: 'category',
  画像URL: 'image',
  公開状態: 'status',
  対象: 'attendee',
  キーワード: 'keyword',
  公開ページURL: 'permalink',
  申込方法: 'how_to_apply',
  申込URL: 'apply_url',
  申込URLの表示文字: 'apply_url_text',
  抽選: 'is_lottery',
  // class days: session n in 授業日n, a cell like 「2026/12/2 13:00-14:30 201教室」
  前日のお知らせ: 'remind',
  持ち物: 'bring',
  授業日1: 'sessions1',
  授業日2: 'sessions2',
  授業日3: 'sessions3',
  授業日4: 'sessions4',
  授業日5: 'sessions5',
  授業日6: 'sessions6',
  授業日7: 'sessions7',
  授業日8: 'sessions8',
  授業日9: 'sessions9',
  授業日10: 'sessions10',
  授業日11: 'sessions11',
  授業日12: 'sessions12',
  授業日13: 'sessions13',
  授業日14: 'sessions14',
  授業日15: 'sessions15',
} as const;
export type CourseCsvField = (typeof COURSE_CSV_COLUMNS)[keyof typeof COURSE_CSV_COLUMNS];
/** The headers a course CSV must have: the form's required fields. */
export const COURSE_CSV_REQUIRED = [
  '講座名',
  '実施団体',
  '申込期間（開始）',
  '申込期間（終了）',
  '回数',
  'キャンセル',
  '単位',
  '公開状態',
  '抽選',
] as const;
export const COURSE_CSV_OPTIONAL = Object.keys(COURSE_CSV_COLUMNS).filter(
  (h) => !(COURSE_CSV_REQUIRED as readonly string[]).includes(h),
);
/** カテゴリ: several names in one cell, separated by 、 or a comma. */
export const COURSE_CSV_CATEGORY_SEPARATOR = /[、,，]/;

const choice = (map: Record<string, string>) => (v: string) => map[normalizeName(v)] ?? v;
const yesNo = (yes: string, no: string) => choice({ [yes]: '1', [no]: '0', '1': '1', '0': '0' });
const CSV_CHOICES: Partial<Record<CourseCsvField, (v: string) => string>> = {
  status: (v) => codeFromText(CODE_LISTS.CD007, v),
  remind: yesNo('送る', '送らない'),
  cancel: yesNo('可', '不可'),
  is_lottery: yesNo('あり', 'なし'),
};

/**
 * 'YYYY-MM-DD HH:MM' or 'YYYY/M/D H:MM' (as Excel writes a date and time, seconds allowed) →
 * 'YYYY-MM-DDTHH:MM', the form's value; anything else is kept so that the date check reports it.
 */
export function csvDateTime(input: string): string {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(input.trim());
  if (!m) return input;
  const [, y, mo, d, h, mi] = m as unknown as [string, string, string, string, string, string];
  const two = (s: string) => s.padStart(2, '0');
  return `${y}-${two(mo)}-${two(d)}T${two(h)}:${mi}`;
}

/**
 * A course CSV row → the authoring form's values (the body of POST /api/admin/course/add/ before the
 * category names become ids): the words the detail screen shows (公開, 可, あり) become the form's codes.
 */
export function courseCsvToForm(values: Record<CourseCsvField, string>) {
  const form: Record<string, string> = {};
  for (const [field, value] of Object.entries(values) as [CourseCsvField, string][]) {
    if (field === 'category') continue;
    const map = CSV_CHOICES[field];
    form[field] = map && value.trim() !== '' ? map(value) : value;
  }
  form.period_f = csvDateTime(form.period_f ?? '');
  form.period_t = csvDateTime(form.period_t ?? '');
  const cells = Array.from({ length: COURSE_SESSIONS_MAX }, (_, i) => {
    const key = `sessions${i + 1}`;
    const cell = form[key] ?? '';
    delete form[key];
    return cell.trim();
  });
  const last = cells.findLastIndex((c) => c !== '');
  const categoryNames = values.category
    .split(COURSE_CSV_CATEGORY_SEPARATOR)
    .map((c) => c.trim())
    .filter((c) => c !== '');
  const sessions = cells.slice(0, last + 1).map(csvSession);
  return { form: { ...form, sessions }, categoryNames };
}

/**
 * One 授業日 cell → a session: 'YYYY/M/D H:MM-H:MM' then, after a space, the room (〜, ～ or a hyphen between
 * the times; full-width digits read). A cell that does not read so keeps its text as the day, so the date
 * check names the column; an empty cell before a filled one is a session without a day (required).
 */
export function csvSession(cell: string) {
  const half = cell.replace(/[０-９／：－〜～　]/g, (c) =>
    c === '　'
      ? ' '
      : c === '〜' || c === '～' || c === '－'
        ? '-'
        : String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})(?:\s+(.*))?$/.exec(
    half.trim(),
  );
  if (!m) return { day: cell, start: '', end: '', room: '' };
  const [, y, mo, d, start, end, room = ''] = m as unknown as string[];
  const two = (x = '') => x.padStart(2, '0');
  return { day: `${y}-${two(mo)}-${two(d)}`, start: start ?? '', end: end ?? '', room: room.trim() };
}
