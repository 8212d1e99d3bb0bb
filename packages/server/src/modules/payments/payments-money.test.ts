import type { MypageAppliedList } from '@manabi/shared/api';
import { LOTTERY } from '@manabi/shared/codes';
import type { WithdrawPreview } from '@manabi/shared/schemas/lifecycle';
import type { PaymentList, PaymentReport, Receipt } from '@manabi/shared/schemas/payments';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, courseFees, payments, students } from '../../db/schema';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeCourse, makeStudent } from '../../test/factories';
import { seatFigures } from './payments-books';

/**
 * Money at a glance (decision 085): what authority 2 reads of a course's payments (氏名カナ only) and that a
 * receipt is the office's; a receipt for every payment received, part payments too, dated the day the
 * my-page names; a course's money adding up in one row, the same in its books; what a student has paid,
 * shown before she is withdrawn.
 */
const LIST = '/api/admin/payment/list/';
const ADD = '/api/admin/payment/add/';
const REFUND = '/api/admin/payment/refund/';
const RECEIPT = '/api/admin/payment/receipt/';
const REPORT = '/api/admin/payment/report/';
const MY_RECEIPT = '/api/mypage/receipt/';
const APPLIED = '/api/mypage/appliedcourselist/';
const W_PREVIEW = '/api/admin/student/withdraw/preview/';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
let seq = 0;
/** A U01 course asking 3,000 + 500 (refund until 7 days before a first class 60 days ahead), with `n` winners. */
async function charged(n: number, fiscalStart = '2036-06-01') {
  const course = await makeCourse(t.db, {
    universityId: 'U01',
    tuitionFee: 3000,
    materialCost: 500,
    startDate: fiscalStart,
    periodFrom: new Date(Date.now() - DAY),
    periodTo: new Date(Date.now() + DAY),
  });
  await t.db.insert(courseFees).values({ courseId: course.id, required: true, payDays: 7, refundDays: 7 });
  const apps = [];
  for (let i = 0; i < n; i++) {
    seq++;
    const s = await makeStudent(t.db, {
      loginId: `2660${String(seq).padStart(4, '0')}`,
      name: `お金 ${seq}`,
    });
    const [a] = await t.db
      .insert(courseApplications)
      .values({ courseId: course.id, studentId: s.id, lotteryStatus: LOTTERY.WON, amountDue: 3500 })
      .returning();
    apps.push(a!);
  }
  return { course, apps };
}
const pay = async (applicationId: number, amount: number, paidOn = '2026-05-01') => {
  const res = await post(
    t.app,
    ADD,
    {
      application_id: applicationId,
      amount: String(amount),
      paid_on: paidOn,
      method: 'bank',
      receipt_no: '',
      note: '',
    },
    cast.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { payment_id: number; receipt_no: string };
};
const listOf = async (courseId: number, cookie: string) => {
  const res = await get(t.app, `${LIST}?course_id=${courseId}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentList;
};

describe('authority 2 and a course’s payments (SPEC §6)', () => {
  it('the list carries 氏名カナ only for authority 2, and 氏名 and 学生番号 for authority 1', async () => {
    const { course, apps } = await charged(1);
    await pay(apps[0]!.id, 1000);
    const [s] = await t.db.select().from(students).where(eq(students.id, apps[0]!.studentId));
    const partner = await listOf(course.id, cast.univ);
    for (const seat of partner.list) {
      expect(seat).not.toHaveProperty('name');
      expect(seat).not.toHaveProperty('login_id');
      expect(seat.name_kana).toBe(s!.nameKana);
    }
    const body = (await get(t.app, `${LIST}?course_id=${course.id}`, cast.univ)).body;
    expect(body).not.toContain(s!.name);
    expect(body).not.toContain(s!.loginId!);
    const office = await listOf(course.id, cast.admin);
    expect(office.list[0]).toMatchObject({ name: s!.name, login_id: s!.loginId, name_kana: s!.nameKana });
  });

  it('a receipt is the office’s: authority 2 is refused (403) before anything is read, authority 1 prints it', async () => {
    const { apps } = await charged(1);
    const { payment_id } = await pay(apps[0]!.id, 3500);
    const partner = await get(t.app, `${RECEIPT}?payment_id=${payment_id}`, cast.univ);
    expect(partner.statusCode).toBe(403);
    expect(partner.body).not.toContain('お金');
    const office = await get(t.app, `${RECEIPT}?payment_id=${payment_id}`, cast.admin);
    expect(office.statusCode).toBe(200);
    expect(office.json()).toMatchObject({
      payer: expect.stringMatching(/^お金 /),
      login_id: expect.any(String),
    });
  });
});

describe('a receipt for every payment received', () => {
  it('a part payment has its receipt, for the office and on the my-page, dated the day the money came', async () => {
    const { course } = await charged(0);
    const [me] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
    const [mine] = await t.db
      .insert(courseApplications)
      .values({ courseId: course.id, studentId: me!.id, lotteryStatus: LOTTERY.WON, amountDue: 3500 })
      .returning();
    // 1,000円 of 3,500円, received on 1 May and recorded today
    const part = await pay(mine!.id, 1000, '2026-05-01');
    const row = async () =>
      ((await get(t.app, APPLIED, cast.student)).json() as MypageAppliedList).data_list.find(
        (x) => x.applicant_id === mine!.id,
      );
    expect((await row())?.receipts).toEqual([
      { payment_id: part.payment_id, receipt_no: part.receipt_no, paid_on: '2026-05-01', amount: 1000 },
    ]);
    const slip = (
      await get(t.app, `${MY_RECEIPT}?payment_id=${part.payment_id}`, cast.student)
    ).json() as Receipt;
    expect(slip).toMatchObject({ amount: 1000, paid_on: '2026-05-01' });
    expect((await get(t.app, `${RECEIPT}?payment_id=${part.payment_id}`, cast.admin)).statusCode).toBe(200);
    // the rest on 3 May: the my-page names the day the money came in — the receipt's — not today
    const rest = await pay(mine!.id, 2500, '2026-05-03');
    const fee = (await row())?.fee;
    expect(fee).toMatchObject({
      state: 'paid',
      paid_on: '2026-05-03',
      paid_text: '入金を確認しました（5月3日）',
    });
    const last = (
      await get(t.app, `${MY_RECEIPT}?payment_id=${rest.payment_id}`, cast.student)
    ).json() as Receipt;
    expect(last.paid_on).toBe(fee?.paid_on);
  });

  it('a payment written without a number (the demo’s, or by hand) still has its receipt; a refund has none', async () => {
    const { course, apps } = await charged(1);
    const a = apps[0]!;
    const [written] = await t.db
      .insert(payments)
      .values({
        applicationId: a.id,
        courseId: course.id,
        studentId: a.studentId,
        amount: 1000,
        paidOn: '2026-05-01',
        method: 'counter',
      })
      .returning();
    expect(written!.receiptNo).toMatch(/^R-\d{6}$/);
    expect((await get(t.app, `${RECEIPT}?payment_id=${written!.id}`, cast.admin)).statusCode).toBe(200);
    // a payment received with no number is refused by the database
    await expect(
      t.db.execute(
        sql`insert into payments (application_id, course_id, student_id, amount, paid_on, method, receipt_no)
          values (${a.id}, ${course.id}, ${a.studentId}, 1, '2026-05-01', 'bank', null)`,
      ),
    ).rejects.toThrow();
    const refund = await post(
      t.app,
      REFUND,
      { application_id: a.id, amount: '500', paid_on: '2026-05-02', method: 'counter', note: '' },
      cast.admin,
    );
    expect(refund.json().receipt_no).toBeNull();
  });
});

describe('a course’s money adds up in one row', () => {
  it('charged − received + refunded = outstanding − owed back, on 入金の管理 and in the books alike', async () => {
    const { course, apps } = await charged(5, '2037-06-01');
    const [paid, part, over, gone, kept] = apps;
    await pay(paid!.id, 3500);
    await pay(part!.id, 1000);
    await pay(over!.id, 4000);
    await pay(gone!.id, 3500);
    await pay(kept!.id, 3500);
    // one cancelled early (its 3,500 owed back), one lapsed unpaid after paying (owed back whole), one
    // refunded in part
    await t.db
      .update(courseApplications)
      .set({ cancelledAt: new Date(), lotteryStatus: LOTTERY.CANCELLED })
      .where(eq(courseApplications.id, gone!.id));
    await t.db
      .update(courseApplications)
      .set({ lotteryStatus: LOTTERY.DECLINED, declineReason: 'unpaid' })
      .where(eq(courseApplications.id, kept!.id));
    await post(
      t.app,
      REFUND,
      { application_id: gone!.id, amount: '1500', paid_on: '2026-05-02', method: 'bank', note: '' },
      cast.admin,
    );
    const m = (await listOf(course.id, cast.admin)).totals;
    expect(m.due - m.collected + m.refunded).toBe(m.outstanding - m.refund_owed);
    expect(m).toEqual({ due: 10500, collected: 15500, refunded: 1500, outstanding: 2500, refund_owed: 6000 });
    const report = (await get(t.app, `${REPORT}?fiscal_year=2037`, cast.admin)).json() as PaymentReport;
    const row = report.rows.find((r) => r.course_id === course.id);
    expect(row).toEqual({ course_id: course.id, course_name: course.name, seats: 5, ...m });
  });

  it('every seat’s charge less what it holds is what it still owes less what is owed back (as a property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 9000 }), { nil: null }),
        fc.integer({ min: 0, max: 9000 }),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
        (amountDue, net, gone, lapsedUnpaid, refundDays) => {
          const f = seatFigures({
            amountDue,
            net,
            gone,
            lapsedUnpaid,
            cancelDay: '2026-05-01',
            refundDays,
            firstClassDay: '2026-05-20',
          });
          expect(f.charged - net).toBe(f.outstanding - f.refundOwed);
          expect(f.outstanding).toBeGreaterThanOrEqual(0);
          expect(f.refundOwed).toBeGreaterThanOrEqual(0);
          if (f.refundOwed > 0) expect(f.state).toBe('over');
        },
      ),
      { numRuns: 500, seed: 8585 },
    );
  });
});

describe('withdrawing a student who has paid', () => {
  it('the preview shows what she paid per course and the refund her cancelled seat is owed', async () => {
    const { course, apps } = await charged(1, new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10));
    await pay(apps[0]!.id, 3500);
    const p = (
      await get(t.app, `${W_PREVIEW}?user_id=${apps[0]!.studentId}`, cast.admin)
    ).json() as WithdrawPreview;
    expect(p.payments).toEqual([
      {
        application_id: apps[0]!.id,
        course_id: course.id,
        course_name: course.name,
        net: 3500,
        refund_owed: 3500,
        cancelled: true,
      },
    ]);
    // nothing paid: nothing to say
    const { apps: other } = await charged(1);
    const q = (
      await get(t.app, `${W_PREVIEW}?user_id=${other[0]!.studentId}`, cast.admin)
    ).json() as WithdrawPreview;
    expect(q.payments).toEqual([]);
  });
});
