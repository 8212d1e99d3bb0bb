import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

/** 募集の状況's 受講確定 links to the applicant list filtered to the winners who confirmed (decision 035). */
let t: TestApp;
let admin: string;
let univ: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ } = await makeCast(t));
});
afterAll(() => t.close());

describe('GET /api/admin/courseapplicantlist/ confirmed=1', () => {
  it('lists only the winners who confirmed; without it every winner', async () => {
    const course = await makeCourse(t.db, { universityId: 'U01' });
    const confirmed = await makeStudent(t.db);
    const toConfirm = await makeStudent(t.db);
    const waiting = await makeStudent(t.db);
    await makeApplication(t.db, {
      courseId: course.id,
      studentId: confirmed.id,
      lotteryStatus: '2',
      confirmBy: new Date(Date.now() + 86_400_000),
      confirmedAt: new Date(),
    });
    await makeApplication(t.db, {
      courseId: course.id,
      studentId: toConfirm.id,
      lotteryStatus: '2',
      confirmBy: new Date(Date.now() + 86_400_000),
    });
    await makeApplication(t.db, { courseId: course.id, studentId: waiting.id, lotteryStatus: '1' });
    const ids = async (query: string, cookie = admin) => {
      const res = await get(t.app, `/api/admin/courseapplicantlist/?id=${course.id}${query}`, cookie);
      expect(res.statusCode).toBe(200);
      return (res.json().data_list as { student_id?: number; name_kana: string }[]).length;
    };
    expect(await ids('&lottery_status_2=1&confirmed=1')).toBe(1);
    expect(await ids('&lottery_status_2=1')).toBe(2);
    expect(await ids('')).toBe(3);
    // authority 2 sees name_kana only and may filter by nothing else
    expect(await ids('&confirmed=1', univ)).toBe(3);
    const bad = await get(t.app, `/api/admin/courseapplicantlist/?id=${course.id}&confirmed=2`, admin);
    expect(bad.statusCode).toBe(422);
  });
});
