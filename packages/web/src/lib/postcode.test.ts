import { describe, expect, it } from 'vitest';
import { addressFromResults, fillRules, postcodeDigits } from './postcode';

describe('postcodeDigits', () => {
  it('takes 7 digits with or without the hyphen, full-width too', () => {
    expect(postcodeDigits('105-0011')).toBe('1050011');
    expect(postcodeDigits('1050011')).toBe('1050011');
    expect(postcodeDigits('１０５ー００１１')).toBe('1050011');
    expect(postcodeDigits(' 105-0011 ')).toBe('1050011');
  });
  it('is null for anything else', () => {
    for (const v of ['', '105-001', '105-00111', '10-50011', '105--0011', 'abc-defg']) {
      expect(postcodeDigits(v), v).toBeNull();
    }
  });
});

describe('addressFromResults', () => {
  const a = (prefecture: string, city: string, town: string) => ({ prefecture, city, town });
  it('one town: prefecture, city + town', () => {
    expect(addressFromResults([a('東京都', '港区', '芝公園')])).toEqual({
      pref: '東京都',
      town: '港区芝公園',
    });
  });
  it('a city-wide code: the city alone', () => {
    expect(addressFromResults([a('東京都', '千代田区', '')])).toEqual({ pref: '東京都', town: '千代田区' });
  });
  it('several towns: the city and what the town names share', () => {
    expect(
      addressFromResults([a('愛知県', '清須市', '春日明河原'), a('愛知県', '清須市', '春日一番割')]),
    ).toEqual({ pref: '愛知県', town: '清須市春日' });
  });
  it('different cities or prefectures: only what they agree on', () => {
    expect(addressFromResults([a('東京都', '港区', '芝'), a('東京都', '品川区', '大井')])).toEqual({
      pref: '東京都',
      town: '',
    });
    expect(addressFromResults([a('東京都', '港区', '芝'), a('埼玉県', '川口市', '芝')])).toEqual({
      pref: '',
      town: '',
    });
  });
  it('nothing found: null', () => {
    expect(addressFromResults([])).toBeNull();
  });
});

describe('fillRules', () => {
  const found = { pref: '東京都', town: '港区芝公園' };
  it('fills empty fields', () => {
    expect(fillRules({ pref: '', town: '' }, null, found)).toEqual(found);
  });
  it('leaves what the user typed', () => {
    expect(fillRules({ pref: '東京都', town: '港区芝公園四丁目' }, null, found)).toEqual({});
    expect(fillRules({ pref: '神奈川県', town: '' }, null, found)).toEqual({ town: '港区芝公園' });
  });
  it('replaces what the previous lookup filled, not what was typed over it', () => {
    const previous = { pref: '東京都', town: '港区赤坂' };
    expect(
      fillRules({ pref: '東京都', town: '港区赤坂' }, previous, { pref: '大阪府', town: '大阪市北区梅田' }),
    ).toEqual({
      pref: '大阪府',
      town: '大阪市北区梅田',
    });
    expect(fillRules({ pref: '東京都', town: '港区赤坂九丁目' }, previous, found)).toEqual({});
  });
  it('does not blank a field when the lookup knows nothing of it', () => {
    expect(fillRules({ pref: '東京都', town: '' }, null, { pref: '', town: '' })).toEqual({});
  });
  it('a pre-filled default (東京都) that equals the answer is left alone', () => {
    expect(fillRules({ pref: '東京都', town: '' }, null, found)).toEqual({ town: '港区芝公園' });
  });
});
