import { describe, expect, it } from 'vitest';
import {
  addDays,
  classChangeMessage,
  dayJa,
  sessionWhenJa,
  upcomingClassChanges,
  weekdayJa,
  weeklySessions,
} from './sessions';

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

describe('class changes a student is told of', () => {
  const s = (day: string, start = '10:00', room = '201教室') => ({ day, start, end: '12:00', room });

  it('names the upcoming classes that moved, as they were and as they are', () => {
    const changes = upcomingClassChanges(
      [s('2026-12-05'), s('2026-12-12'), s('2026-12-19')],
      [s('2026-12-05'), s('2026-12-13', '09:00'), s('2026-12-19', '10:00', '会議室A')],
      '2026-12-01',
    );
    expect(changes).toEqual({
      before: ['・12月12日（土）10:00〜12:00　201教室', '・12月19日（土）10:00〜12:00　201教室'],
      after: ['・12月13日（日）09:00〜12:00　201教室', '・12月19日（土）10:00〜12:00　会議室A'],
    });
  });

  it('says nothing of the same classes sent again, reordered, or of a past class corrected', () => {
    const list = [s('2026-11-20'), s('2026-12-05'), s('2026-12-12')];
    expect(upcomingClassChanges(list, [...list].reverse(), '2026-12-01')).toEqual({ before: [], after: [] });
    expect(
      upcomingClassChanges(list, [s('2026-11-21'), s('2026-12-05'), s('2026-12-12')], '2026-12-01'),
    ).toEqual({ before: [], after: [] });
  });

  it('names a class taken away or added, with the year when it is not this one', () => {
    expect(upcomingClassChanges([s('2026-12-05'), s('2027-01-09')], [s('2026-12-05')], '2026-12-01')).toEqual(
      {
        before: ['・2027年1月9日（土）10:00〜12:00　201教室'],
        after: [],
      },
    );
    expect(upcomingClassChanges([], [s('2026-12-05', '10:00', '')], '2026-12-01')).toEqual({
      before: [],
      after: ['・12月5日（土）10:00〜12:00'],
    });
  });

  it('writes the notice with only the parts that have lines', () => {
    const m = classChangeMessage('やさしい書道', { before: [], after: ['・12月5日（土）10:00〜12:00'] });
    expect(m.title).toBe('【日程変更】「やさしい書道」の授業の日程が変わりました');
    expect(m.body).toContain('【新しい日時・教室】\n・12月5日（土）10:00〜12:00');
    expect(m.body).not.toContain('変更前');
  });
});
