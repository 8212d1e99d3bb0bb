/**
 * Every admin name and reading search compares keyed text (decision 036): 「山田花子」 finds 「山田 花子」 and
 * 「山田　花子」; ｻﾄｳ and さとう find the reading サトウ — on the student list, a course's applicant list, the
 * add-applicant search and a notice's publisher list alike. A name is folded as the duplicate scoring folds it
 * (decision 088): 高橋 finds 髙橋, 斉藤 finds 斎藤, 吉田 finds 𠮷田, and back — there, in the audit search and in
 * the name groups of the duplicate call.
 */
import type { StudentDuplicates } from '@manabi/shared/api';
import { DUPLICATE_GROUPS } from '@manabi/shared/schemas/student-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let courseId: number;
let otherCourseId: number;
let noticeId: number;
/** login id → the person, as stored */
const PEOPLE = {
  '26040001': { name: '山田 花子', nameKana: 'ヤマダ ハナコ' },
  '26040002': { name: '山田　花子', nameKana: 'ヤマダ　ハナコ' },
  '26040003': { name: '佐藤 一郎', nameKana: 'サトウ イチロウ' },
  '26040004': { name: '佐藤　次郎', nameKana: 'ｻﾄｳ ｼﾞﾛｳ' },
  '26040005': { name: '山田花太郎', nameKana: 'ヤマダハナタロウ' },
  '26040006': { name: '髙橋　一郎', nameKana: 'タカハシ イチロウ' },
  '26040007': { name: '高橋 健太', nameKana: 'タカハシ ケンタ' },
  '26040008': { name: '斎藤 花', nameKana: 'サイトウ ハナ' },
  '26040009': { name: '斉藤 葉子', nameKana: 'サイトウ ヨウコ' },
  '26040010': { name: '𠮷田 三郎', nameKana: 'ヨシダ サブロウ' },
  '26040011': { name: '吉田 四郎', nameKana: 'ヨシダ シロウ' },
} as const;
type LoginId = keyof typeof PEOPLE;
const YAMADA_HANAKO: LoginId[] = ['26040001', '26040002'];
const SATO: LoginId[] = ['26040003', '26040004'];
const TAKAHASHI: LoginId[] = ['26040006', '26040007'];
const SAITO: LoginId[] = ['26040008', '26040009'];
const YOSHIDA: LoginId[] = ['26040010', '26040011'];
/** What the office types, and whom it must find: each 異体字 and its common form, both ways. */
const VARIANTS: [typed: string, found: LoginId[]][] = [
  ['高橋', TAKAHASHI],
  ['髙橋', TAKAHASHI],
  ['髙', TAKAHASHI],
  ['高橋一郎', ['26040006']],
  ['高橋 一郎', ['26040006']],
  ['斉藤', SAITO],
  ['斎藤', SAITO],
  ['齋藤', SAITO],
  ['吉田', YOSHIDA],
  ['𠮷田', YOSHIDA],
  ['𠮷田 四郎', ['26040011']],
];

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ } = await makeCast(t));
  courseId = (await makeCourse(t.db, { universityId: 'U01' })).id;
  otherCourseId = (await makeCourse(t.db)).id;
  for (const [loginId, person] of Object.entries(PEOPLE)) {
    const s = await makeStudent(t.db, { loginId, generationId: '2604', ...person });
    await makeApplication(t.db, { courseId, studentId: s.id });
  }
  noticeId = (await makeNotice(t.db, { publishedTo: 2, generationId: '2604' })).id;
});
afterAll(() => t.close());

