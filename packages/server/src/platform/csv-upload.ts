import { CSV_MAX_BYTES } from '@manabi/shared/validation/rules';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { readCsvText } from './csv-decode';
import { CSV_UPLOAD_MSG, CsvUploadError } from './csv-messages';
import { type CsvColumns, type CsvRow, csvRowChunks } from './csv-records';
import type { TextPieces } from './sliced';

/**
 * CSV uploads (SPEC §7 courseapplicantupload, student upload; §9 20 MB): the file arrives as the data URL
 * FileReader.readAsDataURL makes. This reads it into rows keyed by our field names; each upload kind
 * brings its own column map and row rules. A file it cannot read is a {@link CsvUploadError} whose
 * message is Japanese and is shown on the file field (SPEC §2).
 *
 * The reading is in three files this one re-exports: csv-decode.ts (data URL → bytes → text), csv-records.ts
 * (text → records → rows) and csv-messages.ts (the messages and the error). This file holds what every upload
 * call shares: the whole read, the rows' messages and the answers.
 */

export { decodeCsvText, decodeDataUrl, readCsvText } from './csv-decode';
export { CSV_UPLOAD_MSG, CsvUploadError } from './csv-messages';
export { type CsvRow, csvRowChunks, parseCsvRecordSlices, unguardCell } from './csv-records';

/** A row's problem: row, column header ('' for the row as a whole), message (decision 070's preview lists them). */
export interface RowIssue {
  line: number;
  column: string;
  message: string;
}

/**
 * Upload body size: base64 makes 4 characters of 3 bytes, plus room for the JSON around it. The global
 * body limit (1 MB) stays; upload routes raise theirs to this.
 */
export const CSV_UPLOAD_BODY_LIMIT = Math.ceil(CSV_MAX_BYTES / 3) * 4 + 64 * 1024;

/** The whole read at once: data URL → bytes → text → rows. */
export async function readCsvUpload<F extends string>(
  dataUrl: TextPieces,
  spec: CsvColumns<F>,
  { maxBytes = CSV_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<CsvRow<F>[]> {
  const rows: CsvRow<F>[] = [];
  for await (const chunk of csvRowChunks(await readCsvText(dataUrl, maxBytes), spec)) {
    for (const r of chunk) rows.push(r);
  }
  return rows;
}

/** Row errors, each a sentence: the first `limit` of them, then how many more. */
export function rowErrorsMessage(errors: readonly string[], limit = 10): string {
  const shown = errors.slice(0, limit).map((e) => (e.endsWith('。') ? e : `${e}。`));
  const rest = errors.length - shown.length;
  return [
    CSV_UPLOAD_MSG.rowErrors,
    ...shown,
    ...(rest > 0 ? [`${CSV_UPLOAD_MSG.moreErrors(rest)}。`] : []),
  ].join('');
}

/** 「3行目：…」 — a row's message. */
export const atLine = (line: number, msg: string) => `${line}行目：${msg}`;

// ---- what every upload call shares ----

/** What an upload call answers (SPEC §7: result, msg; count of rows registered on success). */
export interface UploadAnswer {
  result: boolean;
  msg: string;
  count?: number;
  /** a refusal's status when it is not 422: 409 when the outcome differs from the preview's (decision 070) */
  status?: 409;
}

export const refused = (msg: string): UploadAnswer => ({ result: false, msg });

/** Reads the file; a file that cannot be read answers its message. */
export async function readRows<F extends string>(
  dataUrl: TextPieces,
  columns: Readonly<Record<string, F>>,
  optional: readonly string[],
): Promise<CsvRow<F>[] | UploadAnswer> {
  try {
    return await readCsvUpload(dataUrl, { columns, optional });
  } catch (e) {
    if (e instanceof CsvUploadError) return refused(e.message);
    throw e;
  }
}

/** Each schema issue of a row as row, column header ('' when it is no column's) and message. */
export function issueEntries(
  line: number,
  issues: readonly z.core.$ZodIssue[],
  headerOf: (field: string) => string | undefined,
): RowIssue[] {
  const seen = new Set<string>();
  const out: RowIssue[] = [];
  for (const issue of issues) {
    // a list's item is its own column when the file has one per item (授業日n ← sessions[n-1])
    const item = typeof issue.path[1] === 'number' ? `${String(issue.path[0])}${issue.path[1] + 1}` : null;
    const field = (item && headerOf(item) ? item : null) ?? String(issue.path[0] ?? '');
    if (seen.has(field)) continue; // one message per cell, like a form field
    seen.add(field);
    out.push({ line, column: headerOf(field) ?? '', message: issue.message });
  }
  return out;
}

/** 「3行目（学生番号）：数字8桁で入力してください」, or 「3行目：…」 for the row as a whole. */
export const issueText = ({ line, column, message }: RowIssue): string =>
  column ? `${line}行目（${column}）：${message}` : atLine(line, message);

/** 「3行目（学生番号）：数字8桁で入力してください」 for each schema issue of a row. */
export const issueMessages = (
  line: number,
  issues: readonly z.core.$ZodIssue[],
  headerOf: (field: string) => string | undefined,
): string[] => issueEntries(line, issues, headerOf).map(issueText);

export const headerOfField = (columns: Readonly<Record<string, string>>) => {
  const byField = new Map(Object.entries(columns).map(([header, field]) => [field, header]));
  return (field: string) => byField.get(field);
};

/** Row numbers of rows whose key was already seen, with the first row of that key. */
export function firstLines<T>(rows: readonly { line: number; key: T | null }[]) {
  const first = new Map<T, number>();
  const repeats = new Map<number, number>();
  for (const { line, key } of rows) {
    if (key === null) continue;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, line);
    else repeats.set(line, seen);
  }
  return repeats;
}

/**
 * A refused file (unreadable, or rows that cannot be registered; nothing written) answers 422 with the
 * SPEC's `{ result: false, msg }` and the same message on the file field as every validation answer; one
 * whose outcome is no longer the preview's answers 409 the same way (decision 070).
 */
export function uploadReply(reply: FastifyReply, field: string, a: UploadAnswer) {
  if (a.result)
    return { result: true as const, msg: a.msg, ...(a.count === undefined ? {} : { count: a.count }) };
  return reply.code(a.status ?? 422).send({
    result: false,
    msg: a.msg,
    code: a.status === 409 ? 'CONFLICT' : 'VALIDATION',
    message: a.msg,
    is_valid: false,
    err_list: [{ name: field, msg: a.msg }],
  });
}

/** A preview's answer, or its file's refusal sent as uploadReply sends it (decision 070). */
export function previewReply<P extends { preview_hash: string }>(
  reply: FastifyReply,
  field: string,
  a: P | UploadAnswer,
): P | FastifyReply {
  return 'preview_hash' in a ? a : (uploadReply(reply, field, { ...a, result: false }) as FastifyReply);
}
