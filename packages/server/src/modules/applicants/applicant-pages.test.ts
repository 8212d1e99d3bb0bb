/**
 * The applicant list in pages (decision 020): additive to SPEC §7's call. Without page and size
 * the answer is the whole list as before; with them, the pages put together are that list (or its sorted
 * order), each page carries the search's total, and a page past the end answers the last page.
 */
import { MSG } from '@manabi/shared';
import type { CourseApplicantRow } from '@manabi/shared/api';
import { APPLICANT_LIST_SORTS, type ApplicantListSort } from '@manabi/shared/schemas/applicant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, students } from '../../db/schema';
import { createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let courseId: number;
const L = '/api/admin/courseapplicantlist/';

const call = (params: Record<string, string | number>, cookie = admin) =>
  get(
    t.app,
    `${L}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
    cookie,
  );
const ok = async (params: Record<string, string | number>, cookie = admin) => {
  const res = await call(params, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data_list: CourseApplicantRow[]; total?: number; page?: number; size?: number };
};

/** Every page of a search put together, and what each page said of total, page and size. */
async function pages(params: Record<string, string | number>, size = 10) {
  const rows: CourseApplicantRow[] = [];
  const seen: { total?: number; page?: number; size?: number }[] = [];
  for (let page = 1; page < 50; page++) {
    const { data_list, ...rest } = await ok({ ...params, page, size });
    seen.push(rest);
    rows.push(...data_list);
    if (page * size >= (rest.total ?? 0)) break;
  }
  return { rows, seen };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ } = await makeCast(t));
  const course = await makeCourse(t.db, { universityId: 'U01' });
  courseId = course.id;
  // 27 applications: ties and empty values in every sortable column, cancelled ones, and students whose
  // numbers are not in insertion order
  const people = await t.db
    .insert(students)
    .values(
      Array.from({ length: 27 }, (_, i) => ({
        loginId: `5101${String((i * 7) % 27).padStart(4, '0')}`,
        name: ['佐藤 一', '鈴木 二', '佐藤 一', '高橋 三'][i % 4]!,
        nameKana: ['サトウ イチ', 'スズキ ニ', 'タカハシ サン'][i % 3]!,
        approvalStatus: '1',
      })),
    )
    .returning();
  for (const [i, s] of people.entries()) {
    const lotteryStatus = ['1', '2', '3', '4', '5', '2'][i % 6]!;
    await makeApplication(t.db, {
      courseId,
      studentId: s.id,
      lotteryStatus,
      howApply: String(1 + (i % 3)),
      attendanceStatus: String(1 + (i % 2)),
      acquisitionUnit: (i * 5) % 4,
      waitlistRank: lotteryStatus === '5' ? 1 + Math.floor(i / 6) : null,
      attendanceUpdatedAt: i % 3 === 0 ? null : new Date(Date.UTC(2026, 3, 1 + (i % 5))),
      cancelledAt: lotteryStatus === '4' ? new Date() : null,
    });
  }
});
afterAll(() => t.close());

describe('GET /api/admin/courseapplicantlist/ whole, longer than one slice of the stream', () => {
  it('600 applicants: the whole list is the pages put together, for either authority, as one JSON answer', async () => {
    // read and written out 250 rows at a time (WHOLE_BATCH): three batches, the last one short
    const big = await makeCourse(t.db, { universityId: 'U01' });
    const people = await t.db
      .insert(students)
      .values(
        Array.from({ length: 600 }, (_, i) => ({
          loginId: `5202${String((i * 13) % 600).padStart(4, '0')}`,
          name: `大勢 ${i}`,
          nameKana: `オオゼイ ${i}`,
          approvalStatus: '1',
        })),
      )
      .returning({ id: students.id });
    await t.db
      .insert(courseApplications)
      .values(
        people.map((p, i) => ({ courseId: big.id, studentId: p.id, lotteryStatus: String(1 + (i % 3)) })),
      );
    for (const cookie of [admin, univ]) {
      const res = await call({ id: big.id }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const whole = (JSON.parse(res.body) as { data_list: CourseApplicantRow[] }).data_list;
      expect(whole).toHaveLength(600);
      const rows = await pagesAs(cookie, big.id);
      expect(whole).toEqual(rows);
      // each authority sees exactly its row schema's fields (the limited one no more than name_kana's row)
      expect(Object.keys(whole[0]!).sort()).toEqual(Object.keys(rows[0]!).sort());
    }
    // sorted, the whole list keeps the sorted order across its batches
    const sorted = (await ok({ id: big.id, sort: 'name_kana', dir: 'desc' })).data_list;
    const sortedPages = await pages({ id: big.id, sort: 'name_kana', dir: 'desc' }, 100);
    expect(sorted.map((r) => r.course_applicant_id)).toEqual(
      sortedPages.rows.map((r) => r.course_applicant_id),
    );
    expect(sorted.map((r) => r.course_applicant_id)).not.toEqual(
      (await ok({ id: big.id })).data_list.map((r) => r.course_applicant_id),
    );
  });
});

/** Every page (100 a page) of a course's list as `cookie` sees it. */
async function pagesAs(cookie: string, id: number) {
  const rows: CourseApplicantRow[] = [];
  for (let page = 1; page < 20; page++) {
    const { data_list, total } = await ok({ id, page, size: 100 }, cookie);
    rows.push(...data_list);
    if (page * 100 >= (total ?? 0)) break;
  }
  return rows;
}

describe('GET /api/admin/courseapplicantlist/ in pages', () => {
  it('without page and size: the whole list, as before (no total)', async () => {
    const whole = await ok({ id: courseId });
    expect(whole.data_list).toHaveLength(27);
    expect(Object.keys(whole)).toEqual(['data_list']);
    const ids = whole.data_list.map((r) => r.login_id);
    expect(ids).toEqual([...ids].sort());
  });

  it('the pages put together are the whole list; each carries the total, its page and size', async () => {
    const whole = (await ok({ id: courseId })).data_list;
    for (const size of [10, 50, 100]) {
      const { rows, seen } = await pages({ id: courseId }, size);
      expect(rows).toEqual(whole);
      expect(seen.map((s) => s.total)).toEqual(seen.map(() => 27));
      expect(seen.map((s) => s.page)).toEqual(seen.map((_, i) => i + 1));
      expect(seen.every((s) => s.size === size)).toBe(true);
    }
    // page alone (size 10) and size alone (page 1) ask for pages too
    expect(await ok({ id: courseId, page: 2 })).toMatchObject({ total: 27, page: 2, size: 10 });
    expect((await ok({ id: courseId, page: 2 })).data_list).toEqual(whole.slice(10, 20));
    expect(await ok({ id: courseId, size: 50 })).toMatchObject({ total: 27, page: 1, size: 50 });
  });

  it('filtered: the pages are the filtered list, with its total', async () => {
    for (const filter of <Record<string, string>[]>[
      { lottery_status_2: '1', lottery_status_5: '1' },
      { name: '佐藤' },
      { name_kana: 'スズキ', attendance_status: '2' },
      { login_id: '51010' },
      { name: 'いない人' },
    ]) {
      const whole = (await ok({ id: courseId, ...filter })).data_list;
      const { rows, seen } = await pages({ id: courseId, ...filter });
      expect(rows, JSON.stringify(filter)).toEqual(whole);
      expect(seen[0]!.total, JSON.stringify(filter)).toBe(whole.length);
    }
  });

  it('a page past the end answers the last page (page 1 when nothing is found)', async () => {
    const whole = (await ok({ id: courseId })).data_list;
    expect(await ok({ id: courseId, page: 9, size: 10 })).toEqual({
      data_list: whole.slice(20),
      total: 27,
      page: 3,
      size: 10,
    });
    expect(await ok({ id: courseId, name: 'いない人', page: 4, size: 10 })).toEqual({
      data_list: [],
      total: 0,
      page: 1,
      size: 10,
    });
  });

  it('sorted by each column both ways: empty values last, ties by student number', async () => {
    const whole = (await ok({ id: courseId })).data_list;
    const value = (r: CourseApplicantRow, sort: ApplicantListSort) => r[sort as keyof CourseApplicantRow];
    for (const sort of APPLICANT_LIST_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        // a stable sort of the list (which is in student-number order) by the column, empty values last
        const expected = [...whole].sort((a, b) => {
          const [x, y] = [value(a, sort), value(b, sort)];
          if (x === y) return 0;
          if (x === null) return 1;
          if (y === null) return -1;
          return (x < y ? -1 : 1) * (dir === 'desc' ? -1 : 1);
        });
        const { rows } = await pages({ id: courseId, sort, dir });
        expect(
          rows.map((r) => r.course_applicant_id),
          `${sort} ${dir}`,
        ).toEqual(expected.map((r) => r.course_applicant_id));
      }
    }
  });

  it('authority 2 pages name_kana only, and may sort by nothing else', async () => {
    const whole = (await ok({ id: courseId }, univ)).data_list;
    expect(Object.keys(whole[0]!).sort()).toEqual([
      'course_applicant_id',
      'course_id',
      'name_kana',
      'student_id',
    ]);
    // an order by a hidden field is ignored: the list's own order
    const byName = await pages({ id: courseId, sort: 'name', dir: 'desc' });
    expect(byName.rows.map((r) => r.course_applicant_id)).not.toEqual(
      whole.map((r) => r.course_applicant_id),
    );
    const asUniv = async (params: Record<string, string>) => {
      const rows: CourseApplicantRow[] = [];
      for (let page = 1; page <= 3; page++)
        rows.push(...(await ok({ id: courseId, page, ...params }, univ)).data_list);
      return rows;
    };
    expect(await asUniv({ sort: 'name', dir: 'desc' })).toEqual(whole);
    expect(await asUniv({ sort: 'login_id', dir: 'desc' })).toEqual(whole);
    const kana = await asUniv({ sort: 'name_kana', dir: 'desc' });
    expect(kana.map((r) => r.name_kana)).toEqual(
      whole
        .map((r) => r.name_kana)
        .sort()
        .reverse(),
    );
  });

  it('refuses a bad page, size, sort or direction with the field and a Japanese message', async () => {
    for (const [field, value, msg] of [
      ['page', '0', MSG.positiveInt],
      ['page', 'x', MSG.positiveInt],
      ['page', '1234567', undefined],
      ['size', '7', MSG.invalidChoice],
      ['sort', 'password_hash', MSG.invalidChoice],
      ['dir', 'up', MSG.invalidChoice],
    ] as const) {
      const res = await call({ id: courseId, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      const err = (res.json() as { err_list: { name: string; msg: string }[] }).err_list;
      expect(err.map((e) => e.name)).toEqual([field]);
      if (msg) expect(err[0]!.msg).toBe(msg);
      expect(err[0]!.msg).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });
});
