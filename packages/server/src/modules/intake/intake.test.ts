import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { intakeMessage } from '@manabi/shared/domain/intake';
import { INTAKE_MSG } from '@manabi/shared/schemas/intake';
import { and, asc, eq, inArray, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseApplications,
  courseIntake,
  lotteryRuns,
  mailOutbox,
  notices,
  students,
} from '../../db/schema';
import { runDeadlineJob } from '../../jobs/intake-deadlines';
import { createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { HEAVY_TEST_MS } from '../../test/timeouts';

const LOTTERY = '/api/admin/courseapplicantlist/lottery/';
const run = promisify(execFile);

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

let seq = 0;
/** A lottery course with `n` undrawn applicants (students without a password: no login needed). */
async function lotteryCourse(n: number, over: Parameters<typeof makeCourse>[1] = {}) {
  const c = await makeCourse(t.db, { capacity: 1000, ...over });
  if (n === 0) return { course: c, apps: [] };
  // one insert for the students (no password to hash: they never log in) and one for the applications
  const made = await t.db
    .insert(students)
    .values(
      Array.from({ length: n }, (_, i) => {
        seq += 1;
        return {
          loginId: `5${String(seq).padStart(7, '0')}`,
          generationId: '2404',
          name: `抽選 ${seq}`,
          nameKana: `チュウセン ${seq}`,
          birthday: '1958-01-01',
          approvalStatus: '1',
          mail1: `s${seq}@example.jp`,
          streetName1: i % 2 ? '港区芝' : '品川区大井',
        };
      }),
    )
    .returning({ id: students.id });
  const apps = await t.db
    .insert(courseApplications)
    .values(made.map((s) => ({ courseId: c.id, studentId: s.id })))
    .returning();
  return { course: c, apps };
}
const rows = async (courseId: number) =>
  t.db
    .select()
    .from(courseApplications)
    .where(eq(courseApplications.courseId, courseId))
    .orderBy(asc(courseApplications.id));
const personalNotices = async (courseId: number) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.courseId, courseId), eq(notices.publishedTo, 4)));
const liveWinners = (list: Awaited<ReturnType<typeof rows>>) =>
  list.filter((a) => a.lotteryStatus === '2' && a.cancelledAt === null);

