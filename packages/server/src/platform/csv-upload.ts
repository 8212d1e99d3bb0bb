import { MSG } from '@manabi/shared';
import { CSV_MAX_BYTES } from '@manabi/shared/validation/rules';
import { parse } from 'csv-parse';
import type { FastifyReply } from 'fastify';
import iconv from 'iconv-lite';
import type { z } from 'zod';
import { PlainCsvReader } from './csv-fast';
import { eachSlice, headOf, lengthOf, nextTurn, type TextPieces, tailOf, textSlices } from './sliced';

/**
 * CSV uploads (SPEC §7 courseapplicantupload, student upload; §9 20 MB): the file arrives as the data URL
 * FileReader.readAsDataURL makes. This reads it into rows keyed by our field names; each upload kind
 * brings its own column map and row rules. A file it cannot read is a {@link CsvUploadError} whose
 * message is Japanese and is shown on the file field (SPEC §2).
 */

export const CSV_UPLOAD_MSG = {
  notDataUrl: 'ファイルを読み取れませんでした。CSVファイルを選び直してください。',
  tooLarge: MSG.fileSize,
  notCsv: 'CSVファイルとして読み取れませんでした。ファイルの形式を確認してください。',
  parseError: (line: number) =>
    `CSVファイルとして読み取れませんでした（${line}行目付近）。ダブルクォーテーション（"）の対応を確認してください。`,
  empty: 'CSVファイルにデータがありません。',
  noHeader: '1行目に見出し（項目名）がありません。',
  missingHeaders: (headers: string[]) =>
    `必要な見出し（項目名）がありません：${headers.map((h) => `「${h}」`).join('、')}`,
  duplicateHeader: (header: string) => `見出し「${header}」が複数の列にあります。`,
  noRows: 'CSVファイルに登録するデータの行がありません。',
  rowErrors: '登録できない行があるため、1件も登録しませんでした。',
  badBytes: (line: number) =>
    `${line}行目に文字として読めないデータがあります。UTF-8またはShift_JIS（Excelの「CSV」形式）で保存し直してください。`,
  userDefined: (line: number) =>
    `${line}行目に外字（パソコンごとに独自に登録した文字）があります。ほかの文字に置き換えて保存し直してください。`,
  mixedEncoding: (line: number) =>
    `文字コードの違う行が混ざっています（${line}行目）。1つのファイルはUTF-8かShift_JISのどちらか一方で保存してください。`,
  moreErrors: (n: number) => `ほか${n}件`,
} as const;

/** A row's problem: row, column header ('' for the row as a whole), message (decision 070's preview lists them). */
export interface RowIssue {
  line: number;
  column: string;
  message: string;
}

/** What the upload caller shows: the file could not be read (or had no usable rows). */
export class CsvUploadError extends Error {
  override readonly name = 'CsvUploadError';
}

/** header text (as the file's first row writes it) → our field name */
export interface CsvColumns<F extends string> {
  columns: Readonly<Record<string, F>>;
  /** headers a file may leave out; their field reads '' */
  optional?: readonly string[];
  /** told the fields the file has a column for, once its header is read */
  onHeader?: (fields: ReadonlySet<F>) => void;
}

export interface CsvRow<F extends string> {
  /**
   * 1-based row number as a spreadsheet shows it (the header is row 1). It equals the text line unless a
   * quoted cell above holds a line break.
   */
  line: number;
  values: Record<F, string>;
}

/**
 * Upload body size: base64 makes 4 characters of 3 bytes, plus room for the JSON around it. The global
 * body limit (1 MB) stays; upload routes raise theirs to this.
 */
export const CSV_UPLOAD_BODY_LIMIT = Math.ceil(CSV_MAX_BYTES / 3) * 4 + 64 * 1024;

// The types a browser or Windows gives a .csv (the UI lets the same set through: shared isCsvFile).
const CSV_MEDIA_TYPES = new Set([
  '',
  'text/csv',
  'application/csv',
  'text/x-csv',
  'text/plain',
  'application/vnd.ms-excel',
]);
const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*),/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_BODY = /^[A-Za-z0-9+/]*$/;

