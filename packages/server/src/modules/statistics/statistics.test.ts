import { STATISTICS_PAGE_SIZE, STATISTICS_TABLES } from '@manabi/shared/schemas/statistics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, universities } from '../../db/schema';
import { type Cast, createTestApp, get, loginAsAdmin, makeCast, type TestApp } from '../../test/app';
import { makeAdmin, makeApplication, makeCourse, makeStudent, makeUniversity } from '../../test/factories';

const BASE = '/api/admin/statistics';
const FY = 2030;
const Q = `fy=${FY}`;
const READS = ['summary', 'groups', 'sessions', 'students', 'trends'] as const;

let t: TestApp;
let cast: Cast;
let ours: number;

const url = (path: string, q = Q) => `${BASE}/${path}/?${q}`;
const present = ['1', '3', '2', ...Array(12).fill('0')];

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  await makeUniversity(t.db, { id: 'U02' });
  // a course whose name would be a formula in a spreadsheet, with two in their sixties and one unknown
  const c = await makeCourse(t.db, {
    universityId: 'U01',
    name: '=SUM(A1)',
    capacity: 4,
    startDate: `${FY}-05-10`,
  });
  ours = c.id;
  for (const birthday of ['1965-05-01', '1966-01-10', null]) {
    const s = await makeStudent(t.db, { loginId: null, birthday, streetName1: '港区芝公園', gender: 2 });
    await makeApplication(t.db, { courseId: c.id, studentId: s.id, lotteryStatus: '2', attendance: present });
  }
});
afterAll(() => t.close());

