// The top page and the plain news lists read the four ways a notice reaches a student one at a time and take
// the union (decision 029). This file holds them to the one rule, visibleTo, over notices of every way and of
// every near miss, with more of each way than the top page shows.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeReads, notices } from '../../db/schema';
import { createTestApp, get, loginAsStudent, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';
import { type AudienceMember, visibleTo } from '../notices/notices.audience';

let t: TestApp;
let me: string;
let student: AudienceMember;
const DAY = 86_400_000;
const PAGE = 8;

beforeAll(async () => {
  t = await createTestApp();
  const s = await makeStudent(t.db, { loginId: '26040001', generationId: '2604', password: 'student26' });
  const other = await makeStudent(t.db, { loginId: '26040002', generationId: '2504' });
  student = { id: s.id, generationId: '2604' };
  const won = await makeCourse(t.db);
  const lost = await makeCourse(t.db);
  const cancelled = await makeCourse(t.db);
  const notMine = await makeCourse(t.db);
  await makeApplication(t.db, { courseId: won.id, studentId: s.id, lotteryStatus: '2' });
  await makeApplication(t.db, { courseId: lost.id, studentId: s.id, lotteryStatus: '3' });
  await makeApplication(t.db, {
    courseId: cancelled.id,
    studentId: s.id,
    lotteryStatus: '4',
    cancelledAt: new Date(),
  });
  await makeApplication(t.db, { courseId: notMine.id, studentId: other.id, lotteryStatus: '2' });

  // every way, and every way's near miss, several times each at scattered days (a fixed sequence, so a
  // failure can be replayed): more than five of each way, so the top page's five must be picked across them
  const kinds: Partial<typeof notices.$inferInsert>[] = [
    { publishedTo: 1 },
    { publishedTo: 2, generationId: '2604' },
    { publishedTo: 2, generationId: '2504' },
    { publishedTo: 3, courseId: won.id, lotteryStatus: null },
    { publishedTo: 3, courseId: won.id, lotteryStatus: '2' },
    { publishedTo: 3, courseId: won.id, lotteryStatus: '3' },
    { publishedTo: 3, courseId: lost.id, lotteryStatus: null },
    { publishedTo: 3, courseId: lost.id, lotteryStatus: '3' },
    { publishedTo: 3, courseId: cancelled.id, lotteryStatus: null },
    { publishedTo: 3, courseId: notMine.id, lotteryStatus: null },
    { publishedTo: 4, studentId: s.id },
    { publishedTo: 4, studentId: other.id },
    { publishedTo: 1, isControl: '2' },
    { publishedTo: 4, studentId: s.id, periodTo: new Date(Date.now() - DAY) },
    { publishedTo: 2, generationId: '2604', periodFrom: new Date(Date.now() + DAY) },
  ];
  let seed = 7;
  const day = () => {
    seed = (seed * 48271) % 2147483647;
    return seed % 60;
  };
  for (let round = 0; round < 10; round++) {
    for (const [k, over] of kinds.entries()) {
      const from = new Date(Date.now() - (1 + day()) * DAY);
      const row = await makeNotice(t.db, { title: `way${k}-${round}`, periodFrom: from, ...over });
      // some read: every third of those the student can see
      if ((round + k) % 3 === 0) await t.db.insert(noticeReads).values({ studentId: s.id, noticeId: row.id });
    }
  }
  me = await loginAsStudent(t.app, '26040001', 'student26');
});
afterAll(() => t.close());

/** The one rule, as one condition (visibleTo), newest first: what every list must show. */
async function expected(type: '' | '1' | '2') {
  const rows = await t.db
    .select({
      title: notices.title,
      publishedTo: notices.publishedTo,
      read: sql<boolean>`exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.studentId} = ${student.id})`,
    })
    .from(notices)
    .where(and(visibleTo(student), type === '1' ? eq(notices.publishedTo, 1) : undefined))
    .orderBy(desc(sql`coalesce(${notices.periodFrom}, ${notices.createdAt})`), desc(notices.id));
  return type === '2' ? rows.filter((r) => r.publishedTo !== 1) : rows;
}

const titles = (list: { title: string }[]) => list.map((x) => x.title);

describe('the four ways a notice reaches a student, read one at a time', () => {
  it('the top page shows the five newest the student may see, and counts the unread ones addressed to them', async () => {
    const all = await expected('');
    expect(new Set(all.map((r) => r.publishedTo))).toEqual(new Set([1, 2, 3, 4]));
    const top = (await get(t.app, '/api/mypage/top/', me)).json();
    expect(titles(top.notice_list)).toEqual(titles(all.slice(0, 5)));
    expect(top.notice_list.map((n: { is_read: boolean }) => n.is_read)).toEqual(
      all.slice(0, 5).map((r) => r.read),
    );
    const unread = all.filter((r) => r.publishedTo !== 1 && !r.read).length;
    expect(unread).toBeGreaterThan(5);
    expect(top.not_read_cnt).toBe(unread);
  });

  for (const type of ['', '1', '2'] as const) {
    it(`news list ${type || '(no type)'}: every page and the total, as the rule has them`, async () => {
      const want = await expected(type);
      expect(want.length).toBeGreaterThan(PAGE);
      const pages = Math.ceil(want.length / PAGE);
      for (let page = 1; page <= pages; page++) {
        const res = await get(t.app, `/api/mypage/newslist/?type=${type}&page=${page}`, me);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ total: want.length, page });
        expect(titles(res.json().data_list), `page ${page}`).toEqual(
          titles(want.slice((page - 1) * PAGE, page * PAGE)),
        );
      }
      // with a keyword the list is searched (not the prepared read): the same ways of the type
      const found = want.filter((r) => r.title.startsWith('way3-') || r.title.startsWith('way10-'));
      for (const keyword of ['way3-', 'way10-']) {
        const res = await get(t.app, `/api/mypage/newslist/?type=${type}&keyword=${keyword}`, me);
        const mine = found.filter((r) => r.title.startsWith(keyword));
        expect(res.json().total, keyword).toBe(mine.length);
        expect(titles(res.json().data_list), keyword).toEqual(titles(mine.slice(0, PAGE)));
      }
    });
  }
});
