import { MSG } from '@manabi/shared';
import type { Notice, NoticeRow, PublisherRow } from '@manabi/shared/api';
import { NOTICE_MSG } from '@manabi/shared/schemas/notice';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, noticeCategories, notices, students } from '../../db/schema';
import { createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
const DAY = 86_400_000;
/** login id → session cookie of the approved students who can log in */
const sessions: Record<string, string> = {};
const ids: Record<string, number> = {};
let courseId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t, { student: { generationId: '2404', name: '山田 花子' } }));
  sessions['24040001'] = student;
  const [s1] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
  const s2 = await makeStudent(t.db, {
    loginId: '24040002',
    generationId: '2404',
    nameKana: 'スズキ イチロウ',
  });
  const s3 = await makeStudent(t.db, { loginId: '25040001', generationId: '2504' });
  const s6 = await makeStudent(t.db, { loginId: '25040002', generationId: '2504' });
  // never in an audience: a pending admission, a rejected one, a student whose login is refused
  const pending = await makeStudent(t.db, { loginId: null, generationId: '2404', approvalStatus: '0' });
  const rejected = await makeStudent(t.db, { loginId: null, generationId: '2404', approvalStatus: '2' });
  const refused = await makeStudent(t.db, { loginId: '24040009', generationId: '2404', isRejection: true });
  for (const id of ['24040002', '25040001', '25040002']) sessions[id] = await loginAsStudent(t.app, id);

  const course = await makeCourse(t.db, { code: 'N-100', name: '市民のための法律入門', period: '毎週火曜' });
  courseId = course.id;
  await makeCourse(t.db, { code: 'N-200', name: '大学の化学', universityId: 'U77' });
  await makeApplication(t.db, { courseId, studentId: s1!.id, lotteryStatus: '2' });
  await makeApplication(t.db, { courseId, studentId: s2.id, lotteryStatus: '3' });
  await makeApplication(t.db, { courseId, studentId: s3.id, lotteryStatus: '4', cancelledAt: new Date() });
  await makeApplication(t.db, { courseId, studentId: s6.id, lotteryStatus: '1' });
  for (const s of [pending, rejected, refused]) {
    await makeApplication(t.db, { courseId, studentId: s.id, lotteryStatus: '2' });
  }
  const [category] = await t.db.insert(noticeCategories).values({ name: '重要' }).returning();
  categoryId = category!.id;

  const now = Date.now();
  const n = async (key: string, over: Parameters<typeof makeNotice>[1]) => {
    ids[key] = (await makeNotice(t.db, { title: key, ...over })).id;
  };
  await n('all', { categoryId });
  await n('gen-2404', { publishedTo: 2, generationId: '2404' });
  await n('gen-2504', { publishedTo: 2, generationId: '2504' });
  await n('course-any', { publishedTo: 3, courseId, lotteryStatus: null });
  await n('course-won', { publishedTo: 3, courseId, lotteryStatus: '2' });
  await n('course-pending', { publishedTo: 3, courseId, lotteryStatus: '1' });
  await n('unpublished', { isControl: '2' });
  await n('future', { periodFrom: new Date(now + DAY) });
  await n('expired', { periodFrom: new Date(now - 10 * DAY), periodTo: new Date(now - DAY) });
  await n('gen-2404-unpublished', { publishedTo: 2, generationId: '2404', isControl: '2' });
});
afterAll(() => t.close());

