import { MSG } from '@manabi/shared';
import { COURSE_STATES, type CourseState } from '@manabi/shared/domain/course-state';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { addDays } from '@manabi/shared/domain/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSessions } from '../../db/schema';
import { createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeCourse, makeUniversity, markDrawn } from '../../test/factories';

/**
 * The course list's code and state (decision 035), and the course picker: found by code through the keyword
 * and the code field, ordered by code and by state on the server, filtered by state with the same rules the
 * rows' state column shows.
 */
let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  await makeUniversity(t.db, { id: 'U02', name: '第二大学' });
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

type Row = { id: number; course_id: string; course_name: string; state: CourseState };
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const list = async (params: Record<string, string>, cookie = admin) => {
  const res = await get(t.app, `/api/admin/courselist/?${q(params)}`, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data_list: Row[] }).data_list;
};

const DAY = 86_400_000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY);
const today = () => todayTokyo(new Date());

async function sessions(courseId: number, days: number[]) {
  await t.db.insert(courseSessions).values(
    days.map((d, i) => ({
      courseId,
      no: i + 1,
      day: addDays(today(), d),
      startsAt: '10:00',
      endsAt: '12:00',
    })),
  );
}

const drawn = (courseId: number) => markDrawn(t.db, courseId);

describe('the course code in the list', () => {
  beforeAll(async () => {
    const base = { organ: 'コード検索', periodFrom: fromNow(-3), periodTo: fromNow(3), keyword: '歴史 江戸' };
    await makeCourse(t.db, { ...base, code: 'C2610', name: 'CODE 江戸の町' });
    await makeCourse(t.db, { ...base, code: 'C2611', name: 'CODE 港の経済' });
    await makeCourse(t.db, { ...base, code: 'D0001', name: 'CODE 書道' });
    await makeCourse(t.db, { ...base, code: null, name: 'CODE コードなし' });
  });

  it('the keyword 「C2610」 finds the course by its code, in any case or width', async () => {
    for (const keyword of ['C2610', 'c2610', 'Ｃ２６１０', '2610']) {
      expect((await list({ organ: 'コード検索', keyword })).map((r) => r.course_id)).toEqual(['C2610']);
    }
    // the course's own keywords still match
    expect(await list({ organ: 'コード検索', keyword: '江戸' })).toHaveLength(4);
  });

  it('the code field matches from the start of the code', async () => {
    const codes = async (course_id: string) =>
      (await list({ organ: 'コード検索', course_id, sort: 'course_id' })).map((r) => r.course_id);
    expect(await codes('C261')).toEqual(['C2610', 'C2611']);
    expect(await codes('c2611')).toEqual(['C2611']);
    expect(await codes('2610')).toEqual([]);
    expect(await codes('C261%')).toEqual([]);
  });

  it('orders by code on the server, both ways, courses without a code last', async () => {
    const asc = await list({ organ: 'コード検索', sort: 'course_id', dir: 'asc' });
    expect(asc.map((r) => r.course_id)).toEqual(['C2610', 'C2611', 'D0001', '']);
    const desc = await list({ organ: 'コード検索', sort: 'course_id', dir: 'desc' });
    expect(desc.map((r) => r.course_id)).toEqual(['D0001', 'C2611', 'C2610', '']);
  });

  it('refuses an unknown order, state or a code longer than 10 characters (422, nothing listed)', async () => {
    for (const [params, name, msg] of [
      [{ sort: 'name' }, 'sort', MSG.invalidChoice],
      [{ state: 'closed' }, 'state', MSG.invalidChoice],
      [{ course_id: 'C'.repeat(11) }, 'course_id', MSG.maxLen(10)],
    ] as const) {
      const res = await get(t.app, `/api/admin/courselist/?${q(params)}`, admin);
      expect(res.statusCode).toBe(422);
      expect(res.json().err_list).toContainEqual({ name, msg });
    }
  });
});