describe('the draw with a waitlist, tiers and a confirmation period', () => {
  it('ranks the losers as 補欠, tells every applicant once, records a run that re-verifies', async () => {
    const { course } = await lotteryCourse(6);
    const res = await post(
      t.app,
      LOTTERY,
      { id: course.id, win_num: 2, waitlist: '1', confirm_days: 7, tiers: ['ward_resident'] },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ result: true, win_count: 2, wait_count: 4, lose_count: 0 });
    const after = await rows(course.id);
    expect(liveWinners(after)).toHaveLength(2);
    // the tier ranks residents of the ward first: both winners live in 港区
    const residents = new Set(
      (await t.db.select({ id: students.id }).from(students).where(like(students.streetName1, '港区%'))).map(
        (r) => r.id,
      ),
    );
    for (const w of liveWinners(after)) expect(residents.has(w.studentId)).toBe(true);
    expect(
      after
        .filter((a) => a.lotteryStatus === '5')
        .map((a) => a.waitlistRank)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    for (const w of liveWinners(after))
      expect(w.confirmBy?.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    // one personal notice and one mail per applicant
    const told = await personalNotices(course.id);
    expect(told.map((n) => n.studentId).sort()).toEqual(after.map((a) => a.studentId).sort());
    expect(told.filter((n) => n.title.includes('補欠'))).toHaveLength(4);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          after.map((_, i) => `s${seq - 5 + i}@example.jp`),
        ),
      );
    expect(mails).toHaveLength(6);
    expect(mails.every((m) => m.body.includes('申込状況の確認'))).toBe(true);
    // each result in its own words: the notice, and the mail around the same words
    const names = new Map(
      (
        await t.db
          .select()
          .from(students)
          .where(
            inArray(
              students.id,
              after.map((a) => a.studentId),
            ),
          )
      ).map((s) => [s.id, s]),
    );
    for (const a of after) {
      const words = intakeMessage({
        kind: a.lotteryStatus === '2' ? 'won' : 'waitlisted',
        courseName: course.name,
        confirmBy: a.confirmBy?.toISOString() ?? null,
        waitlistRank: a.waitlistRank,
        firstClass: null,
      });
      const notice = told.find((n) => n.studentId === a.studentId);
      expect(notice).toMatchObject({ title: words.title, content: words.body });
      const s = names.get(a.studentId);
      const m = mails.find((x) => x.to === s?.mail1);
      expect(m?.subject).toBe(`【まなび】${words.title}`);
      expect(m?.body.startsWith(`${s?.name} 様\n\n${words.body}\n\n申込状況の確認：`)).toBe(true);
    }

    // a second press of 抽選 finds nobody undrawn and tells nobody again
    const again = await post(t.app, LOTTERY, { id: course.id, win_num: 2, waitlist: '1' }, admin);
    expect(again.statusCode).toBe(422);
    expect(await personalNotices(course.id)).toHaveLength(6);

    // the record re-verifies, on the server and with the standalone script
    const verify = await get(t.app, `/api/admin/lottery/run/verify/?id=${answer.run_id}`, admin);
    expect(verify.json().match).toBe(true);
    const record = (await get(t.app, `/api/admin/lottery/run/?id=${answer.run_id}`, admin)).json();
    expect(record).toMatchObject({ tiers: ['ward_resident'], waitlist: true, pool_size: 6, win_count: 2 });
    expect(JSON.stringify(record)).not.toContain('@example.jp');
    const dir = mkdtempSync(join(tmpdir(), 'lottery-'));
    const file = join(dir, 'record.json');
    writeFileSync(file, JSON.stringify(record));
    const ok = await run('node', ['scripts/lottery-verify.mjs', file], {
      cwd: join(__dirname, '../../../../..'),
    });
    expect(ok.stdout).toContain('一致しました');
    const tampered = {
      ...record,
      entries: record.entries.map((e: { place: number }, i: number) => (i < 2 ? { ...e, place: 2 - i } : e)),
    };
    writeFileSync(file, JSON.stringify(tampered));
    await expect(
      run('node', ['scripts/lottery-verify.mjs', file], { cwd: join(__dirname, '../../../../..') }),
    ).rejects.toMatchObject({ code: 1 });

    // a stored run altered afterwards no longer verifies
    await t.db
      .update(lotteryRuns)
      .set({ seed: '0'.repeat(64) })
      .where(eq(lotteryRuns.id, answer.run_id));
    const broken = await get(t.app, `/api/admin/lottery/run/verify/?id=${answer.run_id}`, admin);
    expect(broken.json().match).toBe(false);

    const runs = await get(t.app, `/api/admin/lottery/runs/?id=${course.id}`, admin);
    expect(runs.json().data_list).toHaveLength(1);
  });

  it("SPEC §7's call alone keeps SPEC's draw: winners and losers, nothing to confirm", async () => {
    const { course } = await lotteryCourse(3);
    const res = await post(t.app, LOTTERY, { id: course.id, win_num: '1' }, admin);
    expect(res.json()).toMatchObject({ win_count: 1, lose_count: 2, wait_count: 0 });
    const after = await rows(course.id);
    expect(after.every((a) => a.confirmBy === null && a.waitlistRank === null)).toBe(true);
  });
});