/**
 * Work is done in slices of about this many bytes or characters with a turn of the event loop between
 * them: reading a 20 MB file never holds other requests for long.
 */
const SLICE = 256 * 1024;
/** csv-parse is far slower per character than decoding (0.1–0.5 s a million here): small slices. */
const PARSE_SLICE = 64 * 1024;
/** Characters PlainCsvReader reads per turn (a few milliseconds a million). */
const FAST_SLICE = 32 * 1024;
/** Lines checked per turn (the mixed-encoding check). */
const ROW_SLICE = 10_000;

/**
 * data URL → bytes; refuses anything but base64 of a CSV media type (of any media type with `anyMediaType`:
 * a bank's transfer file comes as .txt, .dat or nothing), and more than maxBytes. The data URL may come as the
 * pieces the body reader decoded it from: it is read `slice` characters at a time (a multiple of 4, so that
 * each slice decodes on its own) and never joined whole.
 */
export async function decodeDataUrl(
  dataUrl: TextPieces,
  maxBytes: number = CSV_MAX_BYTES,
  slice: number = SLICE,
  { anyMediaType = false }: { anyMediaType?: boolean } = {},
): Promise<Buffer> {
  const m = DATA_URL.exec(headOf(dataUrl, 512));
  if (!m) throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
  const mediaType = (m[1] ?? '').trim().toLowerCase();
  const params = (m[2] ?? '').toLowerCase().split(';');
  if (!params.includes('base64')) throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
  if (!anyMediaType && !CSV_MEDIA_TYPES.has(mediaType)) throw new CsvUploadError(CSV_UPLOAD_MSG.notCsv);
  const start = m[0].length;
  const length = lengthOf(dataUrl) - start;
  // the size is known before decoding: no buffer is made for a file that is refused anyway
  const end = tailOf(dataUrl, 2);
  const padding = end.endsWith('==') ? 2 : end.endsWith('=') ? 1 : 0;
  if (Math.floor((length * 3) / 4) - padding > maxBytes) {
    throw new CsvUploadError(CSV_UPLOAD_MSG.tooLarge(maxBytes));
  }
  if (length % 4 !== 0) throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
  // one buffer of the decoded size, written slice by slice: no list of parts to concatenate after
  const bytes = Buffer.allocUnsafe((length / 4) * 3);
  let at = 0;
  let read = 0;
  // slices of a multiple of 4 characters decode on their own; padding may only end the last one
  for await (const text of textSlices(dataUrl, slice, start)) {
    read += text.length;
    // Buffer.from skips characters outside the alphabet silently: check the text first
    if (!(read === length ? BASE64 : BASE64_BODY).test(text)) {
      throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
    }
    at += bytes.write(text, at, 'base64');
  }
  return bytes.subarray(0, at);
}

/** A decoder fed in slices: a multi-byte character split between two slices comes out whole. */
interface ChunkDecoder {
  write(bytes: Buffer): string;
  end(): string | undefined;
}

async function decodeInSlices(bytes: Buffer, decoder: ChunkDecoder): Promise<string[]> {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += SLICE) {
    parts.push(decoder.write(bytes.subarray(i, i + SLICE)));
    await nextTurn();
  }
  parts.push(decoder.end() ?? '');
  return parts.filter((p) => p !== '');
}

const utf8Decoder = (): ChunkDecoder => {
  // fatal: bytes that are not UTF-8 throw (then the file is read as Shift_JIS); a BOM is dropped
  const d = new TextDecoder('utf-8', { fatal: true });
  return { write: (b) => d.decode(b, { stream: true }), end: () => d.decode() };
};

/**
 * The file's text, in pieces: UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, else Shift_JIS as
 * Excel on Windows writes it (CP932, which adds the NEC/IBM characters such as ①, ㈱ to plain Shift_JIS).
 */
