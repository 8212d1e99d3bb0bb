import { todayTokyo } from '@manabi/shared/domain/dates';
import { MYPAGE_COURSE_MSG } from '@manabi/shared/schemas/mypage-course';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseApplications,
  courseCategories,
  courseCategoryLinks,
  courseSessions,
  mailOutbox,
  students,
} from '../../db/schema';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

let t: TestApp;
let cast: Cast;
/** 24040001 (cast.student) */
let meId: number;
/** 24040002: the other student, whose data 24040001 must never reach */
let other: string;
let otherId: number;

const MIN = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);

const LIST = (kind: string, query = '') => `/api/mypage/${kind}courselist/${query ? `?${query}` : ''}`;
const DETAIL = (id: number | string) => `/api/mypage/course/?id=${id}`;
const CANCEL_VIEW = (id: number | string) => `/api/mypage/coursecancel/?id=${id}`;
const APPLY = '/api/mypage/courseapplication/';
const CANCEL = '/api/mypage/coursecancel/cancel/';

/** An open, public, freely cancellable lottery course unless told otherwise. */
const openCourse = (over: Parameters<typeof makeCourse>[1] = {}) =>
  makeCourse(t.db, { periodFrom: ago(DAY), periodTo: later(DAY), status: '1', ...over });

const apply = (cookie: string, courseId: number, over: Record<string, string> = {}) =>
  post(t.app, APPLY, { course_id: String(courseId), is_dont_canncel: '0', ...over }, cookie);
const cancelView = async (cookie: string, courseId: number) =>
  (await get(t.app, CANCEL_VIEW(courseId), cookie)).json();
const cancel = async (cookie: string, courseId: number) => {
  const view = await cancelView(cookie, courseId);
  return post(
    t.app,
    CANCEL,
    { course_id: String(courseId), course_name: view.course_name, updated_at: view.updated_at },
    cookie,
  );
};
const liveRows = async (courseId: number, studentId?: number) =>
  t.db
    .select()
    .from(courseApplications)
    .where(
      and(
        eq(courseApplications.courseId, courseId),
        studentId === undefined ? undefined : eq(courseApplications.studentId, studentId),
        isNull(courseApplications.cancelledAt),
      ),
    );

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, { student: { mail1: 'me@example.jp', phone1: '03-1111-1111' } });
  const [me] = await t.db.select({ id: students.id }).from(students).where(eq(students.loginId, '24040001'));
  meId = me!.id;
  const o = await makeStudent(t.db, {
    loginId: '24040002',
    password: 'student02',
    mail1: 'other@example.jp',
  });
  otherId = o.id;
  other = await loginAsStudent(t.app, '24040002', 'student02');
});
afterAll(async () => {
  await t.close();
});

describe('guards', () => {
  it.each([
    ['GET', LIST('accepting')],
    ['GET', LIST('before')],
    ['GET', LIST('applied')],
    ['GET', LIST('attended')],
    ['GET', DETAIL(1)],
    ['GET', CANCEL_VIEW(1)],
    ['POST', APPLY],
    ['POST', CANCEL],
  ])(
    '%s %s refuses anonymous callers (401) and admin sessions (403), writing nothing',
    async (method, url) => {
      const c = await openCourse();
      for (const [cookie, status] of [
        [undefined, 401],
        [cast.admin, 403],
        [cast.univ, 403],
      ] as const) {
        const res =
          method === 'GET'
            ? await get(t.app, url, cookie)
            : await post(t.app, url, { course_id: String(c.id), updated_at: '' }, cookie);
        expect(res.statusCode).toBe(status);
      }
      expect(await liveRows(c.id)).toHaveLength(0);
    },
  );
});

