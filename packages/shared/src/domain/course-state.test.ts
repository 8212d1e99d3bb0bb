import { describe, expect, it } from 'vitest';
import {
  COURSE_STATE_LABELS,
  type CourseStateInput,
  classesOver,
  courseState,
  firstDayBeforeWindowCloses,
  lastClassDay,
} from './course-state';

const at = (s: string) => new Date(s);
/** applications 12月1日 10:00〜12月10日 17:00, a lottery, classes 12月15日 and 22日 */
const course = (over: Partial<CourseStateInput> = {}): CourseStateInput => ({
  periodFrom: at('2026-12-01T10:00:00+09:00'),
  periodTo: at('2026-12-10T17:00:00+09:00'),
  isLottery: true,
  isDrawn: false,
  firstDay: '2026-12-15',
  lastDay: '2026-12-22',
  allTimes: 2,
  lastClassRecorded: false,
  ...over,
});

describe('courseState: the six states of the office list', () => {
  it.each([
    ['2026-12-01T09:59:59+09:00', {}, '受付前'],
    ['2026-12-01T10:00:00+09:00', {}, '受付中'],
    // the typed minute 17:00 is still inside the window
    ['2026-12-10T17:00:30+09:00', {}, '受付中'],
    ['2026-12-10T17:01:00+09:00', {}, '抽選待ち'],
    ['2026-12-10T17:01:00+09:00', { isDrawn: true }, '抽選済み'],
    // a first-come course has its seats once the window closes
    ['2026-12-12T09:00:00+09:00', { isLottery: false }, '抽選済み'],
    // the first class day in Tokyo, whatever the UTC date
    ['2026-12-15T00:00:00+09:00', {}, '開講中'],
    ['2026-12-14T23:59:59+09:00', { isDrawn: true }, '抽選済み'],
    ['2026-12-22T23:59:59+09:00', { isDrawn: true }, '開講中'],
    ['2026-12-23T00:00:00+09:00', { isDrawn: true }, '終了'],
    // classes decide even while applications are open, or when a lottery was never drawn
    ['2026-12-16T12:00:00+09:00', { periodTo: at('2026-12-31T17:00:00+09:00') }, '開講中'],
    ['2027-01-05T12:00:00+09:00', {}, '終了'],
    // no class days known: the window alone decides, for good
    ['2027-06-01T12:00:00+09:00', { firstDay: null, lastDay: null }, '抽選待ち'],
    // no application window: it never opens
    [
      '2026-12-05T12:00:00+09:00',
      { periodFrom: null, periodTo: null, firstDay: null, lastDay: null },
      '受付前',
    ],
  ] as const)('%s %o → %s', (now, over, label) => {
    expect(COURSE_STATE_LABELS[courseState(course(over), at(now))]).toBe(label);
  });

  it('every dated session past: 終了; the last session today: 開講中 until that Tokyo day is over', () => {
    const drawn = course({ isDrawn: true });
    // 23:59 in Tokyo on the last class day is 14:59 UTC: still the class day
    expect(courseState(drawn, at('2026-12-22T14:59:59Z'))).toBe('in_class');
    expect(courseState(drawn, at('2026-12-22T15:00:00Z'))).toBe('ended');
    // dated sessions decide: what the office recorded does not end a course whose last session is to come
    expect(courseState(course({ lastClassRecorded: true }), at('2026-12-20T12:00:00+09:00'))).toBe(
      'in_class',
    );
    expect(classesOver(drawn, '2026-12-22')).toBe(false);
    expect(classesOver(drawn, '2026-12-23')).toBe(true);
  });

  it('without dated sessions, the last class the office recorded ends the course at once', () => {
    // 15 sessions a week apart from 15 December would run until late March
    const undated = course({ lastDay: null, allTimes: 15, isDrawn: true });
    expect(lastClassDay(undated)).toBe('2027-03-23');
    expect(courseState(undated, at('2027-01-20T12:00:00+09:00'))).toBe('in_class');
    expect(courseState({ ...undated, lastClassRecorded: true }, at('2027-01-20T12:00:00+09:00'))).toBe(
      'ended',
    );
    // and nothing known at all (no day, no record) is never 終了
    expect(
      classesOver({ firstDay: null, lastDay: null, allTimes: 10, lastClassRecorded: false }, '2030-01-01'),
    ).toBe(false);
    expect(
      classesOver({ firstDay: null, lastDay: null, allTimes: 10, lastClassRecorded: true }, '2026-01-01'),
    ).toBe(true);
  });

  it('without dated sessions the classes run a week per session from the start date', () => {
    const weekly = course({ firstDay: '2026-12-15', lastDay: null, allTimes: 3 });
    expect(lastClassDay(weekly)).toBe('2026-12-29');
    expect(courseState(weekly, at('2026-12-29T20:00:00+09:00'))).toBe('in_class');
    expect(courseState(weekly, at('2026-12-30T08:00:00+09:00'))).toBe('ended');
  });
});

describe('firstDayBeforeWindowCloses: the course form warning', () => {
  it.each([
    ['2026-12-10', '2026-12-10T17:00', true],
    ['2026-12-09', '2026-12-10T17:00', true],
    ['2026-12-11', '2026-12-10T17:00', false],
    ['', '2026-12-10T17:00', false],
    ['2026-12-09', '', false],
  ])('first day %s, applications to %s → %s', (first, periodT, warned) => {
    expect(firstDayBeforeWindowCloses(first, periodT)).toBe(warned);
  });
});
