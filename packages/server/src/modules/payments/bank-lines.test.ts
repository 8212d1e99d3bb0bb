import { LOTTERY } from '@manabi/shared/codes';
import type { BankPreview } from '@manabi/shared/schemas/payments';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, courseFees, payments } from '../../db/schema';
import { type Cast, createTestApp, makeCast, post, type TestApp } from '../../test/app';
import { makeCourse, makeStudent } from '../../test/factories';

/**
 * The bank file through the API (decision 085): a later file holding another student's transfer of the same
 * kana, amount and day books it; a line just like one recorded from another file is asked about and booked
 * only when the office says it is another transfer; the same file twice books nothing; a future day says so.
 */
const PREVIEW = '/api/admin/payment/bank/preview/';
const APPLY = '/api/admin/payment/bank/apply/';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

let seq = 0;
/** A course asking 3,500 before the first class, and a charged seat for each of these 氏名カナ. */
async function course(kanas: string[]) {
  const c = await makeCourse(t.db, { universityId: 'U01', tuitionFee: 3000, materialCost: 500 });
  await t.db.insert(courseFees).values({ courseId: c.id, required: true, payDays: 7 });
  const people = [];
  for (const nameKana of kanas) {
    seq++;
    const s = await makeStudent(t.db, { loginId: `2650${String(seq).padStart(4, '0')}`, nameKana });
    const [app] = await t.db
      .insert(courseApplications)
      .values({ courseId: c.id, studentId: s.id, lotteryStatus: LOTTERY.WON, amountDue: 3500 })
      .returning();
    people.push({ loginId: s.loginId ?? '', appId: app!.id });
  }
  return people;
}

const csvFile = (rows: string[][]) =>
  `data:text/csv;base64,${iconv.encode(rows.map((r) => r.join(',')).join('\r\n'), 'cp932').toString('base64')}`;
const preview = async (file: string) => {
  const res = await post(t.app, PREVIEW, { file }, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BankPreview;
};
const apply = (file: string, p: BankPreview, extra: object = {}) =>
  post(t.app, APPLY, { file, preview_hash: p.preview_hash, ...extra }, cast.admin);
const paidOf = async (appId: number) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.applicationId, appId))
  )[0]!.n;

