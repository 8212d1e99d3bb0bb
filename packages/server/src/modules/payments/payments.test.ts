import type { MypageAppliedList } from '@manabi/shared/api';
import { ATTENDANCE, LOTTERY } from '@manabi/shared/codes';
import type { BankPreview, PaymentList, PaymentReport, Receipt } from '@manabi/shared/schemas/payments';
import { and, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseApplications, courseFees, courseSessions, payments } from '../../db/schema';
import { resolvePersonal } from '../../platform/audit';
import { chargeSeats, feeRuleOf } from '../../repositories/payments';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeCourse, makeStudent, makeUniversity } from '../../test/factories';

/**
 * Payments (decision 078): the course's seats and their states, one payment, several, a correction with its
 * reason, a void, a refund, the bank file's preview and apply, receipts, the books — and who may not.
 */
const LIST = '/api/admin/payment/list/';
const ADD = '/api/admin/payment/add/';
const BULK = '/api/admin/payment/add/bulk/';
const UPDATE = '/api/admin/payment/update/';
const VOID = '/api/admin/payment/void/';
const REFUND = '/api/admin/payment/refund/';
const PREVIEW = '/api/admin/payment/bank/preview/';
const APPLY = '/api/admin/payment/bank/apply/';
const RECEIPT = '/api/admin/payment/receipt/';
const REPORT = '/api/admin/payment/report/';
const REPORT_CSV = '/api/admin/payment/report/csv/';
const MY_RECEIPTS = '/api/mypage/receipts/';
const MY_RECEIPT = '/api/mypage/receipt/';
const APPLIED = '/api/mypage/appliedcourselist/';
const ATTENDED = '/api/mypage/attendedcourselist/';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  await makeUniversity(t.db, { id: 'U02' });
});
afterAll(() => t.close());

let seq = 0;
/** A course of U01 (unless told) asking 3,000 + 500 before the first class, with `n` charged winners. */
async function chargedCourse(n: number, over: Parameters<typeof makeCourse>[1] = {}) {
  const course = await makeCourse(t.db, {
    universityId: 'U01',
    tuitionFee: 3000,
    materialCost: 500,
    startDate: '2026-06-01',
    ...over,
  });
  await t.db.insert(courseFees).values({ courseId: course.id, required: true, payDays: 7, refundDays: 7 });
  const people = [];
  for (let i = 0; i < n; i++) {
    seq++;
    people.push(
      await makeStudent(t.db, {
        loginId: `2601${String(seq).padStart(4, '0')}`,
        name: `入金 ${seq}`,
        nameKana: `ニュウキン ${'タチツテト'[seq % 5]}${'アイウエオ'[Math.floor(seq / 5) % 5]}${'カキクケコ'[Math.floor(seq / 25) % 5]}`,
      }),
    );
  }
  const apps = people.length
    ? await t.db
        .insert(courseApplications)
        .values(people.map((p) => ({ courseId: course.id, studentId: p.id, lotteryStatus: LOTTERY.WON })))
        .returning()
    : [];
  await chargeSeats(t.db, await feeRuleOf(t.db, course.id), 'all-winners', 86_400);
  return { course, people, apps };
}

