import { APPROVAL, LOTTERY } from '@manabi/shared/codes';
import type { RetentionCandidates, RetentionPolicy, WithdrawPreview } from '@manabi/shared/schemas/lifecycle';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  calendarFeeds,
  courseApplications,
  courseSessions,
  lotteryRuns,
  retentionPolicy,
  sessions,
  studentCalls,
  studentMerges,
  students,
} from '../../db/schema';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { runRetentionJob } from './retention.service';

/**
 * The personal-data lifecycle (decision 072): a withdrawal cancels what is still in play through the settle
 * path (the top 補欠 moves up), ends the login and mail; the student's own needs the password; the retention
 * rule's dry run lists exactly who its run anonymises, the statistics' inputs stay, the job runs once a
 * month whatever the number of processes; and who may not.
 */
const W_PREVIEW = '/api/admin/student/withdraw/preview/';
const WITHDRAW = '/api/admin/student/withdraw/';
const MY_VIEW = '/api/mypage/user/withdraw/';
const MY_WITHDRAW = '/api/mypage/user/withdraw/';
const POLICY = '/api/admin/retention/';
const POLICY_UPDATE = '/api/admin/retention/update/';
const CANDIDATES = '/api/admin/retention/candidates/';
const RUN = '/api/admin/retention/run/';
const LOGIN = '/api/auth/mypage/login/';
const APPLY = '/api/mypage/courseapplication/';

const DAY = 86_400_000;
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

const fresh = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0];
const openCourse = (name: string, over: Parameters<typeof makeCourse>[1] = {}) =>
  makeCourse(t.db, {
    name,
    periodFrom: new Date(Date.now() - DAY),
    periodTo: new Date(Date.now() + DAY),
    status: '1',
    ...over,
  });