describe('course searches', () => {
  it('accepting lists open public courses with categories and my application; before lists the future ones', async () => {
    const [cat] = await t.db
      .insert(courseCategories)
      .values({ name: '検索テスト分類', sortNumber: 1 })
      .returning();
    const tag = `探索${Date.now()}`;
    const open = await openCourse({ name: `${tag} 受付中`, imageUrl: 'https://example.jp/a.png' });
    const applied = await openCourse({ name: `${tag} 申込済み` });
    const future = await makeCourse(t.db, {
      name: `${tag} 受付前`,
      periodFrom: later(DAY),
      periodTo: later(2 * DAY),
    });
    await makeCourse(t.db, { name: `${tag} 終了`, periodFrom: ago(3 * DAY), periodTo: ago(2 * DAY) });
    await openCourse({ name: `${tag} 非公開`, status: '2' });
    await t.db.insert(courseCategoryLinks).values({ courseId: open.id, categoryId: cat!.id });
    const a = await makeApplication(t.db, { courseId: applied.id, studentId: meId });
    // another student's application never shows as mine
    await makeApplication(t.db, { courseId: open.id, studentId: otherId });

    const accepting = (
      await get(t.app, LIST('accepting', `keyword=${encodeURIComponent(tag)}`), cast.student)
    ).json();
    expect(accepting.data_list.map((r: { course_name: string }) => r.course_name).sort()).toEqual(
      [`${tag} 受付中`, `${tag} 申込済み`].sort(),
    );
    const openRow = accepting.data_list.find((r: { id: number }) => r.id === open.id);
    expect(openRow).toMatchObject({
      categories: ['検索テスト分類'],
      applicant_id: null,
      image: 'https://example.jp/a.png',
      organ: open.organ,
      period_f: open.periodFrom!.toISOString(),
    });
    expect(accepting.data_list.find((r: { id: number }) => r.id === applied.id).applicant_id).toBe(a.id);
    expect(accepting).toMatchObject({ total: 2, page: 1, page_size: 8 });

    const before = (
      await get(t.app, LIST('before', `keyword=${encodeURIComponent(tag)}`), cast.student)
    ).json();
    expect(before.data_list.map((r: { id: number }) => r.id)).toEqual([future.id]);
  });

  it('searches organ and first class day, pages by 8 (a page past the end answers the last)', async () => {
    const organ = `検索機関${Date.now()}`;
    for (let i = 1; i <= 10; i++)
      await openCourse({
        organ,
        startDate: `2027-01-${String(i).padStart(2, '0')}`,
        periodTo: later(DAY + i * MIN),
      });
    const q = `organ=${encodeURIComponent(organ)}`;
    const p1 = (await get(t.app, LIST('accepting', q), cast.student)).json();
    expect(p1).toMatchObject({ total: 10, page: 1 });
    expect(p1.data_list).toHaveLength(8);
    const p9 = (await get(t.app, LIST('accepting', `${q}&page=9`), cast.student)).json();
    expect(p9).toMatchObject({ total: 10, page: 2 });
    expect(p9.data_list).toHaveLength(2);
    const days = (
      await get(t.app, LIST('accepting', `${q}&date_from=2027-01-03&date_to=2027-01-05`), cast.student)
    ).json();
    expect(days.total).toBe(3);
  });

  it('bad conditions are 422 on the field', async () => {
    for (const [query, field] of [
      ['date_from=2026-13-40', 'date_from'],
      [`keyword=${'あ'.repeat(101)}`, 'keyword'],
      ['page=abc', 'page'],
      ['lottery_status_1=x', 'lottery_status_1'],
    ]) {
      const res = await get(t.app, LIST('applied', encodeURI(query!)), cast.student);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().err_list[0].name).toBe(field);
    }
  });
});

