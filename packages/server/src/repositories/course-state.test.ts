/**
 * The course state's SQL twin (repositories/course-state.ts) against the shared rules it repeats
 * (shared domain/course-state.ts, decisions 035 and 089): many courses, each a combination of dated sessions,
 * a start date, 回数, what the office recorded, an application window and a draw, read back by the SQL and
 * decided again in JavaScript from the same columns, for several days around their classes. The my-page's
 * 受講履歴 and a withdrawal read the same end (courseEnded is classesOverSql).
 */
import { ATTENDANCE, LOTTERY, SESSION_ATTENDANCE } from '@manabi/shared/codes';
import { classesOver, courseState } from '@manabi/shared/domain/course-state';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { addDays } from '@manabi/shared/domain/sessions';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { courseApplications, courseSessions, courses } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { makeStudent, markDrawn } from '../test/factories';
import { courseEnded } from './course-applications';
import { classesOverSql, courseStateSql, stateColumns } from './course-state';

/** mulberry32: a tiny seeded generator, so a failing case can be made again */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    int,
    pick: <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!,
    chance: (p: number) => next() < p,
  };
}

/** The days the states are read on: 20 December 2026 in Tokyo, and days around it. */
const BASE = '2026-12-20';
const instantOf = (ymd: string, hhmm = '12:00') => new Date(`${ymd}T${hhmm}:00+09:00`);
const DAY_OFFSETS = [-30, -1, 0, 1, 30, 120];

let d: Database;
let studentIds: number[];
const made: number[] = [];

/** One course of the generator's choosing; its id. */
async function makeOne(r: ReturnType<typeof rng>): Promise<number> {
  const allTimes = r.pick([1, 3, 10, 15, 20]);
  const windowFrom = r.int(-90, 20);
  const [c] = await d.db
    .insert(courses)
    .values({
      name: '状態の双子',
      allTimes,
      isLottery: r.chance(0.7),
      startDate: r.chance(0.6) ? addDays(BASE, r.int(-150, 40)) : null,
      periodFrom: r.chance(0.9) ? instantOf(addDays(BASE, windowFrom), '10:00') : null,
      periodTo: instantOf(addDays(BASE, windowFrom + r.int(0, 20)), '17:00'),
    })
    .returning({ id: courses.id });
  const id = c!.id;
  if (r.chance(0.5)) {
    const first = r.int(-120, 30);
    const count = r.int(1, Math.min(allTimes, 15));
    await d.db.insert(courseSessions).values(
      Array.from({ length: count }, (_, i) => ({
        courseId: id,
        no: i + 1,
        day: addDays(BASE, first + 7 * i),
        startsAt: '10:00',
        endsAt: '12:00',
      })),
    );
  }
  if (r.chance(0.3)) await markDrawn(d.db, id);
  // what the office recorded: nothing, some sessions, the final one, 受講済み — live or cancelled
  for (const studentId of studentIds.slice(0, r.int(0, 3))) {
    const recorded = r.pick([0, 1, allTimes - 1, allTimes, 15]);
    const attendance = Array.from({ length: 15 }, (_, n) =>
      n < recorded ? SESSION_ATTENDANCE.PRESENT : SESSION_ATTENDANCE.NOT_HELD,
    );
    await d.db.insert(courseApplications).values({
      courseId: id,
      studentId,
      lotteryStatus: LOTTERY.WON,
      attendance,
      attendanceStatus: r.chance(0.2) ? ATTENDANCE.ATTENDED : ATTENDANCE.ATTENDING,
      cancelledAt: r.chance(0.25) ? new Date() : null,
    });
  }
  return id;
}

beforeAll(async () => {
  d = await createTestDatabase();
  studentIds = [];
  for (let i = 0; i < 3; i++) studentIds.push((await makeStudent(d.db, { loginId: `2612000${i + 1}` })).id);
  const r = rng(89);
  for (let i = 0; i < 160; i++) made.push(await makeOne(r));
});
afterAll(() => d.close());

async function readBack(now: Date) {
  return d.db
    .select({
      id: courses.id,
      ...stateColumns,
      sqlState: courseStateSql(now),
      sqlOver: classesOverSql(todayTokyo(now)),
      ended: courseEnded(todayTokyo(now)),
    })
    .from(courses)
    .where(inArray(courses.id, made));
}

describe('the course state in SQL and in the shared rules', () => {
  it.each(DAY_OFFSETS)('agree on every course, %i days from 20 December', async (offset) => {
    for (const hhmm of ['00:00', '12:00', '23:59']) {
      const now = instantOf(addDays(BASE, offset), hhmm);
      const rows = await readBack(now);
      expect(rows).toHaveLength(made.length);
      for (const row of rows) {
        const over = classesOver(row, todayTokyo(now));
        expect({ id: row.id, state: row.sqlState, over: row.sqlOver, ended: row.ended }).toEqual({
          id: row.id,
          state: courseState(row, now),
          over,
          ended: over,
        });
      }
    }
  });

  it('the cases cover every state and both ends of classes', async () => {
    const seen = new Set<string>();
    for (const offset of DAY_OFFSETS)
      for (const row of await readBack(instantOf(addDays(BASE, offset)))) {
        seen.add(row.sqlState);
        seen.add(`over:${row.sqlOver}`);
        if (row.lastDay === null && row.lastClassRecorded) seen.add('recorded without dated sessions');
      }
    expect([...seen].sort()).toEqual(
      [
        'before',
        'open',
        'awaiting_draw',
        'drawn',
        'in_class',
        'ended',
        'over:true',
        'over:false',
        'recorded without dated sessions',
      ].sort(),
    );
  });

  it('a course without dated sessions ends when the office records its final session, not an earlier one', async () => {
    const [c] = await d.db
      .insert(courses)
      .values({ name: '記録で終わる講座', allTimes: 10, startDate: addDays(BASE, -20) })
      .returning({ id: courses.id });
    const id = c!.id;
    const stateOf = async () => {
      const [row] = await d.db
        .select({ state: courseStateSql(instantOf(BASE)) })
        .from(courses)
        .where(eq(courses.id, id));
      return row?.state;
    };
    const nine = Array.from({ length: 15 }, (_, n) =>
      n < 9 ? SESSION_ATTENDANCE.PRESENT : SESSION_ATTENDANCE.NOT_HELD,
    );
    const [a] = await d.db
      .insert(courseApplications)
      .values({ courseId: id, studentId: studentIds[0]!, lotteryStatus: LOTTERY.WON, attendance: nine })
      .returning({ id: courseApplications.id });
    // ten weekly classes from 30 November would run until 1 February
    expect(await stateOf()).toBe('in_class');
    const ten = nine.map((v, n) => (n === 9 ? SESSION_ATTENDANCE.ABSENT : v));
    await d.db.update(courseApplications).set({ attendance: ten }).where(eq(courseApplications.id, a!.id));
    expect(await stateOf()).toBe('ended');
  });
});
