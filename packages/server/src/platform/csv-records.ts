import { parse } from 'csv-parse';
import { PlainCsvReader } from './csv-fast';
import { CSV_UPLOAD_MSG, CsvUploadError } from './csv-messages';
import { nextTurn } from './sliced';

/**
 * A CSV upload's text to rows: the records parsed (PlainCsvReader for a plain file, csv-parse for any other),
 * the header matched to our field names, and the rows keyed by field, a chunk at a time as the text is
 * parsed. platform/csv-upload.ts re-exports what callers use.
 */

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

/** csv-parse is far slower per character than decoding (0.1–0.5 s a million here): small slices. */
const PARSE_SLICE = 64 * 1024;
/** Characters PlainCsvReader reads per turn (a few milliseconds a million). */
const FAST_SLICE = 32 * 1024;

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
