import {
  foldKana,
  foldName,
  KANA_FOLDS,
  KANJI_VARIANTS,
  mailKey,
  matchKeys,
  phoneKey,
} from '@manabi/shared/domain/person-match';
import type { Candidates, DuplicatePairs } from '@manabi/shared/schemas/duplicates';
import { MSG } from '@manabi/shared/validation/messages';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, duplicatePairs, duplicateScan, students } from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';
import { runDuplicateScan } from './students-match.service';

/**
 * Likely duplicates, scored (decision 069): the SQL folds equal to the shared ones, a student's candidates
 * with their reasons, the roster scan and its pairs, the office's 「別人」, and who may not ask.
 */
const CANDIDATES = '/api/admin/student/duplicate/candidates/';
const PAIRS = '/api/admin/student/duplicate/pairs/';
const DISMISS = '/api/admin/student/duplicate/dismiss/';
const SCAN = '/api/admin/student/duplicate/scan/';

let t: TestApp;
let cast: Cast;
let takahashi: { id: number };
let takahashi2: { id: number };
let saito: { id: number };
let saito2: { id: number };
let couple: { id: number }[];

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  takahashi = await makeStudent(t.db, {
    name: '高橋 一郎',
    nameKana: 'タカハシ イチロウ',
    birthday: '1950-04-03',
    phone1: '090-1111-2222',
    postcode: '105-0011',
    streetName1: '港区芝公園',
  });
  // typed again from a paper admission: 異体字, hiragana, the phone without hyphens
  takahashi2 = await makeStudent(t.db, {
    loginId: null,
    passwordHash: null,
    approvalStatus: '0',
    name: '髙橋　一郎',
    nameKana: 'たかはし いちろう',
    birthday: '1950-04-03',
    phone1: '09011112222',
    postcode: '1050011',
    streetName1: '港区　芝公園',
  });
  saito = await makeStudent(t.db, { name: '齋藤 花子', nameKana: 'サイトウ ハナコ', birthday: '1948-11-02' });
  // month and day swapped
  saito2 = await makeStudent(t.db, {
    name: '斉藤 花子',
    nameKana: 'サイトー ハナコ',
    birthday: '1948-02-11',
  });
  // a couple: one phone, one address, two people
  const home = {
    phone1: '03-5555-6666',
    postcode: '105-0011',
    streetName1: '港区芝',
    mail1: 'home@example.jp',
  };
  couple = [
    await makeStudent(t.db, {
      name: '佐藤 一郎',
      nameKana: 'サトウ イチロウ',
      birthday: '1950-01-01',
      ...home,
    }),
    await makeStudent(t.db, {
      name: '佐藤 和子',
      nameKana: 'サトウ カズコ',
      birthday: '1952-06-09',
      ...home,
    }),
  ];
});
afterAll(() => t.close());

describe('the SQL folds (migration 0027)', () => {
  const inSql = async (v: { name: string; kana: string; phone: string; mail: string }) => {
    const r = (await t.db.execute(sql`select manabi_name_fold(${v.name}::text) as n,
      manabi_kana_fold(${v.kana}::text) as k, manabi_phone_key(${v.phone}::text) as p,
      manabi_mail_key(${v.mail}::text) as m,
      manabi_match_keys(${v.name}::text, ${v.kana}::text, ${v.phone}::text, '', ${v.mail}::text, '') as keys`)) as unknown as {
      rows: { n: string; k: string; p: string; m: string; keys: string[] }[];
    };
    return r.rows[0] as { n: string; k: string; p: string; m: string; keys: string[] };
  };

  it('fold every 異体字 and kana of the tables as the shared functions do', async () => {
    const name = Object.keys(KANJI_VARIANTS).join('');
    const kana = Object.keys(KANA_FOLDS).join('');
    const got = await inSql({ name, kana, phone: '', mail: '' });
    expect(got.n).toBe(foldName(name));
    expect(got.k).toBe(foldKana(kana));
  });

  it('agree with the shared folds on any text', async () => {
    const chars = [...'髙高﨑崎齋斉 　ｻﾄｰさとうッァヴゔ・-０９0-9+@AaＢ.\u{E0100}\uFE0F𠮷ー'];
    const text = fc.array(fc.constantFrom(...chars), { maxLength: 12 }).map((a) => a.join(''));
    await fc.assert(
      fc.asyncProperty(text, text, text, text, async (name, kana, phone, mail) => {
        const got = await inSql({ name, kana, phone, mail });
        expect(got.n).toBe(foldName(name));
        expect(got.k).toBe(foldKana(kana));
        expect(got.p).toBe(phoneKey(phone));
        expect(got.m).toBe(mailKey(mail));
        const keys = matchKeys({ name, name_kana: kana, phone1: phone, phone2: '', mail1: mail, mail2: '' });
        expect([...new Set(got.keys)].sort()).toEqual([...keys].sort());
      }),
      { numRuns: 150 },
    );
  });
});

