import type { Worklist } from '@manabi/shared/schemas/worklist';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, courseFees, notices, payments } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

/**
 * The applicant tab's 入金状況 (decision 086): each seat's payment by the payment screens' rule, and the
 * payment filter the work list's 未入金 card links to, counted in SQL over the whole course (the list is paged
 * on the server). A seat that costs nothing owes nothing.
 */

const L = '/api/admin/courseapplicantlist/';
const DAY = 86_400_000;

let t: TestApp;
let admin: string;
let univ: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ } = await makeCast(t));
});
afterAll(() => t.close());

let seq = 0;
const student = () => makeStudent(t.db, { loginId: `37${String(++seq).padStart(6, '0')}` });
const list = async (query: Record<string, string | number>, who = admin) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await get(t.app, `${L}?${params}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data_list: Record<string, unknown>[]; total?: number };
};

/** A seat of the course: its status and charge, and the payments it has (yen; negative = a refund). */
async function seat(
  courseId: number,
  over: Partial<typeof courseApplications.$inferInsert>,
  paid: number[] = [],
) {
  const s = await student();
  const a = await makeApplication(t.db, { courseId, studentId: s.id, ...over });
  for (const amount of paid)
    await t.db.insert(payments).values({
      applicationId: a.id,
      courseId,
      studentId: s.id,
      kind: amount < 0 ? '2' : '1',
      amount: Math.abs(amount),
      paidOn: '2026-04-01',
      method: 'counter',
    });
  return { s, a };
}

describe('the applicant list’s payment column and filter', () => {
  let courseId: number;
  const made: Record<string, number> = {};
  beforeAll(async () => {
    const c = await makeCourse(t.db, { universityId: 'U01', tuitionFee: 3000, materialCost: 500 });
    courseId = c.id;
    await t.db.insert(courseFees).values({ courseId, required: true, howToPay: '窓口', payDays: 7 });
    const won = { lotteryStatus: '2', amountDue: 3500 };
    const late = new Date(Date.now() - DAY);
    const later = new Date(Date.now() + 5 * DAY);
    made.unpaid = (await seat(courseId, { ...won, payBy: late })).a.id;
    made.partial = (await seat(courseId, { ...won, payBy: later }, [1000])).a.id;
    made.paid = (await seat(courseId, { ...won, payBy: late, paidAt: new Date() }, [3500])).a.id;
    made.over = (await seat(courseId, { ...won, paidAt: new Date() }, [4000])).a.id;
    made.pending = (await seat(courseId, { lotteryStatus: '1' })).a.id;
    // cancelled after paying, its course refunding nothing by rule: kept, nothing owed either way
    made.gone = (
      await seat(courseId, { ...won, lotteryStatus: '4', cancelledAt: new Date(), payBy: late }, [3500])
    ).a.id;
  });

  it('shows each seat’s state, what it still owes and what is owed back', async () => {
    const rows = new Map((await list({ id: courseId })).data_list.map((r) => [r.course_applicant_id, r]));
    const pay = (key: string) => {
      const r = rows.get(made[key]);
      return [r?.payment_state, r?.outstanding, r?.refund_owed];
    };
    expect(pay('unpaid')).toEqual(['unpaid', 3500, 0]);
    expect(pay('partial')).toEqual(['partial', 2500, 0]);
    expect(pay('paid')).toEqual(['paid', 0, 0]);
    expect(pay('over')).toEqual(['over', 0, 500]);
    expect(pay('pending')).toEqual(['none', 0, 0]);
    expect(pay('gone')).toEqual(['paid', 0, 0]);
    // the page reads the same figures as the whole list
    const page = await list({ id: courseId, page: 1, size: 10 });
    expect(page.data_list.find((r) => r.course_applicant_id === made.partial)).toMatchObject({
      payment_state: 'partial',
      outstanding: 2500,
    });
  });

  it('filters in SQL: still owing, and owing past the pay-by deadline', async () => {
    const owing = await list({ id: courseId, payment: 'owing', page: 1, size: 10 });
    expect(owing.total).toBe(2);
    expect(owing.data_list.map((r) => r.course_applicant_id).sort()).toEqual(
      [made.unpaid, made.partial].sort(),
    );
    const overdue = await list({ id: courseId, payment: 'overdue' });
    expect(overdue.data_list.map((r) => r.course_applicant_id)).toEqual([made.unpaid]);
    // the CSV of the filtered search holds the same rows
    const csv = await get(t.app, `${L}csv/?id=${courseId}&payment=overdue`, admin);
    expect(csv.body.trim().split('\n')).toHaveLength(2);
  });

  it('gives authority 2 the filter (入金の管理 shows it the same) but no payment column', async () => {
    const rows = (await list({ id: courseId, payment: 'overdue' }, univ)).data_list;
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'course_applicant_id',
      'course_id',
      'name_kana',
      'student_id',
    ]);
  });

  it('refuses an unknown filter on its field', async () => {
    const res = await get(t.app, `${L}?id=${courseId}&payment=late`, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual([{ name: 'payment', msg: expect.any(String) }]);
  });

  it('matches the work list’s 未入金・期限切れ card, course by course', async () => {
    await t.db.update(courseFees).set({ autoLapse: false }).where(eq(courseFees.courseId, courseId));
    const w = (await get(t.app, '/api/admin/worklist/', admin)).json() as Worklist;
    const card = w.unpaid.courses.find((c) => c.course_id === courseId);
    expect(card?.count).toBe((await list({ id: courseId, payment: 'overdue' })).data_list.length);
  });
});

describe('a seat that costs nothing asks no payment', () => {
  const A = '/api/admin/addcourseapplicant/add/';
  it('is left uncharged, untold, off the 未入金 card and out of the owing filter', async () => {
    const c = await makeCourse(t.db, { isLottery: false, capacity: 5, tuitionFee: 0, materialCost: null });
    // a rule saved before the course's fee was made 0円
    await t.db
      .insert(courseFees)
      .values({ courseId: c.id, required: true, howToPay: '窓口', payDays: 7, autoLapse: false });
    const s = await student();
    const res = await post(t.app, A, { course_id: c.id, user_id: s.id, how_apply: '3' }, admin);
    expect(res.json().lottery_status).toBe('2');
    const [row] = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.id, res.json().id));
    expect(row).toMatchObject({ amountDue: null, payBy: null });
    expect(await t.db.select().from(notices).where(eq(notices.applicationId, row!.id))).toHaveLength(0);
    expect((await list({ id: c.id })).data_list[0]).toMatchObject({ payment_state: 'none', outstanding: 0 });

    // a seat charged 0円 before this rule, its day passed: the card and the filter leave it out
    await seat(c.id, { lotteryStatus: '2', amountDue: 0, payBy: new Date(Date.now() - DAY) });
    const w = (await get(t.app, '/api/admin/worklist/', admin)).json() as Worklist;
    expect(w.unpaid.courses.map((x) => x.course_id)).not.toContain(c.id);
    expect((await list({ id: c.id, payment: 'overdue' })).data_list).toHaveLength(0);
  });
});
