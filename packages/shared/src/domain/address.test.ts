import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDigits } from '../validation/normalize';
import {
  type AddressFields,
  addressEnvelope,
  addressText,
  blockText,
  postcodeMark,
  postcodeText,
  streetText,
} from './address';

const address = (a: Partial<AddressFields>): AddressFields => ({
  pref: '東京都港区',
  street_name1: '',
  street_name2: '',
  address: '',
  street_name3: '',
  ...a,
});

describe('an address as it is written', () => {
  it('gives a bare 丁目 number its 丁目, so the block and the 番地 never run together', () => {
    // the letter the issue found: 「東京都港区芝公園42-8」 for 芝公園 4丁目 2-8
    expect(addressText(address({ street_name1: '芝公園', street_name2: '4', address: '2-8' }))).toBe(
      '東京都港区芝公園4丁目2-8',
    );
    // the demo's students: 「港区三田13-1」
    expect(addressText(address({ street_name1: '三田', street_name2: '1', address: '3-1' }))).toBe(
      '東京都港区三田1丁目3-1',
    );
  });

  it('writes a full-width 丁目 number in half-width, and keeps one already written as 丁目 or in kanji', () => {
    expect(blockText('４')).toBe('4丁目');
    expect(blockText(' 12 ')).toBe('12丁目');
    expect(blockText('4丁目')).toBe('4丁目');
    expect(blockText('４丁目')).toBe('４丁目');
    expect(blockText('4丁')).toBe('4丁');
    expect(blockText('四')).toBe('四丁目');
    expect(blockText('四丁目')).toBe('四丁目');
    expect(blockText('')).toBe('');
  });

  it('puts a hyphen between two numbers of different fields that would otherwise touch', () => {
    // the 丁目 typed into the town, the block left empty
    expect(addressText(address({ street_name1: '三田1', address: '3-1' }))).toBe('東京都港区三田1-3-1');
    // a block the office typed that ends in a number
    expect(streetText(address({ street_name1: '芝公園', street_name2: 'A4', address: '2-8' }))).toBe(
      '東京都港区芝公園A4-2-8',
    );
    // numbers already apart are left alone
    expect(streetText(address({ street_name1: '芝公園', street_name2: '4-', address: '2-8' }))).toBe(
      '東京都港区芝公園4-2-8',
    );
  });

  it('puts the building after a space, on the envelope on its own line, and leaves out empty fields', () => {
    const a = address({
      street_name1: '芝公園',
      street_name2: '4',
      address: '2-8',
      street_name3: '芝公園ハイツ101',
    });
    expect(addressText(a)).toBe('東京都港区芝公園4丁目2-8 芝公園ハイツ101');
    expect(addressEnvelope(a)).toEqual({ line1: '東京都港区芝公園4丁目2-8', line2: '芝公園ハイツ101' });
    expect(addressText(address({ street_name1: '芝公園', address: '1-1' }))).toBe('東京都港区芝公園1-1');
    expect(addressText(address({ pref: '', street_name3: '  ' }))).toBe('');
    expect(addressText(address({ pref: '', street_name3: 'ハイツ' }))).toBe('ハイツ');
  });

  it('writes the postcode as the post does', () => {
    expect(postcodeText('1050011')).toBe('105-0011');
    expect(postcodeText('105-0011')).toBe('105-0011');
    expect(postcodeText('１０５００１１')).toBe('105-0011');
    expect(postcodeText(' 105 ')).toBe('105');
    expect(postcodeMark('1050011')).toBe('〒105-0011');
    expect(postcodeMark('')).toBe('');
  });
});

// ---- every combination of the fields ----

const digitString = fc
  .array(fc.constantFrom(...'0123456789０１２３４５６７８９'), { minLength: 1, maxLength: 3 })
  .map((d) => d.join(''));
const maybe = (...values: fc.Arbitrary<string>[]) => fc.oneof(fc.constant(''), fc.constant('  '), ...values);