describe('the state of each course', () => {
  const expected = new Map<number, CourseState>();
  beforeAll(async () => {
    const organ = '状態テスト';
    const make = async (state: CourseState, over: Parameters<typeof makeCourse>[1]) => {
      const c = await makeCourse(t.db, { organ, ...over });
      expected.set(c.id, state);
      return c;
    };
    await make('before', { name: '受付前', periodFrom: fromNow(2), periodTo: fromNow(10) });
    await make('before', { name: '期間なし', periodFrom: null, periodTo: null });
    await make('open', { name: '受付中', periodFrom: fromNow(-2), periodTo: fromNow(5) });
    const waiting = await make('awaiting_draw', {
      name: '抽選待ち',
      periodFrom: fromNow(-10),
      periodTo: fromNow(-2),
    });
    await sessions(waiting.id, [10, 17]);
    const done = await make('drawn', { name: '抽選済み', periodFrom: fromNow(-10), periodTo: fromNow(-2) });
    await drawn(done.id);
    await make('drawn', {
      name: '先着順',
      periodFrom: fromNow(-10),
      periodTo: fromNow(-2),
      isLottery: false,
    });
    // classes decide, even while applications are still open
    const running = await make('in_class', {
      name: '開講中',
      periodFrom: fromNow(-30),
      periodTo: fromNow(3),
    });
    await sessions(running.id, [-1, 6]);
    const ended = await make('ended', { name: '終了', periodFrom: fromNow(-60), periodTo: fromNow(-40) });
    await sessions(ended.id, [-20, -13]);
    // no dated sessions: a week per session from the start date
    await make('ended', {
      name: '開始日だけ',
      periodFrom: fromNow(-60),
      periodTo: fromNow(-40),
      startDate: addDays(today(), -30),
      allTimes: 3,
    });
    await make('in_class', {
      name: '開始日だけ開講中',
      periodFrom: fromNow(-60),
      periodTo: fromNow(-40),
      startDate: addDays(today(), -7),
      allTimes: 3,
    });
  });

  it('each row carries its state', async () => {
    const rows = await list({ organ: '状態テスト' });
    expect(rows).toHaveLength(expected.size);
    for (const row of rows)
      expect([row.course_name, row.state]).toEqual([row.course_name, expected.get(row.id)]);
  });

  it.each(COURSE_STATES)('the filter %s lists exactly the rows of that state', async (state) => {
    const rows = await list({ organ: '状態テスト', state });
    const want = [...expected].filter(([, s]) => s === state).map(([id]) => id);
    expect(rows.map((r) => r.id).sort()).toEqual(want.sort());
    expect(rows.every((r) => r.state === state)).toBe(true);
  });

  it('orders by state on the server, in the order of the term', async () => {
    const asc = (await list({ organ: '状態テスト', sort: 'state' })).map((r) => r.state);
    expect(asc).toEqual([...asc].sort((a, b) => COURSE_STATES.indexOf(a) - COURSE_STATES.indexOf(b)));
    const desc = (await list({ organ: '状態テスト', sort: 'state', dir: 'desc' })).map((r) => r.state);
    expect(desc).toEqual([...asc].reverse());
  });
});

describe('GET /api/admin/course/picker/', () => {
  type Picker = { data_list: Row[]; total: number; is_end: boolean };
  const pick = async (params: Record<string, string>, cookie = admin) => {
    const res = await get(t.app, `/api/admin/course/picker/?${q(params)}`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as Picker;
  };
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      await makeCourse(t.db, {
        name: `ピッカー講座${i}`,
        code: `PK${String(i).padStart(3, '0')}`,
        periodFrom: fromNow(i),
        periodTo: fromNow(i + 10),
        universityId: i <= 3 ? 'U01' : null,
      });
    }
    await makeCourse(t.db, { name: '非公開のピッカー講座', code: 'PKX01', status: '2' });
    await makeCourse(t.db, {
      name: '古い講座',
      code: 'PK01',
      periodFrom: fromNow(-400),
      periodTo: fromNow(-390),
    });
  });

  it('pages through the courses whose name contains the words, 20 at a time', async () => {
    const first = await pick({ q: 'ピッカー講座' });
    expect(first.total).toBe(26);
    expect(first.data_list).toHaveLength(20);
    expect(first.is_end).toBe(false);
    const second = await pick({ q: 'ピッカー講座', page: '2' });
    expect(second.data_list).toHaveLength(6);
    expect(second.is_end).toBe(true);
    const ids = [...first.data_list, ...second.data_list].map((r) => r.id);
    expect(new Set(ids).size).toBe(26);
    // non-public courses can be named too (a notice to the applicants of a closed course)
    expect(second.data_list.concat(first.data_list).map((r) => r.course_name)).toContain(
      '非公開のピッカー講座',
    );
    expect(first.data_list[0]).toEqual({
      id: expect.any(Number),
      course_id: expect.any(String),
      course_name: expect.any(String),
      organ: expect.any(String),
      state: expect.any(String),
    });
  });

  it('finds by the start of the code (any case or width), an exact code first', async () => {
    const byPrefix = await pick({ q: 'pk01' });
    expect(byPrefix.data_list.map((r) => r.course_id).sort()).toEqual([
      'PK01',
      'PK010',
      'PK011',
      'PK012',
      'PK013',
      'PK014',
      'PK015',
      'PK016',
      'PK017',
      'PK018',
      'PK019',
    ]);
    // PK01 has the oldest application period but is the code asked for
    expect(byPrefix.data_list[0]?.course_id).toBe('PK01');
    expect((await pick({ q: 'ＰＫ０１' })).data_list[0]?.course_id).toBe('PK01');
  });

  it('gives authority 2 only its own university’s courses', async () => {
    const own = await pick({ q: 'ピッカー講座' }, univ);
    expect(own.total).toBe(3);
    expect(own.data_list.map((r) => r.course_id).sort()).toEqual(['PK001', 'PK002', 'PK003']);
    expect((await pick({ q: 'PK004' }, univ)).data_list).toEqual([]);
  });

  it('refuses anonymous callers (401) and students (403), and a bad page (422)', async () => {
    expect((await get(t.app, '/api/admin/course/picker/?q=PK', undefined)).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/course/picker/?q=PK', student)).statusCode).toBe(403);
    const bad = await get(t.app, '/api/admin/course/picker/?page=0', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list).toContainEqual({ name: 'page', msg: MSG.positiveInt });
  });
});