const previewOf = async (id: number) => {
  const res = await get(t.app, `${W_PREVIEW}?user_id=${id}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WithdrawPreview;
};

describe('withdrawal by the office', () => {
  it('cancels what is still in play, promotes the top 補欠, ends the login; the history stays', async () => {
    const s = await makeStudent(t.db, { loginId: '26110001', mail1: 'taikai@example.jp' });
    const other = await makeStudent(t.db, { loginId: '26110002' });
    const seat = await makeCourse(t.db, { name: '退会・当選の講座', capacity: 1, isLottery: false });
    const won = await makeApplication(t.db, {
      courseId: seat.id,
      studentId: s.id,
      lotteryStatus: LOTTERY.WON,
    });
    const waiting = await makeApplication(t.db, {
      courseId: seat.id,
      studentId: other.id,
      lotteryStatus: LOTTERY.WAITLISTED,
      waitlistRank: 1,
    });
    const open = await openCourse('退会・抽選待ちの講座', { isLottery: true });
    await makeApplication(t.db, { courseId: open.id, studentId: s.id, lotteryStatus: LOTTERY.PENDING });
    // a course that ended is history: its 当選 stays as it was
    const past = await makeCourse(t.db, { name: '退会・修了した講座' });
    await t.db
      .insert(courseSessions)
      .values({ courseId: past.id, no: 1, day: '2024-05-01', startsAt: '10:00', endsAt: '12:00' });
    const history = await makeApplication(t.db, {
      courseId: past.id,
      studentId: s.id,
      lotteryStatus: LOTTERY.WON,
      attendanceStatus: '3',
      acquisitionUnit: 2,
    });
    const cookie = await loginAsStudent(t.app, '26110001');

    const p = await previewOf(s.id);
    expect(p.applications.map((a) => [a.course_name, a.lottery_status_text, a.frees_seat])).toEqual([
      ['退会・当選の講座', '当選', true],
      ['退会・抽選待ちの講座', '抽選待ち', false],
    ]);
    expect(p.kept_years).toBe(5);

    const res = await post(
      t.app,
      WITHDRAW,
      { user_id: s.id, updated_at: p.updated_at, reason: '転居のため' },
      cast.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, cancelled: 2 });

    const after = await fresh(s.id);
    expect(after?.approvalStatus).toBe(APPROVAL.WITHDRAWN);
    expect(after?.withdrawnAt).not.toBeNull();
    expect(after?.withdrawalReason).toBe('転居のため');
    const apps = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.studentId, s.id))
      .orderBy(asc(courseApplications.id));
    expect(apps.find((a) => a.id === won.id)?.lotteryStatus).toBe(LOTTERY.CANCELLED);
    expect(apps.find((a) => a.id === history.id)?.lotteryStatus).toBe(LOTTERY.WON);
    expect(apps.find((a) => a.id === history.id)?.cancelledAt).toBeNull();
    // the seat went to the top 補欠, through the settle path
    const [promoted] = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.id, waiting.id));
    expect(promoted?.lotteryStatus).toBe(LOTTERY.WON);

    // the session ended, and the login fails from now
    expect(await t.db.select().from(sessions).where(eq(sessions.studentId, s.id))).toHaveLength(0);
    expect((await get(t.app, '/api/mypage/user/', cookie)).statusCode).toBe(401);
    const login = await post(t.app, LOGIN, { login_id: '26110001', password: 'student01' });
    expect(login.json().result ?? login.statusCode).not.toBe(true);

    // audited: the withdrawal and each cancel, on the student's timeline; the reason's words are not kept
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.studentId, s.id));
    expect(entries.filter((e) => e.action === 'cancel')).toHaveLength(2);
    const w = entries.find((e) => e.action === 'withdraw');
    expect(w?.detail).toMatchObject({ by: 'office', cancelled: 2, reason_given: true });
    expect(JSON.stringify(w?.detail)).not.toContain('転居');

    // a second withdrawal of the same record is refused; the preview says the record is gone
    const again = await post(
      t.app,
      WITHDRAW,
      { user_id: s.id, updated_at: after?.updatedAt.toISOString(), reason: '' },
      cast.admin,
    );
    expect(again.statusCode).toBe(422);
    expect((await get(t.app, `${W_PREVIEW}?user_id=${s.id}`, cast.admin)).statusCode).toBe(404);
  });

  it('refuses a stale stamp and bad input, writing nothing', async () => {
    const s = await makeStudent(t.db, { loginId: '26110003' });
    const p = await previewOf(s.id);
    const stale = await post(
      t.app,
      WITHDRAW,
      { user_id: s.id, updated_at: new Date(Date.parse(p.updated_at) - 1000).toISOString(), reason: '' },
      cast.admin,
    );
    expect(stale.statusCode).toBe(409);
    for (const body of [
      { user_id: 'abc', updated_at: p.updated_at, reason: '' },
      { user_id: s.id, updated_at: '', reason: '' },
      { user_id: s.id, updated_at: p.updated_at, reason: 'x'.repeat(201) },
      { user_id: s.id, updated_at: p.updated_at, reason: '\u0000' },
      { user_id: [s.id], updated_at: p.updated_at, reason: '' },
    ]) {
      const res = await post(t.app, WITHDRAW, body, cast.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await fresh(s.id))?.approvalStatus).toBe(APPROVAL.APPROVED);
  });

  it('a withdrawal racing an apply of the same student leaves one consistent state', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await makeStudent(t.db, { loginId: `2611010${round}` });
      const c = await openCourse(`退会・競合${round}`);
      const cookie = await loginAsStudent(t.app, s.loginId as string);
      const p = await previewOf(s.id);
      const [withdrawn, applied] = await Promise.all([
        post(t.app, WITHDRAW, { user_id: s.id, updated_at: p.updated_at, reason: '' }, cast.admin),
        post(t.app, APPLY, { course_id: String(c.id), is_dont_canncel: '0' }, cookie),
      ]);
      // the apply went first (then the withdrawal's course set changed: 409, or it cancelled it), or it found
      // the record withdrawn
      expect([200, 409]).toContain(withdrawn.statusCode);
      const live = await t.db
        .select()
        .from(courseApplications)
        .where(sql`${courseApplications.studentId} = ${s.id} and ${courseApplications.cancelledAt} is null`);
      const status = (await fresh(s.id))?.approvalStatus;
      if (status === APPROVAL.WITHDRAWN) expect(live).toHaveLength(0);
      else expect(live).toHaveLength(applied.statusCode === 200 ? 1 : 0);
    }
  });
});

describe("the student's own withdrawal", () => {
  it('shows what it cancels, wants the password and the box ticked, then logs out for good', async () => {
    const s = await makeStudent(t.db, { loginId: '26110011' });
    const c = await openCourse('本人退会の講座', { isLottery: true });
    await makeApplication(t.db, { courseId: c.id, studentId: s.id, lotteryStatus: LOTTERY.PENDING });
    const cookie = await loginAsStudent(t.app, '26110011');
    const view = await get(t.app, MY_VIEW, cookie);
    expect(view.statusCode, view.body).toBe(200);
    const p = view.json() as WithdrawPreview;
    expect(p.applications.map((a) => a.course_name)).toEqual(['本人退会の講座']);

    const wrong = await post(
      t.app,
      MY_WITHDRAW,
      { updated_at: p.updated_at, understood: '1', password: 'wrongpass' },
      cookie,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('password');
    const unticked = await post(
      t.app,
      MY_WITHDRAW,
      { updated_at: p.updated_at, understood: '0', password: 'student01' },
      cookie,
    );
    expect(unticked.statusCode).toBe(422);
    expect((await fresh(s.id))?.approvalStatus).toBe(APPROVAL.APPROVED);

    // the body names no one: another student's id in it changes nothing
    const res = await post(
      t.app,
      MY_WITHDRAW,
      { updated_at: p.updated_at, understood: '1', password: 'student01', user_id: cast.student },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await fresh(s.id))?.approvalStatus).toBe(APPROVAL.WITHDRAWN);
    expect((await get(t.app, MY_VIEW, cookie)).statusCode).toBe(401);
    const [mine] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.studentId} = ${s.id} and ${auditLog.action} = 'withdraw'`);
    expect(mine?.actorKind).toBe('student');
  });
});

