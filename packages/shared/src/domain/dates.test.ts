import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateJa, formatDateTimeJa, groupDigits, todayTokyo, tokyoParts, tokyoWeekday } from './dates';

describe('dates in Asia/Tokyo', () => {
  it('todayTokyo turns over at midnight Tokyo time, not UTC', () => {
    expect(todayTokyo(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(todayTokyo(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });

  it('tokyoParts pads and uses a 24-hour clock', () => {
    expect(tokyoParts(new Date('2026-01-01T15:00:00Z'))).toEqual({
      year: '2026',
      month: '01',
      day: '02',
      hour: '00',
      minute: '00',
      second: '00',
    });
  });

  it('formatDateJa', () => {
    expect(formatDateJa('2026-11-21')).toBe('2026年11月21日');
    expect(formatDateJa('2026-01-05')).toBe('2026年1月5日');
    expect(formatDateJa('2026-11-21T15:30:00Z')).toBe('2026年11月22日');
    expect(formatDateJa(new Date('2026-11-21T00:00:00Z'))).toBe('2026年11月21日');
    expect(formatDateJa('')).toBe('');
    expect(formatDateJa(null)).toBe('');
    expect(formatDateJa('nonsense')).toBe('');
  });

  it('formatDateTimeJa', () => {
    expect(formatDateTimeJa('2026-11-21T04:05:00Z')).toBe('2026年11月21日 13:05');
    expect(formatDateTimeJa('2026-11-21T04:05:00+09:00')).toBe('2026年11月21日 04:05');
    expect(formatDateTimeJa(undefined)).toBe('');
    expect(formatDateTimeJa('x')).toBe('');
  });
});

describe('Tokyo wall clock without Intl (decision 068)', () => {
  const intl = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const weekday = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', weekday: 'short' });
  const oracle = (d: Date) => {
    const parts = intl.formatToParts(d);
    const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return {
      year: get('year').padStart(4, '0'),
      month: get('month'),
      day: get('day'),
      hour: get('hour'),
      minute: get('minute'),
      second: get('second'),
    };
  };

  it('is Intl’s Asia/Tokyo for every instant from 1952 on, weekday included', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1952, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        const d = new Date(ms);
        expect(tokyoParts(d)).toEqual(oracle(d));
        expect(tokyoWeekday(d)).toBe(weekday.format(d));
      }),
      { numRuns: 5000 },
    );
    // the turn of a Tokyo day and of a year
    expect(tokyoParts(new Date('2026-12-31T15:00:00Z'))).toMatchObject({
      year: '2027',
      month: '01',
      day: '01',
      hour: '00',
    });
    expect(tokyoParts(new Date('2026-12-31T14:59:59Z'))).toMatchObject({
      year: '2026',
      day: '31',
      hour: '23',
    });
  });

  it('groups digits as ja-JP does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString('ja-JP'));
      }),
    );
  });
});
