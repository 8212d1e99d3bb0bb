import { describe, expect, it } from 'vitest';
import { courseDatesText } from './certificate';

describe('[web][ui] certificate', () => {
  it('writes the course dates from the sessions, or else the free-text 開催日', () => {
    const dated = { first_day: '2026-04-08', last_day: '2026-07-15', period: '毎週水曜' };
    expect(courseDatesText(dated)).toBe('2026年4月8日〜2026年7月15日');
    expect(courseDatesText({ ...dated, last_day: '2026-04-08' })).toBe('2026年4月8日');
    expect(courseDatesText({ first_day: null, last_day: null, period: '毎週水曜' })).toBe('毎週水曜');
    expect(courseDatesText({ first_day: null, last_day: null, period: '' })).toBe('－');
  });
});
