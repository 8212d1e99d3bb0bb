/**
 * The CSV downloads the server streams (SPEC §9; decision 021): file prefix, header names,
 * column order and value formatting, defined once. The server writes them; they are what the screens
 * built in the browser before, byte for byte (BOM, comma, CRLF, formula escaping: ./csv.ts).
 */
import type { CourseApplicantRow, CourseApplicantRowLimited, SessionAttendance, StudentRow } from '../api';
import { codeText } from '../codes';
import { SESSION_NUMBERS } from '../schemas/applicant';
import type { AuditRow } from '../schemas/audit';
import {
  CALL_OUTCOMES,
  CONTACT_REASONS,
  type ContactReasonLimited,
  type ContactRow,
  type ContactRowLimited,
  type LabelRow,
  MAIL_STATES,
} from '../schemas/contact';
import type { PaymentReportRow } from '../schemas/payments';
import { auditActionText, auditActorText, auditRowLines, auditViaText, courseRefText } from './audit-text';
import { type CsvCell, escapeCsvCell } from './csv';
import { formatDateJa, formatDateTimeJa } from './dates';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

export interface CsvExport<Row> {
  /** The file is `${prefix}_yyyymmddhhmmss.csv` (csvFileName). */
  prefix: string;
  columns: readonly CsvColumn<Row>[];
}

/** The header record, CRLF-terminated (no BOM: CSV_BOM goes first in the file). */
export const csvHeaderLine = (spec: CsvExport<never>): string =>
  `${spec.columns.map((c) => escapeCsvCell(c.header)).join(',')}\r\n`;

/** One data record, CRLF-terminated. */
export function csvRowLine<Row>(spec: CsvExport<Row>, row: Row): string {
  let line = '';
  for (let i = 0; i < spec.columns.length; i++) {
    if (i > 0) line += ',';
    line += escapeCsvCell((spec.columns[i] as CsvColumn<Row>).value(row));
  }
  return `${line}\r\n`;
}

/** /admin/student 「CSVダウンロード」: the list's columns, dates as the table shows them, code texts. */
export const STUDENT_LIST_CSV: CsvExport<StudentRow> = {
  prefix: 'student',
  columns: [
    { header: '学生番号', value: (s) => s.login_id ?? '' },
    { header: '期生ID', value: (s) => s.generation_id ?? '' },
    { header: '氏名', value: (s) => s.name },
    { header: '氏名カナ', value: (s) => s.name_kana },
    { header: '町名', value: (s) => s.street_name1 },
    { header: '生年月日', value: (s) => formatDateJa(s.birthday) },
    { header: '承認状況', value: (s) => s.approval_status_text },
    { header: '学生種別', value: (s) => s.student_type_text },
    { header: '申込日', value: (s) => formatDateJa(s.filing_date) },
  ],
};

/** The applicant tab's CSV for authority 1: the stored values, code texts for the codes. */
export const APPLICANT_CSV: CsvExport<CourseApplicantRow> = {
  prefix: 'applicant',
  columns: [
    { header: '学生番号', value: (r) => r.login_id },
    { header: '氏名', value: (r) => r.name },
    { header: '氏名カナ', value: (r) => r.name_kana },
    { header: '抽選状況', value: (r) => codeText('CD003', r.lottery_status) },
    { header: '申込方法', value: (r) => codeText('CD005', r.how_apply) },
    { header: '受講状況', value: (r) => codeText('CD004', r.attendance_status) },
    {
      header: '受講状況更新日',
      value: (r) => (r.attendance_updated_date ? formatDateTimeJa(r.attendance_updated_date) : ''),
    },
    { header: '取得単位', value: (r) => r.acquisition_unit },
    ...SESSION_NUMBERS.map(
      (i): CsvColumn<CourseApplicantRow> => ({
        header: `第${i}回`,
        value: (r) => codeText('CD006', r[`attendance${i}` as keyof SessionAttendance]),
      }),
    ),
  ],
};

/** Authority 2 sees only 氏名カナ (SPEC §6), in its CSV as on the screen. */
export const APPLICANT_CSV_LIMITED: CsvExport<CourseApplicantRowLimited> = {
  prefix: 'applicant',
  columns: [{ header: '氏名カナ', value: (r) => r.name_kana }],
};

const callText = (r: ContactRow) =>
  r.last_call
    ? `${formatDateTimeJa(r.last_call.called_at)} ${CALL_OUTCOMES[r.last_call.outcome]}（${r.last_call.admin_name}）`
    : '';

/** A person's reasons, one line each in a cell (the cell's lines follow the row's reasons in order). */
const perReason = <R>(reasons: readonly R[], line: (r: R) => string) => reasons.map(line).join('\n');