export async function decodeCsvText(bytes: Buffer): Promise<string[]> {
  // a NUL never occurs in a CSV of text: an Excel workbook (.xlsx is a zip) or other binary renamed .csv
  await eachSlice(bytes.length, SLICE, (from, to) => {
    if (bytes.subarray(from, to).includes(0)) throw new CsvUploadError(CSV_UPLOAD_MSG.notCsv);
  });
  let utf8: string[] | undefined;
  try {
    utf8 = await decodeInSlices(bytes, utf8Decoder());
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
  }
  if (utf8) {
    await refuseFirst(utf8, UNREADABLE, CSV_UPLOAD_MSG.badBytes);
    return utf8;
  }
  // Not UTF-8 as a whole. Nothing may be stored as mojibake: a file whose lines are partly UTF-8 and partly
  // not was pasted together from two sources; bytes that are not Shift_JIS either are not text.
  await assertOneEncoding(bytes);
  const pieces = await decodeInSlices(bytes, iconv.getDecoder('cp932'));
  // iconv-lite never throws: a byte sequence that is no CP932 character comes out as U+FFFD, and the lone
  // byte 0x80 as the control character U+0080, so the decoded text is checked instead
  await refuseFirst(pieces, UNREADABLE, CSV_UPLOAD_MSG.badBytes);
  await refuseFirst(pieces, USER_DEFINED, CSV_UPLOAD_MSG.userDefined);
  return pieces;
}

/**
 * Never text of a readable file: U+FFFD (what a decoder puts for bytes that are no character; CP932 has
 * none of its own, and in a UTF-8 file it marks text an earlier program already lost) and the C1 controls
 * (iconv-lite's 0x80, or Shift_JIS read once as Latin-1 and saved as UTF-8).
 */
const UNREADABLE = /[\u0080-\u009F\uFFFD]/;
/** CP932 0xF040–0xF9FC, 外字: private-use code points that show as nothing, or something else, elsewhere. */
const USER_DEFINED = /[\uE000-\uF8FF]/;

/** Refuses the text when `pattern` occurs in it, naming the line (LF-counted) of the first occurrence. */
async function refuseFirst(
  pieces: readonly string[],
  pattern: RegExp,
  msg: (line: number) => string,
): Promise<void> {
  for (const [i, piece] of pieces.entries()) {
    const at = piece.search(pattern);
    if (at >= 0) {
      const before = pieces.slice(0, i).reduce((n, p) => n + lineBreaks(p, p.length), 0);
      throw new CsvUploadError(msg(before + lineBreaks(piece, at) + 1));
    }
    await nextTurn();
  }
}

const lineBreaks = (text: string, end: number) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (b: Buffer) => {
  try {
    strictUtf8.decode(b);
    return true;
  } catch {
    return false;
  }
};

/**
 * Refuses a file some of whose lines are UTF-8 with non-ASCII text while others are not UTF-8 at all,
 * naming the first line of the kind there is less of. Lines split at LF, which is never part of a
 * Shift_JIS character; checked in slices with a turn of the event loop between them.
 */
async function assertOneEncoding(bytes: Buffer): Promise<void> {
  let utf8 = 0;
  let other = 0;
  let firstUtf8 = 0;
  let firstOther = 0;
  let line = 1;
  for (let start = 0; start < bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const lineBytes = bytes.subarray(start, end < 0 ? bytes.length : end);
    start = end < 0 ? bytes.length : end + 1;
    if (line % ROW_SLICE === 0) await nextTurn();
    if (!lineBytes.some((b) => b >= 0x80)) continue;
    const utf8Line = isUtf8(lineBytes);
    // Japanese in UTF-8 takes 3 bytes a character; a valid line without one (ﾃｽ in Shift_JIS is C3 BD,
    // UTF-8 for ý) proves nothing either way and is read with the rest
    if (utf8Line && !lineBytes.some((b) => b >= 0xe0)) continue;
    if (utf8Line) {
      utf8++;
      firstUtf8 ||= line;
    } else {
      other++;
      firstOther ||= line;
    }
  }
  if (utf8 > 0 && other > 0) {
    throw new CsvUploadError(CSV_UPLOAD_MSG.mixedEncoding(utf8 >= other ? firstOther : firstUtf8));
  }
}

