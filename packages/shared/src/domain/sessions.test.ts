import { describe, expect, it } from 'vitest';
import { addDays, dayJa, sessionWhenJa, weekdayJa, weeklySessions } from './sessions';

describe('class days', () => {
  it('adds days on the calendar across months, years and leap days', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-02', -7)).toBe('2026-11-25');
  });

  it('writes a day the Japanese way, with its weekday', () => {
    expect(weekdayJa('2026-12-02')).toBe('水');
    expect(dayJa('2026-12-02')).toBe('12月2日（水）');
    expect(dayJa('2027-01-06', '2026')).toBe('2027年1月6日（水）');
    expect(dayJa('2026-01-06', '2026')).toBe('1月6日（火）');
    expect(sessionWhenJa({ day: '2026-12-02', start: '13:00', end: '14:30' })).toBe(
      '12月2日（水）13:00〜14:30',
    );
  });

  it('makes weekly sessions a week apart, at most fifteen', () => {
    const s = weeklySessions('2026-12-02', 3, { start: '13:00', end: '14:30', room: '201' });
    expect(s.map((x) => x.day)).toEqual(['2026-12-02', '2026-12-09', '2026-12-16']);
    expect(s.every((x) => x.start === '13:00' && x.end === '14:30' && x.room === '201')).toBe(true);
    expect(weeklySessions('2026-12-02', 40, { start: '10:00', end: '11:00' })).toHaveLength(15);
    expect(weeklySessions('2026-12-02', 0, { start: '10:00', end: '11:00' })).toEqual([]);
  });
});