describe('who may read the statistics', () => {
  it.each([...READS, 'csv'])(
    '%s: nobody → 401, a student → 403, both authorities → 200, not cached',
    async (path) => {
      const u = path === 'csv' ? url(path, `${Q}&table=summary`) : url(path);
      expect((await get(t.app, u)).statusCode).toBe(401);
      expect((await get(t.app, u, cast.student)).statusCode).toBe(403);
      for (const who of [cast.admin, cast.univ]) {
        const res = await get(t.app, u, who);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    },
  );
});

describe('bad input is a field error in Japanese, never a 500', () => {
  it.each([
    ['fy=abc', 'fy'],
    ['fy=1800', 'fy'],
    [`fy=${FY}&from=2030-04-01&to=2030-05-01`, 'from'],
    ['from=2030-04-01', 'to'],
    ['to=2030-04-01', 'from'],
    ['from=2030-05-01&to=2030-04-01', 'to'],
    ['from=2020-04-01&to=2026-03-31', 'to'],
    ['from=2030-04-0%01&to=2030-05-01', 'from'],
    ['fy=20%0a30', 'fy'],
  ])('%s → 422 on %s', async (q, field) => {
    for (const path of READS) {
      const res = await get(t.app, url(path, q), cast.admin);
      expect(res.statusCode, `${path} ${res.body}`).toBe(422);
      const err = res.json().err_list.find((e: { name: string }) => e.name === field);
      expect(err?.msg, path).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
  });

  it('an unknown group, page or table is refused on its field', async () => {
    const bad = [
      [url('groups', `${Q}&group=town`), 'group'],
      [url('groups', `${Q}&page=abc`), 'page'],
      [url('csv', `${Q}&table=xyz`), 'table'],
      [url('csv', Q), 'table'],
      [url('csv', `${Q}&table=ages&public=yes`), 'public'],
    ] as const;
    for (const [u, field] of bad) {
      const res = await get(t.app, u, cast.admin);
      expect(res.statusCode, u).toBe(422);
      expect(
        res.json().err_list.map((e: { name: string }) => e.name),
        u,
      ).toContain(field);
    }
  });
});

describe('the period', () => {
  it('a fiscal year is April to March; a chosen span is as given; nothing is the fiscal year of today', async () => {
    expect((await get(t.app, url('summary'), cast.admin)).json().period).toEqual({
      from: `${FY}-04-01`,
      to: `${FY + 1}-03-31`,
      fy: FY,
    });
    const span = (await get(t.app, url('summary', 'from=2030-07-01&to=2030-07-31'), cast.admin)).json();
    expect(span.period).toEqual({ from: '2030-07-01', to: '2030-07-31', fy: null });
    expect(span.figures.courses).toBe(0);
    const now = (await get(t.app, url('summary', ''), cast.admin)).json().period;
    expect(now.fy).toEqual(expect.any(Number));
    expect(now.from).toBe(`${now.fy}-04-01`);
  });

  it('months of a chosen span run from its first month to its last', async () => {
    const body = (await get(t.app, url('trends', 'from=2030-11-15&to=2031-02-01'), cast.admin)).json();
    expect(body.months.map((m: { month: string }) => m.month)).toEqual([
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
    ]);
    expect(body.years.map((y: { fy: number }) => y.fy)).toEqual([2026, 2027, 2028, 2029, 2030]);
  });
});

describe('groups are paged', () => {
  it(`${STATISTICS_PAGE_SIZE} a page, most applications first; a page past the end answers the last`, async () => {
    const fy = 2040;
    for (let i = 0; i < STATISTICS_PAGE_SIZE + 3; i += 1)
      await makeCourse(t.db, { name: `頁${String(i).padStart(2, '0')}`, startDate: `${fy}-06-01` });
    const first = (await get(t.app, url('groups', `fy=${fy}`), cast.admin)).json();
    expect(first.total).toBe(STATISTICS_PAGE_SIZE + 3);
    expect(first.data_list).toHaveLength(STATISTICS_PAGE_SIZE);
    expect(first.data_list[0].name).toBe('頁00');
    const past = (await get(t.app, url('groups', `fy=${fy}&page=9`), cast.admin)).json();
    expect(past.page).toBe(2);
    expect(past.data_list.map((r: { name: string }) => r.name)).toEqual(['頁50', '頁51', '頁52']);
  });
});

describe("authority 2 sees no number that includes another university's courses", () => {
  const csvUrl = url('csv', `${Q}&table=courses`);

  it.each([...READS, 'csv'])(
    '%s: a course of another university in the period changes nothing',
    async (path) => {
      const u = path === 'csv' ? csvUrl : url(path);
      const before = await get(t.app, u, cast.univ);
      const wholeBefore = await get(t.app, u, cast.admin);
      const other = await makeCourse(t.db, {
        universityId: 'U02',
        name: '他大学',
        capacity: 9,
        startDate: `${FY}-06-01`,
      });
      const s = await makeStudent(t.db, { loginId: null, streetName1: '渋谷区' });
      await makeApplication(t.db, {
        courseId: other.id,
        studentId: s.id,
        lotteryStatus: '2',
        attendance: present,
      });
      const after = await get(t.app, u, cast.univ);
      expect(after.statusCode).toBe(200);
      // the file name carries the time: compare the content
      expect(after.body, path).toBe(before.body);
      // the fixture is seen by authority 1, so the comparison above could have failed
      expect((await get(t.app, u, cast.admin)).body, path).not.toBe(wholeBefore.body);
    },
  );

  it("the summary names whose courses it covers: authority 2's university by name, nobody's for authority 1", async () => {
    const [univ] = await t.db.select().from(universities).where(eq(universities.id, 'U01'));
    expect((await get(t.app, url('summary'), cast.univ)).json().university).toEqual({
      id: 'U01',
      name: univ!.name,
    });
    expect((await get(t.app, url('summary'), cast.admin)).json().university).toBeNull();
  });

  it('an authority-2 admin without a university sees nothing', async () => {
    await makeAdmin(t.db, { loginId: 'nouniv', password: 'nounivpass1', authority: 2, universityId: null });
    const cookie = await loginAsAdmin(t.app, 'nouniv', 'nounivpass1');
    const body = (await get(t.app, url('summary'), cookie)).json();
    expect(body.figures.courses).toBe(0);
    expect(body.university).toBeNull();
    expect((await get(t.app, url('students'), cookie)).json().students).toBe(0);
  });
});

describe('GET /api/admin/statistics/csv/', () => {
  const lines = (body: string) => body.split('\r\n').filter(Boolean);

  it('starts with the BOM and the header, rates as percentages with one decimal, formulas escaped', async () => {
    const res = await get(t.app, url('csv', `${Q}&table=courses`), cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('statistics_courses_');
    // the screen's words, each with its unit: applications are 件, people 人
    expect(
      res.body.startsWith(
        '\uFEFF講座ID,講座名,講座数,定員（人）,申込み（件）,倍率（倍）,倍率を数えた講座,当選（件）,',
      ),
    ).toBe(true);
    const row = lines(res.body).find((l) => l.includes('SUM(A1)'))!;
    // the formula is text for the spreadsheet: the writer's leading '
    expect(row.split(',')[1]).toBe("'=SUM(A1)");
    // 3 applications on 4 seats: within its seats, so no 倍率 (an empty cell) and not one of the courses it is
    // over; 3 confirmed on 4: 充足率 75.0 %; sessions 2 of 3 each: 出席率 66.7 %
    expect(row).toContain(',4,3,,0,');
    expect(row).toContain(',75.0,');
    expect(row).toContain(',66.7,');
  });

  it('the public version prints a cell of 1 or 2 people as 「3人未満」; the office version the number', async () => {
    const office = lines((await get(t.app, url('csv', `${Q}&table=ages`), cast.admin)).body);
    const pub = await get(t.app, url('csv', `${Q}&table=ages&public=1`), cast.admin);
    expect(pub.headers['content-disposition']).toContain('statistics_ages_public_');
    const masked = lines(pub.body);
    expect(office[0]).toBe('\uFEFF年齢（年度末）,人数');
    // the fixture's course: two aged 65 on 31 March 2031 (born May 1965, January 1966) and one unknown
    const cell = (rows: string[], band: string) => rows.find((l) => l.startsWith(`${band},`))?.split(',')[1];
    const small = office.slice(1).filter((l) => ['1', '2'].includes(l.split(',')[1]!));
    expect(small.length).toBeGreaterThan(0);
    for (const l of small) expect(cell(masked, l.split(',')[0]!)).toBe('3人未満');
    // 0 stays 0: nobody is identified by it
    expect(cell(masked, '〜54')).toBe(cell(office, '〜54'));
  });

  it('masks only the demographic tables', async () => {
    const body = (await get(t.app, url('csv', `${Q}&table=summary&public=1`), cast.admin)).body;
    expect(body).not.toContain('3人未満');
  });

  it('every table downloads', async () => {
    for (const table of STATISTICS_TABLES) {
      const res = await get(t.app, url('csv', `${Q}&table=${table}`), cast.admin);
      expect(res.statusCode, table).toBe(200);
      expect(res.body.startsWith('\uFEFF'), table).toBe(true);
    }
  });

  it('applications of the period count whether or not they were cancelled, once per person', async () => {
    const s = await makeStudent(t.db, { loginId: null });
    await t.db.insert(courseApplications).values([
      { courseId: ours, studentId: s.id, cancelledAt: new Date() },
      { courseId: ours, studentId: s.id },
    ]);
    const row = (await get(t.app, url('groups'), cast.admin))
      .json()
      .data_list.find((r: { course_id: number }) => r.course_id === ours);
    expect(row.applications).toBe(4);
  });
});

describe('倍率 is over the courses applied for beyond their seats (decision 089)', () => {
  const FY2 = 2034;
  let full: number;
  beforeAll(async () => {
    const day = `${FY2}-06-01`;
    full = (await makeCourse(t.db, { name: '満員の講座', capacity: 2, startDate: day })).id;
    const roomy = (await makeCourse(t.db, { name: '空きのある講座', capacity: 10, startDate: day })).id;
    const open = (await makeCourse(t.db, { name: '定員なしの講座', capacity: null, startDate: day })).id;
    for (const [courseId, n] of [
      [full, 5],
      [roomy, 1],
      [open, 3],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const s = await makeStudent(t.db, { loginId: null });
        await makeApplication(t.db, { courseId, studentId: s.id });
      }
    }
  });

  it('the programme: 5 applications on 2 seats of the one course over them, not 9 on 12', async () => {
    const f = (await get(t.app, url('summary', `fy=${FY2}`), cast.admin)).json().figures;
    expect(f).toMatchObject({ applications: 9, seats: 12, ratio: 2.5, ratio_courses: 1 });
  });

  it('a course within its seats, or without any, has no 倍率; the CSV leaves its cell empty', async () => {
    const rows = (await get(t.app, url('groups', `fy=${FY2}`), cast.admin)).json().data_list as {
      name: string;
      ratio: number | null;
      ratio_courses: number;
    }[];
    expect(rows.map((r) => [r.name, r.ratio, r.ratio_courses])).toEqual([
      ['満員の講座', 2.5, 1],
      ['定員なしの講座', null, 0],
      ['空きのある講座', null, 0],
    ]);
    const csv = (await get(t.app, url('csv', `fy=${FY2}&table=courses`), cast.admin)).body;
    const line = (name: string) => csv.split('\r\n').find((l) => l.includes(name))!;
    expect(line('満員の講座')).toContain(',2,5,2.50,1,');
    expect(line('空きのある講座')).toContain(',10,1,,0,');
    expect(full).toBeGreaterThan(0);
  });
});