// escapeCsvCell (shared/domain/csv.ts) puts ' before a cell that starts with one of these; undo exactly that.
const GUARDED_FORMULA = /^'[=+\-@\t\r]/;
export const unguardCell = (cell: string): string => (GUARDED_FORMULA.test(cell) ? cell.slice(1) : cell);

/**
 * Parses CSV text (whole or in pieces) into records (arrays of cells), empty rows included so that record
 * index + 1 is the spreadsheet's row number. Fed in slices with a turn of the event loop between them;
 * yields the records of each slice as they come, so a caller may work on them before the rest is read. A
 * malformed file throws once everything before the fault has been yielded.
 */
export async function* parseCsvRecordSlices(text: string | string[]): AsyncGenerator<string[][]> {
  const pieces = typeof text === 'string' ? [text] : text;
  // a plain file (nearly every file) is read by PlainCsvReader: first a pass deciding that it is plain,
  // then the records; any other file goes to csv-parse, which reads it or says what is wrong with it
  const scan = new PlainCsvReader(false);
  for (const piece of pieces) {
    for (let i = 0; i < piece.length && scan.regular; i += FAST_SLICE) {
      scan.feed(piece.slice(i, i + FAST_SLICE), []);
      await nextTurn();
    }
  }
  scan.end([]);
  if (scan.regular) {
    const reader = new PlainCsvReader(true);
    for (let p = 0; p < pieces.length; p++) {
      const piece = pieces[p] as string;
      pieces[p] = ''; // the caller's copy of the text is let go of piece by piece
      for (let i = 0; i < piece.length; i += FAST_SLICE) {
        const records: string[][] = [];
        reader.feed(piece.slice(i, i + FAST_SLICE), records);
        if (records.length > 0) yield records;
        await nextTurn();
      }
    }
    const last: string[][] = [];
    reader.end(last);
    if (last.length > 0) yield last;
    return;
  }
  yield* parseWithCsvParse(pieces);
}

async function* parseWithCsvParse(pieces: string[]): AsyncGenerator<string[][]> {
  const parser = parse({
    relax_column_count: true,
    skip_empty_lines: false,
    bom: true,
  });
  let records: string[][] = [];
  parser.on('readable', () => {
    for (let r = parser.read() as string[] | null; r !== null; r = parser.read() as string[] | null) {
      records.push(r);
    }
  });
  // an error makes the parser give up: keep the first, stop feeding it, and report it after
  let failed: unknown = null;
  let ended = false;
  const finished = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (e) => {
      failed ??= e;
      resolve();
    });
  });
  for (let p = 0; p < pieces.length && failed === null; p++) {
    const piece = pieces[p] as string;
    // the caller's copy of the text is let go of piece by piece as it is parsed
    pieces[p] = '';
    for (let i = 0; i < piece.length && failed === null; i += PARSE_SLICE) {
      parser.write(piece.slice(i, i + PARSE_SLICE));
      await nextTurn();
      if (records.length > 0) {
        const out = records;
        records = [];
        yield out;
      }
    }
  }
  if (failed === null) {
    parser.end();
    ended = true;
  }
  await finished;
  if (ended && records.length > 0) yield records;
  if (failed !== null) {
    const line = (failed as { lines?: unknown }).lines;
    throw new CsvUploadError(
      typeof line === 'number' ? CSV_UPLOAD_MSG.parseError(line) : CSV_UPLOAD_MSG.notCsv,
    );
  }
}

const APOSTROPHE = 0x27;

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

