import { describe, expect, it } from 'vitest';
import { unitsText, unitsTotal } from './units';

describe('a student’s units, in the words of both sides', () => {
  it('names each part with its meaning, and the total when something is carried', () => {
    expect(unitsText({ earned: 56, carried: 12 })).toBe(
      'これまでの講座で取得 56単位 ／ 入学前からの繰越 12単位（合計 68単位）',
    );
    expect(unitsTotal({ earned: 56, carried: 12 })).toBe(68);
  });

  it('with nothing carried the total would repeat the earned figure: it is left out, the carry still said', () => {
    expect(unitsText({ earned: 15, carried: 0 })).toBe(
      'これまでの講座で取得 15単位 ／ 入学前からの繰越 0単位',
    );
  });

  it('writes large figures with the thousands separator', () => {
    expect(unitsText({ earned: 1200, carried: 30 })).toBe(
      'これまでの講座で取得 1,200単位 ／ 入学前からの繰越 30単位（合計 1,230単位）',
    );
  });
});
