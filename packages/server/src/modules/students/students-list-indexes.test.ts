/**
 * The admin student reads at scale (decision 020) answer what the plain queries they replaced answered:
 * a name or kana contains-search through the bigram indexes finds exactly the rows whose key (foldName:
 * width, spaces, 異体字; normalizeKana: width, spaces, hiragana folded) contains the typed text's key, each sorted page
 * is that page of an ORDER BY over the whole table, and the total taken from the counters is count(*)
 * after every kind of write. The reference queries here are the ones the list ran before.
 */
import type { AddApplicantStudentRow, StudentList } from '@manabi/shared/api';
import { foldName } from '@manabi/shared/domain/person-match';
import {
  STUDENT_LIST_SORTS,
  type StudentListSort,
  studentListQuerySchema,
} from '@manabi/shared/schemas/student-list';
import { normalizeKana, normalizeName } from '@manabi/shared/validation/normalize';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, studentCounts, students } from '../../db/schema';
import { keyContains, likeContains, type SearchKey } from '../../platform/sql';
import { createTestApp, get, loginAsAdmin, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse } from '../../test/factories';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await makeCast(t));
});
afterAll(() => t.close());

const LIST = '/api/admin/student/list/';

const list = async (params: Record<string, string>) => {
  const res = await get(t.app, `${LIST}?${new URLSearchParams(params).toString()}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudentList;
};

/** Every page of a search, in order, and the totals each page reported. */
async function allPages(params: Record<string, string>) {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const l = await list({ ...params, page: String(page), size: '10' });
    totals.add(l.total);
    if (l.page !== page) break; // past the end: the last page again
    ids.push(...l.data_list.map((r) => r.user_id));
    if (page * 10 >= l.total) break;
  }
  return { ids, totals: [...totals] };
}

// names and kana that put the bigram condition and the ILIKE recheck to the test: pairs present but not
// next to each other (サトミ トウコ has サト and トウ, not サトウ), spaces of both widths, upper and lower
// case in both widths, LIKE's own characters, one-character names, a name made of one repeated pair
const PEOPLE: [name: string, kana: string][] = [
  ['佐藤 花子', 'サトウ ハナコ'],
  ['佐藤　花子', 'サトウ　ハナコ'],
  ['佐々木 佐藤', 'ササキ サトウ'],
  ['藤佐 太郎', 'フジサ タロウ'],
  ['佐藤木 次郎', 'サトウギ ジロウ'],
  ['里美 藤子', 'サトミ トウコ'],
  ['加藤 佐和', 'カトウ サワ'],
  ['佐', 'サ'],
  ['藤', 'トウ'],
  ['佐藤', 'サトウ'],
  ['ABC 太郎', 'エービーシー タロウ'],
  ['abc 次郎', 'エービーシー ジロウ'],
  ['ＡＢＣ 三郎', 'ｻﾄｳ ｻﾌﾞﾛｳ'],
  ['ａｂｃ 四郎', 'さとう しろう'],
  ['Ａb 五郎', 'アブ ゴロウ'],
  ['100% 佐藤', 'ヒャク サトウ'],
  ['a_b 佐藤', 'エービー サトウ'],
  ['back\\slash', 'バック'],
  ['%_\\', 'キゴウ'],
  ['ab%cd', 'アブ'],
  ['abab', 'アバアバ'],
  ['佐藤佐藤', 'サトウサトウ'],
  ['ハナコ', 'ﾊﾅｺ'],
  ['花 子', 'ハナ コ'],
  // 異体字, folded as the duplicate scoring folds them (decision 088)
  ['髙橋 一郎', 'タカハシ イチロウ'],
  ['高橋 次郎', 'タカハシ ジロウ'],
  ['齋藤 花子', 'サイトウ ハナコ'],
  ['斉藤 明', 'サイトウ アキラ'],
  ['𠮷田 三郎', 'ヨシダ サブロウ'],
  ['吉田 四郎', 'ヨシダ シロウ'],
  ['葛\u{E0100}城 五郎', 'カツラギ ゴロウ'],
];

// what an admin might type: 1, 2 and 3+ characters; kanji and kana; both cases and widths; the LIKE
// characters alone and inside text; spaces of both widths inside (the ends are trimmed by the schema)
const SEARCHES = [
  '佐',
  '藤',
  '佐藤',
  '藤佐',
  '佐藤花子',
  '佐藤 花子',
  '佐藤　花子',
  '藤 花',
  '藤　花',
  ' 佐藤 ',
  '　佐藤　',
  'サ',
  'サト',
  'サトウ',
  'トウ',
  'サトウ ハ',
  'サトウ　ハ',
  'ｻﾄｳ',
  'さとう',
  'ハナコ',
  'ナコ',
  'a',
  'ab',
  'AB',
  'Ab',
  'ａｂ',
  'ＡＢ',
  'ａB',
  'abc',
  'ABC 太',
  'baba',
  'abab',
  '%',
  '_',
  '\\',
  '%_',
  '_\\',
  '%_\\',
  '0%',
  '0% ',
  'a_b',
  '_b',
  'a%c',
  'b%c',
  'k\\s',
  'ck\\',
  '\\\\',
  '%%',
  '__',
  '花 子',
  'ない名前',
  '高橋',
  '髙橋',
  '髙',
  '橋 一',
  '斎藤',
  '斉藤',
  '齋藤 花',
  '吉田',
  '𠮷田',
  '𠮷',
  '葛城',
];

describe('contains-searches through the bigram indexes', () => {
  beforeAll(async () => {
    // one multi-row insert (the counters' statement trigger sees them all at once)
    await t.db.insert(students).values(
      PEOPLE.map(([name, nameKana], i) => ({
        loginId: `4101${String(i + 1).padStart(4, '0')}`,
        generationId: '4101',
        name,
        nameKana,
        nameKey: name,
        streetName1: i % 2 ? '港区芝' : '港区芝浦',
        approvalStatus: '1',
      })),
    );
  });

  // the reference is JavaScript's: the shared normalisers on both sides, then a case-blind "contains", so
  // the SQL twins of foldName / normalizeKana (migrations 0027, 0014) are held to them on every input
  const KEYS = { name: foldName, name_kana: normalizeKana } as const;
  const field = (key: 'name' | 'name_kana') =>
    it(`${key}: the same rows, order and total as the keyed "contains" for ${SEARCHES.length} inputs`, async () => {
      const everyone = await t.db
        .select({ id: students.id, name: students.name, nameKana: students.nameKana })
        .from(students)
        .orderBy(desc(students.id));
      const keyOf = (r: (typeof everyone)[number]) =>
        KEYS[key](key === 'name' ? r.name : r.nameKana).toLowerCase();
      for (const typed of SEARCHES) {
        const value = studentListQuerySchema.parse({ [key]: typed })[key];
        const wanted = KEYS[key](value).toLowerCase();
        const expected = everyone.filter((r) => keyOf(r).includes(wanted)).map((r) => r.id);
        const got = await list({ [key]: typed, size: '100' });
        expect(
          got.data_list.map((r) => r.user_id),
          `${key}=${JSON.stringify(typed)}`,
        ).toEqual(expected);
        expect(got.total, `${key}=${JSON.stringify(typed)}`).toBe(expected.length);
      }
    });
  field('name');
  field('name_kana');

  it("the stored keys are the shared normalisers' keys, for every kind of space and width", async () => {
    const rows = await t.db
      .select({
        name: students.name,
        nameKana: students.nameKana,
        nameSearch: students.nameSearch,
        nameFold: students.nameFold,
        nameKanaSearch: students.nameKanaSearch,
      })
      .from(students);
    for (const r of rows) {
      expect(r.nameSearch, r.name).toBe(normalizeName(r.name));
      expect(r.nameFold, r.name).toBe(foldName(r.name));
      expect(r.nameKanaSearch, r.nameKana).toBe(normalizeKana(r.nameKana));
    }
    // every character JavaScript's \s matches, before and after NFKC, and text NFKC changes
    const odd = [
      ...'\t\n\v\f\r \u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u0085\u200b',
    ].map((c) => `山${c}田`);
    odd.push('①㈱髙橋ｶﾞｯｺｳ', 'ﾊﾟﾋﾟﾌﾟ', 'すゞき ゝ', 'ゔぁ', 'Ｋａｗａ\u3000ｼﾏ', '㌔㍻');
    for (const text of odd) {
      const answer = await t.db.execute(
        sql`select manabi_name_key(${text}::text) as n, manabi_kana_key(${text}::text) as k`,
      );
      const [keyed] = (answer as unknown as { rows: { n: string; k: string }[] }).rows;
      expect(keyed?.n, JSON.stringify(text)).toBe(normalizeName(text));
      expect(keyed?.k, JSON.stringify(text)).toBe(normalizeKana(text));
    }
  });

  it('a search of two characters or more is one the bigram indexes can answer', async () => {
    for (const [column, key, index] of [
      [students.nameFold, 'fold', 'students_name_fold_bigram_idx'],
      [students.nameKanaSearch, 'kana', 'students_name_kana_search_bigram_idx'],
    ] as [AnyPgColumn, SearchKey, string][]) {
      const plan = await t.db.transaction(async (tx) => {
        // no whole-table or whole-index walk allowed: what is left is an index that answers the condition
        for (const scan of ['seqscan', 'indexscan', 'indexonlyscan']) {
          await tx.execute(sql.raw(`set local enable_${scan} = off`));
        }
        const r = await tx.execute(
          sql`explain select 1 from ${students} where ${keyContains(column, key, 'さと')}`,
        );
        // node-postgres and PGlite both answer { rows }
        return JSON.stringify((r as unknown as { rows: unknown[] }).rows);
      });
      expect(plan).toContain(index);
    }
  });

  it('finds rows whose pairs are all present but not next to each other only when ILIKE does', async () => {
    // サトミ トウコ has サト and トウ, not サトウ; 佐藤木 has 佐藤, so 佐藤 finds it
    const kana = await list({ name_kana: 'サトウ', size: '100' });
    expect(kana.data_list.map((r) => r.name_kana)).not.toContain('サトミ トウコ');
    expect(kana.data_list.map((r) => r.name_kana)).toContain('サトウギ ジロウ');
    const both = await list({ name: '佐藤', name_kana: 'サトウ', size: '100' });
    expect(both.data_list.map((r) => r.name)).toContain('佐藤　花子');
  });

  it('the add-applicant search (approved, not applied) finds the same rows as the keyed "contains"', async () => {
    const course = await makeCourse(t.db);
    const [applied] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.name, '佐藤 花子'));
    await makeApplication(t.db, { courseId: course.id, studentId: applied!.id });
    for (const typed of ['佐藤', '佐藤花子', 'サトウ', 'ab', '%_', '佐', '高橋', '髙橋', '斉藤', '𠮷田']) {
      const res = await get(
        t.app,
        `/api/admin/addcourseapplicant/studentlist/?${new URLSearchParams({ id: String(course.id), name: typed })}`,
        admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      const found = (res.json() as AddApplicantStudentRow[]).map((r) => r.user_id).sort((a, b) => a - b);
      const expected = (
        await t.db
          .select({ id: students.id })
          .from(students)
          .where(
            and(
              eq(students.approvalStatus, '1'),
              ilike(students.nameFold, likeContains(foldName(typed))),
              sql`not exists (select 1 from ${courseApplications} where ${courseApplications.courseId} = ${course.id} and ${courseApplications.studentId} = ${students.id} and ${courseApplications.cancelledAt} is null)`,
            ),
          )
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
      expect(found, typed).toEqual(expected);
    }
  });
});

describe('sorted pages through the sort indexes', () => {
  beforeAll(async () => {
    // ties in every column, and empty values in each nullable one (pending admissions have no numbers)
    const rows: (typeof students.$inferInsert)[] = [];
    for (let i = 0; i < 23; i++) {
      const pending = i % 5 === 0;
      rows.push({
        loginId: pending ? null : `4201${String(23 - i).padStart(4, '0')}`,
        generationId: pending || i % 7 === 0 ? null : `42${i % 3}1`,
        name: ['佐藤 一', '鈴木 二', '佐藤 一', 'ABC', 'abc'][i % 5]!,
        nameKana: ['サトウ イチ', 'スズキ ニ', 'ｱ', 'あ'][i % 4]!,
        streetName1: ['港区芝', '港区芝浦', ''][i % 3]!,
        birthday: i % 4 === 0 ? null : `19${50 + (i % 6)}-0${1 + (i % 3)}-15`,
        filingDate: i % 6 === 0 ? null : `2024-0${1 + (i % 2)}-01`,
        approvalStatus: pending ? '0' : i % 11 === 0 ? '2' : '1',
        studentType: i % 3 === 0 ? '2' : '1',
      });
    }
    await t.db.insert(students).values(rows);
  });

  const COLUMN: Record<StudentListSort, AnyPgColumn> = {
    login_id: students.loginId,
    generation_id: students.generationId,
    name: students.name,
    name_kana: students.nameKana,
    street_name1: students.streetName1,
    birthday: students.birthday,
    approval_status: students.approvalStatus,
    student_type: students.studentType,
    filing_date: students.filingDate,
  };

  /** The list's former ORDER BY: the column, empty values last, ties by id in the same direction. */
  const formerOrder = async (sort: StudentListSort, dir: 'asc' | 'desc', where?: SQL) =>
    (
      await t.db
        .select({ id: students.id })
        .from(students)
        .where(where)
        .orderBy(sql`${COLUMN[sort]} ${sql.raw(dir)} nulls last`, sql`${students.id} ${sql.raw(dir)}`)
    ).map((r) => r.id);

  it('every sort and direction, page by page, is the former order of the whole table', async () => {
    const [all] = await t.db.select({ n: count() }).from(students);
    for (const sort of STUDENT_LIST_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const { ids, totals } = await allPages({ sort, dir });
        expect(ids, `${sort} ${dir}`).toEqual(await formerOrder(sort, dir));
        expect(totals, `${sort} ${dir}`).toEqual([all!.n]);
      }
    }
  });

  it('sorted and filtered (status, type, a name) the same way', async () => {
    const cases: [Record<string, string>, SQL][] = [
      [{ approval_status: '0' }, eq(students.approvalStatus, '0')],
      [{ student_type: '2' }, eq(students.studentType, '2')],
      [{ name: '佐藤' }, ilike(students.nameFold, '%佐藤%')],
      // ｱ and あ are the reading ア
      [{ name_kana: 'ｱ' }, ilike(students.nameKanaSearch, '%ア%')],
    ];
    for (const [params, where] of cases) {
      for (const sort of ['login_id', 'birthday', 'name'] as const) {
        const { ids } = await allPages({ ...params, sort, dir: 'desc' });
        expect(ids, `${JSON.stringify(params)} ${sort}`).toEqual(await formerOrder(sort, 'desc', where));
      }
    }
  });
});

describe('the total without a text search comes from exact counters', () => {
  const counted = async (where?: SQL) =>
    (await t.db.select({ n: count() }).from(students).where(where))[0]!.n;
  const totals = async () => ({
    all: (await list({})).total,
    pending: (await list({ approval_status: '0' })).total,
    approved: (await list({ approval_status: '1' })).total,
    rejected: (await list({ approval_status: '2' })).total,
    auditors: (await list({ student_type: '2' })).total,
    approvedAuditors: (await list({ approval_status: '1', student_type: '2' })).total,
  });
  const truth = async () => ({
    all: await counted(),
    pending: await counted(eq(students.approvalStatus, '0')),
    approved: await counted(eq(students.approvalStatus, '1')),
    rejected: await counted(eq(students.approvalStatus, '2')),
    auditors: await counted(eq(students.studentType, '2')),
    approvedAuditors: await counted(and(eq(students.approvalStatus, '1'), eq(students.studentType, '2'))),
  });

  it('after inserts, updates of status or type (one row, many rows, none), deletes and a rollback', async () => {
    expect(await totals()).toEqual(await truth());
    const added = await t.db
      .insert(students)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          name: `計数 ${i}`,
          approvalStatus: i < 3 ? '0' : '1',
          studentType: i % 2 ? '2' : '1',
        })),
      )
      .returning({ id: students.id });
    const ids = added.map((r) => r.id);
    expect(await totals()).toEqual(await truth());
    // approve one, reject one, change a type, all in one statement; then an update changing neither
    await t.db
      .update(students)
      .set({
        approvalStatus: sql`case when ${students.id} = ${ids[0]} then '1' when ${students.id} = ${ids[1]} then '2' else ${students.approvalStatus} end`,
        studentType: sql`case when ${students.id} = ${ids[5]} then '1' else ${students.studentType} end`,
      })
      .where(inArray(students.id, ids));
    await t.db.update(students).set({ remarks: 'メモ' }).where(inArray(students.id, ids));
    expect(await totals()).toEqual(await truth());
    await t.db.delete(students).where(inArray(students.id, ids.slice(0, 4)));
    expect(await totals()).toEqual(await truth());
    // a rolled-back write leaves the counters as they were
    await t.db
      .transaction(async (tx) => {
        await tx.insert(students).values({ name: '取消 太郎', approvalStatus: '0' });
        tx.rollback();
      })
      .catch(() => {});
    expect(await totals()).toEqual(await truth());
    const rows = await t.db.select().from(studentCounts);
    expect(rows.every((r) => r.n >= 0)).toBe(true);
  });

  it('a truncate empties the counters with the table', async () => {
    await t.db.execute(sql`truncate ${students} cascade`);
    admin = await loginAsAdmin(t.app); // the sessions went with the cascade
    expect(await totals()).toEqual({
      all: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
      auditors: 0,
      approvedAuditors: 0,
    });
    await t.db.insert(students).values({ name: '再開 一郎', approvalStatus: '0', studentType: '2' });
    expect(await totals()).toEqual(await truth());
    expect((await list({})).data_list.map((r) => r.name)).toEqual(['再開 一郎']);
  });
});