describe('the bank file’s lines', () => {
  it('a later file with another student’s equal transfer books it; the same file again books nothing', async () => {
    const [a, b] = await course(['ヨコヤマ ミチコ', 'ヨコヤマ ミチコ']);
    const first = csvFile([['2026/05/01', '3500', `${a!.loginId} ﾖｺﾔﾏ ﾐﾁｺ`]]);
    const p1 = await preview(first);
    expect((await apply(first, p1)).statusCode).toBe(200);
    // the next day's file: the other ヨコヤマ ミチコ paid the same amount the same day, with her number
    const second = csvFile([
      ['日付', '金額', '振込依頼人名'],
      ['2026/05/01', '3500', `${b!.loginId} ﾖｺﾔﾏ ﾐﾁｺ`],
    ]);
    const p2 = await preview(second);
    expect(p2.lines[0]).toMatchObject({ status: 'matched', matched_by: 'login_id' });
    expect(p2.lines[0]!.candidates[0]!.application_id).toBe(b!.appId);
    expect((await apply(second, p2)).statusCode).toBe(200);
    expect([await paidOf(a!.appId), await paidOf(b!.appId)]).toEqual([1, 1]);
    // either file again: 記録済み, naming the receipt it was recorded as; nothing to write
    const again = await preview(first);
    expect(again.lines[0]).toMatchObject({ status: 'recorded' });
    expect(again.lines[0]!.earlier?.receipt_no).toMatch(/^R-\d{6}$/);
    expect((await apply(first, again)).statusCode).toBe(422);
    expect([await paidOf(a!.appId), await paidOf(b!.appId)]).toEqual([1, 1]);
  });

  it('a line just like one recorded from another file is a question: kept unless the office says otherwise', async () => {
    const [a] = await course(['ワタナベ サチコ']);
    await t.db.update(courseApplications).set({ amountDue: 7000 }).where(eq(courseApplications.id, a!.appId));
    const line = ['2026/05/01', '3500', `${a!.loginId} ﾜﾀﾅﾍﾞ ｻﾁｺ`];
    const first = csvFile([line]);
    expect((await apply(first, await preview(first))).statusCode).toBe(200);
    // the same transfer in a file saved anew (another file, no transfer number of the bank's)
    const later = csvFile([['日付', '金額', '振込依頼人名'], line]);
    const p = await preview(later);
    expect(p.counts).toMatchObject({ question: 1, matched: 0 });
    expect(p.lines[0]).toMatchObject({
      status: 'question',
      reason: '同じ振込がすでに記録されています',
      matched_by: 'login_id',
    });
    expect(p.lines[0]!.earlier).toMatchObject({ paid_on: '2026-05-01', course_name: expect.any(String) });
    // unanswered: nothing to write, never written silently
    const unanswered = await apply(later, p);
    expect(unanswered.statusCode).toBe(422);
    expect(await paidOf(a!.appId)).toBe(1);
    // a pick for it without the answer is refused on its field
    const picked = await apply(later, p, { choices: [{ line: 2, application_id: a!.appId }] });
    expect([picked.statusCode, picked.json().err_list[0].name]).toEqual([422, 'choices']);
    // an answer for a line that is no question is refused on its field
    const wrong = await apply(later, p, { new_transfers: [1] });
    expect([wrong.statusCode, wrong.json().err_list[0].name], wrong.body).toEqual([422, 'new_transfers']);
    // 「別の振込なら記録する」: recorded once
    const answered = await apply(later, p, { new_transfers: [2] });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await paidOf(a!.appId)).toBe(2);
    expect((await preview(later)).lines[0]!.status).toBe('recorded');
  });

  it('a line dated after today says so, not that no student fits', async () => {
    const [a] = await course(['キタムラ ハル']);
    const file = csvFile([['2099/01/01', '3500', `${a!.loginId} ｷﾀﾑﾗ ﾊﾙ`]]);
    const p = await preview(file);
    expect(p.lines[0]).toMatchObject({ status: 'unmatched', reason: '振込日が未来の日付です' });
  });

  it('any file, uploaded twice and applied each time, books each transfer once (as a property)', async () => {
    const people = await course(['モリタ カズ', 'モリタ カズ', 'ハラ ミキ']);
    const kana = ['ﾓﾘﾀ ｶｽﾞ', 'ﾓﾘﾀ ｶｽﾞ', 'ﾊﾗ ﾐｷ'];
    const row = fc
      .record({
        who: fc.integer({ min: 0, max: 2 }),
        number: fc.boolean(),
        amount: fc.constantFrom(1000, 2500, 3500),
        day: fc.constantFrom('2026/04/01', '2026/04/02'),
      })
      .map((r) => [r.day, String(r.amount), `${r.number ? `${people[r.who]!.loginId} ` : ''}${kana[r.who]}`]);
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 6 }), fc.nat(), async (rows, salt) => {
        // a file of its own each run (its own bytes): a comment row no bank line reads
        const file = csvFile([['日付', '金額', '振込依頼人名'], ...rows, ['', '', `#${salt}`]]);
        const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(payments);
        const p = await preview(file);
        const picks = p.lines
          .filter((l) => l.status === 'ambiguous')
          .map((l) => ({ line: l.line, application_id: l.candidates[0]!.application_id }));
        const res = await apply(file, p, { choices: picks });
        const booked = p.counts.matched + picks.length;
        expect(res.statusCode).toBe(booked > 0 ? 200 : 422);
        const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(payments);
        expect(after[0]!.n - before[0]!.n).toBe(booked);
        // the same file again: every line it booked is 記録済み, and there is nothing to write
        const again = await preview(file);
        expect([again.counts.recorded, again.counts.matched]).toEqual([booked, 0]);
        expect((await apply(file, again)).statusCode).toBe(422);
      }),
      { numRuns: 12, seed: 8585 },
    );
  });
});
