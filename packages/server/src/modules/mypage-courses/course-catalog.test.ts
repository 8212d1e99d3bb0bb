import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseCatalogVersion,
  courseCategories,
  courseCategoryLinks,
  courseIntake,
  courses,
  students,
} from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeCourse } from '../../test/factories';
import { searchCourses } from './mypage-courses.service';

/**
 * The my-page course catalogue (decision 023): searches read courses from memory, and must answer exactly
 * what the SQL search answered, and never a course older than the database's.
 */
let t: TestApp;
let cast: Cast;
const DAY = 86_400_000;
const MIN = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);
const TAG = '目録';

const version = async () =>
  (await t.db.select({ v: courseCatalogVersion.version }).from(courseCatalogVersion))[0]!.v;
/** node-postgres and PGlite both answer { rows } */
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** the session's student (24040001), as the guard hands it to the service */
const me = async () => {
  const [s] = await t.db
    .select({
      id: students.id,
      loginId: students.loginId,
      name: students.name,
      generationId: students.generationId,
    })
    .from(students)
    .where(eq(students.loginId, '24040001'));
  return { ...s!, loginId: s!.loginId ?? '' };
};
const search = async (kind: 'accepting' | 'before', query: string) =>
  (await get(t.app, `/api/mypage/${kind}courselist/?${query}`, cast.student)).json();

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(async () => {
  await t.close();
});

describe('the catalogue answers what the SQL search answered', () => {
  it('for every keyword, organ, date and page against the former query, accepting and before', async () => {
    // a varied set: cases and widths of letters, nulls, windows at their edges, non-public and past courses
    const words = [
      'Python入門',
      'python応用',
      'ＰＹＴＨＯＮ',
      '俳句',
      '俳句と短歌',
      '100%',
      'a_b',
      '歴史',
      '',
    ];
    const organs = ['まなび市民大学', 'みなと大学', 'Minato College', 'ＭＩＮＡＴＯ'];
    for (let i = 0; i < 48; i++) {
      const windowKind = i % 6;
      const [from, to] =
        windowKind === 0
          ? [at(-DAY), at(DAY + i * MIN)] // open
          : windowKind === 1
            ? [at(DAY + i * MIN), at(2 * DAY)] // before
            : windowKind === 2
              ? [at(-3 * DAY), at(-30_000)] // its last minute: still open
              : windowKind === 3
                ? [at(-3 * DAY), at(-2 * DAY)] // ended
                : windowKind === 4
                  ? [at(-DAY), at(DAY)] // open, same end as others (ties by id)
                  : [at(DAY), at(DAY)]; // before, same start
      await makeCourse(t.db, {
        name: `${TAG}${i} ${words[i % words.length]}`,
        keyword: i % 4 === 0 ? '' : words[(i + 3) % words.length],
        content: i % 5 === 0 ? '' : `内容 ${words[(i + 5) % words.length]}`,
        organ: organs[i % organs.length],
        periodFrom: from,
        periodTo: to,
        startDate: i % 7 === 0 ? null : `2027-0${1 + (i % 3)}-${String(10 + (i % 9)).padStart(2, '0')}`,
        status: i % 9 === 8 ? '2' : '1',
      });
    }
    const queries = [
      '',
      'page=2',
      'page=99',
      'keyword=python',
      'keyword=PYTHON',
      'keyword=%EF%BD%90%EF%BD%99', // ｐｙ (full width)
      'keyword=%25', // %
      'keyword=_',
      'keyword=%E4%BF%B3%E5%8F%A5', // 俳句
      'keyword=%E5%86%85%E5%AE%B9', // 内容 (only in the description)
      'organ=minato',
      'organ=%EF%BD%8D%EF%BD%89', // ｍｉ
      'date_from=2027-02-01',
      'date_to=2027-01-15',
      'date_from=2027-01-12&date_to=2027-02-15&keyword=%E7%9B%AE%E9%8C%B2', // 目録
      'keyword=%20%E6%AD%B4%E5%8F%B2%20&page=1', // ' 歴史 '
    ];
    const now = new Date();
    const student = await me();
    for (const kind of ['accepting', 'before'] as const) {
      for (const query of queries) {
        const q = Object.fromEntries(new URLSearchParams(query));
        const input = { keyword: '', organ: '', date_from: '', date_to: '', page: '', ...q } as never;
        const answered = await searchCourses(t.db, student, kind, input, now);
        const expected = await formerSearch(kind, input, now);
        expect({
          kind,
          query,
          ids: answered.data_list.map((r) => r.id),
          total: answered.total,
          page: answered.page,
        }).toEqual({ kind, query, ...expected });
      }
    }
  });
});