const publishers = async (query: string) => {
  const res = await get(t.app, `/api/admin/notice/publisherList/?${query}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json() as { data_list: PublisherRow[]; total: number; page: number; size: number };
};
const loginIds = (rows: PublisherRow[]) => rows.map((r) => r.login_id);

const form = (over: Record<string, string> = {}) => ({
  category_id: '',
  title: '休講のお知らせ',
  content: '今週の講座はお休みです。',
  reference_url1: 'https://example.jp/a',
  reference_url2: '',
  reference_url3: '',
  remarks: '',
  period_from: '2026-04-01T10:00',
  period_to: '',
  is_control: '1',
  published_to: '1',
  generation_id: '',
  course_id: '',
  course_name: '',
  lottery_status: '',
  is_email: '0',
  email_title: '',
  ...over,
});
const noticeCount = async () => (await t.db.select({ n: count() }).from(notices))[0]!.n;

describe('who may call the notice API', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/notice/course/list/'],
    ['GET', '/api/admin/notice/list/'],
    ['GET', '/api/admin/notice/detail/?id=1'],
    ['POST', '/api/admin/notice/add/', form()],
    ['POST', '/api/admin/notice/update/', { ...form(), id: 1, updated_at: new Date().toISOString() }],
    ['GET', '/api/admin/notice/publisherList/?id=1'],
    ['GET', '/api/admin/notice/audience/?is_control=1&published_to=1&is_email=1'],
  ];
  it.each(calls)(
    '%s %s: authority 2 and a student → 403, anonymous → 401, nothing written',
    async (method, url, body) => {
      const before = await noticeCount();
      const call = (cookie?: string) =>
        method === 'GET' ? get(t.app, url, cookie) : post(t.app, url, body, cookie);
      expect((await call(univ)).statusCode).toBe(403);
      expect((await call(student)).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
      expect(await noticeCount()).toBe(before);
    },
  );
});

describe('notice course search', () => {
  it('searches by name, course code (from the start), university and site; 100 a page', async () => {
    const all = (await get(t.app, '/api/admin/notice/course/list/', admin)).json();
    expect(all.is_end).toBe(true);
    expect(all.data_list.length).toBeGreaterThanOrEqual(2);
    const byName = (
      await get(t.app, `/api/admin/notice/course/list/?course_name=${encodeURIComponent('法律')}`, admin)
    ).json();
    expect(byName.data_list).toEqual([
      {
        id: courseId,
        course_name: '市民のための法律入門',
        period: '毎週火曜',
        organ: 'まなび市民大学',
        univ_id: null,
        keyword: '',
      },
    ]);
    const byCode = (await get(t.app, '/api/admin/notice/course/list/?id=n-2', admin)).json();
    expect(byCode.data_list.map((c: { course_name: string }) => c.course_name)).toEqual(['大学の化学']);
    const notPrefix = (await get(t.app, '/api/admin/notice/course/list/?id=100', admin)).json();
    expect(notPrefix.data_list).toEqual([]);
    const byUniv = (await get(t.app, '/api/admin/notice/course/list/?univ_id=U77', admin)).json();
    expect(byUniv.data_list).toHaveLength(1);
    const own = (await get(t.app, '/api/admin/notice/course/list/?site_id=4', admin)).json();
    expect(own.data_list.every((c: { univ_id: string | null }) => c.univ_id === null)).toBe(true);
    const partner = (await get(t.app, '/api/admin/notice/course/list/?site_id=11', admin)).json();
    expect(partner.data_list.map((c: { univ_id: string }) => c.univ_id)).toEqual(['U77']);
    const far = (await get(t.app, '/api/admin/notice/course/list/?offset_num=5', admin)).json();
    expect(far).toEqual({ data_list: [], is_end: true });
    const bad = await get(t.app, '/api/admin/notice/course/list/?site_id=9', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list[0].name).toBe('site_id');
  });
});

describe('notice add, detail, update', () => {
  it('adds a notice to a course, answers it in the detail and audits it', async () => {
    const res = await post(
      t.app,
      '/api/admin/notice/add/',
      form({
        category_id: String(categoryId),
        published_to: '3',
        course_id: String(courseId),
        course_name: '表示用',
        lottery_status: '2',
        generation_id: '2404',
        period_to: '2026-04-30T18:00',
        reference_url2: 'http://example.jp/b',
        remarks: '窓口で配布',
        is_email: '0',
        email_title: '件名',
      }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    // the course's one 当選者 who can use the my-page (24040001); mail is off
    expect(res.json()).toEqual({ result: true, id: expect.any(Number), target_count: 1, mail_count: 0 });
    const id = res.json().id;
    const detail = await get(t.app, `/api/admin/notice/detail/?id=${id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      id,
      category_id: categoryId,
      category_name: '重要',
      title: '休講のお知らせ',
      content: '今週の講座はお休みです。',
      refarence_url1: 'https://example.jp/a',
      refarence_url2: 'http://example.jp/b',
      refarence_url3: '',
      remarks: '窓口で配布',
      period_from: '2026-04-01T01:00:00.000Z',
      period_from_str: '2026年4月1日 10:00',
      period_to: '2026-04-30T09:00:00.000Z',
      period_to_str: '2026年4月30日 18:00',
      created_at: expect.any(String),
      is_control: '1',
      published_to: '3',
      // the other target's field is stored as null
      generation_id: null,
      course_id: courseId,
      course_name: '市民のための法律入門',
      lottery_status: '2',
      is_email: '0',
      email_title: '件名',
      // SPEC's form does not send it: not important
      is_important: '0',
      updated_at: expect.any(String),
    } satisfies Notice);
    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notice'), eq(auditLog.entityId, String(id))));
    expect(logged).toMatchObject({ action: 'create', actorKind: 'admin' });
  });

  it('stores null for the fields another target uses', async () => {
    const res = await post(
      t.app,
      '/api/admin/notice/add/',
      form({ published_to: '2', generation_id: '2404', course_id: String(courseId), lottery_status: '3' }),
      admin,
    );
    const [row] = await t.db.select().from(notices).where(eq(notices.id, res.json().id));
    expect(row).toMatchObject({
      publishedTo: 2,
      generationId: '2404',
      courseId: null,
      lotteryStatus: null,
      categoryId: null,
    });
  });

  it('refuses bad input on the field and writes nothing', async () => {
    const before = await noticeCount();
    const cases: [Record<string, string>, string, string][] = [
      [{ title: '' }, 'title', MSG.required],
      [{ published_to: '2' }, 'generation_id', MSG.required],
      [{ published_to: '3' }, 'course_id', MSG.required],
      [{ published_to: '3', course_id: '999999' }, 'course_id', NOTICE_MSG.courseNotFound],
      [{ published_to: '3', course_id: '9999999999' }, 'course_id', NOTICE_MSG.courseNotFound],
      [{ category_id: '999999' }, 'category_id', NOTICE_MSG.categoryNotFound],
      [{ category_id: 'x' }, 'category_id', NOTICE_MSG.categoryNotFound],
      [{ is_email: '1', email_title: '' }, 'email_title', MSG.required],
      [{ reference_url1: 'ftp://example.jp' }, 'reference_url1', expect.any(String) as unknown as string],
      [
        { period_from: '2026-04-02T10:00', period_to: '2026-04-01T10:00' },
        'period_to',
        expect.any(String) as unknown as string,
      ],
      [{ published_to: '4' }, 'published_to', expect.any(String) as unknown as string],
      [{ is_important: '2' }, 'is_important', MSG.invalidChoice],
    ];
    for (const [over, name, msg] of cases) {
      const res = await post(t.app, '/api/admin/notice/add/', form(over), admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().err_list).toContainEqual({ name, msg });
    }
    expect(await noticeCount()).toBe(before);
  });

  it('updates with updated_at; a stale one is 409, a missing notice 404', async () => {
    const id = (await post(t.app, '/api/admin/notice/add/', form(), admin)).json().id;
    const seen = (await get(t.app, `/api/admin/notice/detail/?id=${id}`, admin)).json() as Notice;
    const upd = await post(
      t.app,
      '/api/admin/notice/update/',
      {
        ...form({ title: '変更後', published_to: '2', generation_id: '2504' }),
        id,
        updated_at: seen.updated_at,
      },
      admin,
    );
    expect(upd.statusCode).toBe(200);
    const after = (await get(t.app, `/api/admin/notice/detail/?id=${id}`, admin)).json() as Notice;
    expect(after).toMatchObject({ title: '変更後', published_to: '2', generation_id: '2504' });
    expect(after.updated_at).not.toBe(seen.updated_at);
    // the entry says what changed, before → after
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'notice'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')),
      );
    expect(entry?.detail).toMatchObject({
      changes: {
        title: [seen.title, '変更後'],
        publishedTo: [Number(seen.published_to), 2],
        generationId: [null, '2504'],
      },
    });

    const staleRes = await post(
      t.app,
      '/api/admin/notice/update/',
      { ...form({ title: '古い画面から' }), id, updated_at: seen.updated_at },
      admin,
    );
    expect(staleRes.statusCode).toBe(409);
    expect((await get(t.app, `/api/admin/notice/detail/?id=${id}`, admin)).json().title).toBe('変更後');
    const badCourse = await post(
      t.app,
      '/api/admin/notice/update/',
      { ...form({ published_to: '3', course_id: '999999' }), id, updated_at: after.updated_at },
      admin,
    );
    expect(badCourse.statusCode).toBe(422);
    expect(badCourse.json().err_list).toEqual([{ name: 'course_id', msg: NOTICE_MSG.courseNotFound }]);
    const missing = await post(
      t.app,
      '/api/admin/notice/update/',
      { ...form(), id: 999999, updated_at: after.updated_at },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notice'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('detail: 404 for a missing notice, 422 for a malformed id', async () => {
    expect((await get(t.app, '/api/admin/notice/detail/?id=999999', admin)).statusCode).toBe(404);
    expect((await get(t.app, '/api/admin/notice/detail/?id=abc', admin)).statusCode).toBe(422);
  });
});