const fields = fc.record<AddressFields>({
  pref: maybe(fc.constantFrom('東京都港区', '東京都', ' 東京都港区 ')),
  street_name1: maybe(fc.constantFrom('芝公園', '三田', '西新橋', '一番町', '三田1', '新橋２', '六本木 ')),
  street_name2: maybe(
    digitString,
    digitString.map((d) => `${d}丁目`),
    digitString.map((d) => `${d}丁`),
    fc.constantFrom('四', '十二', '四丁目', '二丁', 'A4', '4-', '東', '第2'),
  ),
  address: maybe(
    digitString,
    fc.constantFrom('2-8', '２－８', '3-1', '10番地', '二番八号', '十番地', '番外地', '1-2-3'),
  ),
  street_name3: maybe(fc.constantFrom('芝公園ハイツ101', '101', '３階', ' みなとマンション 2号室 ', 'A棟')),
});

const NUMERAL = /[0-9０-９〇一二三四五六七八九十百]/;
const endsInNumeral = (s: string) => s !== '' && NUMERAL.test(s.at(-1) ?? '');
const startsWithNumeral = (s: string) => s !== '' && NUMERAL.test(s[0] ?? '');

/** The street's fields as they read in the address (a bare 丁目 number with its 丁目), the empty ones left out. */
const streetParts = (a: AddressFields) =>
  [a.pref.trim(), a.street_name1.trim(), blockText(a.street_name2), a.address.trim()].filter((p) => p !== '');

describe('an address, over every combination of its fields', () => {
  it('is its fields in order, each joined to the next directly or by a hyphen where two numbers meet', () => {
    fc.assert(
      fc.property(fields, (a) => {
        const street = streetText(a);
        let at = 0;
        let previous = '';
        for (const part of streetParts(a)) {
          const found = street.indexOf(part, at);
          expect(found, `${part} in ${street}`).toBeGreaterThanOrEqual(at);
          const between = street.slice(at, found);
          // nothing but a hyphen ever stands between two fields, and only where two numbers would touch
          if (previous !== '' && endsInNumeral(previous) && startsWithNumeral(part))
            expect(between).toBe('-');
          else expect(between).toBe('');
          at = found + part.length;
          previous = part;
        }
        expect(at).toBe(street.length);
      }),
    );
  });

  it('never lets a digit of one field touch a digit of the next', () => {
    fc.assert(
      fc.property(fields, (a) => {
        const parts = streetParts(a);
        const street = streetText(a);
        let at = 0;
        for (const [i, part] of parts.entries()) {
          at = street.indexOf(part, at) + part.length;
          const next = parts[i + 1];
          if (next !== undefined && endsInNumeral(part))
            expect(startsWithNumeral(street.slice(at))).toBe(false);
        }
      }),
    );
  });

  it('reads a block of bare digits as N丁目 in half-width, and never doubles a 丁目 already written', () => {
    fc.assert(
      fc.property(fields, (a) => {
        const text = addressText(a);
        const block = a.street_name2.trim();
        if (/^[0-9０-９]+$/.test(block)) expect(text).toContain(`${normalizeDigits(block)}丁目`);
        else if (block !== '') expect(text).toContain(block);
        expect(text).not.toMatch(/丁目丁目|丁丁目/);
      }),
    );
  });

  it('separates the building by a space, and the envelope’s two lines join to the same address', () => {
    fc.assert(
      fc.property(fields, (a) => {
        const text = addressText(a);
        const { line1, line2 } = addressEnvelope(a);
        const building = a.street_name3.trim();
        expect(line1).toBe(streetText(a));
        expect(line2).toBe(building);
        if (building !== '' && line1 !== '') expect(text).toBe(`${line1} ${building}`);
        else expect(text).toBe(line1 || building);
        expect([line1, line2].filter((l) => l !== '').join(' ')).toBe(text);
        expect(text).toBe(text.trim());
      }),
    );
  });
});
