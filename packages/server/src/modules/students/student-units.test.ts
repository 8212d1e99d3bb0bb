/**
 * One student's units read the same on both sides (decision 089): the office's student detail answers the
 * carried units (total_units) beside the units earned in the programme's courses (earned_units), and the
 * my-page's 受講履歴 and transcript answer the same two figures — the earned one computed by one function
 * (repositories/student-units.ts over unitTotal, decision 039).
 */
import { ATTENDANCE } from '@manabi/shared/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse } from '../../test/factories';

let t: TestApp;
let cast: Cast;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, { student: { totalUnits: 12 } });
  const [me] = await t.db.select({ id: students.id }).from(students).where(eq(students.loginId, '24040001'));
  userId = me!.id;
  const course = async (name: string) => (await makeCourse(t.db, { name, keyword: '単位テスト' })).id;
  const finished = { lotteryStatus: '2', attendanceStatus: ATTENDANCE.ATTENDED };
  await makeApplication(t.db, {
    courseId: await course('修了A'),
    studentId: userId,
    ...finished,
    acquisitionUnit: 26,
  });
  await makeApplication(t.db, {
    courseId: await course('修了B'),
    studentId: userId,
    ...finished,
    acquisitionUnit: 15,
  });
  // being attended, or cancelled after it was finished: no units yet, or none at all
  await makeApplication(t.db, {
    courseId: await course('受講中C'),
    studentId: userId,
    lotteryStatus: '2',
    attendanceStatus: ATTENDANCE.ATTENDING,
    acquisitionUnit: 6,
  });
  await makeApplication(t.db, {
    courseId: await course('取り消しD'),
    studentId: userId,
    ...finished,
    acquisitionUnit: 9,
    cancelledAt: new Date(),
  });
});
afterAll(() => t.close());

describe('a student’s units, the same figures on both sides', () => {
  it('the office’s student detail: carried 12 (total_units as entered) and earned 41', async () => {
    const res = await get(t.app, `/api/admin/student/detail/?user_id=${userId}`, cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total_units: 12, earned_units: 41 });
  });

  it('the my-page’s 受講履歴, plain and searched, and the transcript: earned 41, carried 12', async () => {
    for (const q of [
      '',
      '?keyword=%E5%8D%98%E4%BD%8D%E3%83%86%E3%82%B9%E3%83%88',
      '?keyword=nothing-matches',
    ]) {
      const list = (await get(t.app, `/api/mypage/attendedcourselist/${q}`, cast.student)).json();
      expect({ q, earned: list.acquisition_unit_sum, carried: list.carried_units }).toEqual({
        q,
        earned: 41,
        carried: 12,
      });
    }
    const transcript = (await get(t.app, '/api/mypage/transcript/', cast.student)).json();
    expect(transcript).toMatchObject({ acquisition_unit_sum: 41, carried_units: 12 });
  });

  it('the office changing the carried units changes them on the my-page, and the earned ones stay', async () => {
    const detail = (await get(t.app, `/api/admin/student/detail/?user_id=${userId}`, cast.admin)).json();
    await t.db.update(students).set({ totalUnits: 20 }).where(eq(students.id, userId));
    const list = (await get(t.app, '/api/mypage/attendedcourselist/', cast.student)).json();
    expect([list.acquisition_unit_sum, list.carried_units]).toEqual([detail.earned_units, 20]);
  });
});