describe('window edges (Asia/Tokyo minutes, both ends included)', () => {
  it('the first minute is open: period_f 30 s ago → in period and listed; 60 s ahead → before', async () => {
    const first = await openCourse({ periodFrom: ago(30_000) });
    const notYet = await openCourse({ periodFrom: later(MIN) });
    expect((await get(t.app, DETAIL(first.id), cast.student)).json()).toMatchObject({
      in_period: true,
      is_disp_applybtn: true,
    });
    expect((await get(t.app, DETAIL(notYet.id), cast.student)).json()).toMatchObject({
      in_period: false,
      is_disp_applybtn: false,
    });
    const res = await apply(cast.student, notYet.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual([
      { name: 'course_id', msg: 'この講座は申込期間外のため、申し込めません' },
    ]);
    expect((await apply(cast.student, first.id)).statusCode).toBe(200);
  });

  it('the last minute is open: period_t 30 s ago is still in period; 61 s ago it is closed', async () => {
    const last = await openCourse({ periodTo: ago(30_000) });
    const closed = await openCourse({ periodTo: ago(61_000) });
    const ids = (await get(t.app, LIST('accepting'), cast.student)).json();
    expect(ids.total).toBeGreaterThan(0);
    expect((await get(t.app, DETAIL(last.id), cast.student)).json().in_period).toBe(true);
    expect((await get(t.app, DETAIL(closed.id), cast.student)).json().in_period).toBe(false);
    expect((await apply(other, closed.id)).statusCode).toBe(422);
    expect((await apply(other, last.id)).statusCode).toBe(200);
    expect(await liveRows(closed.id)).toHaveLength(0);
  });
});

describe('GET mypage/course/', () => {
  it('a non-public or unknown course is 404, even to a student who applied', async () => {
    const hidden = await openCourse({ status: '2' });
    await makeApplication(t.db, { courseId: hidden.id, studentId: meId });
    expect((await get(t.app, DETAIL(hidden.id), cast.student)).statusCode).toBe(404);
    expect((await get(t.app, DETAIL(99_999_999), cast.student)).statusCode).toBe(404);
    expect((await apply(other, hidden.id)).statusCode).toBe(404);
  });

  it('flags follow the cancel rule: a no-cancel course is cancellable in period only', async () => {
    const noCancel = await openCourse({ isCancelable: false, tuitionFee: 3000, content: '説明' });
    const closedNoCancel = await makeCourse(t.db, {
      isCancelable: false,
      periodFrom: ago(3 * DAY),
      periodTo: ago(DAY),
    });
    const closedFree = await makeCourse(t.db, {
      isCancelable: true,
      periodFrom: ago(3 * DAY),
      periodTo: ago(DAY),
    });
    const id = meId;
    for (const c of [noCancel, closedNoCancel, closedFree])
      await makeApplication(t.db, { courseId: c.id, studentId: id });
    expect((await get(t.app, DETAIL(noCancel.id), cast.student)).json()).toMatchObject({
      in_period: true,
      is_cancelable: true,
      is_cancelable_pure: false,
      cancel: false,
      is_disp_applybtn: false,
      tuition_fee: 3000,
      content: '説明',
      lottery_status: '1',
    });
    expect((await get(t.app, DETAIL(closedNoCancel.id), cast.student)).json()).toMatchObject({
      in_period: false,
      is_cancelable: false,
    });
    expect((await get(t.app, DETAIL(closedFree.id), cast.student)).json()).toMatchObject({
      in_period: false,
      is_cancelable: true,
    });
    // entered by the office before the window opens: may be withdrawn until the window closes
    const future = await makeCourse(t.db, {
      isCancelable: false,
      periodFrom: later(DAY),
      periodTo: later(2 * DAY),
    });
    await makeApplication(t.db, { courseId: future.id, studentId: id, howApply: '2' });
    expect((await get(t.app, DETAIL(future.id), cast.student)).json()).toMatchObject({
      in_period: false,
      is_cancelable: true,
      is_disp_applybtn: false,
    });
    // the same rule gates the calls
    expect((await cancel(cast.student, future.id)).statusCode).toBe(200);
    expect((await get(t.app, CANCEL_VIEW(closedNoCancel.id), cast.student)).statusCode).toBe(404);
    expect((await cancel(cast.student, closedFree.id)).statusCode).toBe(200);
  });
});

describe('POST mypage/courseapplication/', () => {
  it('applies once (抽選待ち, マイページ), audits, mails, and refuses a second time with nothing written', async () => {
    const c = await openCourse();
    const before = (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    const res = await apply(other, c.id, { how_apply: '5', course_name: '偽の名前' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const [row] = await liveRows(c.id, otherId);
    expect(row).toMatchObject({ lotteryStatus: '1', howApply: '1' });
    const detail = (await get(t.app, DETAIL(c.id), other)).json();
    expect(detail).toMatchObject({ applicant_id: row!.id, is_disp_applybtn: false, is_cancelable: true });
    const mails = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toMatchObject({
      to: 'other@example.jp',
      subject: '【まなび】講座の申込みを受け付けました',
      studentId: otherId,
      noticeId: null,
    });
    const logs = await t.db.select().from(auditLog).where(eq(auditLog.action, 'apply'));
    expect(logs.some((l) => l.entity === 'course_application' && l.entityId === String(row!.id))).toBe(true);

    const again = await apply(other, c.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().err_list[0].msg).toBe('この講座にはすでに申し込んでいます');
    expect(await liveRows(c.id, otherId)).toHaveLength(1);
  });

  it('a no-cancel course needs the agreement (422 on is_dont_canncel, nothing written)', async () => {
    const c = await openCourse({ isCancelable: false });
    const res = await apply(other, c.id, { is_dont_canncel: '0' });
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list[0].name).toBe('is_dont_canncel');
    expect(await liveRows(c.id)).toHaveLength(0);
    expect((await apply(other, c.id, { is_dont_canncel: '1' })).statusCode).toBe(200);
  });

  it('a first-come course takes applications up to capacity (当選), then is full', async () => {
    const c = await openCourse({ isLottery: false, capacity: 1 });
    expect((await apply(other, c.id)).statusCode).toBe(200);
    expect((await liveRows(c.id))[0]!.lotteryStatus).toBe('2');
    expect((await get(t.app, DETAIL(c.id), cast.student)).json()).toMatchObject({
      is_full: true,
      is_disp_applybtn: false,
    });
    const res = await apply(cast.student, c.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list[0].msg).toBe('この講座は定員に達したため、申込を締め切りました');
  });

  it('bad bodies are 422 and write nothing', async () => {
    for (const body of [{}, { course_id: 'abc' }, { course_id: '1', is_dont_canncel: 'yes' }]) {
      const res = await post(t.app, APPLY, body, other);
      expect(res.statusCode).toBe(422);
    }
    expect((await post(t.app, APPLY, { course_id: '99999999' }, other)).statusCode).toBe(404);
  });

  it('after cancelling, the student may apply again (a new row; the cancelled one stays)', async () => {
    const c = await openCourse();
    expect((await apply(other, c.id)).statusCode).toBe(200);
    expect((await cancel(other, c.id)).statusCode).toBe(200);
    expect((await apply(other, c.id)).statusCode).toBe(200);
    const all = await t.db.select().from(courseApplications).where(eq(courseApplications.courseId, c.id));
    expect(all.map((r) => r.lotteryStatus).sort()).toEqual(['1', '4']);
  });
});

describe('cancel view and cancel', () => {
  it('shows my own contacts and cancels: row kept as キャンセル, gone from the default applied list', async () => {
    const c = await openCourse({ name: `取消テスト${Date.now()}` });
    expect((await apply(cast.student, c.id)).statusCode).toBe(200);
    const view = await cancelView(cast.student, c.id);
    expect(view).toMatchObject({
      id: c.id,
      is_cancelable: true,
      course_name: c.name,
      login_id: '24040001',
      phone1: '03-1111-1111',
      mail1: 'me@example.jp',
    });
    const res = await post(
      t.app,
      CANCEL,
      { course_id: String(c.id), course_name: c.name, updated_at: view.updated_at },
      cast.student,
    );
    expect(res.statusCode).toBe(200);
    expect(await liveRows(c.id)).toHaveLength(0);
    const q = `keyword=${encodeURIComponent(c.name)}`;
    expect((await get(t.app, LIST('applied', q), cast.student)).json().total).toBe(0);
    const withCancelled = (await get(t.app, LIST('applied', `${q}&lottery_status_4=1`), cast.student)).json();
    expect(withCancelled.data_list).toMatchObject([
      { course_id: c.id, lottery_status: '4', lottery_status_text: 'キャンセル', is_cancelable: false },
    ]);
    // the application is gone: the view is 404 (SPEC §4); a second cancel, from a tab drawn before the
    // first, is told what happened (409 with the reason), and nothing more is written
    expect((await get(t.app, CANCEL_VIEW(c.id), cast.student)).statusCode).toBe(404);
    const again = await post(
      t.app,
      CANCEL,
      { course_id: String(c.id), updated_at: view.updated_at },
      cast.student,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MYPAGE_COURSE_MSG.alreadyCancelled);
    const cancels = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cancel'), sql`${auditLog.detail}->>'course_id' = ${String(c.id)}`));
    expect(cancels[0]?.n).toBe(1);
  });

  it('a course never applied for answers a cancel with 404, not 「すでに取り消されています」', async () => {
    const c = await openCourse();
    const res = await post(
      t.app,
      CANCEL,
      { course_id: String(c.id), updated_at: new Date().toISOString() },
      cast.student,
    );
    expect(res.statusCode).toBe(404);
  });

  it('a stale updated_at is 409 and changes nothing', async () => {
    const c = await openCourse();
    expect((await apply(other, c.id)).statusCode).toBe(200);
    const view = await cancelView(other, c.id);
    await t.db
      .update(courseApplications)
      .set({ updatedAt: new Date() })
      .where(eq(courseApplications.courseId, c.id));
    const res = await post(t.app, CANCEL, { course_id: String(c.id), updated_at: view.updated_at }, other);
    expect(res.statusCode).toBe(409);
    expect(await liveRows(c.id)).toHaveLength(1);
  });

  it('lost, attended, or closed no-cancel applications cannot be cancelled (view 404, cancel 422)', async () => {
    const id = meId;
    const lost = await openCourse();
    const attending = await openCourse();
    const closed = await makeCourse(t.db, {
      isCancelable: false,
      periodFrom: ago(3 * DAY),
      periodTo: ago(DAY),
    });
    await makeApplication(t.db, { courseId: lost.id, studentId: id, lotteryStatus: '3' });
    await makeApplication(t.db, {
      courseId: attending.id,
      studentId: id,
      lotteryStatus: '2',
      attendanceStatus: '2',
    });
    const a = await makeApplication(t.db, { courseId: closed.id, studentId: id, lotteryStatus: '2' });
    for (const c of [lost, attending, closed]) {
      expect((await get(t.app, CANCEL_VIEW(c.id), cast.student)).statusCode).toBe(404);
      const [row] = await liveRows(c.id);
      const res = await post(
        t.app,
        CANCEL,
        { course_id: String(c.id), updated_at: row!.updatedAt.toISOString() },
        cast.student,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().err_list[0].name).toBe('course_id');
    }
    expect((await liveRows(closed.id))[0]!.id).toBe(a.id);
  });
});

describe("ownership: 24040002 cannot read or change 24040001's applications", () => {
  it('lists, detail, cancel view and cancel only ever see the session student', async () => {
    const c = await openCourse({ name: `所有テスト${Date.now()}` });
    expect((await apply(cast.student, c.id)).statusCode).toBe(200);
    const [mine] = await liveRows(c.id);
    const q = `keyword=${encodeURIComponent(c.name)}`;
    expect((await get(t.app, LIST('applied', q), other)).json().total).toBe(0);
    expect((await get(t.app, LIST('accepting', q), other)).json().data_list[0].applicant_id).toBeNull();
    expect((await get(t.app, DETAIL(c.id), other)).json()).toMatchObject({
      applicant_id: null,
      is_disp_applybtn: true,
    });
    expect((await get(t.app, CANCEL_VIEW(c.id), other)).statusCode).toBe(404);
    const res = await post(
      t.app,
      CANCEL,
      {
        course_id: String(c.id),
        updated_at: mine!.updatedAt.toISOString(),
        user_id: String(mine!.studentId),
      },
      other,
    );
    expect(res.statusCode).toBe(404);
    expect((await liveRows(c.id))[0]).toMatchObject({ id: mine!.id, cancelledAt: null });
  });
});

describe('attended list, applied list and the one unit total (decision 039)', () => {
  /** A course with dated sessions on these days from today (negative: past). */
  const courseOn = async (days: number[], over: Parameters<typeof makeCourse>[1] = {}) => {
    const c = await makeCourse(t.db, {
      periodFrom: ago(60 * DAY),
      periodTo: ago(50 * DAY),
      unit: 2,
      ...over,
    });
    await t.db.insert(courseSessions).values(
      days.map((d, i) => ({
        courseId: c.id,
        no: i + 1,
        day: todayTokyo(new Date(Date.now() + d * DAY)),
        startsAt: '00:00',
        endsAt: '23:59',
      })),
    );
    return c;
  };
  const ids = (list: { data_list: { course_id: number }[] }) => list.data_list.map((r) => r.course_id).sort();
  const rowOf = (list: { data_list: { course_id: number }[] }, id: number) =>
    list.data_list.find((r) => r.course_id === id);

  it('history, transcript and certificates give one total: the sum of the 受講済み rows listed', async () => {
    const s = await makeStudent(t.db, { password: 'student03' });
    const cookie = await loginAsStudent(t.app, s.loginId!, 'student03');
    const app = (courseId: number, over: Partial<typeof courseApplications.$inferInsert> = {}) =>
      makeApplication(t.db, { courseId, studentId: s.id, lotteryStatus: '2', ...over });
    // finished (受講済み): earn their units, whatever their days
    const done = await makeCourse(t.db, { periodFrom: ago(90 * DAY), periodTo: ago(60 * DAY), status: '2' });
    await app(done.id, { attendanceStatus: '3', acquisitionUnit: 26 });
    const doneDated = await courseOn([-20, -13]);
    await app(doneDated.id, { attendanceStatus: '3', acquisitionUnit: 4 });
    // attended, course over, not yet marked 受講済み: listed in the history, but earns nothing yet
    const ended = await courseOn([-10, -3]);
    await app(ended.id, { attendanceStatus: '2', acquisitionUnit: 2 });
    // attended, course still on (its last day is today or later): 申込状況, as 受講中
    const lastToday = await courseOn([-7, 0]);
    await app(lastToday.id, { attendanceStatus: '2', acquisitionUnit: 2 });
    const onGoing = await courseOn([-7, 7]);
    await app(onGoing.id, { attendanceStatus: '2', acquisitionUnit: 2 });
    const undated = await makeCourse(t.db, { periodFrom: ago(30 * DAY), periodTo: ago(20 * DAY) });
    await app(undated.id, { attendanceStatus: '2', acquisitionUnit: 6 });
    // units typed on a 未受講 application, and a cancelled 受講済み row: neither earns
    const waiting = await openCourse();
    await app(waiting.id, { lotteryStatus: '1', acquisitionUnit: 5 });
    const gone = await makeCourse(t.db, { periodFrom: ago(90 * DAY), periodTo: ago(60 * DAY) });
    await app(gone.id, {
      attendanceStatus: '3',
      acquisitionUnit: 7,
      lotteryStatus: '4',
      cancelledAt: ago(DAY),
    });

    const attended = (await get(t.app, LIST('attended'), cookie)).json();
    expect(ids(attended)).toEqual([done.id, doneDated.id, ended.id].sort());
    expect(rowOf(attended, done.id)).toMatchObject({
      acquisition_unit: 26,
      status: '2',
      is_cancelable: false,
    });
    expect(rowOf(attended, ended.id)).toMatchObject({ acquisition_unit: null, attendance_status: '2' });
    const listedSum = attended.data_list.reduce(
      (n: number, r: { acquisition_unit: number | null }) => n + (r.acquisition_unit ?? 0),
      0,
    );
    expect(listedSum).toBe(30);
    expect(attended.acquisition_unit_sum).toBe(30);

    const transcript = (await get(t.app, '/api/mypage/transcript/', cookie)).json();
    expect(transcript.data_list.map((r: { course_id: number }) => r.course_id).sort()).toEqual(
      [done.id, doneDated.id].sort(),
    );
    expect(transcript.acquisition_unit_sum).toBe(30);
    // each certificate says the units its transcript row and history row say
    for (const row of transcript.data_list as { course_id: number; acquisition_unit: number }[]) {
      const cert = (await get(t.app, `/api/mypage/certificate/?id=${row.course_id}`, cookie)).json();
      expect(cert.acquisition_unit).toBe(row.acquisition_unit);
      expect(rowOf(attended, row.course_id)).toMatchObject({ acquisition_unit: row.acquisition_unit });
    }
    for (const c of [ended, lastToday, gone])
      expect((await get(t.app, `/api/mypage/certificate/?id=${c.id}`, cookie)).statusCode).toBe(404);

    const applied = (await get(t.app, LIST('applied'), cookie)).json();
    expect(ids(applied)).toEqual([lastToday.id, onGoing.id, undated.id, waiting.id].sort());
    expect(rowOf(applied, onGoing.id)).toMatchObject({
      attendance_status: '2',
      acquisition_unit: null,
      next_step: expect.stringContaining('受講中'),
    });
    expect(rowOf(applied, waiting.id)).toMatchObject({ attendance_status: '1', acquisition_unit: null });
    // a searched history keeps the student's total; a searched applied list keeps the same split
    const narrowed = (await get(t.app, LIST('attended', 'keyword=存在しない講座名'), cookie)).json();
    expect(narrowed).toMatchObject({ total: 0, acquisition_unit_sum: 30 });
    const q = `keyword=${encodeURIComponent(ended.name)}`;
    expect((await get(t.app, LIST('attended', q), cookie)).json().total).toBe(1);
    expect((await get(t.app, LIST('applied', q), cookie)).json().total).toBe(0);
    const q2 = `keyword=${encodeURIComponent(onGoing.name)}&lottery_status_2=1`;
    expect(ids((await get(t.app, LIST('applied', q2), cookie)).json())).toEqual([onGoing.id]);
  });

  it('a course with a check-in stays in 申込状況 as 受講中 until its last class day has passed', async () => {
    const s = await makeStudent(t.db, { password: 'student04' });
    const cookie = await loginAsStudent(t.app, s.loginId!, 'student04');
    const c = await courseOn([0, 7], { isLottery: false });
    await makeApplication(t.db, { courseId: c.id, studentId: s.id, lotteryStatus: '2' });
    const checkIn = await post(
      t.app,
      '/api/admin/checkin/',
      { course_id: c.id, code: '', login_id: s.loginId! },
      cast.admin,
    );
    expect(checkIn.statusCode, checkIn.body).toBe(200);

    const applied = (await get(t.app, LIST('applied'), cookie)).json();
    expect(ids(applied)).toEqual([c.id]);
    expect(rowOf(applied, c.id)).toMatchObject({
      attendance_status: '2',
      lottery_status: '2',
      is_lottery: false,
    });
    const attended = (await get(t.app, LIST('attended'), cookie)).json();
    expect(attended).toMatchObject({ total: 0, acquisition_unit_sum: 0 });

    // the weeks go by: both class days are now in the past
    await t.db
      .update(courseSessions)
      .set({ day: sql`${courseSessions.day} - 30` })
      .where(eq(courseSessions.courseId, c.id));
    expect((await get(t.app, LIST('applied'), cookie)).json().total).toBe(0);
    const after = (await get(t.app, LIST('attended'), cookie)).json();
    expect(ids(after)).toEqual([c.id]);
    // attended but not yet marked 受講済み by the office: listed without units, and the total agrees
    expect(after).toMatchObject({ acquisition_unit_sum: 0, data_list: [{ acquisition_unit: null }] });

    await t.db
      .update(courseApplications)
      .set({ attendanceStatus: '3' })
      .where(eq(courseApplications.studentId, s.id));
    const finished = (await get(t.app, LIST('attended'), cookie)).json();
    expect(finished).toMatchObject({ acquisition_unit_sum: 2, data_list: [{ acquisition_unit: 2 }] });
    expect((await get(t.app, '/api/mypage/transcript/', cookie)).json().acquisition_unit_sum).toBe(2);
  });
});

describe('concurrency', () => {
  it('100 concurrent applies and cancels by many students leave one live row per student and matching counts', async () => {
    const c = await openCourse();
    const people = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const s = await makeStudent(t.db, { password: 'student09' });
        return { id: s.id, cookie: await loginAsStudent(t.app, s.loginId!, 'student09'), i };
      }),
    );
    // each student: 3 applies at once and, for half of them, 2 cancels racing them; then 20 more applies
    const tagged = (kind: 'apply' | 'cancel', res: ReturnType<typeof apply>) =>
      res.then((r) => ({ kind, r }));
    const cancelOnce = async (cookie: string) => {
      const view = await get(t.app, CANCEL_VIEW(c.id), cookie);
      if (view.statusCode !== 200) return view;
      return post(t.app, CANCEL, { course_id: String(c.id), updated_at: view.json().updated_at }, cookie);
    };
    const requests = [
      ...people.flatMap((p) => [
        ...Array.from({ length: 3 }, () => tagged('apply', apply(p.cookie, c.id))),
        ...(p.i % 2 === 0 ? Array.from({ length: 2 }, () => tagged('cancel', cancelOnce(p.cookie))) : []),
      ]),
      ...people
        .slice(0, 10)
        .flatMap((p) => [tagged('apply', apply(p.cookie, c.id)), tagged('apply', apply(p.cookie, c.id))]),
    ];
    expect(requests).toHaveLength(100);
    const answers = await Promise.all(requests);
    for (const { r } of answers) expect([200, 404, 409, 422]).toContain(r.statusCode);

    const all = await t.db.select().from(courseApplications).where(eq(courseApplications.courseId, c.id));
    const live = all.filter((r) => r.cancelledAt === null);
    // at most one live row per student
    expect(new Set(live.map((r) => r.studentId)).size).toBe(live.length);
    // successful applies = rows made; successful cancels = rows cancelled
    const applied = answers.filter((a) => a.kind === 'apply' && a.r.statusCode === 200).length;
    const cancelled = answers.filter((a) => a.kind === 'cancel' && a.r.statusCode === 200).length;
    expect(all.length).toBe(applied);
    expect(all.length - live.length).toBe(cancelled);
    // every student who never cancelled holds exactly one live application
    for (const p of people.filter((p) => p.i % 2 === 1))
      expect(live.filter((r) => r.studentId === p.id)).toHaveLength(1);
  });

  it('a first-come course of 3 seats applied for by 12 students at once takes exactly 3 (the seat count is read under the lock)', async () => {
    const c = await openCourse({ isLottery: false, capacity: 3 });
    const people = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const s = await makeStudent(t.db, { password: 'student09' });
        return loginAsStudent(t.app, s.loginId!, 'student09');
      }),
    );
    const answers = await Promise.all(people.map((cookie) => apply(cookie, c.id)));
    expect(answers.map((r) => r.statusCode).toSorted()).toEqual([
      ...Array(3).fill(200),
      ...Array(9).fill(422),
    ]);
    for (const r of answers.filter((r) => r.statusCode === 422))
      expect(r.json().err_list[0].msg).toBe('この講座は定員に達したため、申込を締め切りました');
    // 当選 (CD003 '2') for exactly the three who got a seat
    expect((await liveRows(c.id)).map((r) => r.lotteryStatus)).toEqual(['2', '2', '2']);
  });
});
