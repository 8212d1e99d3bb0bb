import type { MergePreview } from '@manabi/shared/schemas/student-merge';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, payments, students } from '../db/schema';
import { createSession } from '../platform/sessions';
import { rowsOf } from '../platform/sql';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../test/app';
import { makeApplication, makeCourse } from '../test/factories';

/**
 * Every pair of acts on one person, run at once (decision 082): apply, cancel, merge, its undo, a withdrawal
 * and a payment recorded by the office. Each round ends with no 500 and one consistent state: every payment
 * on its seat's student, no application left on a merged record, no live one on a withdrawn record.
 *
 * Needs a PostgreSQL server (TEST_DATABASE_URL, as CI sets it): PGlite serves one statement at a time, so
 * no two acts overlap there and a round proves nothing.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);
const DAY = 86_400_000;

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  if (!serverUrl) return;
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t?.close());

let serial = 0;
/** An approved student, logged in (a session made as a login makes one: no password hashing per round). */
async function student() {
  const n = ++serial;
  const [s] = await t.db
    .insert(students)
    .values({
      loginId: `2880${String(n).padStart(4, '0')}`,
      generationId: '2404',
      name: `競合 ${n}`,
      nameKana: `キョウゴウ ${n}`,
      approvalStatus: '1',
    })
    .returning();
  if (!s) throw new Error('no student');
  const { token } = await createSession(t.db, t.config, 'student', s.id, {
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return { s, cookie: `manabi_mypage=${token}` };
}
const openCourse = () =>
  makeCourse(t.db, {
    periodFrom: new Date(Date.now() - DAY),
    periodTo: new Date(Date.now() + DAY),
    status: '1',
    isCancelable: true,
  });

const mergeBody = async (keep: number, other: number) => {
  const p = (
    await get(t.app, `/api/admin/student/merge/preview/?keep_id=${keep}&other_id=${other}`, cast.admin)
  ).json() as MergePreview;
  return {
    keep_id: keep,
    other_id: other,
    keep_updated_at: p.keep.updated_at,
    other_updated_at: p.other.updated_at,
  };
};
const liveOf = async (studentId: number, courseId: number) =>
  (
    await t.db
      .select()
      .from(courseApplications)
      .where(
        and(
          eq(courseApplications.studentId, studentId),
          eq(courseApplications.courseId, courseId),
          isNull(courseApplications.cancelledAt),
        ),
      )
  )[0];

/** What must hold after any round, for the round's students. */
async function consistent(ids: number[]) {
  const [r] = await rowsOf<{ stray: number; merged: number; withdrawn: number }>(
    t.db,
    sql`select
      (select count(*)::int from payments p join course_applications a on a.id = p.application_id
        where p.student_id <> a.student_id and a.student_id = any(${sql.param(ids)}::int[])) as stray,
      (select count(*)::int from course_applications a join students s on s.id = a.student_id
        where s.approval_status = '3' and s.id = any(${sql.param(ids)}::int[])) as merged,
      (select count(*)::int from course_applications a join students s on s.id = a.student_id
        where s.approval_status = '4' and a.cancelled_at is null and a.lottery_status in ('1', '2', '5')
          and s.id = any(${sql.param(ids)}::int[])) as withdrawn`,
  );
  expect(r).toEqual({ stray: 0, merged: 0, withdrawn: 0 });
}

/** Runs both acts at once; neither may answer 500, each answers one of what it may. */
async function race(
  a: () => Promise<{ statusCode: number; body: string }>,
  b: () => Promise<{ statusCode: number; body: string }>,
  may: [number[], number[]],
) {
  const [x, y] = await Promise.all([a(), b()]);
  expect(may[0], x.body).toContain(x.statusCode);
  expect(may[1], y.body).toContain(y.statusCode);
  return [x, y] as const;
}

describe.skipIf(!serverUrl)(`two acts on one person at once, ${ROUNDS} rounds each`, () => {
  it('an apply while the other record, holding the same course, is merged into this one', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [k, o] = [await student(), await student()];
      const c = await openCourse();
      await makeApplication(t.db, { courseId: c.id, studentId: o.s.id, lotteryStatus: '2' });
      const body = await mergeBody(k.s.id, o.s.id);
      await race(
        () => post(t.app, '/api/admin/student/merge/', body, cast.admin),
        () =>
          post(t.app, '/api/mypage/courseapplication/', { course_id: c.id, is_dont_canncel: '0' }, k.cookie),
        [
          [200, 409],
          [200, 409, 422],
        ],
      );
      await consistent([k.s.id, o.s.id]);
    }
  });

  it('a cancel while the merge that moved the seat is undone', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [k, o] = [await student(), await student()];
      const c = await openCourse();
      await makeApplication(t.db, { courseId: c.id, studentId: o.s.id, lotteryStatus: '2' });
      const merged = await post(
        t.app,
        '/api/admin/student/merge/',
        await mergeBody(k.s.id, o.s.id),
        cast.admin,
      );
      expect(merged.statusCode, merged.body).toBe(200);
      const seat = await liveOf(k.s.id, c.id);
      await race(
        () => post(t.app, '/api/admin/student/merge/undo/', { id: merged.json().id }, cast.admin),
        () =>
          post(
            t.app,
            '/api/mypage/coursecancel/cancel/',
            { course_id: c.id, updated_at: seat?.updatedAt.toISOString() },
            k.cookie,
          ),
        [
          [200, 409],
          [200, 404, 409],
        ],
      );
      await consistent([k.s.id, o.s.id]);
    }
  });

  it('an apply and a cancel while the student is withdrawn by the office', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const k = await student();
      const [c, d] = [await openCourse(), await openCourse()];
      const held = await makeApplication(t.db, { courseId: d.id, studentId: k.s.id, lotteryStatus: '2' });
      const seen = (
        await get(t.app, `/api/admin/student/withdraw/preview/?user_id=${k.s.id}`, cast.admin)
      ).json();
      const [withdrawn, applied, cancelled] = await Promise.all([
        post(
          t.app,
          '/api/admin/student/withdraw/',
          { user_id: k.s.id, updated_at: seen.updated_at, reason: '' },
          cast.admin,
        ),
        post(t.app, '/api/mypage/courseapplication/', { course_id: c.id, is_dont_canncel: '0' }, k.cookie),
        post(
          t.app,
          '/api/mypage/coursecancel/cancel/',
          { course_id: d.id, updated_at: held.updatedAt.toISOString() },
          k.cookie,
        ),
      ]);
      expect([200, 409], withdrawn.body).toContain(withdrawn.statusCode);
      expect([200, 401, 404], applied.body).toContain(applied.statusCode);
      expect([200, 401, 404, 409], cancelled.body).toContain(cancelled.statusCode);
      await consistent([k.s.id]);
    }
  });

  it('a cancel of the merged-away record’s seat, and a payment recorded on it, while it is merged', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [k, o] = [await student(), await student()];
      const c = await openCourse();
      const seat = await makeApplication(t.db, {
        courseId: c.id,
        studentId: o.s.id,
        lotteryStatus: '2',
        amountDue: 3000,
      });
      const body = await mergeBody(k.s.id, o.s.id);
      const [merged, cancelled, paid] = await Promise.all([
        post(t.app, '/api/admin/student/merge/', body, cast.admin),
        post(
          t.app,
          '/api/mypage/coursecancel/cancel/',
          { course_id: c.id, updated_at: seat.updatedAt.toISOString() },
          o.cookie,
        ),
        post(
          t.app,
          '/api/admin/payment/add/',
          {
            application_id: seat.id,
            amount: 1000,
            paid_on: '2026-11-20',
            method: 'counter',
            receipt_no: '',
            note: '',
          },
          cast.admin,
        ),
      ]);
      expect([200, 409], merged.body).toContain(merged.statusCode);
      expect([200, 401, 404, 409, 422], cancelled.body).toContain(cancelled.statusCode);
      expect([200, 409, 422], paid.body).toContain(paid.statusCode);
      await consistent([k.s.id, o.s.id]);
      // a payment that landed is on the seat's student, whoever holds the seat now
      const [p] = await t.db.select().from(payments).where(eq(payments.applicationId, seat.id));
      if (p) expect(p.studentId).toBe(merged.statusCode === 200 ? k.s.id : o.s.id);
    }
  });

  it('two merges of the same records, and a merge and a withdrawal', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [k, o] = [await student(), await student()];
      const c = await openCourse();
      await makeApplication(t.db, { courseId: c.id, studentId: o.s.id, lotteryStatus: '2' });
      await makeApplication(t.db, { courseId: c.id, studentId: k.s.id, lotteryStatus: '2' });
      const body = await mergeBody(k.s.id, o.s.id);
      const seen = (
        await get(t.app, `/api/admin/student/withdraw/preview/?user_id=${o.s.id}`, cast.admin)
      ).json();
      const [m1, m2, w] = await Promise.all([
        post(t.app, '/api/admin/student/merge/', body, cast.admin),
        post(t.app, '/api/admin/student/merge/', body, cast.admin),
        post(
          t.app,
          '/api/admin/student/withdraw/',
          { user_id: o.s.id, updated_at: seen.updated_at, reason: '' },
          cast.admin,
        ),
      ]);
      for (const r of [m1, m2, w]) expect([200, 404, 409, 422], r.body).toContain(r.statusCode);
      expect([m1, m2].filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
      await consistent([k.s.id, o.s.id]);
    }
  });
});
