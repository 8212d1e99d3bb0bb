/**
 * The plain-file reader must read every text it calls regular exactly as csv-parse does with the upload's
 * options, however the text is cut into pieces; anything else it must call irregular (csv-parse then reads
 * it). Checked against csv-parse itself on random texts of the characters that matter.
 */
import { toCsv } from '@manabi/shared/domain/csv';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlainCsvReader } from './csv-fast';

const csvParse = (text: string): string[][] | 'error' => {
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch {
    return 'error';
  }
};

/** The reader over `pieces`: the records, or null when it calls the text irregular (both passes agree). */
function read(pieces: string[]): string[][] | null {
  const scan = new PlainCsvReader(false);
  for (const p of pieces) scan.feed(p, []);
  scan.end([]);
  const reader = new PlainCsvReader(true);
  const out: string[][] = [];
  for (const p of pieces) reader.feed(p, out);
  reader.end(out);
  expect(reader.regular).toBe(scan.regular);
  return reader.regular ? out : null;
}

/** `text` cut at the given places. */
const cut = (text: string, at: number[]) => {
  const points = [...new Set(at.map((a) => a % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const p of points) {
    pieces.push(text.slice(from, p));
    from = p;
  }
  pieces.push(text.slice(from));
  return pieces;
};

const tricky = fc.constantFrom('a', 'b', ',', '"', '\r', '\n', 'あ', ' ', '\uFEFF', '\t', "'");

describe('PlainCsvReader', () => {
  it('reads what csv-parse reads, or calls the text irregular (random texts, random pieces)', () => {
    fc.assert(
      fc.property(
        fc.array(tricky, { maxLength: 40 }).map((cs) => cs.join('')),
        fc.array(fc.nat(), { maxLength: 4 }),
        (text, at) => {
          const mine = read(cut(text, at));
          if (mine !== null) expect(mine, JSON.stringify(text)).toEqual(csvParse(text));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('reads every file a spreadsheet or our own export writes (CRLF, LF or CR; BOM; quoted cells)', () => {
    const cell = fc.array(tricky, { maxLength: 8 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\r\n', '\n', '\r'),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        (rows, eol, bom, lastEol, at) => {
          // quote every cell holding a quote, comma or line break (as toCsv does); line ends of one kind
          const body = toCsv(rows).replaceAll('\r\n', '\u0000').replaceAll('\u0000', eol);
          const text = (bom ? '\uFEFF' : '') + (lastEol ? body : body.slice(0, -eol.length));
          const expected = csvParse(text);
          const mine = read(cut(text, at));
          expect(mine, JSON.stringify(text)).not.toBeNull();
          expect(mine, JSON.stringify(text)).toEqual(expected);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('reads a typical upload fast path: header, rows, quoted commas and line breaks, empty lines', () => {
    const text =
      '\uFEFF学生番号,氏名,備考\r\n24040001,山田 花子,"電話, 窓口\r\n二行目"\r\n\r\n,,\r\n24040002,"""引用""",\r\n';
    expect(read([text])).toEqual([
      ['学生番号', '氏名', '備考'],
      ['24040001', '山田 花子', '電話, 窓口\r\n二行目'],
      [''],
      ['', '', ''],
      ['24040002', '"引用"', ''],
    ]);
    expect(read([text])).toEqual(csvParse(text));
  });

  it('leaves to csv-parse what csv-parse refuses or reads otherwise', () => {
    for (const text of [
      'a,"b\r\n', // quote not closed
      'a,b"c\r\n', // a quote inside a cell
      'a,"b"c\r\n', // text after the closing quote
      'a,b\r\nc\nd\r\n', // LF alone in a CRLF file: text to csv-parse
      'a,b\nc\rd\n', // CR alone in an LF file
      'a\rb\nc\r', // LF in a CR file
      'a,b\r\nc\r', // a CR at the very end of a CRLF file
    ]) {
      expect(read([text]), JSON.stringify(text)).toBeNull();
    }
  });
});