describe('the retention rule', () => {
  const policy = async () => (await get(t.app, POLICY, cast.admin)).json() as RetentionPolicy;
  const candidates = async () =>
    (await get(t.app, `${CANDIDATES}?page=1`, cast.admin)).json() as RetentionCandidates;

  it('lists exactly whom it anonymises, keeps what the statistics count, and audits the run', async () => {
    const long = new Date(Date.now() - 7 * 365 * DAY);
    const old = await makeStudent(t.db, {
      loginId: '26110021',
      name: '消去 太郎',
      nameKana: 'ショウキョ タロウ',
      birthday: '1948-06-15',
      gender: 1,
      streetName1: '本町',
      streetName2: '2丁目',
      address: '3-4',
      postcode: '1600001',
      phone1: '0312345678',
      mail1: 'shoukyo@example.jp',
      emergencyName: '消去 花子',
      remarks: '足が不自由',
      approvalStatus: APPROVAL.WITHDRAWN,
      withdrawnAt: long,
    });
    await t.db.insert(studentCalls).values({ studentId: old.id, outcome: '1', note: '娘さんが出た' });
    await t.db.insert(calendarFeeds).values({ studentId: old.id, tokenHash: 'f'.repeat(64) });
    const keeper = await makeStudent(t.db, { loginId: '26110025' });
    const [merge] = await t.db
      .insert(studentMerges)
      .values({
        keptId: keeper.id,
        mergedId: old.id,
        mergedAt: long,
        record: { keep_before: { name: '消去 太郎' }, fields: ['name'], applications: [], removed: {} },
      })
      .returning();
    // not yet: withdrawn last year; rejected long ago (1 year) is due; a graduate of an old course is due
    const recent = await makeStudent(t.db, {
      loginId: '26110022',
      approvalStatus: APPROVAL.WITHDRAWN,
      withdrawnAt: new Date(),
    });
    const rejected = await makeStudent(t.db, {
      loginId: null,
      approvalStatus: APPROVAL.REJECTED,
      name: '却下 次郎',
      updatedAt: long,
    });
    const graduate = await makeStudent(t.db, {
      loginId: '26110023',
      isGraduation: true,
      birthday: '1950-02-10',
    });
    const oldCourse = await makeCourse(t.db, { name: '昔の講座' });
    await t.db
      .insert(courseSessions)
      .values({ courseId: oldCourse.id, no: 1, day: '2018-06-01', startsAt: '10:00', endsAt: '12:00' });
    await makeApplication(t.db, {
      courseId: oldCourse.id,
      studentId: graduate.id,
      lotteryStatus: LOTTERY.WON,
      attendanceStatus: '3',
      acquisitionUnit: 2,
    });
    const active = await makeStudent(t.db, { loginId: '26110024' });

    const before = await policy();
    const list = await candidates();
    const due = new Set(list.list.map((c) => c.user_id));
    expect(due.has(old.id) && due.has(rejected.id) && due.has(graduate.id)).toBe(true);
    expect(due.has(recent.id) || due.has(active.id)).toBe(false);
    expect(list.total).toBe(before.due);
    expect(list.list.find((c) => c.user_id === graduate.id)).toMatchObject({
      kind: 'graduated',
      since: '2018-06-01',
      due_on: '2023-06-01',
    });

    // the count seen must still be the count: a different one is refused, nothing anonymised
    const raced = await post(t.app, RUN, { expected: String(before.due + 1), confirm: '1' }, cast.admin);
    expect(raced.statusCode).toBe(409);
    expect((await fresh(old.id))?.anonymizedAt).toBeNull();
    expect((await post(t.app, RUN, { expected: String(before.due) }, cast.admin)).statusCode).toBe(422);

    const run = await post(t.app, RUN, { expected: String(before.due), confirm: '1' }, cast.admin);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().anonymized).toBe(before.due);

    const gone = await fresh(old.id);
    expect(gone).toMatchObject({
      name: '',
      nameKana: '',
      phone1: '',
      mail1: '',
      streetName2: '',
      address: '',
      postcode: '',
      emergencyName: '',
      remarks: '',
      passwordHash: null,
      // what the statistics count stays: the town, gender, and the age on every 31 March
      streetName1: '本町',
      gender: 1,
      birthday: '1948-04-01',
    });
    expect(gone?.anonymizedAt).not.toBeNull();
    expect((await fresh(graduate.id))?.birthday).toBe('1950-01-01');
    expect((await fresh(recent.id))?.anonymizedAt).toBeNull();
    expect((await fresh(active.id))?.name).not.toBe('');
    const [call] = await t.db.select().from(studentCalls).where(eq(studentCalls.studentId, old.id));
    expect(call?.note).toBe('');
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.studentId, old.id))).toHaveLength(
      0,
    );
    // nothing of the person is left in the audit log about them
    const about = await t.db.select().from(auditLog).where(eq(auditLog.studentId, old.id));
    expect(about.map((e) => e.action)).toContain('anonymize');
    for (const word of ['消去 太郎', 'ショウキョ', '0312345678', 'shoukyo@example.jp', '足が不自由']) {
      expect(JSON.stringify(about)).not.toContain(word);
    }
    expect((await candidates()).total).toBe(0);
    // the merge's before-image is gone, what it did by id stays (its page still reads)
    const [m] = await t.db
      .select()
      .from(studentMerges)
      .where(eq(studentMerges.id, merge?.id ?? 0));
    expect(JSON.stringify(m?.record)).not.toContain('消去 太郎');
    expect(m?.record).toMatchObject({ fields: ['name'], applications: [] });
    expect(m?.record).not.toHaveProperty('keep_before');
    // the run itself is audited, by whom and how many
    const [round] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'retention_policy' and ${auditLog.action} = 'anonymize'`);
    expect(round?.detail).toMatchObject({ anonymized: before.due, by: 'office' });
  });

  it('changes the rule with its stamp, audited; refuses years out of range', async () => {
    const p = await policy();
    for (const years of ['0', '31', 'x', '']) {
      const res = await post(
        t.app,
        POLICY_UPDATE,
        { ...p, withdrawn_years: years, updated_at: p.updated_at },
        cast.admin,
      );
      expect(res.statusCode, years).toBe(422);
    }
    const ok = await post(
      t.app,
      POLICY_UPDATE,
      {
        withdrawn_years: '3',
        graduated_years: '5',
        rejected_years: '1',
        merged_years: '1',
        auto: '0',
        updated_at: p.updated_at,
      },
      cast.admin,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ withdrawn_years: 3, auto: '0' });
    const stale = await post(t.app, POLICY_UPDATE, { ...p, updated_at: p.updated_at }, cast.admin);
    expect(stale.statusCode).toBe(409);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'retention_policy'));
    expect(entry?.detail).toMatchObject({ changes: { withdrawnYears: [5, 3], auto: [true, false] } });
    // back to the defaults for the other tests
    const now = (await policy()).updated_at;
    await post(
      t.app,
      POLICY_UPDATE,
      {
        withdrawn_years: '5',
        graduated_years: '5',
        rejected_years: '1',
        merged_years: '1',
        auto: '1',
        updated_at: now,
      },
      cast.admin,
    );
  });

  it('the job runs once a month, in one process of several, and only when the office lets it', async () => {
    await makeStudent(t.db, {
      loginId: '26110031',
      approvalStatus: APPROVAL.WITHDRAWN,
      withdrawnAt: new Date(Date.now() - 9 * 365 * DAY),
    });
    await t.db.update(retentionPolicy).set({ auto: false, lastRunAt: null, runStartedAt: null });
    expect(await runRetentionJob(t.db)).toBeNull();
    await t.db.update(retentionPolicy).set({ auto: true });
    // two processes' rounds at once: one claims the month, the other finds it taken
    const rounds = await Promise.all([runRetentionJob(t.db), runRetentionJob(t.db), runRetentionJob(t.db)]);
    expect(rounds.filter((r) => r !== null)).toHaveLength(1);
    expect(rounds.find((r) => r !== null)).toBeGreaterThanOrEqual(1);
    expect(await runRetentionJob(t.db)).toBeNull();
    // next month it runs again
    expect(await runRetentionJob(t.db, new Date(Date.now() + 32 * DAY))).toBe(0);
  });

  it('a draw record holds no personal data to forget', async () => {
    const cols = Object.keys(lotteryRuns).join(' ');
    for (const personal of ['name', 'mail', 'phone', 'birthday', 'address'])
      expect(cols).not.toContain(personal);
  });
});

describe('who may not', () => {
  it('refuses authority 2, a student and anyone not logged in the office calls; the office the my-page ones', async () => {
    const s = await makeStudent(t.db, { loginId: '26110041' });
    const p = await previewOf(s.id);
    const pol = (await get(t.app, POLICY, cast.admin)).json() as RetentionPolicy;
    for (const cookie of [cast.univ, cast.student, '']) {
      const expected = cookie === '' ? 401 : 403;
      expect((await get(t.app, `${W_PREVIEW}?user_id=${s.id}`, cookie)).statusCode).toBe(expected);
      expect(
        (await post(t.app, WITHDRAW, { user_id: s.id, updated_at: p.updated_at, reason: '' }, cookie))
          .statusCode,
      ).toBe(expected);
      expect((await get(t.app, POLICY, cookie)).statusCode).toBe(expected);
      expect((await post(t.app, POLICY_UPDATE, { ...pol }, cookie)).statusCode).toBe(expected);
      expect((await get(t.app, CANDIDATES, cookie)).statusCode).toBe(expected);
      expect((await post(t.app, RUN, { expected: '0', confirm: '1' }, cookie)).statusCode).toBe(expected);
    }
    for (const cookie of [cast.admin, '']) {
      const expected = cookie === '' ? 401 : 403;
      expect((await get(t.app, MY_VIEW, cookie)).statusCode).toBe(expected);
      expect(
        (
          await post(
            t.app,
            MY_WITHDRAW,
            { updated_at: p.updated_at, understood: '1', password: 'student01' },
            cookie,
          )
        ).statusCode,
      ).toBe(expected);
    }
    expect((await fresh(s.id))?.approvalStatus).toBe(APPROVAL.APPROVED);
  });
});
