import { and, count, eq, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, students } from '../../db/schema';
import { createSession } from '../../platform/sessions';
import { type Cast, createTestApp, makeCast, post, type TestApp } from '../../test/app';
import { makeCourse } from '../../test/factories';

/**
 * The desk's 申込者追加 and students' own applies racing for a first-come course's last seat (decision 086):
 * each round, one course with one seat, the desk and two students at once. Never more seat holders than
 * seats, never a 500: the losers are told the course is full (422).
 *
 * Needs a PostgreSQL server (TEST_DATABASE_URL, as CI sets it): PGlite serves one statement at a time, so
 * nothing overlaps there (applicant-add-seats.test.ts shows the rule on PGlite).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 100);
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
/** An approved student and, logged in, their my-page cookie. */
async function student() {
  const n = ++serial;
  const [s] = await t.db
    .insert(students)
    .values({
      loginId: `2881${String(n).padStart(4, '0')}`,
      generationId: '2404',
      name: `先着 ${n}`,
      nameKana: `センチャク ${n}`,
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

describe.skipIf(!serverUrl)(
  `the desk and the my-page on a first-come course's last seat, ${ROUNDS} rounds`,
  () => {
    it('never sells more seats than the course has', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const c = await makeCourse(t.db, {
          isLottery: false,
          capacity: 1,
          status: '1',
          isCancelable: true,
          periodFrom: new Date(Date.now() - DAY),
          periodTo: new Date(Date.now() + DAY),
        });
        const [atDesk, own1, own2] = [await student(), await student(), await student()];
        const answers = await Promise.all([
          post(
            t.app,
            '/api/admin/addcourseapplicant/add/',
            { course_id: c.id, user_id: atDesk.s.id, how_apply: '3' },
            cast.admin,
          ),
          post(
            t.app,
            '/api/mypage/courseapplication/',
            { course_id: c.id, is_dont_canncel: '0' },
            own1.cookie,
          ),
          post(
            t.app,
            '/api/mypage/courseapplication/',
            { course_id: c.id, is_dont_canncel: '0' },
            own2.cookie,
          ),
        ]);
        for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
        expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
        const [held] = await t.db
          .select({ n: count() })
          .from(courseApplications)
          .where(
            and(
              eq(courseApplications.courseId, c.id),
              isNull(courseApplications.cancelledAt),
              notInArray(courseApplications.lotteryStatus, ['5', '6']),
            ),
          );
        expect(held?.n).toBe(1);
      }
    });
  },
);