describe('notice list', () => {
  const list = async (query: string) => {
    const res = await get(t.app, `/api/admin/notice/list/?${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data_list: NoticeRow[]; total: number; page: number; size: number };
  };
  const titles = (rows: NoticeRow[]) => rows.map((r) => r.title);

  it('pages on the server, newest first by default', async () => {
    const total = await noticeCount();
    const first = await list('');
    expect(first).toMatchObject({ total, page: 1, size: 10 });
    expect(first.data_list).toHaveLength(Math.min(10, total));
    const ids1 = first.data_list.map((r) => r.id);
    expect(ids1).toEqual([...ids1].sort((a, b) => b - a));
    const past = await list('page=99&size=10');
    expect(past.page).toBe(Math.ceil(total / 10));
    expect(past.data_list).toHaveLength(total % 10 || 10);
    const row = (await list('title=all')).data_list.find((r) => r.title === 'all')!;
    expect(row).toMatchObject({
      id: ids.all,
      category_name: '重要',
      is_control: '1',
      published_to: '1',
      period_to: null,
      period_to_str: '',
    });
  });

  it('filters by title, category, publish state, target, generation and course', async () => {
    expect(titles((await list(`title=${encodeURIComponent('gen-2404')}&size=100`)).data_list).sort()).toEqual(
      ['gen-2404', 'gen-2404-unpublished'],
    );
    expect(titles((await list(`category_id=${categoryId}&title=all`)).data_list)).toEqual(['all']);
    expect(titles((await list('is_control=2&title=unpublished')).data_list).sort()).toEqual([
      'gen-2404-unpublished',
      'unpublished',
    ]);
    expect(titles((await list('is_control=1&title=unpublished')).data_list)).toEqual([]);
    expect(titles((await list('published_to=2&generation_id=2504')).data_list)).toContain('gen-2504');
    const byCourse = titles((await list(`course_id=${courseId}&size=100`)).data_list);
    expect(byCourse).toEqual(expect.arrayContaining(['course-any', 'course-won', 'course-pending']));
    expect(byCourse).not.toContain('all');
    expect((await list('course_id=9999999999')).total).toBe(0);
    expect((await list('title=%25')).total).toBe(0);
  });

  it('sorts by a column, empty values last', async () => {
    const asc = titles((await list('sort=title&dir=asc&size=100')).data_list);
    expect(asc).toEqual([...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byCategory = (await list('sort=category_name&dir=desc&size=100')).data_list;
    expect(byCategory.at(-1)!.category_name).toBeNull();
  });

  it('refuses bad search input on the field', async () => {
    for (const [query, name] of [
      ['size=20', 'size'],
      ['sort=content', 'sort'],
      ['published_to=9', 'published_to'],
      ['generation_id=12345', 'generation_id'],
      [`title=${'あ'.repeat(101)}`, 'title'],
    ] as const) {
      const res = await get(t.app, `/api/admin/notice/list/?${encodeURI(query)}`, admin);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().err_list[0].name).toBe(name);
    }
  });
});

describe('publisher list = the my-page audience', () => {
  it('everyone: approved students whose login is not refused', async () => {
    const res = await publishers(`id=${ids.all}`);
    expect(loginIds(res.data_list)).toEqual(['24040001', '24040002', '25040001', '25040002']);
    expect(res).toMatchObject({ total: 4, page: 1, size: 10 });
    expect(res.data_list[0]).toEqual({
      id: expect.any(Number),
      login_id: '24040001',
      name: '山田 花子',
      name_kana: expect.any(String),
      lottery_status: null,
      read_time: null,
      // a notice written by the factory sent no mail, and no letter was printed
      mail: 'none',
      letter_printed_at: null,
    });
  });

  it('a generation', async () => {
    expect(loginIds((await publishers(`id=${ids['gen-2404']}`)).data_list)).toEqual(['24040001', '24040002']);
    expect(loginIds((await publishers(`id=${ids['gen-2504']}`)).data_list)).toEqual(['25040001', '25040002']);
  });

  it('a course: live applicants with their lottery status, or only the chosen status', async () => {
    const any = (await publishers(`id=${ids['course-any']}`)).data_list;
    expect(any.map((r) => [r.login_id, r.lottery_status])).toEqual([
      ['24040001', '2'],
      ['24040002', '3'],
      ['25040002', '1'],
    ]);
    const won = (await publishers(`id=${ids['course-won']}`)).data_list;
    expect(won.map((r) => [r.login_id, r.lottery_status])).toEqual([['24040001', '2']]);
    expect(loginIds((await publishers(`id=${ids['course-pending']}`)).data_list)).toEqual(['25040002']);
    const sorted = (await publishers(`id=${ids['course-any']}&sort=lottery_status&dir=desc`)).data_list;
    expect(sorted.map((r) => r.lottery_status)).toEqual(['3', '2', '1']);
  });

  it('a non-public or out-of-period notice still lists who it is addressed to', async () => {
    for (const key of ['unpublished', 'future', 'expired']) {
      expect((await publishers(`id=${ids[key]}`)).total).toBe(4);
    }
    expect(loginIds((await publishers(`id=${ids['gen-2404-unpublished']}`)).data_list)).toEqual([
      '24040001',
      '24040002',
    ]);
  });

  it('agrees with the my-page: a student sees a notice exactly when listed and the notice is shown', async () => {
    const shown = new Set(['all', 'gen-2404', 'gen-2504', 'course-any', 'course-won', 'course-pending']);
    for (const [key, id] of Object.entries(ids)) {
      const listed = new Set(loginIds((await publishers(`id=${id}&size=100`)).data_list));
      for (const [loginId, cookie] of Object.entries(sessions)) {
        const res = await get(t.app, `/api/mypage/news/?id=${id}`, cookie);
        const expected = shown.has(key) && listed.has(loginId) ? 200 : 404;
        expect(res.statusCode, `${key} for ${loginId}`).toBe(expected);
      }
    }
    // and the my-page list of addressed notices (news/2) holds the same (of this suite's fixed notices)
    const fixed = (list: { title: string }[]) =>
      list
        .map((n) => n.title)
        .filter((x) => x in ids)
        .sort();
    const mine = await get(t.app, '/api/mypage/newslist/?type=2', sessions['24040001']);
    expect(fixed(mine.json().data_list)).toEqual(['course-any', 'course-won', 'gen-2404'].sort());
    const other = await get(t.app, '/api/mypage/newslist/?type=2', sessions['25040002']);
    expect(fixed(other.json().data_list)).toEqual(['course-any', 'course-pending', 'gen-2504'].sort());
  });

  it('shows the read time after the student reads, and filters read / unread', async () => {
    const read = await post(t.app, '/api/mypage/news/addread/', { notice_id: ids.all }, sessions['24040002']);
    expect(read.statusCode).toBe(200);
    const rows = (await publishers(`id=${ids.all}`)).data_list;
    const who = rows.find((r) => r.login_id === '24040002')!;
    expect(who.read_time).toEqual(expect.any(String));
    expect(Date.now() - new Date(who.read_time!).getTime()).toBeLessThan(60_000);
    expect(rows.filter((r) => r.read_time !== null)).toHaveLength(1);
    expect(loginIds((await publishers(`id=${ids.all}&is_read=1`)).data_list)).toEqual(['24040002']);
    expect(loginIds((await publishers(`id=${ids.all}&is_read=0`)).data_list)).toEqual([
      '24040001',
      '25040001',
      '25040002',
    ]);
    const byRead = (await publishers(`id=${ids.all}&sort=read_time&dir=asc`)).data_list;
    expect(byRead[0]!.login_id).toBe('24040002');
  });

  it('filters by student number (from the start), name and kana; pages', async () => {
    expect(loginIds((await publishers(`id=${ids.all}&student_id=2504`)).data_list)).toEqual([
      '25040001',
      '25040002',
    ]);
    expect(loginIds((await publishers(`id=${ids.all}&student_id=4040`)).data_list)).toEqual([]);
    expect(
      loginIds((await publishers(`id=${ids.all}&name=${encodeURIComponent('花子')}`)).data_list),
    ).toEqual(['24040001']);
    expect(
      loginIds((await publishers(`id=${ids.all}&name_kana=${encodeURIComponent('スズキ')}`)).data_list),
    ).toEqual(['24040002']);
    const page2 = await publishers(`id=${ids.all}&page=2&size=10`);
    expect(page2).toMatchObject({ page: 1, total: 4 });
  });

  it('404 for a missing notice, 422 on bad filters', async () => {
    expect((await get(t.app, '/api/admin/notice/publisherList/?id=999999', admin)).statusCode).toBe(404);
    const bad = await get(t.app, `/api/admin/notice/publisherList/?id=${ids.all}&is_read=2`, admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list[0].name).toBe('is_read');
    const long = await get(
      t.app,
      `/api/admin/notice/publisherList/?id=${ids.all}&student_id=123456789`,
      admin,
    );
    expect(long.json().err_list[0].name).toBe('student_id');
  });
});
