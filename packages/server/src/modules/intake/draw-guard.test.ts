import { tokyoParts } from '@manabi/shared/domain/dates';
import { LOTTERY_OVERRIDE_REASON_MAX } from '@manabi/shared/schemas/applicant';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseApplications,
  courseIntake,
  courseSessions,
  lotteryRuns,
  mailOutbox,
  notices,
  students,
} from '../../db/schema';
import { runDeadlineJob } from '../../jobs/intake-deadlines';
import { createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { confirmDeadline } from './settings';

// The draw waits for the end of the application period unless authority 1 states why; the modal's last step
// reads who will be told from the server; 補欠 places stay 1..k after every promotion; deadlines end at
// 23:59 Tokyo; a winner is told the first class day.

const LOTTERY = '/api/admin/courseapplicantlist/lottery/';
const PREVIEW = '/api/admin/courseapplicantlist/lottery/preview/';
const DAY_MS = 86_400_000;

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
let myId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
  const [me] = await t.db.select({ id: students.id }).from(students).where(eq(students.loginId, '24040001'));
  myId = me?.id ?? 0;
});
afterAll(() => t.close());

let seq = 0;
/** A student who takes mail (no password: never logs in). */
async function applicant(over: Partial<typeof students.$inferInsert> = {}) {
  seq += 1;
  return makeStudent(t.db, {
    loginId: `57${String(seq).padStart(6, '0')}`,
    mail1: `d${seq}@example.jp`,
    isEmail: true,
    passwordHash: null,
    ...over,
  });
}

/** A lottery course of U01 with `n` undrawn applicants; `open` keeps its application period running. */
async function course(n: number, { open }: { open: boolean }) {
  const c = await makeCourse(t.db, {
    universityId: 'U01',
    isLottery: true,
    capacity: 30,
    periodFrom: new Date(Date.now() - 5 * DAY_MS),
    periodTo: new Date(Date.now() + (open ? 5 : -1) * DAY_MS),
  });
  for (let i = 0; i < n; i++) {
    const s = await applicant();
    await makeApplication(t.db, { courseId: c.id, studentId: s.id });
  }
  return c;
}

const statusesOf = async (courseId: number) =>
  (
    await t.db
      .select({ status: courseApplications.lotteryStatus })
      .from(courseApplications)
      .where(eq(courseApplications.courseId, courseId))
  ).map((r) => r.status);

describe('the draw while the application period is open', () => {
  it('is refused with the period on override_reason, and writes nothing', async () => {
    const c = await course(2, { open: true });
    for (const body of [
      { id: c.id, win_num: '1' },
      { id: c.id, win_num: '1', override_reason: '　 ' },
    ]) {
      const res = await post(t.app, LOTTERY, body, admin);
      expect(res.statusCode).toBe(422);
      const [err] = res.json().err_list;
      expect(err.name).toBe('override_reason');
      expect(err.msg).toContain('申込期間が終わる');
      expect(err.msg).toContain('までは、抽選できません');
    }
    const tooLong = await post(
      t.app,
      LOTTERY,
      { id: c.id, win_num: '1', override_reason: 'あ'.repeat(LOTTERY_OVERRIDE_REASON_MAX + 1) },
      admin,
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().err_list[0].name).toBe('override_reason');
    expect(await statusesOf(c.id)).toEqual(['1', '1']);
    expect(await t.db.select().from(lotteryRuns).where(eq(lotteryRuns.courseId, c.id))).toHaveLength(0);
    expect(await t.db.select().from(notices).where(eq(notices.courseId, c.id))).toHaveLength(0);
  });

  it('authority 2 (its own university), a student and anonymous callers cannot draw, reason or not', async () => {
    const c = await course(1, { open: true });
    const body = { id: c.id, win_num: '1', override_reason: '事務局の判断' };
    expect((await post(t.app, LOTTERY, body, univ)).statusCode).toBe(403);
    expect((await post(t.app, LOTTERY, body, student)).statusCode).toBe(403);
    expect((await post(t.app, LOTTERY, body)).statusCode).toBe(401);
    expect(await statusesOf(c.id)).toEqual(['1']);
  });

  it('authority 1 draws with a stated reason, kept in the run record and the audit log', async () => {
    const c = await course(3, { open: true });
    const reason = '会場の都合で早めに結果を知らせるため';
    const res = await post(t.app, LOTTERY, { id: c.id, win_num: '1', override_reason: ` ${reason} ` }, admin);
    expect(res.statusCode).toBe(200);
    const runId = res.json().run_id;
    const record = (await get(t.app, `/api/admin/lottery/run/?id=${runId}`, admin)).json();
    expect(record.override_reason).toBe(reason);
    const runs = (await get(t.app, `/api/admin/lottery/runs/?id=${c.id}`, admin)).json();
    expect(runs.data_list[0].override_reason).toBe(reason);
    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lottery'), eq(auditLog.entityId, String(c.id))));
    expect(logged?.detail).toMatchObject({ run_id: runId, override_reason: reason });
    // the record still re-verifies
    expect((await get(t.app, `/api/admin/lottery/run/verify/?id=${runId}`, admin)).json().match).toBe(true);
  });

  it('after the period the draw needs no reason, and records none', async () => {
    const c = await course(2, { open: false });
    const res = await post(t.app, LOTTERY, { id: c.id, win_num: '1' }, admin);
    expect(res.statusCode).toBe(200);
    const record = (await get(t.app, `/api/admin/lottery/run/?id=${res.json().run_id}`, admin)).json();
    expect(record.override_reason).toBeNull();
  });
});

