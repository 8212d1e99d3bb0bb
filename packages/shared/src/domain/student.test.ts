import { describe, expect, it } from 'vitest';
import { isOutsideWard, mailUndeliverable, studentCautions, studentNameKey } from './student';

describe('student cautions (SPEC §5, not blocking)', () => {
  it('warns under 55 at the end of the fiscal year, not at 55', () => {
    // fiscal year ending 2027-03-31: born 1972-04-01 is 54 then, born 1972-03-31 is 55
    expect(studentCautions({ birthday: '1972-04-01', street_name1: '港区芝' }, '2026-11-22')).toEqual([
      { field: 'birthday', message: expect.stringContaining('54歳') },
    ]);
    expect(studentCautions({ birthday: '1972-03-31', street_name1: '港区芝' }, '2026-11-22')).toEqual([]);
  });

  it('warns when the town is outside the ward, forgiving width and spaces', () => {
    expect(isOutsideWard('港区芝公園')).toBe(false);
    expect(isOutsideWard(' 港　区赤坂')).toBe(false);
    expect(isOutsideWard('品川区東五反田')).toBe(true);
    expect(isOutsideWard('')).toBe(false);
    expect(studentCautions({ birthday: '', street_name1: '中央区銀座' }, '2026-11-22')).toEqual([
      { field: 'street_name1', message: expect.stringContaining('港区') },
    ]);
  });
});

describe('studentNameKey', () => {
  it('compares names across widths and spaces', () => {
    expect(studentNameKey('山田　花子')).toBe(studentNameKey('山田 花子'));
    expect(studentNameKey('ﾔﾏﾀﾞ ﾊﾅｺ')).toBe(studentNameKey('ヤマダハナコ'));
    expect(studentNameKey('ＡＢＣ')).toBe('ABC');
  });
});

describe('メールが届きません (decision 065)', () => {
  it('holds while the refused address is still mail 1, whatever its case', () => {
    expect(mailUndeliverable({ mailBouncedAddress: 'Gone@Example.jp', mail1: 'gone@example.jp' })).toBe(true);
    expect(mailUndeliverable({ mailBouncedAddress: 'gone@example.jp', mail1: 'new@example.jp' })).toBe(false);
    expect(mailUndeliverable({ mailBouncedAddress: '', mail1: '' })).toBe(false);
    expect(mailUndeliverable({ mailBouncedAddress: '', mail1: 'a@example.jp' })).toBe(false);
  });
});