/** Header record → where each field's column is; a header that does not fit is a CsvUploadError. */
function headerPositions<F extends string>(record: readonly string[], spec: CsvColumns<F>): Map<F, number> {
  const header = record.map((h) => h.trim());
  const known = Object.keys(spec.columns);
  if (!header.some((h) => known.includes(h))) throw new CsvUploadError(CSV_UPLOAD_MSG.noHeader);
  const positions = new Map<F, number>();
  for (const [i, h] of header.entries()) {
    const field = spec.columns[h];
    if (field === undefined) continue;
    if (positions.has(field)) throw new CsvUploadError(CSV_UPLOAD_MSG.duplicateHeader(h));
    positions.set(field, i);
  }
  const optional = new Set(spec.optional ?? []);
  const missing = known.filter((h) => !optional.has(h) && !positions.has(spec.columns[h] as F));
  if (missing.length > 0) throw new CsvUploadError(CSV_UPLOAD_MSG.missingHeaders(missing));
  return positions;
}

/**
 * Records → rows keyed by field, `chunkRows` at a time as the text is parsed. The first non-blank record
 * is the header row: headers are matched by name (surrounding spaces ignored, any order), unknown ones are
 * ignored, a missing required one is an error. Blank rows (Excel's trailing ",,,") are left out; at least
 * one data row must remain. The file's faults rank as when it was read whole: a malformed file (anywhere)
 * before a header that does not fit, before no rows — so a header fault is only thrown at the end.
 */
export async function* csvRowChunks<F extends string>(
  text: string | string[],
  spec: CsvColumns<F>,
  chunkRows = 1000,
): AsyncGenerator<CsvRow<F>[]> {
  const fields = [...new Set(Object.values(spec.columns))] as F[];
  const blank = Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;
  let positions: Map<F, number> | null = null;
  /** each field's column in the file, -1 when the file has none */
  let columnOf: number[] = [];
  let headerFault: unknown = null;
  let index = 0;
  let rowCount = 0;
  let rows: CsvRow<F>[] = [];
  for await (const records of parseCsvRecordSlices(text)) {
    for (const record of records) {
      const i = index++;
      if (headerFault !== null || isBlank(record)) continue;
      if (positions === null) {
        try {
          positions = headerPositions(record, spec);
          const found = positions;
          columnOf = fields.map((f) => found.get(f) ?? -1);
          spec.onHeader?.(new Set(found.keys()));
        } catch (e) {
          headerFault = e;
        }
        continue;
      }
      // a copy of one object with every field keeps the rows' shape fast (properties added one by one to
      // `{}` turn into a dictionary past about twenty, and every later read and spread of it is slow)
      const values = { ...blank };
      for (let k = 0; k < fields.length; k++) {
        const at = columnOf[k] as number;
        const cell = at < 0 ? '' : (record[at] ?? '');
        values[fields[k] as F] = cell.charCodeAt(0) === APOSTROPHE ? unguardCell(cell) : cell;
      }
      rows.push({ line: i + 1, values });
    }
    if (rows.length >= chunkRows) {
      rowCount += rows.length;
      yield rows;
      rows = [];
    }
  }
  if (headerFault !== null) throw headerFault;
  if (positions === null) throw new CsvUploadError(CSV_UPLOAD_MSG.empty);
  if (rows.length > 0) {
    rowCount += rows.length;
    yield rows;
  }
  if (rowCount === 0) throw new CsvUploadError(CSV_UPLOAD_MSG.noRows);
}

/**
 * The file's text: data URL (or its pieces) → bytes → text (the bytes are let go of once decoded). `seen`
 * is handed the bytes a slice at a time first (the preview's digest, decision 070).
 */
export async function readCsvText(
  dataUrl: TextPieces,
  maxBytes: number = CSV_MAX_BYTES,
  seen?: (slice: Buffer) => void,
): Promise<string[]> {
  const bytes = await decodeDataUrl(dataUrl, maxBytes);
  if (seen) await eachSlice(bytes.length, SLICE, (from, to) => seen(bytes.subarray(from, to)));
  return decodeCsvText(bytes);
}

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
