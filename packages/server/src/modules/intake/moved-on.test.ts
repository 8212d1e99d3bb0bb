import { MYPAGE_COURSE_MSG } from '@manabi/shared/schemas/mypage-course';
import { MSG } from '@manabi/shared/validation/messages';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, students } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse } from '../../test/factories';

/**
 * A seat acted on from a screen drawn before it moved on (a second tab): the answer says what happened —
 * cancelled, confirmed or declined already — as a 409 with the reason, and writes nothing more.
 */

const DAY = 86_400_000;
const CONFIRM = '/api/mypage/courseconfirm/';
const DECLINE = '/api/mypage/coursedecline/';
const CANCEL = '/api/mypage/coursecancel/cancel/';

let t: TestApp;
let student: string;
let meId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ student } = await makeCast(t));
  const [me] = await t.db.select({ id: students.id }).from(students).where(eq(students.loginId, '24040001'));
  meId = me!.id;
});
afterAll(() => t.close());

/** An open course where 24040001 has won a seat that asks to be confirmed; the detail as a tab drew it. */
async function wonSeat() {
  const course = await makeCourse(t.db, {
    status: '1',
    periodFrom: new Date(Date.now() - DAY),
    periodTo: new Date(Date.now() + DAY),
  });
  await makeApplication(t.db, {
    courseId: course.id,
    studentId: meId,
    lotteryStatus: '2',
    confirmBy: new Date(Date.now() + 3 * DAY),
  });
  const detail = (await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json();
  return { courseId: course.id, seen: detail.application_updated_at as string };
}
const decide = (url: string, courseId: number, updatedAt: string) =>
  post(t.app, url, { course_id: courseId, updated_at: updatedAt }, student);
const live = async (courseId: number) => {
  const [row] = await t.db
    .select()
    .from(courseApplications)
    .where(and(eq(courseApplications.courseId, courseId), isNull(courseApplications.cancelledAt)));
  return row;
};

describe('a seat decided in one tab, then in another', () => {
  it('confirming twice: the second is told the seat is confirmed already', async () => {
    const { courseId, seen } = await wonSeat();
    expect((await decide(CONFIRM, courseId, seen)).statusCode).toBe(200);
    const confirmedAt = (await live(courseId))?.confirmedAt;
    const again = await decide(CONFIRM, courseId, seen);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MYPAGE_COURSE_MSG.alreadyConfirmed);
    expect((await live(courseId))?.confirmedAt).toEqual(confirmedAt);
  });

  it('declining twice: the second is told the seat is declined already', async () => {
    const { courseId, seen } = await wonSeat();
    expect((await decide(DECLINE, courseId, seen)).statusCode).toBe(200);
    const again = await decide(DECLINE, courseId, seen);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MYPAGE_COURSE_MSG.alreadyDeclined);
  });

  it('cancelled in one tab, confirmed in the other: told the application is cancelled', async () => {
    const { courseId, seen } = await wonSeat();
    const cancelled = await post(t.app, CANCEL, { course_id: String(courseId), updated_at: seen }, student);
    expect(cancelled.statusCode).toBe(200);
    for (const url of [CONFIRM, DECLINE]) {
      const res = await decide(url, courseId, seen);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message, url).toBe(MYPAGE_COURSE_MSG.alreadyCancelled);
    }
    expect(await live(courseId)).toBeUndefined();
  });

  it('a seat changed otherwise (the office, say) is still the plain 409 of a stale screen', async () => {
    const { courseId, seen } = await wonSeat();
    await t.db
      .update(courseApplications)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(courseApplications.courseId, courseId));
    const res = await decide(CONFIRM, courseId, seen);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.stale);
    expect((await live(courseId))?.confirmedAt).toBeNull();
  });
});