describe('the preview of a draw', () => {
  it('counts who gets a result and who of them a mail, as the draw then does', async () => {
    const c = await course(0, { open: true });
    const mailed = await applicant();
    const noMail = await applicant({ isEmail: false });
    const noAddress = await applicant({ mail1: '' });
    const winner = await applicant();
    const gone = await applicant();
    for (const s of [mailed, noMail, noAddress])
      await makeApplication(t.db, { courseId: c.id, studentId: s.id });
    await makeApplication(t.db, { courseId: c.id, studentId: winner.id, lotteryStatus: '2' });
    await makeApplication(t.db, { courseId: c.id, studentId: gone.id, cancelledAt: new Date() });

    const res = await get(t.app, `${PREVIEW}?id=${c.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      course_id: c.id,
      notify_count: 3,
      mail_count: 1,
      period_open: true,
      period_t: c.periodTo?.toISOString(),
      capacity: 30,
      winners: 1,
    });

    const drawn = await post(t.app, LOTTERY, { id: c.id, win_num: '1', override_reason: '試験' }, admin);
    expect(drawn.statusCode).toBe(200);
    const told = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.courseId, c.id), eq(notices.publishedTo, 4)));
    expect(told).toHaveLength(3);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, mailed.mail1));
    expect(mails).toHaveLength(1);
    expect((await get(t.app, `${PREVIEW}?id=${c.id}`, admin)).json()).toMatchObject({
      notify_count: 0,
      mail_count: 0,
    });
  });

  it('only authority 1 may ask; a missing course is 404', async () => {
    const c = await course(1, { open: false });
    expect((await get(t.app, `${PREVIEW}?id=${c.id}`, univ)).statusCode).toBe(403);
    expect((await get(t.app, `${PREVIEW}?id=${c.id}`, student)).statusCode).toBe(403);
    expect((await get(t.app, `${PREVIEW}?id=${c.id}`)).statusCode).toBe(401);
    expect((await get(t.app, `${PREVIEW}?id=999999`, admin)).statusCode).toBe(404);
    expect((await get(t.app, `${PREVIEW}?id=abc`, admin)).statusCode).toBe(422);
  });
});

describe('補欠 places stay 1..k after every promotion and removal', () => {
  /**
   * One seat held by W (a student who can log in, with a deadline), then 補欠 A (1), B (2) and the cast's
   * student (3). Each path below frees a place at the top; B must then read 1 and the student 2.
   */
  async function waitlist() {
    const c = await makeCourse(t.db, { isLottery: true, capacity: null });
    await t.db
      .insert(courseIntake)
      .values({ courseId: c.id, seats: 1, waitlist: true, confirmDays: 7, autoPromote: true });
    seq += 1;
    const wLogin = `58${String(seq).padStart(6, '0')}`;
    const w = await makeStudent(t.db, { loginId: wLogin });
    const a = await applicant();
    const b = await applicant();
    const winner = await makeApplication(t.db, {
      courseId: c.id,
      studentId: w.id,
      lotteryStatus: '2',
      confirmBy: new Date(Date.now() + 7 * DAY_MS),
    });
    const first = await makeApplication(t.db, {
      courseId: c.id,
      studentId: a.id,
      lotteryStatus: '5',
      waitlistRank: 1,
    });
    const second = await makeApplication(t.db, {
      courseId: c.id,
      studentId: b.id,
      lotteryStatus: '5',
      waitlistRank: 2,
    });
    await makeApplication(t.db, { courseId: c.id, studentId: myId, lotteryStatus: '5', waitlistRank: 3 });
    return { c, wLogin, winner, first, second };
  }

  /** The places as a client reads them: the office's applicant list and the student's applied list. */
  async function placesRead(courseId: number, secondId: number) {
    const list = (await get(t.app, `/api/admin/courseapplicantlist/?id=${courseId}`, admin)).json();
    const waiting = list.data_list
      .filter((r: { lottery_status: string }) => r.lottery_status === '5')
      .map((r: { user_id: number; waitlist_rank: number }) => [r.user_id, r.waitlist_rank]);
    const [b] = await t.db
      .select({ studentId: courseApplications.studentId })
      .from(courseApplications)
      .where(eq(courseApplications.id, secondId));
    const applied = (await get(t.app, '/api/mypage/appliedcourselist/?lottery_status_5=1', student)).json();
    const mine = applied.data_list.find((i: { course_id: number }) => i.course_id === courseId);
    return {
      office: Object.fromEntries(waiting),
      bId: b?.studentId,
      mine: mine && { rank: mine.waitlist_rank, next: mine.next_step },
    };
  }

  const expectMovedUp = async (courseId: number, secondId: number) => {
    const read = await placesRead(courseId, secondId);
    expect(read.office).toEqual({ [String(read.bId)]: 1, [String(myId)]: 2 });
    expect(read.mine).toEqual({ rank: 2, next: expect.stringContaining('補欠2番です') });
  };

  it('by hand', async () => {
    const { c, first, second } = await waitlist();
    const res = await post(
      t.app,
      '/api/admin/courseapplicantlist/promote/',
      { course_id: c.id, user_id: first.studentId, updated_at: first.updatedAt.toISOString() },
      admin,
    );
    expect(res.statusCode).toBe(200);
    await expectMovedUp(c.id, second.id);
  });

  it("by the office's cancel of the winner", async () => {
    const { c, winner, second } = await waitlist();
    const res = await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: c.id, user_id: winner.studentId, updated_at: winner.updatedAt.toISOString() },
      admin,
    );
    expect(res.statusCode).toBe(200);
    await expectMovedUp(c.id, second.id);
  });

  it("by the winner's decline", async () => {
    const { c, wLogin, winner, second } = await waitlist();
    const cookie = await loginAsStudent(t.app, wLogin, 'student01');
    const res = await post(
      t.app,
      '/api/mypage/coursedecline/',
      { course_id: c.id, updated_at: winner.updatedAt.toISOString() },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    await expectMovedUp(c.id, second.id);
  });

  it("by the winner's lapsed deadline", async () => {
    const { c, winner, second } = await waitlist();
    await t.db
      .update(courseApplications)
      .set({ confirmBy: new Date(Date.now() - 1000) })
      .where(eq(courseApplications.id, winner.id));
    expect(await runDeadlineJob(t.db, t.config)).toBeGreaterThanOrEqual(1);
    await expectMovedUp(c.id, second.id);
  });

  it('by 補欠1 leaving the waitlist (cancelled)', async () => {
    const { c, first, second } = await waitlist();
    const res = await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: c.id, user_id: first.studentId, updated_at: first.updatedAt.toISOString() },
      admin,
    );
    expect(res.statusCode).toBe(200);
    await expectMovedUp(c.id, second.id);
  });

  it("a later draw's 補欠 continue after the current places; its record keeps the draw's own", async () => {
    const { c, first, second } = await waitlist();
    await post(
      t.app,
      '/api/admin/courseapplicantlist/promote/',
      { course_id: c.id, user_id: first.studentId, updated_at: first.updatedAt.toISOString() },
      admin,
    );
    for (const late of [await applicant(), await applicant()])
      await makeApplication(t.db, { courseId: c.id, studentId: late.id });
    const drawn = await post(t.app, LOTTERY, { id: c.id, win_num: '1', waitlist: '1' }, admin);
    expect(drawn.statusCode).toBe(200);
    const record = (await get(t.app, `/api/admin/lottery/run/?id=${drawn.json().run_id}`, admin)).json();
    expect(record.rank_offset).toBe(2);
    expect(record.entries.find((e: { outcome: string }) => e.outcome === '5').waitlist_rank).toBe(3);
    const read = await placesRead(c.id, second.id);
    expect(Object.values(read.office).sort()).toEqual([1, 2, 3]);
    expect(read.office[String(read.bId)]).toBe(1);
    expect(read.mine?.rank).toBe(2);
  });
});

describe('confirm-by deadlines end at 23:59 of their Tokyo day', () => {
  it('counts whole days to the end of the day when a day is 86,400 s, exactly when it is shortened', () => {
    const drawnAt = new Date('2026-11-27T14:03:00+09:00');
    expect(confirmDeadline(3, 86_400, drawnAt)?.toISOString()).toBe(
      new Date('2026-11-30T23:59:59.999+09:00').toISOString(),
    );
    // just before Tokyo midnight is still that day
    expect(confirmDeadline(1, 86_400, new Date('2026-11-27T23:59:00+09:00'))?.toISOString()).toBe(
      new Date('2026-11-28T23:59:59.999+09:00').toISOString(),
    );
    expect(confirmDeadline(3, 4, drawnAt)?.getTime()).toBe(drawnAt.getTime() + 12_000);
    expect(confirmDeadline(null, 86_400, drawnAt)).toBeNull();
  });

  it("a drawn winner's and a promoted 補欠's deadlines, as the API answers them", async () => {
    const c = await course(2, { open: false });
    const res = await post(
      t.app,
      LOTTERY,
      { id: c.id, win_num: '1', waitlist: '1', confirm_days: '3' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const list = (await get(t.app, `/api/admin/courseapplicantlist/?id=${c.id}`, admin)).json();
    const winner = list.data_list.find((r: { lottery_status: string }) => r.lottery_status === '2');
    const endOfDay = (iso: string) => {
      const p = tokyoParts(new Date(iso));
      return `${p.hour}:${p.minute}:${p.second}.${new Date(iso).getUTCMilliseconds()}`;
    };
    const [row] = await t.db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.courseId, c.id), eq(courseApplications.lotteryStatus, '2')));
    expect(endOfDay(row?.confirmBy?.toISOString() ?? '')).toBe('23:59:59.999');
    // three days later, not fewer
    expect((row?.confirmBy?.getTime() ?? 0) - Date.now()).toBeGreaterThan(3 * DAY_MS - 1000);
    expect((row?.confirmBy?.getTime() ?? 0) - Date.now()).toBeLessThan(4 * DAY_MS);

    await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: c.id, user_id: winner.user_id, updated_at: winner.updated_at },
      admin,
    );
    const [promoted] = await t.db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.courseId, c.id), eq(courseApplications.lotteryStatus, '2')));
    expect(promoted?.promotedAt).not.toBeNull();
    expect(endOfDay(promoted?.confirmBy?.toISOString() ?? '')).toBe('23:59:59.999');
  });
});

describe('a winner is told the first class day', () => {
  it('in the result notice and mail of a draw and of a promotion; not in a 補欠 result', async () => {
    const c = await course(2, { open: false });
    await t.db.insert(courseSessions).values([
      { courseId: c.id, no: 2, day: '2027-01-14', startsAt: '18:00', endsAt: '19:30' },
      { courseId: c.id, no: 1, day: '2027-01-07', startsAt: '18:00', endsAt: '19:30' },
    ]);
    const res = await post(t.app, LOTTERY, { id: c.id, win_num: '1', waitlist: '1' }, admin);
    expect(res.statusCode).toBe(200);
    const words = '初回の授業は1月7日（木）18:00からです';
    const told = async () =>
      t.db
        .select()
        .from(notices)
        .where(and(eq(notices.courseId, c.id), eq(notices.publishedTo, 4)));
    const first = await told();
    const won = first.find((n) => n.title.includes('当選しました'));
    expect(won?.content).toContain(words);
    expect(first.find((n) => n.title.includes('補欠'))?.content).not.toContain('初回の授業は');
    const [winner] = await t.db
      .select({ mail1: students.mail1, studentId: students.id })
      .from(students)
      .where(eq(students.id, won?.studentId ?? 0));
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, winner?.mail1 ?? ''));
    expect(mail?.body).toContain(words);

    const [app] = await t.db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.courseId, c.id), eq(courseApplications.lotteryStatus, '2')));
    await post(
      t.app,
      '/api/admin/courseapplicantdetail/cancel/',
      { course_id: c.id, user_id: app?.studentId, updated_at: app?.updatedAt.toISOString() },
      admin,
    );
    const promoted = (await told()).find((n) => n.title.startsWith('【繰り上げ当選】'));
    expect(promoted?.content).toContain(words);
  });

  it("in the status text of the student's applied list and course detail", async () => {
    const c = await course(0, { open: false });
    await t.db
      .insert(courseSessions)
      .values({ courseId: c.id, no: 1, day: '2027-01-07', startsAt: '18:00', endsAt: '19:30' });
    await makeApplication(t.db, { courseId: c.id, studentId: myId });
    const res = await post(t.app, LOTTERY, { id: c.id, win_num: '1' }, admin);
    expect(res.json()).toMatchObject({ win_count: 1 });
    const words = '初回の授業は1月7日（木）18:00からです';
    const applied = (await get(t.app, '/api/mypage/appliedcourselist/?lottery_status_2=1', student)).json();
    const item = applied.data_list.find((i: { course_id: number }) => i.course_id === c.id);
    expect(item.next_step).toContain(words);
    const detail = (await get(t.app, `/api/mypage/course/?id=${c.id}`, student)).json();
    expect(detail.next_step).toContain(words);
  });
});
