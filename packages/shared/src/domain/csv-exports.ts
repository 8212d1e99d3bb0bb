/**
 * The CSV downloads the server streams (SPEC §9; decision 021): file prefix, header names,
 * column order and value formatting, defined once. The server writes them; they are what the screens
 * built in the browser before, byte for byte (BOM, comma, CRLF, formula escaping: ./csv.ts).
 */
import type { CourseApplicantRow, CourseApplicantRowLimited, SessionAttendance, StudentRow } from '../api';
import { codeText } from '../codes';
import { SESSION_NUMBERS } from '../schemas/applicant';
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
