import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, loginAsAdmin, loginAsStudent, post, type TestApp } from '../../test/app';
import { makeAdmin, makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';

let t: TestApp;
let me: string;
const ids: Record<string, number> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const student = await makeStudent(t.db, { loginId: '24040001', generationId: '2404' });
  await makeStudent(t.db, { loginId: '25040001', generationId: '2504', password: 'other0001' });
  await makeAdmin(t.db, { loginId: 'admin' });
  const course = await makeCourse(t.db);
  const other = await makeCourse(t.db);
  const cancelled = await makeCourse(t.db);
  await makeApplication(t.db, { courseId: course.id, studentId: student.id, lotteryStatus: '2' });
  await makeApplication(t.db, {
    courseId: cancelled.id,
    studentId: student.id,
    lotteryStatus: '4',
    cancelledAt: new Date(),
  });
  const now = Date.now();
  const n = async (key: string, over: Parameters<typeof makeNotice>[1]) => {
    ids[key] = (await makeNotice(t.db, { title: key, ...over })).id;
  };
  await n('all-old', { periodFrom: new Date(now - 10 * DAY) });
  await n('all-new', { periodFrom: new Date(now - 1 * DAY), content: '窓口のお休み' });
  await n('gen-mine', { publishedTo: 2, generationId: '2404', periodFrom: new Date(now - 2 * DAY) });
  await n('gen-other', { publishedTo: 2, generationId: '2504' });
  await n('course-won', {
    publishedTo: 3,
    courseId: course.id,
    lotteryStatus: '2',
    periodFrom: new Date(now - 3 * DAY),
  });
  await n('course-lost-only', { publishedTo: 3, courseId: course.id, lotteryStatus: '3' });
  await n('course-any', {
    publishedTo: 3,
    courseId: course.id,
    lotteryStatus: null,
    periodFrom: new Date(now - 4 * DAY),
  });
  await n('course-other', { publishedTo: 3, courseId: other.id });
  await n('course-cancelled', { publishedTo: 3, courseId: cancelled.id });
  await n('unpublished', { isControl: '2' });
  await n('future', { periodFrom: new Date(now + DAY) });
  await n('expired', { periodFrom: new Date(now - 10 * DAY), periodTo: new Date(now - DAY) });
  me = await loginAsStudent(t.app);
});
afterAll(() => t.close());

const titles = (list: { title: string }[]) => list.map((x) => x.title);

