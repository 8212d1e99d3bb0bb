import { describe, expect, it } from 'vitest';
import { courseDateRows, courseTermText } from './certificate';

describe('[web][ui] certificate', () => {
  it('writes the 受講期間 from the sessions, or else from the course’s 開講日', () => {
    const dated = { first_day: '2026-04-08', last_day: '2026-07-15', start_date: '2026-04-01' };
    expect(courseTermText(dated)).toBe('2026年4月8日〜2026年7月15日');
    expect(courseTermText({ ...dated, last_day: '2026-04-08' })).toBe('2026年4月8日');
    expect(courseTermText({ first_day: null, last_day: null, start_date: '2025-10-01' })).toBe(
      '2025年10月1日から',
    );
    expect(courseTermText({ first_day: null, last_day: null, start_date: null })).toBe('');
  });

  it('gives the weekly time a row of its own, never inside the 受講期間', () => {
    const undated = {
      first_day: null,
      last_day: null,
      start_date: '2025-10-01',
      period: '毎週火曜 10:00〜12:00',
    };
    expect(courseDateRows(undated)).toEqual([
      ['受講期間', '2025年10月1日から'],
      ['開催日', '毎週火曜 10:00〜12:00'],
    ]);
    expect(courseDateRows({ ...undated, first_day: '2026-04-08', last_day: '2026-07-15' })).toEqual([
      ['受講期間', '2026年4月8日〜2026年7月15日'],
      ['開催日', '毎週火曜 10:00〜12:00'],
    ]);
    // only the 開催日 is known: no empty 受講期間 above it
    expect(courseDateRows({ ...undated, start_date: null })).toEqual([['開催日', '毎週火曜 10:00〜12:00']]);
    expect(courseDateRows({ ...undated, start_date: null, period: ' ' })).toEqual([['受講期間', '－']]);
  });
});
