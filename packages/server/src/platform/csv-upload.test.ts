import { escapeCsvCell, toCsv } from '@manabi/shared/domain/csv';
import { CSV_MAX_BYTES } from '@manabi/shared/validation/rules';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  CSV_UPLOAD_MSG,
  CsvUploadError,
  decodeCsvText,
  decodeDataUrl,
  readCsvUpload,
  rowErrorsMessage,
  unguardCell,
} from './csv-upload';

const spec = {
  columns: { 講座ID: 'code', 学生番号: 'loginId', 備考: 'remarks' },
  optional: ['備考'],
} as const;

const dataUrl = (bytes: Buffer | string, type = 'text/csv') =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

const read = (bytes: Buffer | string, type?: string) => readCsvUpload(dataUrl(bytes, type), spec);

/** The rejection's message (CsvUploadError only). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(CsvUploadError);
    return (e as Error).message;
  }
  throw new Error('expected a CsvUploadError');
}

describe('readCsvUpload', () => {
  it('reads UTF-8, UTF-8 with BOM and Shift_JIS alike', async () => {
    const text = '講座ID,学生番号,備考\r\nC2601,24040001,①電話で受付㈱\r\n';
    const expected = [{ line: 2, values: { code: 'C2601', loginId: '24040001', remarks: '①電話で受付㈱' } }];
    expect(await read(text)).toEqual(expected);
    expect(await read(`\uFEFF${text}`)).toEqual(expected);
    expect(await read(iconv.encode(text, 'cp932'))).toEqual(expected);
  });

  it('accepts the media types browsers and Windows give a .csv', async () => {
    const text = '講座ID,学生番号\nC1,24040001\n';
    for (const type of ['text/csv', 'application/vnd.ms-excel', '', 'text/csv;charset=utf-8']) {
      expect(await read(text, type)).toHaveLength(1);
    }
  });

  it('matches headers by name in any order, ignores unknown ones, keeps spreadsheet row numbers', async () => {
    const text = [
      ' 学生番号 ,メモ,講座ID',
      '24040001,x,C1',
      '',
      '"24040002","a, ""quoted""',
      'two lines",C2',
      '24040003,,C3',
      ',,',
      '',
    ].join('\r\n');
    const rows = await read(text);
    expect(rows).toEqual([
      { line: 2, values: { code: 'C1', loginId: '24040001', remarks: '' } },
      { line: 4, values: { code: 'C2', loginId: '24040002', remarks: '' } },
      { line: 5, values: { code: 'C3', loginId: '24040003', remarks: '' } },
    ]);
  });

  it('keeps quoted commas and line breaks inside a cell', async () => {
    const rows = await read('講座ID,学生番号,備考\n C1 ,24040001,"電話, 窓口\r\n二行目"\n');
    expect(rows[0]?.values).toEqual({ code: ' C1 ', loginId: '24040001', remarks: '電話, 窓口\r\n二行目' });
  });

  it("undoes exactly the ' our CSV export puts before a formula-like cell", async () => {
    for (const cell of ['=SUM(A1)', '+81', '-5', '@x', "'quoted", "'", 'plain']) {
      expect(unguardCell(escapeCsvCell(cell).replace(/^"|"$/g, '').replaceAll('""', '"'))).toBe(cell);
    }
    const csv = toCsv([
      ['講座ID', '学生番号', '備考'],
      ['C1', '24040001', '=cmd'],
    ]);
    expect((await read(csv))[0]?.values.remarks).toBe('=cmd');
  });

  it('says plainly what is wrong with a file it cannot use', async () => {
    expect(await refusal(readCsvUpload('hello', spec))).toBe(CSV_UPLOAD_MSG.notDataUrl);
    expect(await refusal(readCsvUpload('data:text/csv,講座ID', spec))).toBe(CSV_UPLOAD_MSG.notDataUrl);
    expect(await refusal(readCsvUpload('data:text/csv;base64,@@@@', spec))).toBe(CSV_UPLOAD_MSG.notDataUrl);
    expect(await refusal(read('講座ID', 'image/png'))).toBe(CSV_UPLOAD_MSG.notCsv);
    expect(await refusal(read(Buffer.from([0x50, 0x4b, 3, 4, 0, 0])))).toBe(CSV_UPLOAD_MSG.notCsv);
    expect(await refusal(read(''))).toBe(CSV_UPLOAD_MSG.empty);
    expect(await refusal(read('\r\n,,\r\n'))).toBe(CSV_UPLOAD_MSG.empty);
    expect(await refusal(read('C1,24040001\n'))).toBe(CSV_UPLOAD_MSG.noHeader);
    expect(await refusal(read('講座ID,備考\nC1,x\n'))).toBe(CSV_UPLOAD_MSG.missingHeaders(['学生番号']));
    expect(await refusal(read('講座ID,学生番号,講座ID\n'))).toBe(CSV_UPLOAD_MSG.duplicateHeader('講座ID'));
    expect(await refusal(read('講座ID,学生番号\r\n\r\n'))).toBe(CSV_UPLOAD_MSG.noRows);
    expect(await refusal(read('講座ID,学生番号\n"C1,24040001\n'))).toMatch(
      /CSVファイルとして読み取れませんでした/,
    );
  });

  it('refuses more than 20 MB decoded, before decoding', async () => {
    const justOver = Buffer.alloc(CSV_MAX_BYTES + 1, 0x41);
    expect(await refusal(decodeDataUrl(dataUrl(justOver)))).toBe(CSV_UPLOAD_MSG.tooLarge(CSV_MAX_BYTES));
    const max = Buffer.alloc(CSV_MAX_BYTES, 0x41);
    expect((await decodeDataUrl(dataUrl(max))).equals(max)).toBe(true);
  });

  it('decodes a data URL in pieces and slices exactly as the whole text would be, refusals included', async () => {
    // what decoding the whole text at once gives: the bytes, or the refusal's message
    const whole = (url: string, maxBytes: number) => {
      const m = /^data:([^,;]*)((?:;[^,;]*)*),/i.exec(url.slice(0, 512));
      if (!m) return CSV_UPLOAD_MSG.notDataUrl;
      if (!(m[2] ?? '').toLowerCase().split(';').includes('base64')) return CSV_UPLOAD_MSG.notDataUrl;
      if (!['', 'text/csv'].includes((m[1] ?? '').trim().toLowerCase())) return CSV_UPLOAD_MSG.notCsv;
      const body = url.slice(m[0].length);
      const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
      if (Math.floor((body.length * 3) / 4) - padding > maxBytes) return CSV_UPLOAD_MSG.tooLarge(maxBytes);
      if (body.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return CSV_UPLOAD_MSG.notDataUrl;
      return Buffer.from(body, 'base64').toString('hex');
    };
    const inPieces = async (pieces: string[], maxBytes: number, slice: number) => {
      try {
        return (await decodeDataUrl(pieces, maxBytes, slice)).toString('hex');
      } catch (e) {
        expect(e).toBeInstanceOf(CsvUploadError);
        return (e as Error).message;
      }
    };
    const header = fc.constantFrom(
      'data:text/csv;base64,',
      'data:;charset=utf-8;base64,',
      'data:text/csv,',
      'data:image/png;base64,',
      'data:text/csv;base64',
    );
    // base64 of any bytes, or that text spoilt: a character outside the alphabet (a multi-byte one, an astral
    // one), padding in the middle, a character too many or too few
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 60 }).map((b) => Buffer.from(b).toString('base64')),
      fc
        .tuple(
          fc.uint8Array({ maxLength: 60 }),
          fc.nat(),
          fc.constantFrom('=', '==', '-', ' ', '日', '😀', '', 'A'),
        )
        .map(([b, at, junk]) => {
          const text = Buffer.from(b).toString('base64');
          const i = at % (text.length + 1);
          return text.slice(0, i) + junk + text.slice(i);
        }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(header, body).chain(([h, b]) => {
          const url = h + b;
          return fc.tuple(
            fc.constant(url),
            fc.array(fc.integer({ min: 0, max: url.length }), { maxLength: 6 }),
            fc.integer({ min: 1, max: 6 }).map((n) => n * 4),
            fc.constantFrom(10, 30, 1000),
          );
        }),
        async ([url, cuts, slice, maxBytes]) => {
          const pieces: string[] = [];
          let at = 0;
          for (const cut of [...cuts].sort((a, b) => a - b)) {
            pieces.push(url.slice(at, cut));
            at = cut;
          }
          pieces.push(url.slice(at));
          const expected = whole(url, maxBytes);
          expect(await inPieces(pieces, maxBytes, slice)).toBe(expected);
          expect(await inPieces([url], maxBytes, slice)).toBe(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('falls back to Shift_JIS only when the bytes are not UTF-8, even split mid-character', async () => {
    const text = 'ｶﾀｶﾅ漢字'.repeat(300_000);
    expect((await decodeCsvText(Buffer.from(text, 'utf8'))).join('')).toBe(text);
    expect((await decodeCsvText(iconv.encode(text, 'cp932'))).join('')).toBe(text);
  });

  it('refuses bytes that are neither UTF-8 nor Shift_JIS, naming the line', async () => {
    const sjis = iconv.encode('講座ID,学生番号,備考\r\nC2601,24040001,電話\r\n', 'cp932');
    // 0x85 0x40 is not a CP932 character (an unassigned row): the third line is not text
    const broken = Buffer.concat([
      sjis,
      Buffer.from('C2602,24040002,'),
      Buffer.from([0x85, 0x40]),
      Buffer.from('\r\n'),
    ]);
    expect(await refusal(read(broken))).toBe(CSV_UPLOAD_MSG.badBytes(3));
  });

  it('refuses every Shift_JIS byte iconv-lite would pass through or replace, naming the line', async () => {
    const head = iconv.encode('講座ID,学生番号,備考\r\nC2601,24040001,電話\r\n', 'cp932');
    const withLine3 = (...bytes: number[]) =>
      Buffer.concat([head, Buffer.from('C2602,24040002,'), Buffer.from(bytes), Buffer.from('\r\n')]);
    // 0x80 comes out of iconv-lite as U+0080 (no replacement character), 0xA0 and 0xFD–0xFF are no
    // character, 0x81 0x7F a lead byte with a trail no character has, a lone lead byte at the very end
    for (const bytes of [[0x80], [0xa0], [0xfd], [0xff], [0x81, 0x7f], [0x81, 0x20]]) {
      expect(await refusal(read(withLine3(0x8b, 0x9f, ...bytes))), bytes.join(' ')).toBe(
        CSV_UPLOAD_MSG.badBytes(3),
      );
    }
    expect(
      await refusal(read(Buffer.concat([head, Buffer.from('C2602,24040002,'), Buffer.from([0x81])]))),
    ).toBe(CSV_UPLOAD_MSG.badBytes(3));
    // 0xF040–0xF9FC: 外字 (user-defined characters), private-use code points that no other computer shows
    expect(await refusal(read(withLine3(0xf0, 0x40)))).toBe(CSV_UPLOAD_MSG.userDefined(3));
  });

  it('refuses C1 control characters (double-decoded text) in a UTF-8 file, naming the line', async () => {
    const text = '講座ID,学生番号,備考\r\nC2601,24040001,電話\r\nC2602,24040002,\u0082\u00a0\r\n';
    expect(await refusal(read(Buffer.from(text)))).toBe(CSV_UPLOAD_MSG.badBytes(3));
  });

  it('reads a Shift_JIS line of half-width katakana that happens to be valid UTF-8 as Shift_JIS', async () => {
    // ﾃｽ is C3 BD in Shift_JIS: also UTF-8 for ý; the rest of the file is Shift_JIS kanji
    const text = '講座ID,学生番号,備考\r\nC2601,24040001,電話で受付\r\nC2602,24040002,ﾃｽ\r\n';
    const rows = await read(iconv.encode(text, 'cp932'));
    expect(rows.map((r) => r.values.remarks)).toEqual(['電話で受付', 'ﾃｽ']);
  });

  it('refuses a UTF-8 file with one broken character, naming its line', async () => {
    const good = Buffer.from('講座ID,学生番号,備考\r\nC2601,24040001,電話で受付\r\nC2602,24040002,');
    // 「窓」 cut after its second byte: the line is neither UTF-8 nor what the rest of the file is
    const broken = Buffer.concat([good, Buffer.from('窓').subarray(0, 2), Buffer.from('\r\n')]);
    const msg = await refusal(read(broken));
    expect([CSV_UPLOAD_MSG.badBytes(3), CSV_UPLOAD_MSG.mixedEncoding(3)]).toContain(msg);
  });

  it('refuses a file whose lines mix UTF-8 and Shift_JIS, naming the odd line', async () => {
    const utf8 = Buffer.from('講座ID,学生番号,備考\r\nC2601,24040001,電話で受付\r\nC2602,24040002,窓口\r\n');
    const mixed = Buffer.concat([utf8, iconv.encode('C2603,24040003,郵送で受付\r\n', 'cp932')]);
    expect(await refusal(read(mixed))).toBe(CSV_UPLOAD_MSG.mixedEncoding(4));
  });

  it('parses a 20 MB file in slices, letting the event loop run between them', async () => {
    const line = 'C2601,24040001,"電話で受付、備考あり。""引用""",あいうえおかきくけこ\r\n';
    const head = '講座ID,学生番号,備考,メモ\r\n';
    const n = Math.floor((CSV_MAX_BYTES - head.length * 3) / iconv.encode(line, 'cp932').length);
    const text = head + line.repeat(n);
    const url = dataUrl(iconv.encode(text, 'cp932'));
    // the reader yields to the event loop between slices: a timer set before it gets its turns meanwhile
    // (how long a turn waits is the benchmark's business, not a test's)
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 0);
    const rows = await readCsvUpload(url, spec);
    clearInterval(timer);
    expect(rows).toHaveLength(n);
    expect(rows.at(-1)?.values.remarks).toBe('電話で受付、備考あり。"引用"');
    expect(ticks).toBeGreaterThan(10);
  }, 60_000);
});

describe('rowErrorsMessage', () => {
  it('lists ten row errors, then how many more', () => {
    const errors = Array.from({ length: 13 }, (_, i) => `${i + 2}行目：講座IDが見つかりません`);
    const msg = rowErrorsMessage(errors);
    expect(msg).toContain('2行目：講座IDが見つかりません。');
    expect(msg).toContain('11行目：講座IDが見つかりません。');
    expect(msg).not.toContain('12行目');
    expect(msg.endsWith('ほか3件。')).toBe(true);
  });
});
