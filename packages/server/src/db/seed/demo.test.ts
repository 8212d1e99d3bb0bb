import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LotteryEntry, verifyRecord } from '../../platform/verifiable-lottery';
import { createTestApp, get, loginAsAdmin, loginAsStudent, post, type TestApp } from '../../test/app';
import { courseApplications, courses, lotteryRuns, noticeCategories, notices, students } from '../schema';
import { fiscalYearStart, isEmpty, seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await isEmpty(t.db)).toBe(true);
  await seedDemo(t.db);
});
afterAll(() => t.close());

describe('demo data', () => {
  it('has fee rules: 24040001 holds a charged seat, part paid; an unpaid seat waits on the work list', async () => {
    const student = await loginAsStudent(t.app, '24040001', 'student01');
    const applied = (await get(t.app, '/api/mypage/appliedcourselist/', student)).json();
    const seat = applied.data_list.find((r: { course_name: string }) => r.course_name === 'はじめての水彩画');
    expect(seat.fee).toMatchObject({
      amount: 3800,
      net_paid: 1000,
      state: 'partial',
      remaining_text: 'あと2,800円',
    });
    const admin = await loginAsAdmin(t.app, 'admin', 'adminpass1');
    const list = (await get(t.app, '/api/admin/worklist/', admin)).json();
    expect(list.unpaid.courses.map((c: { course_name: string }) => c.course_name)).toEqual(['やさしい書道']);
  });

  it('has the four demo accounts, and they log in', async () => {
    expect(await isEmpty(t.db)).toBe(false);
    await loginAsAdmin(t.app, 'admin', 'adminpass1');
    const univ = await loginAsAdmin(t.app, 'univ01', 'univpass01');
    const session = (await get(t.app, '/api/auth/admin/session/', univ)).json();
    expect(session.user).toMatchObject({ authority: 2, university_id: 'U01' });
    await loginAsStudent(t.app, '24040001', 'student01');
    await loginAsStudent(t.app, '24040002', 'student02');
  });

  it('has students to reach offline: unread winners near their deadline, a refused address, results to post', async () => {
    const admin = await loginAsAdmin(t.app, 'admin', 'adminpass1');
    const rows = (await get(t.app, '/api/admin/contact/list/?size=100', admin)).json().data_list as {
      reasons: { reason: string }[];
      last_call: unknown;
    }[];
    for (const reason of ['deadline', 'mail', 'letter'])
      expect(
        rows.some((r) => r.reasons.some((x) => x.reason === reason)),
        reason,
      ).toBe(true);
    expect(rows.some((r) => r.last_call !== null)).toBe(true);
  });

  it('covers the course states the screens need', async () => {
    const now = new Date();
    const all = await t.db.select().from(courses);
    expect(all.length).toBeGreaterThanOrEqual(12);
    const accepting = all.filter((c) => c.periodFrom! <= now && now <= c.periodTo!);
    expect(accepting.length).toBeGreaterThan(0);
    expect(all.some((c) => c.periodFrom! > now)).toBe(true);
    expect(all.some((c) => c.periodTo! < now)).toBe(true);
    expect(all.some((c) => !c.isCancelable)).toBe(true);
    expect(all.some((c) => c.status === '2')).toBe(true);
    expect(all.some((c) => c.universityId === 'U01')).toBe(true);
    expect(all.some((c) => c.universityId && c.universityId !== 'U01')).toBe(true);
  });

  it('has a lottery course ready to draw and one drawn with a ranked waitlist whose record verifies', async () => {
    const [drawn] = await t.db.select().from(courses).where(eq(courses.code, 'C2611'));
    const [run] = await t.db.select().from(lotteryRuns).where(eq(lotteryRuns.courseId, drawn!.id));
    const entries = run!.entries as LotteryEntry[];
    expect(entries.filter((e) => e.outcome === '2')).toHaveLength(2);
    expect(entries.filter((e) => e.outcome === '5').map((e) => e.waitlist_rank)).toEqual([1, 2, 3, 4]);
    expect(
      verifyRecord({
        algorithm: run!.algorithm,
        win_num: run!.winNum,
        waitlist: run!.waitlist,
        rank_offset: run!.rankOffset,
        pool_hash: run!.poolHash,
        seed_hash: run!.seedHash,
        seed: run!.seed,
        entries,
      }).match,
    ).toBe(true);
    const [ready] = await t.db.select().from(courses).where(eq(courses.code, 'C2610'));
    const waiting = await t.db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.courseId, ready!.id), eq(courseApplications.lotteryStatus, '1')));
    expect(waiting).toHaveLength(4);
  });

  it('has applicants in every lottery status and attendance with units for 24040001', async () => {
    const statuses = await t.db
      .selectDistinct({ s: courseApplications.lotteryStatus })
      .from(courseApplications);
    // SPEC's four, the intake cycle's 補欠 from the demo's real draw (decision 015), and the report year's 辞退
    expect(statuses.map((x) => x.s).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    const [s1] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
    const [units] = await t.db
      .select({ n: sql<number>`sum(${courseApplications.acquisitionUnit})::int` })
      .from(courseApplications)
      .where(and(eq(courseApplications.studentId, s1!.id), isNull(courseApplications.cancelledAt)));
    expect(units!.n).toBeGreaterThan(0);
  });

  it("gives the statistics this fiscal year's and last year's finished courses to count (decision 059)", async () => {
    const admin = await loginAsAdmin(t.app, 'admin', 'adminpass1');
    const res = await get(t.app, '/api/admin/statistics/trends/', admin);
    expect(res.statusCode, res.body).toBe(200);
    const [last, now] = res.json().years.slice(-2);
    for (const year of [last, now]) {
      expect(year.confirmed, String(year.fy)).toBeGreaterThan(0);
      expect(year.sessions_recorded, String(year.fy)).toBeGreaterThan(0);
      expect(year.declined + year.lapsed, String(year.fy)).toBeGreaterThan(0);
    }
    expect(now.promoted).toBeGreaterThan(0);
    expect(now.completed).toBeGreaterThan(0);
  });

  it('has a pending admission duplicating an existing student by name and birthday', async () => {
    const pending = await t.db.select().from(students).where(eq(students.approvalStatus, '0'));
    const [s1] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
    expect(pending.some((p) => p.nameKey === s1!.nameKey && p.birthday === s1!.birthday)).toBe(true);
  });

  it('has notices to all, to generation 2404, to one course, and two or more categories', async () => {
    const targets = await t.db.select({ p: notices.publishedTo, g: notices.generationId }).from(notices);
    expect(targets.some((x) => x.p === 1)).toBe(true);
    expect(targets.some((x) => x.p === 2 && x.g === '2404')).toBe(true);
    expect(targets.some((x) => x.p === 3)).toBe(true);
    const [cats] = await t.db.select({ n: count() }).from(noticeCategories);
    expect(cats!.n).toBeGreaterThanOrEqual(2);
  });

  it('has a notice to everyone marked 重要 that students without mail have not read (its letters)', async () => {
    const [important] = await t.db
      .select({ id: notices.id, p: notices.publishedTo })
      .from(notices)
      .where(eq(notices.isImportant, true));
    expect(important?.p).toBe(1);
    const admin = await loginAsAdmin(t.app);
    const letters = await get(t.app, `/api/admin/contact/letters/?notice_id=${important!.id}`, admin);
    expect(letters.statusCode).toBe(200);
    expect(letters.json().total).toBeGreaterThan(0);
  });

  describe('the cycle a newcomer can try (README)', () => {
    const courseId = async (code: string) =>
      (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.code, code)))[0]!.id;

    it('24040001 has a result to confirm, 24040002 a 補欠 place on the same course, both with personal notices', async () => {
      const id = await courseId('C2612');
      const s1 = await loginAsStudent(t.app, '24040001', 'student01');
      const s2 = await loginAsStudent(t.app, '24040002', 'student02');
      const won = (await get(t.app, `/api/mypage/course/?id=${id}`, s1)).json();
      expect(won).toMatchObject({ lottery_status: '2', confirmed: false });
      expect(new Date(won.confirm_by).getTime()).toBeGreaterThan(Date.now());
      const waiting = (await get(t.app, `/api/mypage/course/?id=${id}`, s2)).json();
      expect(waiting).toMatchObject({ lottery_status: '5', waitlist_rank: 1 });
      for (const cookie of [s1, s2]) {
        const news = (await get(t.app, '/api/mypage/newslist/?type=2', cookie)).json();
        expect(news.data_list.some((n: { title: string }) => n.title.includes('はじめての水彩画'))).toBe(
          true,
        );
      }
      // both draws keep a record that re-verifies
      const runs = await t.db.select().from(lotteryRuns).where(eq(lotteryRuns.courseId, id));
      expect(runs).toHaveLength(2);
      for (const run of runs) {
        const record = {
          algorithm: run.algorithm,
          win_num: run.winNum,
          waitlist: run.waitlist,
          rank_offset: run.rankOffset,
          pool_hash: run.poolHash,
          seed_hash: run.seedHash,
          seed: run.seed,
          entries: run.entries as LotteryEntry[],
        };
        expect(verifyRecord(record).match).toBe(true);
      }
    });

    it('a decline by 24040001 moves 24040002 up (繰り上げ当選)', async () => {
      const id = await courseId('C2612');
      const s1 = await loginAsStudent(t.app, '24040001', 'student01');
      const s2 = await loginAsStudent(t.app, '24040002', 'student02');
      const won = (await get(t.app, `/api/mypage/course/?id=${id}`, s1)).json();
      const res = await post(
        t.app,
        '/api/mypage/coursedecline/',
        { course_id: id, updated_at: won.application_updated_at },
        s1,
      );
      expect(res.statusCode, res.body).toBe(200);
      const promoted = (await get(t.app, `/api/mypage/course/?id=${id}`, s2)).json();
      expect(promoted).toMatchObject({ lottery_status: '2', waitlist_rank: null, confirmed: false });
      expect(promoted.confirm_by).not.toBeNull();
    });

    it('a course has a class today on which 24040001 holds a seat, and the desk checks her in', async () => {
      const admin = await loginAsAdmin(t.app, 'admin', 'adminpass1');
      const today = (await get(t.app, '/api/admin/checkin/courses/', admin)).json();
      const id = await courseId('C2613');
      const session = today.data_list.find((c: { course_id: number }) => c.course_id === id);
      expect(session).toMatchObject({ session_no: 1, expected: 3, checked_in: 0 });
      const s1 = await loginAsStudent(t.app, '24040001', 'student01');
      const schedule = (await get(t.app, '/api/mypage/schedule/', s1)).json();
      expect(JSON.stringify(schedule)).toContain('朝の健康体操');
      const { code } = (await get(t.app, '/api/mypage/checkin-code/', s1)).json();
      const checkin = await post(t.app, '/api/admin/checkin/', { course_id: id, code }, admin);
      expect(checkin.statusCode, checkin.body).toBe(200);
      expect(checkin.json()).toMatchObject({ result: 'ok', student: { login_id: '24040001' } });
    });

    it("the log-in students' ID cards are valid today", async () => {
      const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
      for (const [id, pw] of [
        ['24040001', 'student01'],
        ['24040002', 'student02'],
      ] as const) {
        const cookie = await loginAsStudent(t.app, id, pw);
        const { user } = (await get(t.app, '/api/auth/mypage/session/', cookie)).json();
        expect(user.date_issue_num).toBe(fiscalYearStart());
        expect(user.date_issue_num <= today && today <= user.expiration_date, id).toBe(true);
      }
    });
  });
});
