import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  charCount,
  formatPostcode,
  normalizeDigits,
  normalizeHyphens,
  normalizeKana,
  normalizeName,
  normalizeSpaces,
  toHalfWidth,
} from './normalize';

describe('toHalfWidth', () => {
  it('maps full-width ASCII and the ideographic space', () => {
    expect(toHalfWidth('ＡＢＣｘｙｚ０１９！＠～')).toBe('ABCxyz019!@~');
    expect(toHalfWidth('山田\u3000太郎')).toBe('山田 太郎');
  });

  it('leaves kana, the long vowel mark and half-width text alone', () => {
    expect(toHalfWidth('カタカナー ｶﾀｶﾅ abc')).toBe('カタカナー ｶﾀｶﾅ abc');
  });

  it('is idempotent and never touches what is already ASCII', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const once = toHalfWidth(s);
        expect(toHalfWidth(once)).toBe(once);
        expect(once.length).toBe(s.length);
      }),
    );
  });
});

describe('normalizeDigits', () => {
  it('maps full-width digits only', () => {
    expect(normalizeDigits('０１２３４５６７８９ＡＢ')).toBe('0123456789ＡＢ');
  });
});

describe('normalizeHyphens', () => {
  it('maps dash look-alikes typed in digit fields', () => {
    expect(normalizeHyphens('123ー4567')).toBe('123-4567');
    expect(normalizeHyphens('03－1234‐5678−9')).toBe('03-1234-5678-9');
  });
});

describe('normalizeSpaces', () => {
  it('collapses runs of half- and full-width spaces and trims', () => {
    expect(normalizeSpaces('\u3000 山田 \u3000\u3000太郎  ')).toBe('山田 太郎');
    expect(normalizeSpaces('')).toBe('');
  });
});

describe('normalizeName', () => {
  it('compares names across width and spacing', () => {
    expect(normalizeName('山田\u3000太郎')).toBe(normalizeName('山田太郎'));
    expect(normalizeName('ﾔﾏﾀﾞ ﾀﾛｳ')).toBe('ヤマダタロウ');
    expect(normalizeName('ＹＡＭＡＤＡ')).toBe('YAMADA');
  });
});

describe('normalizeKana', () => {
  it('folds hiragana, half-width kana and spaces into one katakana key', () => {
    for (const typed of ['さとう', 'ｻﾄｳ', 'サ トウ', 'さ\u3000と う', 'サトウ'])
      expect(normalizeKana(typed)).toBe('サトウ');
    expect(normalizeKana('やまだ　はなこ')).toBe('ヤマダハナコ');
    expect(normalizeKana('ﾀﾞｲｽｹ')).toBe('ダイスケ');
    // the iteration marks and the long vowel mark: ゝゞ become ヽヾ, ー stays
    expect(normalizeKana('すゞきー')).toBe('スヾキー');
  });
});

describe('formatPostcode', () => {
  it('inserts the hyphen once there are 7 digits', () => {
    expect(formatPostcode('1000001')).toBe('100-0001');
    expect(formatPostcode('100-0001')).toBe('100-0001');
    expect(formatPostcode('１０００００１')).toBe('100-0001');
    expect(formatPostcode('1000-001')).toBe('100-0001');
  });

  it('keeps anything else as typed', () => {
    expect(formatPostcode('100')).toBe('100');
    expect(formatPostcode('100000')).toBe('100000');
    expect(formatPostcode('10000012')).toBe('10000012');
    expect(formatPostcode('abc1234')).toBe('abc1234');
    expect(formatPostcode('')).toBe('');
  });
});

describe('charCount', () => {
  it('counts code points, so a surrogate pair is one character', () => {
    expect(charCount('𠮷野家')).toBe(3);
    expect('𠮷野家'.length).toBe(4);
  });
});