const listOf = async (courseId: number, cookie = cast.admin) => {
  const res = await get(t.app, `${LIST}?course_id=${courseId}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentList;
};
const seatOf = async (courseId: number, appId: number) =>
  (await listOf(courseId)).list.find((s) => s.application_id === appId)!;
const paymentCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n;

describe('recording payments', () => {
  it('one payment: partial, then paid; the receipt number is generated; over-payment shows', async () => {
    const { course, apps } = await chargedCourse(1);
    const app = apps[0]!;
    expect((await seatOf(course.id, app.id)).state).toBe('unpaid');
    const r1 = await post(
      t.app,
      ADD,
      {
        application_id: app.id,
        amount: '2000',
        paid_on: '2026-05-01',
        method: 'counter',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().receipt_no).toMatch(/^R-\d{6}$/);
    let seat = await seatOf(course.id, app.id);
    expect([seat.state, seat.net, seat.outstanding, seat.paid_at]).toEqual(['partial', 2000, 1500, null]);
    await post(
      t.app,
      ADD,
      {
        application_id: app.id,
        amount: '１５００',
        paid_on: '2026-05-02',
        method: 'bank',
        receipt_no: 'A-77',
        note: '',
      },
      cast.admin,
    );
    seat = await seatOf(course.id, app.id);
    expect(seat.state).toBe('paid');
    expect(seat.paid_at).not.toBeNull();
    // the same number twice is refused on its field, nothing written
    const before = await paymentCount();
    const dup = await post(
      t.app,
      ADD,
      {
        application_id: app.id,
        amount: '100',
        paid_on: '2026-05-03',
        method: 'bank',
        receipt_no: 'A-77',
        note: '',
      },
      cast.admin,
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().err_list[0].name).toBe('receipt_no');
    expect(await paymentCount()).toBe(before);
    await post(
      t.app,
      ADD,
      {
        application_id: app.id,
        amount: '100',
        paid_on: '2026-05-03',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    seat = await seatOf(course.id, app.id);
    expect([seat.state, seat.refund_owed]).toEqual(['over', 100]);
  });

  it('several at once: each seat its outstanding amount, in one go; seats owing nothing skipped', async () => {
    const { course, apps } = await chargedCourse(3);
    await post(
      t.app,
      ADD,
      {
        application_id: apps[0]!.id,
        amount: '3500',
        paid_on: '2026-05-01',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    await post(
      t.app,
      ADD,
      {
        application_id: apps[1]!.id,
        amount: '500',
        paid_on: '2026-05-01',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    const res = await post(
      t.app,
      BULK,
      {
        course_id: course.id,
        application_ids: apps.map((a) => a.id),
        paid_on: '2026-05-10',
        method: 'class',
      },
      cast.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recorded: 2, skipped: 1 });
    const list = await listOf(course.id);
    expect(list.list.map((s) => s.state)).toEqual(['paid', 'paid', 'paid']);
    expect(list.totals).toMatchObject({ due: 10500, collected: 10500, outstanding: 0 });
    // again: nothing owes anything
    const again = await post(
      t.app,
      BULK,
      {
        course_id: course.id,
        application_ids: apps.map((a) => a.id),
        paid_on: '2026-05-10',
        method: 'class',
      },
      cast.admin,
    );
    expect(again.statusCode).toBe(422);
    // a seat of another course is refused, nothing written
    const other = await chargedCourse(1);
    const before = await paymentCount();
    const mixed = await post(
      t.app,
      BULK,
      {
        course_id: other.course.id,
        application_ids: [other.apps[0]!.id, apps[0]!.id],
        paid_on: '2026-05-10',
        method: 'class',
      },
      cast.admin,
    );
    expect(mixed.statusCode).toBe(422);
    expect(await paymentCount()).toBe(before);
  });

  it('a correction needs its reason and the stamp; it is audited with before and after; a void uncounts it', async () => {
    const { course, apps } = await chargedCourse(1);
    const app = apps[0]!;
    const added = await post(
      t.app,
      ADD,
      {
        application_id: app.id,
        amount: '3500',
        paid_on: '2026-05-01',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    const pid = added.json().payment_id as number;
    const row = (await seatOf(course.id, app.id)).payments[0]!;
    const body = {
      payment_id: pid,
      amount: '3000',
      paid_on: '2026-05-01',
      method: 'bank',
      receipt_no: row.receipt_no,
      note: '',
      reason: '',
      updated_at: row.updated_at,
    };
    const noReason = await post(t.app, UPDATE, body, cast.admin);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().err_list[0]).toMatchObject({
      name: 'reason',
      msg: '訂正の理由を入力してください',
    });
    const ok = await post(t.app, UPDATE, { ...body, reason: '金額の入力誤り' }, cast.admin);
    expect(ok.statusCode, ok.body).toBe(200);
    const seat = await seatOf(course.id, app.id);
    expect([seat.state, seat.paid_at]).toEqual(['partial', null]);
    const stale = await post(t.app, UPDATE, { ...body, reason: '再訂正' }, cast.admin);
    expect(stale.statusCode).toBe(409);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_correct'), eq(auditLog.entityId, String(pid))));
    // the office's reason is kept by reference (decision 081) and read back as the viewer reads it
    expect(JSON.stringify(entry?.detail)).not.toContain('金額の入力誤り');
    const [detail] = await resolvePersonal(t.db, [entry?.detail as Record<string, unknown>]);
    expect(detail).toMatchObject({
      reason: '金額の入力誤り',
      before: { amount: 3500 },
      after: { amount: 3000 },
    });
    const v = await post(
      t.app,
      VOID,
      { payment_id: pid, reason: '二重の記録', updated_at: seat.payments[0]!.updated_at },
      cast.admin,
    );
    expect(v.statusCode, v.body).toBe(200);
    const after = await seatOf(course.id, app.id);
    expect([after.state, after.net]).toEqual(['unpaid', 0]);
    // a voided payment has no receipt
    expect((await get(t.app, `${RECEIPT}?payment_id=${pid}`, cast.admin)).statusCode).toBe(404);
  });

  it('a paid seat cancelled early owes its refund by the rule; the refund is recorded up to what was paid', async () => {
    const { course, apps } = await chargedCourse(1);
    const app = apps[0]!;
    await post(
      t.app,
      ADD,
      {
        application_id: app.id,
        amount: '3500',
        paid_on: '2026-05-01',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    await t.db
      .update(courseApplications)
      .set({ cancelledAt: new Date('2026-05-10T03:00:00Z'), lotteryStatus: LOTTERY.CANCELLED })
      .where(eq(courseApplications.id, app.id));
    let seat = await seatOf(course.id, app.id);
    expect([seat.cancelled, seat.state, seat.refund_owed]).toEqual([true, 'over', 3500]);
    const over = await post(
      t.app,
      REFUND,
      { application_id: app.id, amount: '4000', paid_on: '2026-05-11', method: 'bank', note: '' },
      cast.admin,
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().err_list[0].name).toBe('amount');
    const ok = await post(
      t.app,
      REFUND,
      { application_id: app.id, amount: '3500', paid_on: '2026-05-11', method: 'bank', note: '' },
      cast.admin,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    seat = await seatOf(course.id, app.id);
    expect([seat.net, seat.refund_owed, seat.state]).toEqual([0, 0, 'none']);
    // a payment that arrives for a lapsed seat is recorded and shows as owed back
    const late = await chargedCourse(1);
    await t.db
      .update(courseApplications)
      .set({ lotteryStatus: LOTTERY.DECLINED, declineReason: 'unpaid' })
      .where(eq(courseApplications.id, late.apps[0]!.id));
    const paidLate = await post(
      t.app,
      ADD,
      {
        application_id: late.apps[0]!.id,
        amount: '3500',
        paid_on: '2026-05-01',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    expect(paidLate.statusCode).toBe(200);
    expect((await seatOf(late.course.id, late.apps[0]!.id)).state).toBe('over');
  });

  it('refuses bad input with its message on the field and writes nothing', async () => {
    const { apps } = await chargedCourse(1);
    const before = await paymentCount();
    const good = {
      application_id: apps[0]!.id,
      amount: '3500',
      paid_on: '2026-05-01',
      method: 'bank',
      receipt_no: '',
      note: '',
    };
    for (const [patch, field] of [
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '20000000' }, 'amount'],
      [{ amount: [1] }, 'amount'],
      [{ paid_on: '2026-02-30' }, 'paid_on'],
      [{ paid_on: '99999-01-01' }, 'paid_on'],
      [{ method: 'cash' }, 'method'],
      [{ receipt_no: 'R-000001' }, 'receipt_no'],
      [{ receipt_no: '領収\u0000' }, 'receipt_no'],
      [{ note: 'あ'.repeat(201) }, 'note'],
      [{ application_id: 'x' }, 'application_id'],
      [{ application_id: 2147483000 }, 'application_id'],
    ] as const) {
      const res = await post(t.app, ADD, { ...good, ...patch }, cast.admin);
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
      expect(res.json().err_list.map((e: { name: string }) => e.name)).toContain(field);
    }
    // a seat never charged
    const free = await makeCourse(t.db);
    const s = await makeStudent(t.db);
    const [app] = await t.db
      .insert(courseApplications)
      .values({ courseId: free.id, studentId: s.id, lotteryStatus: LOTTERY.WON })
      .returning();
    const res = await post(t.app, ADD, { ...good, application_id: app!.id }, cast.admin);
    expect(res.statusCode).toBe(422);
    expect(await paymentCount()).toBe(before);
  });
});

/** A 全銀協 振込入金通知 file: header, data records, trailer, end; 200 bytes each, Shift_JIS, CRLF. */
function zengin(records: { no: number; day: string; amount: number; name: string }[]): Buffer {
  const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc(200 - b.length, 0x20)]);
  const n = (v: number | string, w: number) => String(v).padStart(w, '0');
  const header = pad(Buffer.from(`1010${'080501'}080501080501`, 'latin1'));
  const data = records.map((r) => {
    const name = iconv.encode(r.name, 'cp932');
    return pad(
      Buffer.concat([
        Buffer.from(`2${n(r.no, 6)}${r.day}${r.day}${n(r.amount, 10)}${n(0, 10)}${n(0, 10)}`, 'latin1'),
        name,
        Buffer.alloc(48 - name.length, 0x20),
      ]),
    );
  });
  const trailer = pad(Buffer.from(`8${n(records.length, 6)}`, 'latin1'));
  const end = pad(Buffer.from('9', 'latin1'));
  return Buffer.concat([header, ...data, trailer, end].flatMap((b) => [b, Buffer.from('\r\n')]));
}
const dataUrl = (b: Buffer, type = 'text/plain') => `data:${type};base64,${b.toString('base64')}`;

describe('the refund owed', () => {
  it('counts to the first dated class, as the student’s cancel view does, not to the course’s start date', async () => {
    // a start date far ahead, but the first class on 5 June: a seat cancelled on 1 June is inside the 7 days
    const { course, apps } = await chargedCourse(1, { startDate: '2099-04-01' });
    await t.db
      .insert(courseSessions)
      .values({ courseId: course.id, no: 1, day: '2026-06-05', startsAt: '10:00', endsAt: '12:00' });
    const app = apps[0]!;
    const paid = await post(
      t.app,
      ADD,
      {
        application_id: app.id,
        amount: '3500',
        paid_on: '2026-05-01',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await t.db
      .update(courseApplications)
      .set({ cancelledAt: new Date('2026-06-01T03:00:00Z'), lotteryStatus: LOTTERY.CANCELLED })
      .where(eq(courseApplications.id, app.id));
    const seat = await seatOf(course.id, app.id);
    expect([seat.cancelled, seat.refund_owed]).toEqual([true, 0]);
  });
});

describe('the bank file', () => {
  it('a 全銀 file: matched by 学生番号 or kana and amount, ambiguous, unmatched; applied once only', async () => {
    const { course, people, apps } = await chargedCourse(4);
    // two students of one reading and one amount: the office has to pick
    await t.db
      .update(courseApplications)
      .set({ amountDue: 4000 })
      .where(eq(courseApplications.id, apps[3]!.id));
    const twin = await makeStudent(t.db, { loginId: '26019901', nameKana: people[3]!.nameKana });
    const [twinApp] = await t.db
      .insert(courseApplications)
      .values({ courseId: course.id, studentId: twin.id, lotteryStatus: LOTTERY.WON, amountDue: 4000 })
      .returning();
    const file = zengin([
      // 学生番号 in full-width digits before the name, a different amount: still this student's seat
      { no: 1, day: '080501', amount: 3500, name: `${people[0]!.loginId}ﾆﾕｳｷﾝ` },
      // half-width katakana name, the exact amount
      { no: 2, day: '080502', amount: 3500, name: toHalfKana(people[1]!.nameKana) },
      {
        no: 3,
        day: '080502',
        amount: 3500,
        name: `${people[2]!.loginId} ${toHalfKana(people[2]!.nameKana)}`,
      },
      { no: 4, day: '080503', amount: 4000, name: toHalfKana(people[3]!.nameKana) },
      { no: 5, day: '080503', amount: 1234, name: 'ﾀﾞﾚｶ ｼﾗﾅｲﾋﾄ' },
    ]);
    const preview = await post(t.app, PREVIEW, { file: dataUrl(file) }, cast.admin);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as BankPreview;
    expect(p.format).toBe('zengin');
    // a 全銀 file comes as .dat or with no extension: read whatever media type the browser gave it
    const untyped = await post(
      t.app,
      PREVIEW,
      { file: dataUrl(file, 'application/octet-stream') },
      cast.admin,
    );
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect(p.counts).toEqual({ lines: 5, matched: 3, ambiguous: 1, question: 0, unmatched: 1, recorded: 0 });
    expect(p.lines[0]).toMatchObject({ status: 'matched', matched_by: 'login_id', paid_on: '2026-05-01' });
    expect(p.lines[0]!.candidates[0]!.application_id).toBe(apps[0]!.id);
    expect(p.lines[1]).toMatchObject({ status: 'matched', matched_by: 'kana' });
    expect(p.lines[3]!.candidates.map((c) => c.application_id).sort()).toEqual(
      [apps[3]!.id, twinApp!.id].sort(),
    );
    const before = await paymentCount();

    // a pick that is no candidate: 422, nothing written
    const wrong = await post(
      t.app,
      APPLY,
      {
        file: dataUrl(file),
        preview_hash: p.preview_hash,
        choices: [{ line: p.lines[3]!.line, application_id: apps[0]!.id }],
      },
      cast.admin,
    );
    expect(wrong.statusCode).toBe(422);
    expect(await paymentCount()).toBe(before);

    const body = {
      file: dataUrl(file),
      preview_hash: p.preview_hash,
      choices: [{ line: p.lines[3]!.line, application_id: apps[3]!.id }],
    };
    // two applies at once: one writes, the other finds the outcome changed; the transfers are recorded once
    const [a, b] = await Promise.all([
      post(t.app, APPLY, body, cast.admin),
      post(t.app, APPLY, body, cast.admin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await paymentCount()).toBe(before + 4);
    // the same stale preview sent again once the first has landed: still a 409, never a 422 on the choices
    const late = await post(t.app, APPLY, body, cast.admin);
    expect(late.statusCode, late.body).toBe(409);
    expect(await paymentCount()).toBe(before + 4);
    const list = await listOf(course.id);
    const state = (id: number) => list.list.find((s) => s.application_id === id)!.state;
    expect([
      state(apps[0]!.id),
      state(apps[1]!.id),
      state(apps[2]!.id),
      state(apps[3]!.id),
      state(twinApp!.id),
    ]).toEqual(['paid', 'paid', 'paid', 'paid', 'unpaid']);
    // the same file again: every line already recorded or unmatched, nothing to write
    const again = (await post(t.app, PREVIEW, { file: dataUrl(file) }, cast.admin)).json() as BankPreview;
    expect(again.counts).toMatchObject({ recorded: 4, matched: 0 });
    const none = await post(
      t.app,
      APPLY,
      { file: dataUrl(file), preview_hash: again.preview_hash },
      cast.admin,
    );
    expect(none.statusCode).toBe(422);
    // the bank payment's receipt
    const [bankRow] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, apps[1]!.id), eq(payments.source, 'bank')));
    expect(bankRow?.payerName).toBe(toHalfKana(people[1]!.nameKana));
  });

  it('a CSV in Shift_JIS with a header, and one in UTF-8 with BOM; a stale preview is 409', async () => {
    const { people, apps } = await chargedCourse(2);
    const csv = `日付,金額,振込依頼人名\r\n2026/5/1,"3,500",${people[0]!.loginId} ﾆｭｳｷﾝ\r\n2026年5月2日,３５００円,${toHalfKana(people[1]!.nameKana)}\r\n`;
    const sjis = (
      await post(t.app, PREVIEW, { file: dataUrl(iconv.encode(csv, 'cp932'), 'text/csv') }, cast.admin)
    ).json() as BankPreview;
    expect(sjis.format).toBe('csv');
    expect(sjis.counts).toMatchObject({ lines: 2, matched: 2 });
    const utf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]);
    const bom = (
      await post(t.app, PREVIEW, { file: dataUrl(utf, 'text/csv') }, cast.admin)
    ).json() as BankPreview;
    expect(bom.lines.map((l) => l.candidates[0]?.application_id)).toEqual([apps[0]!.id, apps[1]!.id]);
    // a payment recorded between the preview and the apply changes the outcome
    await post(
      t.app,
      ADD,
      {
        application_id: apps[1]!.id,
        amount: '3500',
        paid_on: '2026-05-01',
        method: 'counter',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    const before = await paymentCount();
    const res = await post(
      t.app,
      APPLY,
      { file: dataUrl(utf, 'text/csv'), preview_hash: bom.preview_hash },
      cast.admin,
    );
    expect(res.statusCode).toBe(409);
    expect(await paymentCount()).toBe(before);
  });

  it('refuses what is no bank file on the file field', async () => {
    for (const file of [
      '',
      'data:text/plain,abc',
      dataUrl(Buffer.from('abc\u0000def')),
      dataUrl(Buffer.from('日付,金額,振込依頼人名\r\n')),
      dataUrl(Buffer.from('1'.repeat(199))),
    ]) {
      const res = await post(t.app, PREVIEW, { file }, cast.admin);
      expect(res.statusCode, file.slice(0, 30)).toBe(422);
      expect(res.json().err_list[0].name).toBe('file');
    }
    const badHash = await post(
      t.app,
      APPLY,
      { file: dataUrl(Buffer.from('x')), preview_hash: 'nope' },
      cast.admin,
    );
    expect(badHash.statusCode).toBe(422);
  });
});

/** Full-width katakana → half-width, as a bank writes a name. */
function toHalfKana(s: string): string {
  const table: Record<string, string> = {};
  const full =
    'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォャュョッー';
  const half = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｧｨｩｪｫｬｭｮｯｰ';
  [...full].forEach((c, i) => {
    table[c] = [...half][i] as string;
  });
  const voiced = 'ガギグゲゴザジズゼゾダヂヅデドバビブベボ';
  const base = 'カキクケコサシスセソタチツテトハヒフヘホ';
  [...voiced].forEach((c, i) => {
    table[c] = `${table[[...base][i] as string]}ﾞ`;
  });
  return [...s].map((c) => table[c] ?? c).join('');
}

describe('receipts, the books, and who may not', () => {
  it('a receipt for the office and for the student; no one else’s', async () => {
    const { course, apps } = await chargedCourse(1);
    // the cast's student pays for a seat of their own
    const [me] = await t.db
      .execute(sql`select id from students where login_id = '24040001'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const [mine] = await t.db
      .insert(courseApplications)
      .values({ courseId: course.id, studentId: me!.id, lotteryStatus: LOTTERY.WON, amountDue: 3500 })
      .returning();
    const add = (id: number) =>
      post(
        t.app,
        ADD,
        {
          application_id: id,
          amount: '3500',
          paid_on: '2026-05-01',
          method: 'counter',
          receipt_no: '',
          note: '',
        },
        cast.admin,
      );
    const myPay = (await add(mine!.id)).json().payment_id as number;
    const theirPay = (await add(apps[0]!.id)).json().payment_id as number;
    const admin = await get(t.app, `${RECEIPT}?payment_id=${myPay}`, cast.admin);
    expect(admin.statusCode).toBe(200);
    const r = admin.json() as Receipt;
    expect(r).toMatchObject({ amount: 3500, paid_on: '2026-05-01', course_name: course.name });
    expect(r.purpose).toBe(`${course.name} 受講料・教材費として`);
    expect((await get(t.app, `${MY_RECEIPT}?payment_id=${myPay}`, cast.student)).json()).toEqual(r);
    expect((await get(t.app, `${MY_RECEIPT}?payment_id=${theirPay}`, cast.student)).statusCode).toBe(404);
    const list = (await get(t.app, MY_RECEIPTS, cast.student)).json();
    expect(list.list.map((x: { payment_id: number }) => x.payment_id)).toEqual([myPay]);
    // a receipt is the office's to issue (decision 085): not authority 2's, even of its own university
    expect((await get(t.app, `${RECEIPT}?payment_id=${myPay}`, cast.univ)).statusCode).toBe(403);
    // 申込状況 carries the seat's receipts in its rows; once the course is done, 受講履歴 keeps them
    const rowOf = async (url: string) =>
      ((await get(t.app, url, cast.student)).json() as MypageAppliedList).data_list.find(
        (x) => x.applicant_id === mine!.id,
      );
    expect((await rowOf(APPLIED))?.receipts).toEqual([
      { payment_id: myPay, receipt_no: r.receipt_no, paid_on: '2026-05-01', amount: 3500 },
    ]);
    await t.db
      .update(courseApplications)
      .set({ attendanceStatus: ATTENDANCE.ATTENDED })
      .where(eq(courseApplications.id, mine!.id));
    expect(await rowOf(APPLIED)).toBeUndefined();
    expect((await rowOf(ATTENDED))?.receipts.map((x) => x.payment_id)).toEqual([myPay]);
  });

  it('the books of a fiscal year, as JSON and as CSV', async () => {
    const { course, apps } = await chargedCourse(2, { startDate: '2031-05-01', name: '=集計の講座' });
    await post(
      t.app,
      ADD,
      {
        application_id: apps[0]!.id,
        amount: '3500',
        paid_on: '2031-04-20',
        method: 'bank',
        receipt_no: '',
        note: '',
      },
      cast.admin,
    );
    const res = await get(t.app, `${REPORT}?fiscal_year=2031`, cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as PaymentReport;
    expect(report.rows).toEqual([
      {
        course_id: course.id,
        course_name: '=集計の講座',
        seats: 2,
        due: 7000,
        collected: 3500,
        refunded: 0,
        outstanding: 3500,
        refund_owed: 0,
      },
    ]);
    const csv = await get(t.app, `${REPORT_CSV}?fiscal_year=2031`, cast.admin);
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF年度,講座ID')).toBe(true);
    expect(text).toContain(`2031,${course.id},'=集計の講座,2,7000,3500,0,3500,0`);
    expect((await get(t.app, `${REPORT}?fiscal_year=1999`, cast.admin)).statusCode).toBe(422);
  });

  it('authority 2 reads its own courses only, and writes nothing; a student or no session reads nothing', async () => {
    const own = await chargedCourse(1);
    const other = await chargedCourse(1, { universityId: 'U02' });
    expect((await get(t.app, `${LIST}?course_id=${own.course.id}`, cast.univ)).statusCode).toBe(200);
    expect((await get(t.app, `${LIST}?course_id=${other.course.id}`, cast.univ)).statusCode).toBe(403);
    const before = await paymentCount();
    const writes: [string, unknown][] = [
      [
        ADD,
        {
          application_id: own.apps[0]!.id,
          amount: '100',
          paid_on: '2026-05-01',
          method: 'bank',
          receipt_no: '',
          note: '',
        },
      ],
      [
        BULK,
        {
          course_id: own.course.id,
          application_ids: [own.apps[0]!.id],
          paid_on: '2026-05-01',
          method: 'bank',
        },
      ],
      [
        UPDATE,
        {
          payment_id: 1,
          amount: '1',
          paid_on: '2026-05-01',
          method: 'bank',
          receipt_no: '',
          note: '',
          reason: 'x',
          updated_at: 'x',
        },
      ],
      [VOID, { payment_id: 1, reason: 'x', updated_at: 'x' }],
      [
        REFUND,
        { application_id: own.apps[0]!.id, amount: '1', paid_on: '2026-05-01', method: 'bank', note: '' },
      ],
      [PREVIEW, { file: dataUrl(Buffer.from('2026-05-01,100,ｱ')) }],
      [APPLY, { file: dataUrl(Buffer.from('2026-05-01,100,ｱ')), preview_hash: '0'.repeat(64) }],
    ];
    for (const [url, body] of writes) {
      for (const [cookie, status] of [
        [cast.univ, 403],
        [cast.student, 403],
        [undefined, 401],
      ] as const) {
        const res = await post(t.app, url, body, cookie);
        expect([url, res.statusCode]).toEqual([url, status]);
      }
    }
    for (const url of [`${REPORT}?fiscal_year=2026`, `${REPORT_CSV}?fiscal_year=2026`]) {
      expect((await get(t.app, url, cast.univ)).statusCode).toBe(403);
      expect((await get(t.app, url, cast.student)).statusCode).toBe(403);
    }
    for (const url of [`${LIST}?course_id=${own.course.id}`, `${RECEIPT}?payment_id=1`]) {
      expect((await get(t.app, url, cast.student)).statusCode).toBe(403);
      expect((await get(t.app, url)).statusCode).toBe(401);
    }
    for (const url of [MY_RECEIPTS, `${MY_RECEIPT}?payment_id=1`]) {
      expect((await get(t.app, url, cast.admin)).statusCode).toBe(403);
      expect((await get(t.app, url)).statusCode).toBe(401);
    }
    expect(await paymentCount()).toBe(before);
  });
});