/** The SQL of the search before the catalogue (decision 023 keeps its meaning): ids, total, page. */
async function formerSearch(
  kind: 'accepting' | 'before',
  q: { keyword: string; organ: string; date_from: string; date_to: string; page: string },
  now: Date,
) {
  const like = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const k = q.keyword.trim();
  const o = q.organ.trim();
  const n = now.toISOString();
  const end = new Date(now.getTime() - MIN).toISOString();
  const window =
    kind === 'accepting' ? sql`period_from <= ${n} and period_to > ${end}` : sql`period_from > ${n}`;
  const rows = await t.db.execute<{ id: number }>(sql`select id from courses where status = '1' and ${window}
    ${k ? sql`and (name ilike ${like(k)} or keyword ilike ${like(k)} or content ilike ${like(k)})` : sql``}
    ${o ? sql`and organ ilike ${like(o)}` : sql``}
    ${q.date_from ? sql`and start_date >= ${q.date_from}` : sql``}
    ${q.date_to ? sql`and start_date <= ${q.date_to}` : sql``}
    order by ${kind === 'accepting' ? sql`period_to` : sql`period_from`}, id`);
  const ids = rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
  const total = ids.length;
  const page = Math.min(Math.max(1, Number(q.page) || 1), Math.max(1, Math.ceil(total / 8)));
  return { ids: ids.slice((page - 1) * 8, page * 8), total, page };
}