describe('a freed seat goes to the top of the waitlist', () => {
  async function drawn(n: number, win: number, confirmDays: number | '' = 7) {
    const { course } = await lotteryCourse(n);
    await post(
      t.app,
      LOTTERY,
      { id: course.id, win_num: win, waitlist: '1', confirm_days: confirmDays },
      admin,
    );
    return { course, before: await rows(course.id) };
  }

  it('the office cancels a winner: 補欠1 becomes 当選 in the same transaction, is told, and gets a deadline', async () => {
    const { course, before } = await drawn(4, 2);
    const winner = liveWinners(before)[0]!;
    const first = before.find((a) => a.waitlistRank === 1)!;
    const second = before.find((a) => a.waitlistRank === 2)!;
    const res = await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: course.id, user_id: winner.studentId, updated_at: winner.updatedAt.toISOString() },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const after = await rows(course.id);
    const promoted = after.find((a) => a.id === first.id)!;
    expect(promoted).toMatchObject({ lotteryStatus: '2', waitlistRank: null });
    expect(promoted.promotedAt).not.toBeNull();
    expect(promoted.confirmBy).not.toBeNull();
    expect(liveWinners(after)).toHaveLength(2);
    // the next one in line now reads 補欠1
    expect(after.find((a) => a.id === second.id)).toMatchObject({ lotteryStatus: '5', waitlistRank: 1 });
    expect(
      (await personalNotices(course.id)).filter((n) => n.title.startsWith('【繰り上げ当選】')),
    ).toHaveLength(1);
    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promote'), eq(auditLog.entityId, String(first.id))));
    expect(logged).toBeDefined();
  });

  it('a lapsed deadline: the job marks the winner 辞退 (lapsed) and promotes, once, however often it runs', async () => {
    const { course, before } = await drawn(3, 1);
    const winner = liveWinners(before)[0]!;
    await t.db
      .update(courseApplications)
      .set({ confirmBy: new Date(Date.now() - 1000) })
      .where(eq(courseApplications.id, winner.id));
    const mail = t.config;
    expect(await runDeadlineJob(t.db, mail)).toBeGreaterThanOrEqual(1);
    expect(await runDeadlineJob(t.db, mail)).toBe(0);
    const after = await rows(course.id);
    expect(after.find((a) => a.id === winner.id)).toMatchObject({
      lotteryStatus: '6',
      declineReason: 'lapsed',
    });
    expect(liveWinners(after)).toHaveLength(1);
    expect(after.filter((a) => a.promotedAt !== null)).toHaveLength(1);
  });

  it('turned off, or past its last day, nobody moves up; the office can still promote by hand', async () => {
    const { course, before } = await drawn(3, 1, '');
    const settings = (await get(t.app, `/api/admin/course/intake/?id=${course.id}`, admin)).json();
    expect(settings).toMatchObject({ waitlist: '1', auto_promote: '1', seats: 1 });
    expect(settings.counts).toMatchObject({ applied: 3, won: 1, waiting: 2 });
    const off = await post(
      t.app,
      '/api/admin/course/intake/update/',
      {
        course_id: course.id,
        waitlist: '1',
        confirm_days: '',
        auto_promote: '0',
        promote_until: '',
        tiers: [],
        updated_at: settings.updated_at,
      },
      admin,
    );
    expect(off.statusCode).toBe(200);
    // the settings read before the change are stale now
    const stale = await post(
      t.app,
      '/api/admin/course/intake/update/',
      { course_id: course.id, auto_promote: '1', updated_at: settings.updated_at },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const winner = liveWinners(before)[0]!;
    await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: course.id, user_id: winner.studentId, updated_at: winner.updatedAt.toISOString() },
      admin,
    );
    expect(liveWinners(await rows(course.id))).toHaveLength(0);
    const top = (await rows(course.id)).find((a) => a.waitlistRank === 1)!;
    const byHand = await post(
      t.app,
      '/api/admin/courseapplicantlist/promote/',
      { course_id: course.id, user_id: top.studentId, updated_at: top.updatedAt.toISOString() },
      admin,
    );
    expect(byHand.statusCode).toBe(200);
    expect(liveWinners(await rows(course.id)).map((a) => a.id)).toEqual([top.id]);
    // promoting someone who is not waiting is refused on the field
    const again = await post(
      t.app,
      '/api/admin/courseapplicantlist/promote/',
      {
        course_id: course.id,
        user_id: top.studentId,
        updated_at: (await rows(course.id)).find((a) => a.id === top.id)!.updatedAt.toISOString(),
      },
      admin,
    );
    expect(again.json().err_list).toEqual([{ name: 'user_id', msg: INTAKE_MSG.notWaitlisted }]);
  });

  // a safety limit, not a speed check: this test does hundreds of draws/cancels, and on a loaded CI machine
  // it outran the default 30 s (HEAVY_TEST_MS, test/timeouts.ts)
  it(
    'invariant under 100 concurrent cancels: live winners never exceed the seats, nobody is promoted twice',
    async () => {
      const { course, before } = await drawn(250, 100);
      const winners = liveWinners(before);
      const answers = await Promise.all(
        winners.map((w) =>
          post(
            t.app,
            '/api/admin/courseapplicantdetail/cancel/',
            { course_id: course.id, user_id: w.studentId, updated_at: w.updatedAt.toISOString() },
            admin,
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(winners.map(() => 200));
      const after = await rows(course.id);
      expect(liveWinners(after)).toHaveLength(100);
      const promoted = after.filter((a) => a.promotedAt !== null);
      expect(promoted).toHaveLength(100);
      const [intake] = await t.db.select().from(courseIntake).where(eq(courseIntake.courseId, course.id));
      expect(intake?.seats).toBe(100);
      // exactly the 100 best places moved up, each once, and the 50 left read 補欠1..50
      const best = before.filter((a) => a.waitlistRank !== null && a.waitlistRank <= 100).map((a) => a.id);
      expect(promoted.map((a) => a.id).sort()).toEqual(best.sort());
      const waitingRanks = after.filter((a) => a.lotteryStatus === '5').map((a) => a.waitlistRank ?? 0);
      expect(waitingRanks.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const promoteLogs = await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'promote'),
            inArray(
              auditLog.entityId,
              promoted.map((p) => String(p.id)),
            ),
          ),
        );
      expect(promoteLogs).toHaveLength(100);
    },
    HEAVY_TEST_MS,
  );
});