const courseLine = (r: ContactReasonLimited) => r.course_name || '—';
const deadlineLine = (r: ContactReasonLimited) => (r.deadline ? formatDateTimeJa(r.deadline) : '—');
const readLine = (r: ContactReasonLimited) => (r.read_at ? formatDateTimeJa(r.read_at) : '未読');

/**
 * 「連絡が必要な学生」 as authority 1 downloads it (decision 087): one record a person, her reasons one line each
 * in the 理由, 講座, 内容, 期限, メール, 既読 and 郵送 cells, in the same order; dates as the table shows them.
 */
export const CONTACT_CSV: CsvExport<ContactRow> = {
  prefix: 'contact',
  columns: [
    { header: '理由', value: (r) => perReason(r.reasons, (x) => CONTACT_REASONS[x.reason]) },
    { header: '学生番号', value: (r) => r.login_id },
    { header: '氏名', value: (r) => r.name },
    { header: '氏名カナ', value: (r) => r.name_kana },
    { header: '電話番号1', value: (r) => r.phone1 },
    { header: '電話番号2', value: (r) => r.phone2 },
    { header: '講座', value: (r) => perReason(r.reasons, courseLine) },
    { header: '内容', value: (r) => perReason(r.reasons, (x) => x.pending) },
    { header: '期限', value: (r) => perReason(r.reasons, deadlineLine) },
    {
      header: 'メール',
      value: (r) =>
        perReason(r.reasons, (x) =>
          x.reason === 'mail' ? '届きません' : x.mail ? MAIL_STATES[x.mail] : '—',
        ),
    },
    { header: '既読', value: (r) => perReason(r.reasons, (x) => (x.notice_id ? readLine(x) : '—')) },
    {
      header: '郵送',
      value: (r) =>
        perReason(r.reasons, (x) => (x.letter_printed_at ? formatDateTimeJa(x.letter_printed_at) : '—')),
    },
    { header: '最後の電話', value: callText },
  ],
};

/** Authority 2's: 氏名カナ and the course's side of each reason (SPEC §6), one record a person. */
export const CONTACT_CSV_LIMITED: CsvExport<ContactRowLimited> = {
  prefix: 'contact',
  columns: [
    { header: '氏名カナ', value: (r) => r.name_kana },
    { header: '講座', value: (r) => perReason(r.reasons, courseLine) },
    { header: '内容', value: (r) => perReason(r.reasons, (x) => x.pending) },
    { header: '期限', value: (r) => perReason(r.reasons, deadlineLine) },
    { header: '既読', value: (r) => perReason(r.reasons, readLine) },
  ],
};

/** Address labels for Word / Excel 差し込み印刷 (郵便番号, 住所1, 住所2, 氏名, 学生番号). */
export const LABEL_CSV: CsvExport<LabelRow> = {
  prefix: 'labels',
  columns: [
    { header: '郵便番号', value: (r) => r.postcode },
    { header: '住所1', value: (r) => r.address1 },
    { header: '住所2', value: (r) => r.address2 },
    { header: '氏名', value: (r) => r.name },
    { header: '学生番号', value: (r) => r.login_id },
  ],
};

/** The audit viewer's search (decision 067), newest first. */
export const AUDIT_CSV: CsvExport<AuditRow> = {
  prefix: 'audit',
  columns: [
    { header: '日時', value: (r) => formatDateTimeJa(r.at) },
    { header: '操作した人', value: auditActorText },
    { header: '操作', value: auditActionText },
    { header: '学生番号', value: (r) => r.student?.login_id ?? '' },
    { header: '氏名', value: (r) => r.student?.name ?? '' },
    { header: '講座', value: (r) => (r.course?.name ? courseRefText(r.course) : '') },
    { header: '経路', value: (r) => auditViaText(r.via) },
    { header: '内容', value: (r) => auditRowLines(r).join(' / ') },
  ],
};

/** 「入金の集計」 (decision 078): one fiscal year, a row per course, yen as whole numbers (Excel sums them). */
export const PAYMENT_REPORT_CSV: CsvExport<PaymentReportRow & { fiscal_year: number }> = {
  prefix: 'payments',
  columns: [
    { header: '年度', value: (r) => r.fiscal_year },
    { header: '講座ID', value: (r) => r.course_id },
    { header: '講座名', value: (r) => r.course_name },
    { header: '請求した席', value: (r) => r.seats },
    { header: '請求額（円）', value: (r) => r.due },
    { header: '入金額（円）', value: (r) => r.collected },
    { header: '返金額（円）', value: (r) => r.refunded },
    { header: '未収額（円）', value: (r) => r.outstanding },
    // the row adds up: 請求額 − 入金額 + 返金額 = 未収額 − 払いすぎ（decision 085）
    { header: '払いすぎ・返金が必要（円）', value: (r) => r.refund_owed },
  ],
};