describe('a change reaches the catalogue as soon as it is committed', () => {
  it('an update made outside the app (another process, or SQL by hand) raises the version and shows at once', async () => {
    const c = await makeCourse(t.db, {
      name: `${TAG}改名前`,
      periodFrom: at(-DAY),
      periodTo: at(DAY),
      status: '1',
    });
    expect((await search('accepting', `keyword=${encodeURIComponent(`${TAG}改名前`)}`)).total).toBe(1);

    const v = await version();
    await t.db.execute(sql`update courses set name = ${`${TAG}改名後`} where id = ${c.id}`);
    expect(await version()).toBeGreaterThan(v);
    const renamed = await search('accepting', `keyword=${encodeURIComponent(`${TAG}改名後`)}`);
    expect(renamed.data_list.map((r: { id: number }) => r.id)).toEqual([c.id]);
    expect((await search('accepting', `keyword=${encodeURIComponent(`${TAG}改名前`)}`)).total).toBe(0);

    // non-public: gone from the search and the detail (404) at once
    await t.db.update(courses).set({ status: '2' }).where(eq(courses.id, c.id));
    expect((await search('accepting', `keyword=${encodeURIComponent(`${TAG}改名後`)}`)).total).toBe(0);
    expect((await get(t.app, `/api/mypage/course/?id=${c.id}`, cast.student)).statusCode).toBe(404);
  });

  it('categories, their links and the intake settings are part of it', async () => {
    const c = await makeCourse(t.db, {
      name: `${TAG}分類`,
      periodFrom: at(-DAY),
      periodTo: at(DAY),
      status: '1',
      isLottery: false,
      capacity: 0,
    });
    const [cat] = await t.db
      .insert(courseCategories)
      .values({ name: `${TAG}分類A` })
      .returning();
    const detail = async () => (await get(t.app, `/api/mypage/course/?id=${c.id}`, cast.student)).json();
    expect((await detail()).categories).toEqual([]);
    await t.db.insert(courseCategoryLinks).values({ courseId: c.id, categoryId: cat!.id });
    expect((await detail()).categories).toEqual([`${TAG}分類A`]);
    await t.db
      .update(courseCategories)
      .set({ name: `${TAG}分類B` })
      .where(eq(courseCategories.id, cat!.id));
    expect((await detail()).categories).toEqual([`${TAG}分類B`]);

    // full first-come course: no apply button until its intake keeps a waitlist (順番待ち, decision 015)
    expect(await detail()).toMatchObject({ is_full: true, is_disp_applybtn: false });
    await t.db.insert(courseIntake).values({ courseId: c.id, waitlist: true });
    expect(await detail()).toMatchObject({ is_full: true, is_disp_applybtn: true });
  });

  it('an application shows in the search and the detail at once (read per request, not cached)', async () => {
    const c = await makeCourse(t.db, {
      name: `${TAG}申込`,
      periodFrom: at(-DAY),
      periodTo: at(DAY),
      status: '1',
    });
    const v = await version();
    const applied = await post(
      t.app,
      '/api/mypage/courseapplication/',
      { course_id: String(c.id), is_dont_canncel: '0' },
      cast.student,
    );
    expect(applied.json()).toMatchObject({ result: true });
    // applying never writes the catalogue's tables: no reload for every application
    expect(await version()).toBe(v);
    const found = await search('accepting', `keyword=${encodeURIComponent(`${TAG}申込`)}`);
    expect(found.data_list[0].applicant_id).toEqual(expect.any(Number));
    const detail = (await get(t.app, `/api/mypage/course/?id=${c.id}`, cast.student)).json();
    expect(detail.applicant_id).toBe(found.data_list[0].applicant_id);
  });

  it('many calls at once after a change all answer the new course', async () => {
    const c = await makeCourse(t.db, {
      name: `${TAG}同時`,
      periodFrom: at(-DAY),
      periodTo: at(DAY),
      status: '1',
    });
    await search('accepting', '');
    await t.db
      .update(courses)
      .set({ organ: `${TAG}同時機関` })
      .where(eq(courses.id, c.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => search('accepting', `organ=${encodeURIComponent(`${TAG}同時機関`)}`)),
    );
    for (const a of answers) expect(a.data_list.map((r: { id: number }) => r.id)).toEqual([c.id]);
  });
});

describe('time passes without a reload', () => {
  it('a course leaves the accepting search when its last minute ends, and a past instant reads its own', async () => {
    const c = await makeCourse(t.db, {
      name: `${TAG}締切`,
      periodFrom: at(-DAY),
      periodTo: at(10 * MIN),
      status: '1',
    });
    const q = { keyword: `${TAG}締切`, organ: '', date_from: '', date_to: '', page: '' } as never;
    const student = await me();
    expect((await searchCourses(t.db, student, 'accepting', q, at(0))).total).toBe(1);
    // eleven minutes on: the same catalogue, the course's window (and its last minute) is over
    expect((await searchCourses(t.db, student, 'accepting', q, at(11 * MIN + 1000))).total).toBe(0);
    // a day before: it had not opened yet
    expect(
      (await searchCourses(t.db, student, 'before', q, at(-2 * DAY))).data_list.map((r) => r.id),
    ).toEqual([c.id]);
  });

  it('a past course is still shown in full by its detail (read from the database)', async () => {
    const c = await makeCourse(t.db, {
      name: `${TAG}過去`,
      periodFrom: at(-30 * DAY),
      periodTo: at(-20 * DAY),
      status: '1',
    });
    const detail = await get(t.app, `/api/mypage/course/?id=${c.id}`, cast.student);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: c.id, course_name: `${TAG}過去`, in_period: false });
  });
});
