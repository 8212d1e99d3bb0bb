/** CSV downloads (SPEC §9): comma, CRLF, BOM so Excel reads UTF-8, timestamped file names. */
import { tokyoParts } from './dates';

export const CSV_BOM = '\uFEFF';

export type CsvCell = string | number | null | undefined;

// A spreadsheet runs a cell starting with these as a formula (OWASP "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text that could start a formula gets a leading ' (OWASP), then RFC 4180 quoting.
 * Numbers are written as they are: they cannot carry a formula, and -5 must stay a number.
 */
export function escapeCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Rows → CSV text; every record ends with CRLF (as csv-stringify writes). No BOM: prepend CSV_BOM. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(escapeCsvCell).join(',')}\r\n`).join('');
}

/** `${prefix}_yyyymmddhhmmss.csv`, the time in Tokyo. */
export function csvFileName(prefix: string, date: Date = new Date()): string {
  const p = tokyoParts(date);
  return `${prefix}_${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}.csv`;
}

/**
 * An upload's template: BOM (Excel then reads UTF-8) and the header row of `columns` — header → field, the
 * very object the server parses that upload with, so the template cannot drift from what is read.
 */
export function csvTemplate(columns: Readonly<Record<string, string>>): string {
  return CSV_BOM + toCsv([Object.keys(columns)]);
}
