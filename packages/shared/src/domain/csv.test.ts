import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvFileName, escapeCsvCell, toCsv } from './csv';

/** Minimal RFC 4180 reader, to prove what we write reads back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else cell += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
    i++;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const guarded = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

describe('escapeCsvCell', () => {
  it('guards cells that a spreadsheet would run as a formula', () => {
    expect(escapeCsvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCsvCell('+81')).toBe("'+81");
    expect(escapeCsvCell('-1')).toBe("'-1");
    expect(escapeCsvCell('@cmd')).toBe("'@cmd");
    expect(escapeCsvCell('\tx')).toBe("'\tx");
    expect(escapeCsvCell('\rx')).toBe('"\'\rx"');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('a\nb')).toBe('"a\nb"');
    expect(escapeCsvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(escapeCsvCell('=1,2')).toBe('"\'=1,2"');
  });

  it('leaves plain text, Japanese and numbers alone; empty for null', () => {
    expect(escapeCsvCell('山田 太郎')).toBe('山田 太郎');
    expect(escapeCsvCell("'quoted")).toBe("'quoted");
    expect(escapeCsvCell(-5)).toBe('-5');
    expect(escapeCsvCell(0)).toBe('0');
    expect(escapeCsvCell(Number.NaN)).toBe('');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell('')).toBe('');
  });

  it('never lets a cell start with a formula character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = escapeCsvCell(s);
        const body = out.startsWith('"') ? out.slice(1) : out;
        expect(body).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('reads back as the guarded cell', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(parseCsv(`${escapeCsvCell(s)}\r\n`)).toEqual([[guarded(s)]]);
      }),
    );
  });
});

describe('toCsv', () => {
  it('joins cells with commas and ends every record with CRLF', () => {
    expect(
      toCsv([
        ['講座名', '実施主体'],
        ['a,b', 3, null],
      ]),
    ).toBe('講座名,実施主体\r\n"a,b",3,\r\n');
    expect(toCsv([])).toBe('');
  });

  it('round-trips any table of strings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          expect(parseCsv(toCsv(rows))).toEqual(rows.map((r) => r.map(guarded)));
        },
      ),
    );
  });

  it('BOM is U+FEFF', () => {
    expect(CSV_BOM).toBe('\uFEFF');
  });
});

describe('csvFileName', () => {
  it('stamps the Tokyo time', () => {
    expect(csvFileName('course', new Date('2026-11-21T04:05:06Z'))).toBe('course_20261121130506.csv');
    // 15:30 UTC on 31 Dec is already New Year in Tokyo
    expect(csvFileName('notice', new Date('2026-12-31T15:30:00Z'))).toBe('notice_20270101003000.csv');
  });
});
