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