describe("the student's side", () => {
  it('sees 補欠 n番 with what happens next; a winner confirms or declines, and a decline moves the next one up', async () => {
    const { course } = await lotteryCourse(2);
    // the cast's student applies too; three seats for three applicants
    const [me] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.loginId, '24040001'));
    const myId = me?.id ?? 0;
    await makeApplication(t.db, { courseId: course.id, studentId: myId });
    await post(t.app, LOTTERY, { id: course.id, win_num: 3, waitlist: '1', confirm_days: 3 }, admin);
    const detail = (await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json();
    expect(detail.lottery_status).toBe('2');
    expect(detail.confirm_by).not.toBeNull();
    expect(detail.next_step).toContain('「受講を確定する」か「辞退する」');
    const top = (await get(t.app, '/api/mypage/top/', student)).json();
    expect(top.notice_list.some((n: { title: string }) => n.title.includes('当選しました'))).toBe(true);
    // someone else's student sees none of it
    const other = await makeStudent(t.db, { loginId: '59999999' });
    const otherCookie = await loginAsStudent(t.app, other.loginId ?? '', 'student01');
    const theirs = (await get(t.app, '/api/mypage/newslist/', otherCookie)).json();
    expect(theirs.data_list.some((n: { title: string }) => n.title.includes(course.name))).toBe(false);

    const confirm = await post(
      t.app,
      '/api/mypage/courseconfirm/',
      { course_id: course.id, updated_at: detail.application_updated_at },
      student,
    );
    expect(confirm.statusCode).toBe(200);
    const confirmed = (await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json();
    expect(confirmed.confirmed).toBe(true);
    expect(confirmed.next_step).toContain('受講が確定しています');
    // the detail read before confirming is stale now
    const stale = await post(
      t.app,
      '/api/mypage/coursedecline/',
      { course_id: course.id, updated_at: detail.application_updated_at },
      student,
    );
    expect(stale.statusCode).toBe(409);
    const declined = await post(
      t.app,
      '/api/mypage/coursedecline/',
      { course_id: course.id, updated_at: confirmed.application_updated_at },
      student,
    );
    expect(declined.statusCode).toBe(200);
    const mine = (await rows(course.id)).find((a) => a.studentId === myId)!;
    expect(mine).toMatchObject({ lotteryStatus: '6', declineReason: 'declined' });
  });
});