describe('my-page news', () => {
  it('news/1 lists published notices to everyone inside their period, newest first', async () => {
    const res = await get(t.app, '/api/mypage/newslist/?type=1', me);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json().data_list)).toEqual(['all-new', 'all-old']);
    expect(res.json()).toMatchObject({ total: 2, page: 1, page_size: 8 });
  });

  it('news/2 lists exactly the notices addressed to this student', async () => {
    const res = await get(t.app, '/api/mypage/newslist/?type=2', me);
    expect(titles(res.json().data_list)).toEqual(['gen-mine', 'course-won', 'course-any']);
  });

  it('without type (as SPEC §7 writes the call) lists every notice addressed to the student, newest first', async () => {
    const all = await get(t.app, '/api/mypage/newslist/', me);
    expect(all.statusCode).toBe(200);
    const one = titles((await get(t.app, '/api/mypage/newslist/?type=1', me)).json().data_list);
    const two = titles((await get(t.app, '/api/mypage/newslist/?type=2', me)).json().data_list);
    expect(new Set(titles(all.json().data_list))).toEqual(new Set([...one, ...two]));
    const dates = (all.json().data_list as { date: string }[]).map((x) => x.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const kw = await get(t.app, `/api/mypage/newslist/?keyword=${encodeURIComponent('お休み')}`, me);
    expect(titles(kw.json().data_list)).toEqual(['all-new']);
  });

  it("answers SPEC §7's call as written (keyword, date_from, date_to; no type): both kinds, newest first", async () => {
    const all = await get(t.app, '/api/mypage/newslist/?keyword=&date_from=&date_to=', me);
    expect(all.statusCode, all.body).toBe(200);
    expect(titles(all.json().data_list)).toEqual([
      'all-new',
      'gen-mine',
      'course-won',
      'course-any',
      'all-old',
    ]);
    expect(all.json()).toMatchObject({ total: 5, page: 1, page_size: 8 });
    const ymd = (daysAgo: number) =>
      new Date(Date.now() + 9 * 3_600_000 - daysAgo * DAY).toISOString().slice(0, 10);
    const window = await get(
      t.app,
      `/api/mypage/newslist/?keyword=&date_from=${ymd(3)}&date_to=${ymd(2)}`,
      me,
    );
    expect(titles(window.json().data_list)).toEqual(['gen-mine', 'course-won']);
  });

  it('filters by keyword (title or content) and by date', async () => {
    const kw = await get(t.app, `/api/mypage/newslist/?type=1&keyword=${encodeURIComponent('お休み')}`, me);
    expect(titles(kw.json().data_list)).toEqual(['all-new']);
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const recent = await get(t.app, `/api/mypage/newslist/?type=2&date_from=${today}`, me);
    expect(titles(recent.json().data_list)).toEqual([]);
    const bad = await get(t.app, '/api/mypage/newslist/?type=3', me);
    expect(bad.statusCode).toBe(422);
  });

  it('pages by 8', async () => {
    for (let i = 0; i < 9; i++)
      await makeNotice(t.db, { title: `bulk-${i}`, periodFrom: new Date(Date.now() - 20 * DAY) });
    const p1 = (await get(t.app, '/api/mypage/newslist/?type=1&page=1', me)).json();
    const p2 = (await get(t.app, '/api/mypage/newslist/?type=1&page=2', me)).json();
    expect(p1.total).toBe(11);
    expect(p1.data_list).toHaveLength(8);
    expect(p2.data_list).toHaveLength(3);
    expect(new Set([...titles(p1.data_list), ...titles(p2.data_list)]).size).toBe(11);
    // a page past the end shows the last page, not an empty one
    const p9 = (await get(t.app, '/api/mypage/newslist/?type=1&page=9', me)).json();
    expect(p9).toMatchObject({ page: 2, total: 11 });
    expect(p9.data_list).toHaveLength(3);
    // without type the same paging, over both kinds (11 to everyone + 3 to me)
    const all2 = (await get(t.app, '/api/mypage/newslist/?page=2', me)).json();
    expect(all2).toMatchObject({ page: 2, total: 14, page_size: 8 });
    expect(all2.data_list).toHaveLength(6);
  });

  it('top counts unread notices addressed to me; reading one lowers the count', async () => {
    const before = (await get(t.app, '/api/mypage/top/', me)).json();
    expect(before.not_read_cnt).toBe(3);
    expect(before.notice_list.length).toBeLessThanOrEqual(5);

    const detail = await get(t.app, `/api/mypage/news/?id=${ids['gen-mine']}`, me);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      title: 'gen-mine',
      published_to: 2,
      is_read: false,
      refarence_url1: null,
    });
    expect((await get(t.app, '/api/mypage/top/', me)).json().not_read_cnt).toBe(3); // GET is safe: no side effect

    expect(
      (await post(t.app, '/api/mypage/news/addread/', { notice_id: ids['gen-mine'] }, me)).statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, '/api/mypage/news/addread/', { notice_id: ids['gen-mine'] }, me)).statusCode,
    ).toBe(200);
    expect((await get(t.app, '/api/mypage/top/', me)).json().not_read_cnt).toBe(2);
    expect((await get(t.app, `/api/mypage/news/?id=${ids['gen-mine']}`, me)).json().is_read).toBe(true);
  });

  it('top lists the applications whose course has not begun, a winner who must confirm first, each with its next step', async () => {
    const student = await makeStudent(t.db, {
      loginId: '24040077',
      generationId: '2404',
      password: 'pass0077',
    });
    const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
    const course = async (name: string, startDate: string | null) =>
      (await makeCourse(t.db, { name, startDate })).id;
    const apply = async (name: string, startDate: string | null, over: Record<string, unknown> = {}) =>
      makeApplication(t.db, { courseId: await course(name, startDate), studentId: student.id, ...over });
    const confirmBy = new Date(Date.now() + 3 * DAY);
    await apply('抽選待ちの講座', day(40), { lotteryStatus: '1' });
    await apply('補欠の講座', day(20), { lotteryStatus: '5', waitlistRank: 2 });
    await apply('確定待ちの講座', day(30), { lotteryStatus: '2', confirmBy });
    await apply('日付未定の講座', null, { lotteryStatus: '1' });
    await apply('始まった講座', day(-1), { lotteryStatus: '2' });
    await apply('受講中の講座', day(5), { lotteryStatus: '2', attendanceStatus: '2' });
    await apply('取り消した講座', day(10), { lotteryStatus: '4', cancelledAt: new Date() });
    const mine = await loginAsStudent(t.app, '24040077', 'pass0077');

    const list = (await get(t.app, '/api/mypage/top/', mine)).json().course_status_list as {
      course_name: string;
      lottery_status_text: string;
      next_step: string;
      confirm_by: string | null;
    }[];
    expect(list.map((c) => c.course_name)).toEqual([
      '確定待ちの講座',
      '補欠の講座',
      '抽選待ちの講座',
      '日付未定の講座',
    ]);
    expect(list[0]).toMatchObject({ lottery_status_text: '当選', confirm_by: confirmBy.toISOString() });
    expect(list[0]?.next_step).toContain('「受講を確定する」か「辞退する」を押してください');
    expect(list[1]?.next_step).toContain('補欠2番です');
    expect(list[2]?.next_step).toContain('抽選の結果は');
    // another student's top shows none of these
    const other = await loginAsStudent(t.app, '25040001', 'other0001');
    expect((await get(t.app, '/api/mypage/top/', other)).json().course_status_list).toEqual([]);
  });

  it('answers 404 for a notice not meant for this student, and does not mark it read', async () => {
    for (const key of [
      'gen-other',
      'course-other',
      'course-lost-only',
      'course-cancelled',
      'unpublished',
      'future',
      'expired',
    ]) {
      expect((await get(t.app, `/api/mypage/news/?id=${ids[key]}`, me)).statusCode, key).toBe(404);
      expect(
        (await post(t.app, '/api/mypage/news/addread/', { notice_id: ids[key] }, me)).statusCode,
        key,
      ).toBe(404);
    }
    expect((await get(t.app, '/api/mypage/news/?id=abc', me)).statusCode).toBe(422);
  });

  it('another student sees their own generation only', async () => {
    const other = await loginAsStudent(t.app, '25040001', 'other0001');
    expect(titles((await get(t.app, '/api/mypage/newslist/?type=2', other)).json().data_list)).toEqual([
      'gen-other',
    ]);
  });

  it('refuses admins (403) and anonymous callers (401)', async () => {
    const admin = await loginAsAdmin(t.app);
    for (const [cookie, status] of [
      [admin, 403],
      [undefined, 401],
    ] as const) {
      expect((await get(t.app, '/api/mypage/top/', cookie)).statusCode).toBe(status);
      expect((await get(t.app, '/api/mypage/newslist/?type=1', cookie)).statusCode).toBe(status);
      expect((await get(t.app, `/api/mypage/news/?id=${ids['all-new']}`, cookie)).statusCode).toBe(status);
      expect(
        (await post(t.app, '/api/mypage/news/addread/', { notice_id: ids['all-new'] }, cookie)).statusCode,
      ).toBe(status);
    }
  });
});