describe('a student’s likely duplicates', () => {
  const candidates = async (id: number) => {
    const res = await get(t.app, `${CANDIDATES}?user_id=${id}`, cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Candidates;
  };

  it('finds 「髙橋　一郎」 for 「高橋 一郎」 with its score and reasons in words', async () => {
    const got = await candidates(takahashi2.id);
    expect(got.user_data.name).toBe('髙橋　一郎');
    expect(got.candidates[0]).toMatchObject({
      user_id: takahashi.id,
      score: 100,
      reasons: ['name_variant', 'kana', 'birthday', 'phone', 'address'],
      reason_text: '氏名（異体字）・フリガナ一致・生年月日一致・電話一致・住所（郵便番号・町名）一致',
      dismissed: false,
    });
    // and the other way round, for an approved student
    expect((await candidates(takahashi.id)).candidates.map((c) => c.user_id)).toEqual([takahashi2.id]);
  });

  it('finds 齋藤 and 斉藤 with month and day swapped, and not a couple sharing a phone', async () => {
    expect((await candidates(saito.id)).candidates).toEqual([
      expect.objectContaining({ user_id: saito2.id, reasons: ['name_variant', 'kana', 'birthday_swapped'] }),
    ]);
    expect((await candidates(couple[0]!.id)).candidates).toEqual([]);
  });

  it('answers 404 for a student who is not there, and a field message for a bad id', async () => {
    expect((await get(t.app, `${CANDIDATES}?user_id=99999999`, cast.admin)).statusCode).toBe(404);
    const bad = await get(t.app, `${CANDIDATES}?user_id=%00x`, cast.admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list).toEqual([{ name: 'user_id', msg: expect.stringMatching(/./) }]);
  });
});

describe('the roster scan and its pairs', () => {
  const pairs = async (query = '') => {
    const res = await get(t.app, `${PAIRS}?${query}`, cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DuplicatePairs;
  };

  it('runs at once when asked, and lists the pairs newest first with their reasons', async () => {
    const before = await pairs();
    expect(before.scan.finished_at).toBeNull();
    const asked = await post(t.app, SCAN, {}, cast.admin);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ pending: true, msg: expect.stringContaining('重複の確認') });
    // the process that was asked scans at once; the page reads the list again until it is done
    await expect.poll(async () => (await pairs()).scan.pending, { timeout: 10_000 }).toBe(false);
    expect(await runDuplicateScan(t.db)).toBeNull(); // done for today

    const page = await pairs();
    expect(page.scan.finished_at).toEqual(expect.any(String));
    expect(page.total).toBe(2);
    expect(page.data_list.map((p) => [p.a.user_id, p.b.user_id])).toEqual([
      [saito.id, saito2.id],
      [takahashi.id, takahashi2.id],
    ]);
    expect(page.data_list[1]).toMatchObject({
      score: 100,
      reason_text: expect.stringContaining('氏名（異体字）'),
    });
  });

  it('a request that came while a scan ran is scanned right after it, once', async () => {
    const scans = async () =>
      (await t.db.select({ n: duplicateScan.scan }).from(duplicateScan).where(eq(duplicateScan.id, 1)))[0]!.n;
    const before = await scans();
    // asked after the scan about to run has started (a clock ahead of the database's, even): one more scan
    // follows it at once, and only one
    await t.db
      .update(duplicateScan)
      .set({ requestedAt: sql`now() + interval '1 hour'` })
      .where(eq(duplicateScan.id, 1));
    await runDuplicateScan(t.db, { force: true });
    expect(await scans()).toBe(before + 2);
    // asked before it started: the scan itself answers the request, nothing follows
    await t.db
      .update(duplicateScan)
      .set({ requestedAt: sql`now() - interval '1 hour'` })
      .where(eq(duplicateScan.id, 1));
    await runDuplicateScan(t.db, { force: true });
    expect(await scans()).toBe(before + 3);
  });

  it('is run by one process when two job rounds find it due at once', async () => {
    await t.db.update(duplicateScan).set({ requestedAt: sql`now()` }).where(eq(duplicateScan.id, 1));
    const [x, y] = await Promise.all([runDuplicateScan(t.db), runDuplicateScan(t.db)]);
    expect([x, y].filter((o) => o !== null)).toHaveLength(1);
  });

  it('keeps when a pair was first found and drops one that no longer scores', async () => {
    const [first] = await t.db.select().from(duplicatePairs).where(eq(duplicatePairs.studentA, takahashi.id));
    await t.db.update(students).set({ birthday: '1970-12-25', phone1: '' }).where(eq(students.id, saito2.id));
    await runDuplicateScan(t.db, { force: true });
    const page = await pairs();
    expect(page.data_list.map((p) => p.a.user_id)).toEqual([takahashi.id]);
    expect(page.data_list[0]?.found_at).toBe(first?.foundAt.toISOString());
    await t.db.update(students).set({ birthday: '1948-02-11' }).where(eq(students.id, saito2.id));
  });

  it('lets the office say two are different people: gone from the list, marked, audited, never listed again', async () => {
    await runDuplicateScan(t.db, { force: true });
    expect((await pairs()).total).toBe(2);
    const res = await post(t.app, DISMISS, { user_id: saito2.id, other_id: String(saito.id) }, cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await pairs()).data_list.map((p) => p.a.user_id)).toEqual([takahashi.id]);
    const c = (await get(t.app, `${CANDIDATES}?user_id=${saito.id}`, cast.admin)).json() as Candidates;
    expect(c.candidates[0]).toMatchObject({ user_id: saito2.id, dismissed: true });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'duplicate_dismiss'));
    expect(entry).toMatchObject({ studentId: saito2.id, detail: { other_id: saito.id } });
    await runDuplicateScan(t.db, { force: true });
    expect((await pairs()).total).toBe(1);
  });

  it('refuses a pair of one student and unknown students without writing', async () => {
    const same = await post(t.app, DISMISS, { user_id: saito.id, other_id: saito.id }, cast.admin);
    expect(same.statusCode).toBe(422);
    expect(same.json().err_list).toContainEqual({ name: 'other_id', msg: '同じ学生どうしは比べられません' });
    const wrongType = await post(t.app, DISMISS, { user_id: [1], other_id: { a: 1 } }, cast.admin);
    expect(wrongType.statusCode).toBe(422);
    const gone = await post(t.app, DISMISS, { user_id: saito.id, other_id: 99999999 }, cast.admin);
    expect(gone.statusCode).toBe(404);
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'duplicate_dismiss'));
    expect(n?.n).toBe(1);
  });

  it('answers a page past the end with the last page, and a bad size on its field', async () => {
    expect((await pairs('page=99&size=10')).page).toBe(1);
    const bad = await get(t.app, `${PAIRS}?size=7`, cast.admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list).toContainEqual({ name: 'size', msg: MSG.invalidChoice });
  });

  it('a scan that died with its process is taken over after ten minutes, not before', async () => {
    await t.db
      .update(duplicateScan)
      .set({ startedAt: sql`now()`, finishedAt: sql`now() - interval '2 days'` })
      .where(eq(duplicateScan.id, 1));
    expect(await runDuplicateScan(t.db)).toBeNull();
    await t.db
      .update(duplicateScan)
      .set({ startedAt: sql`now() - interval '11 minutes'` })
      .where(eq(duplicateScan.id, 1));
    expect(await runDuplicateScan(t.db)).not.toBeNull();
  });
});

describe('who may not', () => {
  it('refuses authority 2, a student and anyone not logged in, for every call', async () => {
    for (const cookie of [cast.univ, cast.student, '']) {
      const expected = cookie === '' ? 401 : 403;
      expect((await get(t.app, `${CANDIDATES}?user_id=${saito.id}`, cookie)).statusCode).toBe(expected);
      expect((await get(t.app, PAIRS, cookie)).statusCode).toBe(expected);
      expect((await post(t.app, SCAN, {}, cookie)).statusCode).toBe(expected);
      expect(
        (await post(t.app, DISMISS, { user_id: takahashi.id, other_id: takahashi2.id }, cookie)).statusCode,
      ).toBe(expected);
    }
    expect((await get(t.app, PAIRS, cast.admin)).json().total).toBe(1);
  });
});
