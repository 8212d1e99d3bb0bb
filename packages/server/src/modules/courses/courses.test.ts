import { MSG } from '@manabi/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseCategories, courseCategoryLinks, courses } from '../../db/schema';
import { stripHtml } from '../../repositories/course-columns';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent, makeUniversity } from '../../test/factories';
import { fiscalYearPeriod } from './courses.service';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
let catIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  await makeUniversity(t.db, { id: 'U02', name: '第二大学' });
  ({ admin, univ, student } = await makeCast(t));
  const cats = await t.db
    .insert(courseCategories)
    .values([
      { name: '歴史', sortNumber: 3 },
      { name: '健康', sortNumber: 1 },
      { name: '語学', sortNumber: 2 },
    ])
    .returning({ id: courseCategories.id });
  catIds = cats.map((c) => c.id);
});
afterAll(() => t.close());

const tokyo = (local: string) => new Date(`${local}+09:00`);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const list = async (params: Record<string, string>, cookie = admin) => {
  const res = await get(t.app, `/api/admin/courselist/?${q(params)}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data_list: { id: number; course_name: string; c_num: number }[];
    is_end: boolean;
  };
};
const names = async (params: Record<string, string>, cookie = admin) =>
  (await list(params, cookie)).data_list.map((r) => r.course_name);
const courseCount = async () => (await t.db.select({ n: count() }).from(courses))[0]!.n;
const auditCount = async () =>
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'course')))[0]!.n;

/** A complete, valid authoring body; tests override what they care about. */
const body = (over: Record<string, unknown> = {}) => ({
  course_id: '',
  course_name: '新しい講座',
  content: '講座の内容',
  organ: 'まなび市民大学',
  univ_id: '',
  period_f: '2026-04-01T09:00',
  period_t: '2026-04-30T17:00',
  period: '毎週土曜日 10:00〜12:00',
  capacity: '30',
  minimum: '5',
  all_times: '10',
  tuition_fee: '3000',
  tuition_fee1: '1500',
  material_cost: '500',
  venue: '市民会館',
  street_address: '東京都まなび市1-2-3',
  cancel: '1',
  unit: '2',
  category: [],
  image: 'https://example.jp/img.png',
  status: '1',
  attendee: '市内在住の方',
  keyword: '歴史',
  permalink: 'https://example.jp/course/1',
  how_to_apply: 'マイページから',
  apply_url: 'https://example.jp/apply',
  apply_url_text: '申込はこちら',
  is_lottery: '1',
  ...over,
});

describe('GET /api/admin/courselist/', () => {
  it('lists a page ordered by application start (newest first) with live applicant counts', async () => {
    const older = await makeCourse(t.db, {
      name: 'LISTA 古い講座',
      code: 'LA001',
      organ: '市民大学',
      periodFrom: tokyo('2026-05-01T09:00'),
      periodTo: tokyo('2026-05-31T17:00'),
      period: '毎週月曜',
      imageUrl: 'https://example.jp/a.png',
    });
    const newer = await makeCourse(t.db, {
      name: 'LISTA 新しい講座',
      universityId: 'U01',
      periodFrom: tokyo('2026-06-01T09:00'),
    });
    for (const [lotteryStatus, cancelledAt] of [
      ['1', null],
      ['2', null],
      ['4', new Date()], // cancelled: never counted
      ['4', null], // cancelled through the lottery status only: not counted either
    ] as const) {
      const s = await makeStudent(t.db);
      await makeApplication(t.db, { courseId: older.id, studentId: s.id, lotteryStatus, cancelledAt });
    }

    const page = await list({ course_name: 'LISTA' });
    expect(page.is_end).toBe(true);
    expect(page.data_list).toEqual([
      expect.objectContaining({ id: newer.id, course_name: 'LISTA 新しい講座', c_num: 0 }),
      {
        id: older.id,
        course_id: 'LA001',
        course_name: 'LISTA 古い講座',
        organ: '市民大学',
        period_f: '2026-05-01T00:00:00.000Z',
        period_t: '2026-05-31T08:00:00.000Z',
        period: '毎週月曜',
        c_num: 2,
        image: 'https://example.jp/a.png',
        // course-list-state.test.ts checks the states
        state: expect.any(String),
      },
    ]);
  });

  it('filters by each text field, the two date ranges (Tokyo days), control and site_id', async () => {
    const base = { periodFrom: tokyo('2026-04-01T00:00'), periodTo: tokyo('2026-04-30T23:59') };
    await makeCourse(t.db, { ...base, name: 'FLT 内容', content: '江戸の<歴史>を学ぶ' });
    await makeCourse(t.db, { ...base, name: 'FLT 機関', organ: 'みなと工科大学' });
    await makeCourse(t.db, { ...base, name: 'FLT 日程', period: '第2・第4水曜' });
    await makeCourse(t.db, { ...base, name: 'FLT 語句', keyword: '園芸 ガーデニング' });
    await makeCourse(t.db, { ...base, name: 'FLT 非公開', status: '2' });
    await makeCourse(t.db, { ...base, name: 'FLT 大学', universityId: 'U02' });
    await makeCourse(t.db, {
      name: 'FLT 前年度',
      periodFrom: tokyo('2026-03-31T23:59'),
      periodTo: tokyo('2026-05-01T00:00'),
    });
    const flt = { course_name: 'FLT' };

    expect(await names({ ...flt, course_content: '<歴史>' })).toEqual(['FLT 内容']);
    expect(await names({ ...flt, organ: 'みなと' })).toEqual(['FLT 機関']);
    expect(await names({ ...flt, period: '第4水曜' })).toEqual(['FLT 日程']);
    expect(await names({ ...flt, keyword: 'ガーデニング' })).toEqual(['FLT 語句']);
    // % and _ are taken literally
    expect(await names({ course_name: 'FLT%' })).toEqual([]);
    // control: default 1 hides the non-public course; 2 shows only it
    expect(await names(flt)).not.toContain('FLT 非公開');
    expect(await names({ ...flt, control: '2' })).toEqual(['FLT 非公開']);
    // site_id: 4 = own courses, 11 = partner universities
    expect(await names({ ...flt, site_id: '11' })).toEqual(['FLT 大学']);
    expect(await names({ ...flt, site_id: '4' })).not.toContain('FLT 大学');
    expect((await names({ ...flt, site_id: '4' })).length).toBe(5);
    // period FROM: the 31 March 23:59 (Tokyo) course falls on 31 March, not on 1 April
    expect(await names({ ...flt, period_f_s: '2026-04-01' })).not.toContain('FLT 前年度');
    expect(await names({ ...flt, period_f_e: '2026-03-31' })).toEqual(['FLT 前年度']);
    expect((await names({ ...flt, period_f_s: '2026-03-31', period_f_e: '2026-04-01' })).length).toBe(6);
    // period TO: 30 April 23:59 is still 30 April; 1 May 00:00 is 1 May
    expect(await names({ ...flt, period_t_s: '2026-05-01' })).toEqual(['FLT 前年度']);
    expect((await names({ ...flt, period_t_e: '2026-04-30' })).length).toBe(5);
  });

  it('pages by offset_num (100 a page) and says when the last page is reached', async () => {
    await t.db.insert(courses).values(
      Array.from({ length: 105 }, (_, i) => ({
        name: `PAGE ${String(i).padStart(3, '0')}`,
        periodFrom: new Date(Date.UTC(2030, 0, 1) + i * 60_000),
      })),
    );
    const first = await list({ course_name: 'PAGE' });
    expect(first.data_list).toHaveLength(100);
    expect(first.is_end).toBe(false);
    expect(first.data_list[0]!.course_name).toBe('PAGE 104');
    const second = await list({ course_name: 'PAGE', offset_num: '1' });
    expect(second.data_list.map((r) => r.course_name)).toEqual([
      'PAGE 004',
      'PAGE 003',
      'PAGE 002',
      'PAGE 001',
      'PAGE 000',
    ]);
    expect(second.is_end).toBe(true);
    expect(await list({ course_name: 'PAGE', offset_num: '2' })).toEqual({ data_list: [], is_end: true });
  });

  it('shows an authority-2 admin only their university, whatever the query', async () => {
    const own = await makeCourse(t.db, { name: 'UNIV 自大学', universityId: 'U01' });
    const ownHidden = await makeCourse(t.db, { name: 'UNIV 自大学非公開', universityId: 'U01', status: '2' });
    await makeCourse(t.db, { name: 'UNIV 他大学', universityId: 'U02' });
    await makeCourse(t.db, { name: 'UNIV 事務局', code: 'UNIV1' });
    const mine = new Set(
      (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.universityId, 'U01'))).map(
        (r) => r.id,
      ),
    );
    const queries: Record<string, string>[] = [
      {},
      { course_name: 'UNIV' },
      { course_name: 'UNIV 他大学' },
      { site_id: '4' },
      { site_id: '11' },
      { control: '2' },
      { organ: 'まなび' },
      { offset_num: '0', period_f_s: '2000-01-01' },
    ];
    for (const params of queries) {
      const rows = (await list(params, univ)).data_list;
      for (const r of rows) expect(mine.has(r.id)).toBe(true);
    }
    expect(await names({ course_name: 'UNIV' }, univ)).toEqual(['UNIV 自大学']);
    expect((await list({ course_name: 'UNIV', site_id: '11' }, univ)).data_list.map((r) => r.id)).toEqual([
      own.id,
    ]);
    expect((await list({ control: '2', course_name: 'UNIV' }, univ)).data_list.map((r) => r.id)).toEqual([
      ownHidden.id,
    ]);
    expect(await names({ site_id: '4' }, univ)).toEqual([]);
  });

  it('rejects bad search input with the field message', async () => {
    const bad = async (params: Record<string, string>) => {
      const res = await get(t.app, `/api/admin/courselist/?${q(params)}`, admin);
      expect(res.statusCode).toBe(422);
      return res.json().err_list;
    };
    expect(await bad({ course_name: 'あ'.repeat(101) })).toContainEqual({
      name: 'course_name',
      msg: '101文字以上は入力できません',
    });
    expect(await bad({ keyword: 'x'.repeat(101), organ: 'y'.repeat(101) })).toEqual(
      expect.arrayContaining([
        { name: 'keyword', msg: '101文字以上は入力できません' },
        { name: 'organ', msg: '101文字以上は入力できません' },
      ]),
    );
    expect(await bad({ offset_num: '1000' })).toContainEqual({
      name: 'offset_num',
      msg: MSG.maxLen(3, '桁'),
    });
    expect(await bad({ offset_num: '-1' })).toContainEqual({ name: 'offset_num', msg: MSG.halfDigits });
    expect(await bad({ period_f_s: '2026-02-30' })).toContainEqual({
      name: 'period_f_s',
      msg: MSG.dateInvalid,
    });
    expect(await bad({ control: '9' })).toContainEqual({ name: 'control', msg: MSG.invalidChoice });
    expect(await bad({ site_id: '5' })).toContainEqual({ name: 'site_id', msg: MSG.invalidChoice });
  });
});

describe('GET /api/admin/courselist/period/', () => {
  it('answers the current fiscal year in Tokyo', async () => {
    const res = await get(t.app, '/api/admin/courselist/period/', univ);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(fiscalYearPeriod());
    expect(res.json().date_start).toMatch(/^\d{4}-04-01$/);
  });

  it('turns the fiscal year at Tokyo midnight of 1 April', () => {
    expect(fiscalYearPeriod(new Date('2026-03-31T14:59:59Z'))).toEqual({
      date_start: '2025-04-01',
      date_end: '2026-03-31',
    });
    expect(fiscalYearPeriod(new Date('2026-03-31T15:00:00Z'))).toEqual({
      date_start: '2026-04-01',
      date_end: '2027-03-31',
    });
    expect(fiscalYearPeriod(new Date('2026-12-31T15:00:00Z'))).toEqual({
      date_start: '2026-04-01',
      date_end: '2027-03-31',
    });
  });
});

describe('GET /api/admin/course/', () => {
  it('answers every field to authority 1 and the reduced set to authority 2 of that university', async () => {
    const c = await makeCourse(t.db, {
      name: '詳細講座',
      code: 'DT001',
      content: '本文',
      universityId: 'U01',
      periodFrom: tokyo('2026-04-01T09:00'),
      periodTo: tokyo('2026-04-30T17:00'),
      capacity: 20,
      tuitionFee: 1000,
      isCancelable: false,
      unit: 3,
    });
    await t.db
      .insert(courseCategoryLinks)
      .values(catIds.map((categoryId) => ({ courseId: c.id, categoryId })));
    const s = await makeStudent(t.db);
    await makeApplication(t.db, { courseId: c.id, studentId: s.id });
    const cancelled = await makeStudent(t.db);
    await makeApplication(t.db, { courseId: c.id, studentId: cancelled.id, cancelledAt: new Date() });

    const full = await get(t.app, `/api/admin/course/?id=${c.id}`, admin);
    expect(full.statusCode).toBe(200);
    expect(full.json()).toEqual({
      id: c.id,
      course_id: 'DT001',
      course_name: '詳細講座',
      content: '本文',
      organ: 'まなび市民大学',
      univ_id: 'U01',
      period_f: '2026-04-01T00:00:00.000Z',
      period_t: '2026-04-30T08:00:00.000Z',
      capacity: 20,
      minimum: null,
      application: 1,
      period: '',
      all_times: 15,
      tuition_fee: 1000,
      venue: '',
      street_address: '',
      cancel: false,
      unit: 3,
      tuition_fee1: null,
      material_cost: null,
      category: [
        { id: catIds[1], name: '健康' },
        { id: catIds[2], name: '語学' },
        { id: catIds[0], name: '歴史' },
      ],
      image: '',
      status: '1',
      attendee: '',
      keyword: '',
      permalink: '',
      how_to_apply: '',
      apply_url: '',
      apply_url_text: '',
      is_lottery: true,
      updated_at: c.updatedAt.toISOString(),
      // class days
      sessions: [],
      remind: true,
      bring: '',
    });

    const reduced = await get(t.app, `/api/admin/course/?id=${c.id}`, univ);
    expect(reduced.statusCode).toBe(200);
    expect(Object.keys(reduced.json()).sort()).toEqual(
      [
        'id',
        'course_id',
        'course_name',
        'content',
        'organ',
        'univ_id',
        'period_f',
        'period_t',
        'capacity',
        'application',
        'period',
        'all_times',
        'venue',
        'street_address',
        'status',
        'keyword',
        'sessions',
        'remind',
        'bring',
      ].sort(),
    );
    expect(reduced.json()).toMatchObject({ id: c.id, course_name: '詳細講座', application: 1 });
  });

  it("refuses an authority-2 admin another university's course or the programme's own (403)", async () => {
    const other = await makeCourse(t.db, { universityId: 'U02' });
    const own = await makeCourse(t.db);
    expect((await get(t.app, `/api/admin/course/?id=${other.id}`, univ)).statusCode).toBe(403);
    expect((await get(t.app, `/api/admin/course/?id=${own.id}`, univ)).statusCode).toBe(403);
  });

  it('answers 404 for a missing course and 422 for an unreadable id', async () => {
    expect((await get(t.app, '/api/admin/course/?id=999999', admin)).statusCode).toBe(404);
    const bad = await get(t.app, '/api/admin/course/?id=abc', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list).toContainEqual({ name: 'id', msg: MSG.invalidValue });
  });
});

describe('GET /api/admin/course/categories/', () => {
  it('lists course categories in sort order for any admin', async () => {
    for (const cookie of [admin, univ]) {
      const res = await get(t.app, '/api/admin/course/categories/', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: catIds[1], name: '健康' },
        { id: catIds[2], name: '語学' },
        { id: catIds[0], name: '歴史' },
      ]);
    }
  });
});

describe('POST /api/admin/course/add/ and /update/', () => {
  it('adds a course with its categories in one audited write, content stripped of HTML', async () => {
    const res = await post(
      t.app,
      '/api/admin/course/add/',
      body({
        course_id: 'ADD01',
        univ_id: 'U02',
        category: [catIds[0], String(catIds[2])],
        content: '<p>江戸の<b>歴史</b> &amp; 文化</p><script>alert(1)</script>&lt;i&gt;',
      }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    const { result, id } = res.json();
    expect(result).toBe(true);
    const detail = (await get(t.app, `/api/admin/course/?id=${id}`, admin)).json();
    expect(detail).toMatchObject({
      course_id: 'ADD01',
      course_name: '新しい講座',
      content: '江戸の歴史 & 文化\n<i>',
      univ_id: 'U02',
      period_f: '2026-04-01T00:00:00.000Z',
      period_t: '2026-04-30T08:00:00.000Z',
      capacity: 30,
      minimum: 5,
      all_times: 10,
      tuition_fee: 3000,
      tuition_fee1: 1500,
      material_cost: 500,
      cancel: true,
      unit: 2,
      category: [
        { id: catIds[2], name: '語学' },
        { id: catIds[0], name: '歴史' },
      ],
      image: 'https://example.jp/img.png',
      status: '1',
      is_lottery: true,
      application: 0,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.filter((a) => a.entity === 'course').map((a) => a.action)).toEqual(['create']);

    // optional numbers and code stay empty
    const bare = await post(
      t.app,
      '/api/admin/course/add/',
      body({ capacity: '', minimum: '', tuition_fee: '', cancel: '0', is_lottery: '0', image: '' }),
      admin,
    );
    expect(bare.statusCode).toBe(200);
    const bareDetail = (await get(t.app, `/api/admin/course/?id=${bare.json().id}`, admin)).json();
    expect(bareDetail).toMatchObject({
      course_id: '',
      univ_id: null,
      capacity: null,
      tuition_fee: null,
      cancel: false,
      is_lottery: false,
      category: [],
    });
  });

  it('strips HTML to plain text', () => {
    expect(
      stripHtml('<div>一行目<br>二行目</div><!-- x --><style>p{}</style>&#x41;&#66;&nbsp;&unknown;'),
    ).toBe('一行目\n二行目\nAB &unknown;');
  });

  it('validates with the Japanese field messages and writes nothing', async () => {
    await makeCourse(t.db, { code: 'TAKEN1' });
    const before = [await courseCount(), await auditCount()];
    const errs = async (over: Record<string, unknown>) => {
      const res = await post(t.app, '/api/admin/course/add/', body(over), admin);
      expect(res.statusCode).toBe(422);
      return res.json().err_list;
    };
    const empty = await post(t.app, '/api/admin/course/add/', {}, admin);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().err_list).toEqual(
      expect.arrayContaining([
        { name: 'course_name', msg: MSG.required },
        { name: 'organ', msg: MSG.required },
        { name: 'period_f', msg: MSG.required },
        { name: 'period_t', msg: MSG.required },
        { name: 'all_times', msg: MSG.required },
        { name: 'unit', msg: MSG.required },
        { name: 'status', msg: MSG.required },
        { name: 'cancel', msg: MSG.required },
      ]),
    );
    expect(await errs({ course_name: 'あ'.repeat(101) })).toContainEqual({
      name: 'course_name',
      msg: '101文字以上は入力できません',
    });
    expect(await errs({ course_id: 'ABCDEFGHIJK' })).toContainEqual({
      name: 'course_id',
      msg: '11文字以上は入力できません',
    });
    expect(await errs({ course_id: '講座' })).toContainEqual({ name: 'course_id', msg: MSG.asciiPrintable });
    expect(await errs({ period_t: '2026-03-31T23:59' })).toContainEqual({
      name: 'period_t',
      msg: MSG.periodOrder,
    });
    expect(await errs({ period_f: '2026-04-01' })).toContainEqual({ name: 'period_f', msg: MSG.dateInvalid });
    expect(await errs({ all_times: '16' })).toContainEqual({ name: 'all_times', msg: MSG.intRange(1, 15) });
    expect(await errs({ all_times: '0' })).toContainEqual({ name: 'all_times', msg: MSG.positiveInt });
    expect(await errs({ capacity: '-1', unit: '123456' })).toEqual(
      expect.arrayContaining([
        { name: 'capacity', msg: MSG.zeroOrPositiveInt },
        { name: 'unit', msg: '6桁以上は入力できません' },
      ]),
    );
    expect(await errs({ image: 'javascript:alert(1)' })).toContainEqual({ name: 'image', msg: MSG.url });
    expect(await errs({ status: '3' })).toContainEqual({ name: 'status', msg: MSG.invalidChoice });
    expect(await errs({ cancel: 'yes' })).toContainEqual({ name: 'cancel', msg: MSG.invalidChoice });
    expect(await errs({ content: 'あ'.repeat(10001) })).toContainEqual({
      name: 'content',
      msg: '10001文字以上は入力できません',
    });
    // database checks
    expect(await errs({ course_id: 'TAKEN1' })).toEqual([{ name: 'course_id', msg: MSG.courseIdInUse }]);
    expect(await errs({ univ_id: 'NOPE' })).toEqual([{ name: 'univ_id', msg: MSG.invalidChoice }]);
    expect(await errs({ category: [catIds[0], 999999] })).toEqual([
      { name: 'category', msg: MSG.invalidChoice },
    ]);
    expect(await errs({ category: ['x'] })).toContainEqual({ name: 'category.0', msg: MSG.invalidChoice });
    expect([await courseCount(), await auditCount()]).toEqual(before);
  });

  it('updates a course and its categories, refuses a stale update with 409 and changes nothing', async () => {
    const created = await post(
      t.app,
      '/api/admin/course/add/',
      body({ course_id: 'UPD01', category: [catIds[0]] }),
      admin,
    );
    const id = created.json().id;
    const seen = (await get(t.app, `/api/admin/course/?id=${id}`, admin)).json();
    const upd = await post(
      t.app,
      '/api/admin/course/update/',
      body({
        id,
        updated_at: seen.updated_at,
        course_id: 'UPD01',
        course_name: '更新後の講座',
        category: [catIds[1]],
        status: '2',
      }),
      admin,
    );
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({ result: true, id });
    const after = (await get(t.app, `/api/admin/course/?id=${id}`, admin)).json();
    expect(after).toMatchObject({
      course_id: 'UPD01',
      course_name: '更新後の講座',
      status: '2',
      category: [{ id: catIds[1], name: '健康' }],
    });
    expect(after.updated_at).not.toBe(seen.updated_at);
    // the entry says what changed, before → after (the long texts by name only)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')));
    expect(entry).toMatchObject({
      courseId: id,
      detail: expect.objectContaining({
        changes: { name: [seen.course_name, '更新後の講座'], status: [seen.status, '2'] },
      }),
    });

    const auditsBefore = await auditCount();
    const late = await post(
      t.app,
      '/api/admin/course/update/',
      body({ id, updated_at: seen.updated_at, course_name: '古い画面から', category: [catIds[2]] }),
      admin,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG.stale);
    expect((await get(t.app, `/api/admin/course/?id=${id}`, admin)).json()).toEqual(after);
    expect(await auditCount()).toBe(auditsBefore);
    const links = await t.db
      .select()
      .from(courseCategoryLinks)
      .where(inArray(courseCategoryLinks.courseId, [id]));
    expect(links.map((l) => l.categoryId)).toEqual([catIds[1]]);

    // another course's code is refused on update too
    await makeCourse(t.db, { code: 'UPD02' });
    const dup = await post(
      t.app,
      '/api/admin/course/update/',
      body({ id, updated_at: after.updated_at, course_id: 'UPD02' }),
      admin,
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().err_list).toEqual([{ name: 'course_id', msg: MSG.courseIdInUse }]);
  });

  it('answers 404 when updating a course that does not exist', async () => {
    const res = await post(
      t.app,
      '/api/admin/course/update/',
      body({ id: 999999, updated_at: new Date().toISOString() }),
      admin,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('who may not call the course API', () => {
  it('refuses anonymous callers (401) and students (403) everywhere, authority 2 (403) on add and update', async () => {
    const c = await makeCourse(t.db, { universityId: 'U01', name: '権限確認' });
    const before = [await courseCount(), await auditCount()];
    for (const [cookie, status] of [
      [undefined, 401],
      [student, 403],
    ] as const) {
      for (const path of [
        '/api/admin/courselist/',
        '/api/admin/courselist/period/',
        `/api/admin/course/?id=${c.id}`,
        '/api/admin/course/categories/',
      ]) {
        expect((await get(t.app, path, cookie)).statusCode).toBe(status);
      }
    }
    for (const [cookie, status] of [
      [undefined, 401],
      [student, 403],
      [univ, 403],
    ] as const) {
      expect((await post(t.app, '/api/admin/course/add/', body(), cookie)).statusCode).toBe(status);
      expect(
        (
          await post(
            t.app,
            '/api/admin/course/update/',
            body({ id: c.id, updated_at: c.updatedAt.toISOString(), course_name: '乗っ取り' }),
            cookie,
          )
        ).statusCode,
      ).toBe(status);
    }
    expect([await courseCount(), await auditCount()]).toEqual(before);
    const [row] = await t.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row!.name).toBe('権限確認');
  });
});
