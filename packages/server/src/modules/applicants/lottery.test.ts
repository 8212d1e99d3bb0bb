import { MSG } from '@manabi/shared';
import { APPLICANT_MSG } from '@manabi/shared/schemas/applicant';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseApplications, lotteryRuns } from '../../db/schema';
import { createTestApp, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { HEAVY_TEST_MS } from '../../test/timeouts';

const LOTTERY = '/api/admin/courseapplicantlist/lottery/';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

let loginSeq = 0;
/** A course of U01 with `n` applications of the given lottery status (default 抽選待ち). */
async function courseWith(specs: { status?: string; cancelled?: boolean }[]) {
  const c = await makeCourse(t.db, { universityId: 'U01' });
  for (const spec of specs) {
    const s = await makeStudent(t.db, { loginId: `4${String(++loginSeq).padStart(7, '0')}` });
    await makeApplication(t.db, {
      courseId: c.id,
      studentId: s.id,
      lotteryStatus: spec.status ?? '1',
      cancelledAt: spec.cancelled ? new Date() : null,
    });
  }
  return c;
}
const pending = (n: number) => Array.from({ length: n }, () => ({}));
const statuses = async (courseId: number) =>
  (
    await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.courseId, courseId))
      .orderBy(asc(courseApplications.id))
  ).map((a) => ({ id: a.id, status: a.lotteryStatus, updatedAt: a.updatedAt.getTime() }));
const tally = (rows: { status: string }[]) =>
  rows.reduce<Record<string, number>>((m, r) => {
    m[r.status] = (m[r.status] ?? 0) + 1;
    return m;
  }, {});

