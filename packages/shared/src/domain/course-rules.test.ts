import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRefusal, type CourseRule, courseFlags, isCancelable, windowPhase } from './course-rules';

const at = (s: string) => new Date(s);
/** 「2026-12-01 10:00 から 2026-12-10 17:00 まで」 as the office types it in Tokyo */
const course = (over: Partial<CourseRule> = {}): CourseRule => ({
  periodFrom: at('2026-12-01T10:00:00+09:00'),
  periodTo: at('2026-12-10T17:00:00+09:00'),
  status: '1',
  isCancelable: true,
  isLottery: true,
  capacity: 30,
  ...over,
});
const waiting = { lotteryStatus: '1', attendanceStatus: '1' };

describe('windowPhase: both minutes the office typed are included', () => {
  it.each([
    ['2026-12-01T09:59:59.999+09:00', 'before'],
    ['2026-12-01T10:00:00.000+09:00', 'open'],
    ['2026-12-01T10:00:59.999+09:00', 'open'],
    ['2026-12-10T16:59:59.999+09:00', 'open'],
    ['2026-12-10T17:00:00.000+09:00', 'open'],
    ['2026-12-10T17:00:59.999+09:00', 'open'],
    ['2026-12-10T17:01:00.000+09:00', 'closed'],
  ])('%s → %s', (now, phase) => {
    expect(windowPhase(course(), at(now))).toBe(phase);
  });

  it('a course without both dates never opens', () => {
    expect(windowPhase(course({ periodTo: null }), at('2026-12-05T12:00:00+09:00'))).toBe('before');
    expect(windowPhase(course({ periodFrom: null }), at('2026-12-05T12:00:00+09:00'))).toBe('before');
  });
});

describe('isCancelable', () => {
  const inside = at('2026-12-05T12:00:00+09:00');
  const after = at('2026-12-11T12:00:00+09:00');
  it('until the window closes any live, undrawn-or-won, unattended application; after it only when the course allows', () => {
    const before = at('2026-11-30T12:00:00+09:00');
    expect(isCancelable(course({ isCancelable: false }), waiting, before)).toBe(true);
    expect(isCancelable(course({ isCancelable: false }), waiting, inside)).toBe(true);
    expect(isCancelable(course({ isCancelable: false }), waiting, after)).toBe(false);
    expect(isCancelable(course(), { ...waiting, lotteryStatus: '2' }, after)).toBe(true);
  });
  it('never without an application, after losing, or once attendance began', () => {
    expect(isCancelable(course(), null, inside)).toBe(false);
    expect(isCancelable(course(), { ...waiting, lotteryStatus: '3' }, inside)).toBe(false);
    expect(isCancelable(course(), { ...waiting, lotteryStatus: '4' }, inside)).toBe(false);
    expect(isCancelable(course(), { ...waiting, attendanceStatus: '2' }, inside)).toBe(false);
  });
});

describe('the apply button and the apply request agree', () => {
  it('for any course, application, count and instant, is_disp_applybtn ⇔ no refusal (with agreement)', () => {
    const instant = fc.integer({
      min: Date.parse('2026-11-30T00:00:00Z'),
      max: Date.parse('2026-12-12T00:00:00Z'),
    });
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom('1', '2'),
          isCancelable: fc.boolean(),
          isLottery: fc.boolean(),
          capacity: fc.option(fc.integer({ min: 0, max: 5 })),
        }),
        fc.option(
          fc.record({
            lotteryStatus: fc.constantFrom('1', '2', '3'),
            attendanceStatus: fc.constantFrom('1', '2', '3'),
          }),
        ),
        fc.integer({ min: 0, max: 6 }),
        instant,
        (over, application, count, ms) => {
          const c = course(over);
          const now = new Date(ms);
          const flags = courseFlags(c, application, count, now);
          expect(flags.is_disp_applybtn).toBe(applyRefusal(c, application, count, true, now) === null);
          expect(flags.is_cancelable).toBe(isCancelable(c, application, now));
          expect(flags.is_cancelable_pure).toBe(c.isCancelable);
        },
      ),
    );
  });

  it('a no-cancel course needs the agreement; a full first-come course refuses', () => {
    const now = at('2026-12-05T12:00:00+09:00');
    expect(applyRefusal(course({ isCancelable: false }), null, 0, false, now)).toBe('mustAgree');
    expect(applyRefusal(course({ isCancelable: false }), null, 0, true, now)).toBeNull();
    expect(applyRefusal(course({ isLottery: false, capacity: 2 }), null, 2, true, now)).toBe('full');
    expect(applyRefusal(course({ isLottery: true, capacity: 2 }), null, 50, true, now)).toBeNull();
    expect(applyRefusal(course(), waiting, 0, true, now)).toBe('alreadyApplied');
    expect(applyRefusal(course({ status: '2' }), null, 0, true, now)).toBe('notFound');
  });
});
