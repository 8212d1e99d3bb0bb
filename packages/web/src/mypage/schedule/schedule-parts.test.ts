import type { MypageScheduleItem } from '@manabi/shared/schemas/responses';
import { describe, expect, it } from 'vitest';
import { dayText, groupByDay, nearDayWord, placeText } from './schedule-parts';

const item = (over: Partial<MypageScheduleItem>): MypageScheduleItem => ({
  course_id: 1,
  course_name: '俳句入門',
  status: '1',
  no: 1,
  day: '2026-12-02',
  start: '13:00',
  end: '14:30',
  room: '',
  venue: '',
  street_address: '',
  bring: '',
  ...over,
});

describe('the schedule as a student reads it', () => {
  it('groups the classes by day, keeping their order', () => {
    const list = [
      item({ day: '2026-12-02', start: '10:00', course_id: 2 }),
      item({ day: '2026-12-02', start: '13:00' }),
      item({ day: '2026-12-09', start: '13:00', no: 2 }),
    ];
    const days = groupByDay(list);
    expect(days.map((d) => [d.day, d.items.map((i) => `${i.course_id}:${i.start}`)])).toEqual([
      ['2026-12-02', ['2:10:00', '1:13:00']],
      ['2026-12-09', ['1:13:00']],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it('says the day 「12月2日（水）」, with the year only when it is not this year', () => {
    expect(dayText('2026-12-02', '2026-11-30')).toBe('12月2日（水）');
    expect(dayText('2027-01-06', '2026-12-30')).toBe('2027年1月6日（水）');
  });

  it('says the place from what the course gives', () => {
    expect(
      placeText(item({ venue: '市民センター', room: '第1研修室', street_address: '港区芝公園1-1-1' })),
    ).toBe('市民センター 第1研修室（港区芝公園1-1-1）');
    expect(placeText(item({ venue: '市民センター' }))).toBe('市民センター');
    expect(placeText(item({ room: '201' }))).toBe('201');
    expect(placeText(item({ street_address: '港区芝公園1-1-1' }))).toBe('港区芝公園1-1-1');
    expect(placeText(item({}))).toBe('');
  });

  it('names the room once when the venue already names it (「1階 多目的室」 in 「まなびプラザ 1階 多目的室」)', () => {
    const venue = 'まなびプラザ 1階 多目的室';
    expect(placeText(item({ venue, room: '1階 多目的室', street_address: '東京都港区芝公園4-2-8' }))).toBe(
      'まなびプラザ 1階 多目的室（東京都港区芝公園4-2-8）',
    );
    expect(placeText(item({ venue, room: '1階　多目的室' }))).toBe(venue);
    expect(placeText(item({ venue: 'まなびプラザ', room: venue }))).toBe(venue);
    expect(placeText(item({ venue, room: '2階 和室' }))).toBe(`${venue} 2階 和室`);
  });

  it('says 「今日」 and 「明日」 in words, across a month and a year, and nothing for other days', () => {
    expect(nearDayWord('2026-12-02', '2026-12-02')).toBe('今日');
    expect(nearDayWord('2026-12-01', '2026-11-30')).toBe('明日');
    expect(nearDayWord('2027-01-01', '2026-12-31')).toBe('明日');
    expect(nearDayWord('2026-12-03', '2026-12-01')).toBe('');
    expect(nearDayWord('2026-11-30', '2026-12-01')).toBe('');
  });
});
