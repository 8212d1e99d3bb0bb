import { describe, expect, it } from 'vitest';
import { formatDateJa, formatDateTimeJa, todayTokyo, tokyoParts } from './dates';

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