describe('a full first-come course with a waitlist', () => {
  it('takes the next applicant as 順番待ち (補欠 1) and moves them up when the seat frees', async () => {
    const course = await makeCourse(t.db, {
      isLottery: false,
      capacity: 1,
      periodFrom: new Date(Date.now() - 86_400_000),
      periodTo: new Date(Date.now() + 86_400_000),
    });
    const holder = await makeStudent(t.db, { loginId: '58888888', passwordHash: null, password: undefined });
    const seat = await makeApplication(t.db, {
      courseId: course.id,
      studentId: holder.id,
      lotteryStatus: '2',
    });
    const before = (await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json();
    expect(before).toMatchObject({ is_full: true, is_disp_applybtn: false });
    const refused = await post(
      t.app,
      '/api/mypage/courseapplication/',
      { course_id: course.id, is_dont_canncel: '1' },
      student,
    );
    expect(refused.statusCode).toBe(422);

    const settings = (await get(t.app, `/api/admin/course/intake/?id=${course.id}`, admin)).json();
    await post(
      t.app,
      '/api/admin/course/intake/update/',
      { course_id: course.id, waitlist: '1', auto_promote: '1', tiers: [], updated_at: settings.updated_at },
      admin,
    );
    expect((await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json()).toMatchObject({
      is_full: true,
      is_disp_applybtn: true,
    });
    const applied = await post(
      t.app,
      '/api/mypage/courseapplication/',
      { course_id: course.id, is_dont_canncel: '1' },
      student,
    );
    expect(applied.statusCode).toBe(200);
    const mine = (await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json();
    expect(mine).toMatchObject({ lottery_status: '5', waitlist_rank: 1 });
    expect(mine.next_step).toContain('補欠1番');

    await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: course.id, user_id: holder.id, updated_at: seat.updatedAt.toISOString() },
      admin,
    );
    expect((await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json()).toMatchObject({
      lottery_status: '2',
      waitlist_rank: null,
    });
  });
});

describe('who may NOT call the cycle', () => {
  it('students, authority 2 and anonymous callers are refused before anything is read', async () => {
    const { course } = await lotteryCourse(1, { universityId: 'U01' });
    const adminCalls: [string, string, object?][] = [
      ['GET', `/api/admin/course/intake/?id=${course.id}`],
      ['GET', `/api/admin/lottery/runs/?id=${course.id}`],
      ['GET', '/api/admin/lottery/run/?id=1'],
      ['GET', '/api/admin/lottery/run/verify/?id=1'],
      ['POST', '/api/admin/course/intake/update/', { course_id: course.id }],
      ['POST', '/api/admin/courseapplicantlist/promote/', { course_id: course.id, user_id: 1 }],
    ];
    for (const [method, url, body] of adminCalls) {
      const call = (cookie?: string) =>
        method === 'GET' ? get(t.app, url, cookie) : post(t.app, url, body, cookie);
      expect((await call(univ)).statusCode, url).toBe(403);
      expect((await call(student)).statusCode, url).toBe(403);
      expect((await call()).statusCode, url).toBe(401);
    }
    for (const url of ['/api/mypage/courseconfirm/', '/api/mypage/coursedecline/']) {
      expect((await post(t.app, url, { course_id: course.id }, admin)).statusCode, url).toBe(403);
      expect((await post(t.app, url, { course_id: course.id })).statusCode, url).toBe(401);
    }
    // a student cannot confirm an application that is not theirs: there is none of theirs on this course
    const notMine = await post(
      t.app,
      '/api/mypage/courseconfirm/',
      { course_id: course.id, updated_at: new Date().toISOString() },
      student,
    );
    expect(notMine.statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(courseApplications)
        .where(and(eq(courseApplications.courseId, course.id), isNull(courseApplications.confirmedAt))),
    ).toHaveLength(1);
  });
});