describe('POST /api/admin/courseapplicantlist/lottery/', () => {
  it('draws exactly win_num winners among the undrawn, the rest lose, and audits the draw', async () => {
    const c = await courseWith([...pending(7), { status: '4', cancelled: true }]);
    const other = await courseWith(pending(3));
    const otherBefore = await statuses(other.id);
    const res = await post(t.app, LOTTERY, { id: c.id, win_num: '３' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: true,
      win_count: 3,
      lose_count: 4,
      wait_count: 0,
      run_id: expect.any(Number),
    });
    const after = await statuses(c.id);
    expect(tally(after)).toEqual({ '2': 3, '3': 4, '4': 1 });
    // applicants of other courses are untouched
    expect(await statuses(other.id)).toEqual(otherBefore);
    const [log] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lottery'), eq(auditLog.entityId, String(c.id))));
    const detail = log?.detail as { run_id: number; win_num: number; win_count: number; lose_count: number };
    expect(log?.actorKind).toBe('admin');
    expect(detail).toMatchObject({ run_id: res.json().run_id, win_num: 3, win_count: 3, lose_count: 4 });
    // the run record names exactly the winners the table shows
    const [run] = await t.db.select().from(lotteryRuns).where(eq(lotteryRuns.id, detail.run_id));
    const entries = run?.entries as { application_id: number; outcome: string }[];
    expect(
      entries
        .filter((e) => e.outcome === '2')
        .map((e) => e.application_id)
        .sort(),
    ).toEqual(
      after
        .filter((a) => a.status === '2')
        .map((a) => a.id)
        .sort(),
    );
    expect(entries).toHaveLength(7);
  });

  // a safety limit, not a speed check: this test does hundreds of draws/cancels, and on a loaded CI machine
  // it outran the default 30 s (HEAVY_TEST_MS, test/timeouts.ts)
  it(
    'property: for any applicants and win_num, min(win_num, undrawn) win, the other undrawn lose, nothing else moves',
    async () => {
      const status = fc.constantFrom('1', '1', '1', '2', '3', '4');
      await fc.assert(
        fc.asyncProperty(
          fc.array(status, { minLength: 1, maxLength: 12 }),
          fc.integer({ min: 1, max: 15 }),
          async (specs, winNum) => {
            const c = await courseWith(specs.map((s) => ({ status: s, cancelled: s === '4' })));
            const before = await statuses(c.id);
            const outside = async () =>
              (
                await t.db
                  .select({ id: courseApplications.id, s: courseApplications.lotteryStatus })
                  .from(courseApplications)
                  .where(ne(courseApplications.courseId, c.id))
                  .orderBy(asc(courseApplications.id))
              ).map((r) => `${r.id}:${r.s}`);
            const outsideBefore = await outside();
            const undrawn = before.filter((a) => a.status === '1');
            const res = await post(t.app, LOTTERY, { id: c.id, win_num: String(winNum) }, admin);
            const after = await statuses(c.id);
            if (undrawn.length === 0) {
              expect(res.statusCode).toBe(422);
              expect(after).toEqual(before);
            } else {
              expect(res.statusCode).toBe(200);
              const drawn = after.filter((a) => undrawn.some((u) => u.id === a.id));
              const won = drawn.filter((a) => a.status === '2').length;
              // each undrawn applicant ends up exactly once: won or lost, never both, never still waiting
              expect(won).toBe(Math.min(winNum, undrawn.length));
              expect(drawn.filter((a) => a.status === '3')).toHaveLength(undrawn.length - won);
              expect(res.json()).toEqual({
                result: true,
                win_count: won,
                lose_count: undrawn.length - won,
                wait_count: 0,
                run_id: expect.any(Number),
              });
              // applicants already drawn or cancelled keep their status and their updated_at
              expect(after.filter((a) => !undrawn.some((u) => u.id === a.id))).toEqual(
                before.filter((a) => !undrawn.some((u) => u.id === a.id)),
              );
            }
            expect(await outside()).toEqual(outsideBefore);
          },
        ),
        { numRuns: 25 },
      );
    },
    HEAVY_TEST_MS,
  );

  it('gives everyone a seat when win_num exceeds the undrawn', async () => {
    const c = await courseWith(pending(2));
    const res = await post(t.app, LOTTERY, { id: c.id, win_num: 9999999999 }, admin);
    expect(res.json()).toEqual({
      result: true,
      win_count: 2,
      lose_count: 0,
      wait_count: 0,
      run_id: expect.any(Number),
    });
  });

  it('a second lottery leaves earlier winners and losers alone and draws only the undrawn', async () => {
    const c = await courseWith(pending(4));
    await post(t.app, LOTTERY, { id: c.id, win_num: '1' }, admin);
    const first = await statuses(c.id);
    // two late applicants join
    for (let i = 0; i < 2; i++) {
      const s = await makeStudent(t.db, { loginId: `4${String(++loginSeq).padStart(7, '0')}` });
      await makeApplication(t.db, { courseId: c.id, studentId: s.id });
    }
    const res = await post(t.app, LOTTERY, { id: c.id, win_num: '1' }, admin);
    expect(res.json()).toEqual({
      result: true,
      win_count: 1,
      lose_count: 1,
      wait_count: 0,
      run_id: expect.any(Number),
    });
    const second = await statuses(c.id);
    expect(second.slice(0, 4)).toEqual(first);
    expect(tally(second.slice(4))).toEqual({ '2': 1, '3': 1 });

    const none = await post(t.app, LOTTERY, { id: c.id, win_num: '1' }, admin);
    expect(none.statusCode).toBe(422);
    expect(none.json().err_list).toEqual([{ name: 'win_num', msg: APPLICANT_MSG.noUndrawn }]);
    expect(await statuses(c.id)).toEqual(second);
  });

  it('validates win_num (SPEC §5) and writes nothing', async () => {
    const c = await courseWith(pending(2));
    const before = await statuses(c.id);
    for (const win_num of ['0', '01', '-1', '1.5', 'abc']) {
      const res = await post(t.app, LOTTERY, { id: c.id, win_num }, admin);
      expect(res.statusCode).toBe(422);
      expect(res.json().err_list).toEqual([{ name: 'win_num', msg: MSG.positiveInt }]);
    }
    const long = await post(t.app, LOTTERY, { id: c.id, win_num: '12345678901' }, admin);
    expect(long.json().err_list).toEqual([{ name: 'win_num', msg: '11桁以上は入力できません' }]);
    const empty = await post(t.app, LOTTERY, { id: c.id }, admin);
    expect(empty.json().err_list).toEqual([{ name: 'win_num', msg: MSG.required }]);
    expect(await statuses(c.id)).toEqual(before);
  });

  it('answers 404 for a missing course; refuses anonymous, students and authority 2', async () => {
    expect((await post(t.app, LOTTERY, { id: 999999, win_num: '1' }, admin)).statusCode).toBe(404);
    const c = await courseWith(pending(2));
    const before = await statuses(c.id);
    for (const [cookie, status] of [
      [undefined, 401],
      [student, 403],
      [univ, 403], // even on its own university's course
    ] as const) {
      expect((await post(t.app, LOTTERY, { id: c.id, win_num: '1' }, cookie)).statusCode).toBe(status);
    }
    expect(await statuses(c.id)).toEqual(before);
  });

  it('simultaneous draws on one course produce exactly win_num winners in total', async () => {
    const c = await courseWith(pending(40));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(t.app, LOTTERY, { id: c.id, win_num: '3' }, admin)),
    );
    // the course lock makes the others wait; they then find nobody undrawn
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422]);
    expect(tally(await statuses(c.id))).toEqual({ '2': 3, '3': 37 });
    const ids = (await statuses(c.id)).map((x) => x.id);
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(courseApplications)
      .where(and(inArray(courseApplications.id, ids), eq(courseApplications.lotteryStatus, '2')))) as [
      { n: number },
    ];
    expect(n).toBe(3);
    const logs = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lottery'), eq(auditLog.entityId, String(c.id))));
    expect(logs).toHaveLength(1);
  });
});
