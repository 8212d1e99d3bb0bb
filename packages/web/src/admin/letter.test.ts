import { describe, expect, it } from 'vitest';
import { addressee, addressLines, inBatches, lettersCountText, postcodeLine } from './letter';

describe('[web][admin] result letters', () => {
  it('writes the postcode as 〒123-4567, with or without the stored hyphen', () => {
    expect(postcodeLine('1050011')).toBe('〒105-0011');
    expect(postcodeLine('105-0011')).toBe('〒105-0011');
    expect(postcodeLine('１０５－００１１'.normalize('NFKC'))).toBe('〒105-0011');
    expect(postcodeLine('')).toBe('');
    // something that is not 7 digits is shown as it was entered, not guessed at
    expect(postcodeLine('10500')).toBe('〒10500');
  });

  it('leaves empty lines out of the address block', () => {
    const address = { postcode: '105-0011', address1: '東京都港区芝公園1-1', address2: '' };
    expect(addressLines(address)).toEqual(['〒105-0011', '東京都港区芝公園1-1']);
    expect(addressLines({ ...address, address2: ' 芝公園ハイツ101 ' })).toEqual([
      '〒105-0011',
      '東京都港区芝公園1-1',
      '芝公園ハイツ101',
    ]);
    expect(addressLines({ postcode: '', address1: '', address2: '' })).toEqual([]);
    expect(addressee(' 講座 太郎 ')).toBe('講座 太郎 様');
  });

  it('counts the letters and those printed before', () => {
    expect(lettersCountText([])).toBe('0通');
    expect(lettersCountText([{ printed_at: null }, { printed_at: null }])).toBe('2通');
    expect(lettersCountText([{ printed_at: '2026-11-28T01:00:00.000Z' }, { printed_at: null }])).toBe(
      '2通（うち印刷済み 1通）',
    );
  });

  it('splits the ids into batches the printed call accepts', () => {
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inBatches([], 2000)).toEqual([]);
  });
});