const answer = async (url: string, cookie = admin) => {
  const res = await get(t.app, url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The login ids each list finds for the query, sorted. */
const LISTS: Record<string, (query: Record<string, string>, cookie?: string) => Promise<string[]>> = {
  'student list': async (query) =>
    (await answer(`/api/admin/student/list/?${new URLSearchParams({ ...query, size: '100' })}`)).data_list
      .map((r: { login_id: string }) => r.login_id)
      .sort(),
  'applicant list': async (query, cookie) =>
    (
      await answer(
        `/api/admin/courseapplicantlist/?${new URLSearchParams({ ...query, id: String(courseId) })}`,
        cookie,
      )
    ).data_list
      .map((r: { student_id: number }) => r.student_id)
      .map((id: number) => loginIdOf.get(id))
      .sort(),
  'publisher list': async (query) =>
    (
      await answer(
        `/api/admin/notice/publisherList/?${new URLSearchParams({ ...query, id: String(noticeId), size: '100' })}`,
      )
    ).data_list
      .map((r: { login_id: string }) => r.login_id)
      .sort(),
};
const loginIdOf = new Map<number, string>();
beforeAll(async () => {
  for (const s of await t.db.select({ id: students.id, loginId: students.loginId }).from(students)) {
    loginIdOf.set(s.id, s.loginId ?? '');
  }
});

describe.each(Object.keys(LISTS))('%s', (list) => {
  const find = (query: Record<string, string>) => (LISTS[list] as (typeof LISTS)[string])(query);

  it('a name typed without, with a half-width or with a full-width space finds all its spellings', async () => {
    for (const typed of ['山田花子', '山田 花子', '山田　花子', ' 山田花子 ']) {
      expect(await find({ name: typed }), typed).toEqual(YAMADA_HANAKO);
    }
    // the whole name must be there: 山田花太郎 has 山田花 but not 山田花子
    expect(await find({ name: '田花' })).toEqual([...YAMADA_HANAKO, '26040005']);
  });

  it('a reading in half-width kana, hiragana or katakana, spaced or not, finds every spelling', async () => {
    for (const typed of ['サトウ', 'ｻﾄｳ', 'さとう', 'サ トウ']) {
      expect(await find({ name_kana: typed }), typed).toEqual(SATO);
    }
    expect(await find({ name_kana: 'さとうじろう' })).toEqual(['26040004']);
    expect(await find({ name_kana: 'やまだはなこ' })).toEqual(YAMADA_HANAKO);
  });

  it('a name folds 異体字 as the duplicate scoring does: 高橋 finds 髙橋, 斉藤 斎藤, 吉田 𠮷田, and back', async () => {
    for (const [typed, found] of VARIANTS) expect(await find({ name: typed }), typed).toEqual(found);
  });

  it('text that keys to nothing (spaces only) filters nothing; a one-character key still compares', async () => {
    const everyone = await find({});
    expect(await find({ name: '　' })).toEqual(everyone);
    expect(await find({ name_kana: 'ｼﾞ' })).toEqual(['26040004']);
  });
});

it('authority 2 searches its own course by reading the same way', async () => {
  const applicants = LISTS['applicant list'] as (typeof LISTS)[string];
  expect(await applicants({ name_kana: 'ｻﾄｳ' }, univ)).toEqual(SATO);
});

it('the add-applicant search finds students not yet applied by keyed name and reading', async () => {
  const search = async (query: Record<string, string>) =>
    (
      (await answer(
        `/api/admin/addcourseapplicant/studentlist/?${new URLSearchParams({ ...query, id: String(otherCourseId) })}`,
      )) as { login_id: string }[]
    )
      .map((r) => r.login_id)
      .sort();
  expect(await search({ name: '山田花子' })).toEqual(YAMADA_HANAKO);
  expect(await search({ name_kana: 'さとう' })).toEqual(SATO);
  for (const [typed, found] of VARIANTS) expect(await search({ name: typed }), typed).toEqual(found);
});

it('the audit search finds the entries about a student by a name written with the other 異体字', async () => {
  const idOf = new Map([...loginIdOf].map(([id, loginId]) => [loginId, id]));
  await t.db.insert(auditLog).values(
    Object.keys(PEOPLE).map((loginId) => ({
      actorKind: 'system',
      action: 'update',
      entity: 'student',
      entityId: String(idOf.get(loginId)),
      studentId: idOf.get(loginId) as number,
    })),
  );
  const about = async (name: string) =>
    (
      (await answer(`/api/admin/audit/list/?${new URLSearchParams({ name, size: '100' })}`)).data_list as {
        student: { login_id: string } | null;
      }[]
    )
      .map((r) => r.student?.login_id)
      .sort();
  for (const [typed, found] of VARIANTS) expect(await about(typed), typed).toEqual(found);
  expect(await about('山田花子')).toEqual(YAMADA_HANAKO);
  // and in the CSV of the same search
  const csv = await get(t.app, `/api/admin/audit/list/csv/?${new URLSearchParams({ name: '高橋' })}`, admin);
  expect(csv.statusCode).toBe(200);
  expect(csv.body.match(/2604000[67]/g)?.sort()).toEqual(TAKAHASHI);
});

describe('the duplicate call’s name groups fold 異体字', () => {
  const NAME_GROUPS = DUPLICATE_GROUPS.filter((g) => g.startsWith('nm'));
  /** The login ids in the name groups (nm_sn_bd, nm_sn, nm_bd, nm) of a new pending admission named so. */
  const sameName = async (name: string) => {
    const pending = await makeStudent(t.db, {
      name,
      loginId: null,
      generationId: null,
      approvalStatus: '0',
      passwordHash: null,
    });
    const d = (await answer(`/api/admin/student/duplicate/?user_id=${pending.id}`)) as StudentDuplicates;
    return NAME_GROUPS.flatMap((g) => d[g].map((r) => r.login_id)).sort();
  };

  it('「髙橋　一郎」 is in the name groups of 「高橋 一郎」; 吉田 and 𠮷田 find each other', async () => {
    expect(await sameName('高橋 一郎')).toEqual(['26040006']);
    expect(await sameName('吉田 三郎')).toEqual(['26040010']);
    expect(await sameName('𠮷田　四郎')).toEqual(['26040011']);
    expect(await sameName('齊藤 葉子')).toEqual(['26040009']);
  });
});
