import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

/**
 * The lottery record lists draws only (decision 086): a promotion (繰り上げ) is not a draw, so it is listed
 * under the draw whose 補欠 it moved up — automatic when a seat was freed, or by hand, with who did it.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await makeCast(t));
});
afterAll(() => t.close());

let seq = 0;
const apply = async (courseId: number) => {
  const s = await makeStudent(t.db, { loginId: `38${String(++seq).padStart(6, '0')}` });
  return makeApplication(t.db, { courseId, studentId: s.id });
};
const rowsOf = (courseId: number, status: string) =>
  t.db
    .select()
    .from(courseApplications)
    .where(and(eq(courseApplications.courseId, courseId), eq(courseApplications.lotteryStatus, status)))
    .orderBy(asc(courseApplications.waitlistRank), asc(courseApplications.id));

describe('GET /api/admin/lottery/runs/: promotions under their draw', () => {
  it('shows an automatic and a by-hand promotion under the draw they came from, not as draws', async () => {
    const c = await makeCourse(t.db, { isCancelable: true });
    for (let i = 0; i < 4; i++) await apply(c.id);
    const drawn = await post(
      t.app,
      '/api/admin/courseapplicantlist/lottery/',
      { id: c.id, win_num: '2', waitlist: '1' },
      admin,
    );
    expect(drawn.statusCode, drawn.body).toBe(200);
    const [winner] = await rowsOf(c.id, '2');
    const [first, second] = await rowsOf(c.id, '5');

    // a winner cancels at the desk: the top 補欠 moves up by itself
    const cancelled = await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: c.id, user_id: winner!.studentId, updated_at: winner!.updatedAt.toISOString() },
      admin,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // the next 補欠, now 1番, moved up by hand
    const [next] = await rowsOf(c.id, '5');
    expect(next?.id).toBe(second?.id);
    const promoted = await post(
      t.app,
      '/api/admin/courseapplicantlist/promote/',
      { course_id: c.id, user_id: next!.studentId, updated_at: next!.updatedAt.toISOString() },
      admin,
    );
    expect(promoted.statusCode, promoted.body).toBe(200);

    // a late applicant drawn later: a second draw, with no promotion of its own
    await apply(c.id);
    expect(
      (await post(t.app, '/api/admin/courseapplicantlist/lottery/', { id: c.id, win_num: '1' }, admin))
        .statusCode,
    ).toBe(200);

    const res = await get(t.app, `/api/admin/lottery/runs/?id=${c.id}`, admin);
    expect(res.statusCode).toBe(200);
    const runs = res.json().data_list as {
      id: number;
      win_count: number;
      wait_count: number;
      promotions: Record<string, unknown>[];
    }[];
    // two draws, newest first; the promotions made no run
    expect(runs).toHaveLength(2);
    expect(runs[0]?.promotions).toEqual([]);
    expect(runs[1]).toMatchObject({ id: drawn.json().run_id, win_count: 2, wait_count: 2 });
    expect(runs[1]?.promotions).toEqual([
      {
        application_id: first!.id,
        drawn_rank: 1,
        waitlist_rank: 1,
        promoted_at: expect.any(String),
        by: 'auto',
        admin_name: '',
      },
      {
        application_id: second!.id,
        drawn_rank: 2,
        waitlist_rank: 1,
        promoted_at: expect.any(String),
        by: 'office',
        admin_name: expect.stringMatching(/.+/),
      },
    ]);
  });
});
