/**
 * A course's fee rule and the intake cycle it touches (decision 077): who may read and write the rule, bad
 * input refused with nothing written, a saved rule charging the winners, the draw and a promotion charging
 * their seats, the unpaid lapse (auto and by the office), and a payment racing the lapse.
 */
import { COURSE_FEE_MSG } from '@manabi/shared/schemas/course-fee';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseApplications,
  courseFees,
  mailOutbox,
  notices,
  payments,
  students,
} from '../../db/schema';
import { runDeadlineJob } from '../../jobs/intake-deadlines';
import { lockCourse } from '../../repositories/course-applications';
import { refreshPaidAt } from '../../repositories/payments';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse } from '../../test/factories';
import { HEAVY_TEST_MS } from '../../test/timeouts';

const RULE = '/api/admin/course/fee/';
const UPDATE = '/api/admin/course/fee/update/';
const LOTTERY = '/api/admin/courseapplicantlist/lottery/';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

const rule = (courseId: number, over: Record<string, unknown> = {}) => ({
  course_id: courseId,
  required: '1',
  how_to_pay: 'まなび銀行 本店 普通 1234567 へお振り込みください',
  pay_days: '7',
  pay_by_date: '',
  auto_lapse: '1',
  refund_days: '7',
  refund_note: '',
  updated_at: '',
  ...over,
});

async function saveRule(courseId: number, over: Record<string, unknown> = {}) {
  const seen = (await get(t.app, `${RULE}?course_id=${courseId}`, admin)).json();
  const res = await post(t.app, UPDATE, rule(courseId, { updated_at: seen.updated_at, ...over }), admin);
  expect(res.statusCode).toBe(200);
}

const rows = (courseId: number) =>
  t.db
    .select()
    .from(courseApplications)
    .where(eq(courseApplications.courseId, courseId))
    .orderBy(asc(courseApplications.id));
const noticesOf = (courseId: number) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.courseId, courseId), eq(notices.publishedTo, 4)));

let seq = 0;
/** A course with `n` applicants in the given status (students who never log in). */
async function courseWith(n: number, status: string, over: Parameters<typeof makeCourse>[1] = {}) {
  const course = await makeCourse(t.db, { tuitionFee: 3000, tuitionFee1: 1000, materialCost: 500, ...over });
  const made = await t.db
    .insert(students)
    .values(
      Array.from({ length: n }, () => {
        seq += 1;
        return {
          loginId: `6${String(seq).padStart(7, '0')}`,
          name: `受講 ${seq}`,
          nameKana: `ジュコウ ${seq}`,
          birthday: '1960-01-01',
          approvalStatus: '1',
          mail1: `fee${seq}@example.jp`,
          isEmail: true,
        };
      }),
    )
    .returning({ id: students.id });
  const apps = await t.db
    .insert(courseApplications)
    .values(made.map((s) => ({ courseId: course.id, studentId: s.id, lotteryStatus: status })))
    .returning();
  return { course, apps };
}

describe('the fee rule: who may read and write it', () => {
  it('authority 1 reads the default and saves; authority 2 reads its own courses only; nobody else', async () => {
    const course = await makeCourse(t.db, { tuitionFee: 3000, materialCost: 500 });
    const fresh = await get(t.app, `${RULE}?course_id=${course.id}`, admin);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      required: '0',
      auto_lapse: '1',
      tuition_fee: 3000,
      material_cost: 500,
      updated_at: '',
    });
    await saveRule(course.id);
    expect((await get(t.app, `${RULE}?course_id=${course.id}`, admin)).json()).toMatchObject({
      required: '1',
      pay_days: '7',
      refund_days: '7',
    });

    const own = await makeCourse(t.db, { universityId: 'U01' });
    expect((await get(t.app, `${RULE}?course_id=${own.id}`, univ)).statusCode).toBe(200);
    expect([403, 404]).toContain((await get(t.app, `${RULE}?course_id=${course.id}`, univ)).statusCode);
    const refused = await post(t.app, UPDATE, rule(own.id), univ);
    expect(refused.statusCode).toBe(403);
    for (const cookie of [student, undefined]) {
      expect([401, 403]).toContain((await get(t.app, `${RULE}?course_id=${own.id}`, cookie)).statusCode);
      expect([401, 403]).toContain((await post(t.app, UPDATE, rule(own.id), cookie)).statusCode);
    }
    expect(await t.db.select().from(courseFees).where(eq(courseFees.courseId, own.id))).toHaveLength(0);
  });

  it('refuses bad input on the field, writes nothing, and 409s a stale stamp', async () => {
    const course = await makeCourse(t.db, { tuitionFee: 2000 });
    const bad: [Record<string, unknown>, string][] = [
      [{ how_to_pay: 'あ'.repeat(1001) }, 'how_to_pay'],
      [{ how_to_pay: '' }, 'how_to_pay'],
      [{ pay_days: '0' }, 'pay_days'],
      [{ pay_days: '91' }, 'pay_days'],
      [{ pay_days: '3', pay_by_date: '2030-01-10' }, 'pay_by_date'],
      [{ pay_days: '', pay_by_date: '2030-02-30' }, 'pay_by_date'],
      [{ refund_days: '366' }, 'refund_days'],
      [{ refund_days: '-1' }, 'refund_days'],
      [{ required: 'yes' }, 'required'],
      [{ auto_lapse: null }, 'auto_lapse'],
      [{ refund_note: 'a\u0000b' }, 'refund_note'],
    ];
    for (const [over, field] of bad) {
      const res = await post(t.app, UPDATE, rule(course.id, over), admin);
      expect(res.statusCode, field).toBe(422);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    expect(await t.db.select().from(courseFees).where(eq(courseFees.courseId, course.id))).toHaveLength(0);
    await saveRule(course.id);
    const stale = await post(t.app, UPDATE, rule(course.id, { updated_at: '' }), admin);
    expect(stale.statusCode).toBe(409);
    expect((await post(t.app, UPDATE, rule(999999), admin)).statusCode).toBe(404);
  });
});

describe('a course that costs nothing', () => {
  it('cannot be made to ask payment: 422 on 「受講前の支払い」, nothing saved; it may ask none', async () => {
    for (const fees of [{}, { tuitionFee: 0, tuitionFee1: 0, materialCost: 0 }]) {
      const course = await makeCourse(t.db, fees);
      const res = await post(t.app, UPDATE, rule(course.id), admin);
      expect(res.statusCode).toBe(422);
      expect(res.json().err_list).toEqual([{ name: 'required', msg: COURSE_FEE_MSG.nothingToPay }]);
      expect(await t.db.select().from(courseFees).where(eq(courseFees.courseId, course.id))).toHaveLength(0);
      await saveRule(course.id, { required: '0', how_to_pay: '' });
    }
  });

  it('asks payment when only the material or the aided tuition costs something', async () => {
    for (const fees of [{ materialCost: 800 }, { tuitionFee: 0, tuitionFee1: 500 }]) {
      const course = await makeCourse(t.db, fees);
      await saveRule(course.id);
    }
  });
});

describe('charging a seat when it is won', () => {
  it('a saved rule charges the live winners once, aided seats the aided tuition, and tells them', async () => {
    const { course, apps } = await courseWith(3, '2');
    await t.db
      .update(courseApplications)
      .set({ aidTuitionFee: true })
      .where(eq(courseApplications.id, apps[0]!.id));
    await saveRule(course.id);
    const after = await rows(course.id);
    expect(after.map((a) => a.amountDue)).toEqual([1500, 3500, 3500]);
    for (const a of after) expect(a.payBy!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const told = (await noticesOf(course.id)).filter((n) => n.title.startsWith('【お支払いのお願い】'));
    expect(told).toHaveLength(3);
    expect(told.map((n) => n.content).join()).toContain('3,500円');
    // saved again: nobody is charged or told twice, the amounts stay
    await saveRule(course.id, { pay_days: '14' });
    expect((await rows(course.id)).map((a) => a.payBy?.getTime())).toEqual(
      after.map((a) => a.payBy?.getTime()),
    );
    expect(
      (await noticesOf(course.id)).filter((n) => n.title.startsWith('【お支払いのお願い】')),
    ).toHaveLength(3);
  });

  it("the draw's winners are charged and told the amount, how to pay and the deadline in words", async () => {
    const { course } = await courseWith(4, '1', { isLottery: true, capacity: 100 });
    await saveRule(course.id);
    const res = await post(t.app, LOTTERY, { id: course.id, win_num: 2, waitlist: '1' }, admin);
    expect(res.statusCode).toBe(200);
    const after = await rows(course.id);
    const won = after.filter((a) => a.lotteryStatus === '2');
    expect(won.map((a) => a.amountDue)).toEqual([3500, 3500]);
    expect(after.filter((a) => a.lotteryStatus === '5').every((a) => a.amountDue === null)).toBe(true);
    const wonNotice = (await noticesOf(course.id)).filter((n) => n.title.includes('当選しました'));
    expect(wonNotice).toHaveLength(2);
    for (const n of wonNotice) {
      expect(n.content).toContain('受講料と教材費あわせて3,500円を');
      expect(n.content).toMatch(/\d+月\d+日（.）までにお支払いください/);
      expect(n.content).toContain('まなび銀行');
    }
    const mails = await t.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%当選しました%'));
    expect(mails.filter((m) => m.body.includes('3,500円')).length).toBeGreaterThanOrEqual(2);
  });

  it('a first-come seat is charged when it is taken', async () => {
    const course = await makeCourse(t.db, {
      isLottery: false,
      capacity: 10,
      tuitionFee: 2000,
      periodFrom: new Date(Date.now() - 86_400_000),
      periodTo: new Date(Date.now() + 86_400_000),
    });
    await saveRule(course.id);
    const res = await post(t.app, '/api/mypage/courseapplication/', { course_id: course.id }, student);
    expect(res.statusCode).toBe(200);
    const [a] = await rows(course.id);
    expect(a).toMatchObject({ lotteryStatus: '2', amountDue: 2000 });
    expect(a!.payBy).not.toBeNull();
  });
});

/**
 * A course that asks payment with `seats` charged winners (as many seats, so each seat freed promotes exactly
 * one) and `waiting` 補欠 ranked 1, 2, …, under a rule that lapses by itself or not.
 */
async function seatedCourse(seats: number, waiting: number, autoLapse = '1') {
  const { course, apps } = await courseWith(seats + waiting, '5');
  const seated = apps.slice(0, seats);
  const queue = apps.slice(seats);
  for (const a of seated)
    await t.db
      .update(courseApplications)
      .set({ lotteryStatus: '2', waitlistRank: null })
      .where(eq(courseApplications.id, a.id));
  for (const [i, a] of queue.entries())
    await t.db
      .update(courseApplications)
      .set({ waitlistRank: i + 1 })
      .where(eq(courseApplications.id, a.id));
  await post(
    t.app,
    '/api/admin/course/intake/update/',
    {
      course_id: course.id,
      waitlist: '1',
      confirm_days: '',
      auto_promote: '1',
      promote_until: '',
      tiers: [],
      updated_at: '',
    },
    admin,
  );
  await t.db.execute(sql`update course_intake set seats = ${seats} where course_id = ${course.id}`);
  await saveRule(course.id, { auto_lapse: autoLapse });
  return { course, seated, queue };
}

/** A course that asks payment, one charged winner past its deadline and `waiting` 補欠. */
async function dueCourse(waiting: number, autoLapse = '1') {
  const { course, seated, queue } = await seatedCourse(1, waiting, autoLapse);
  const winner = seated[0]!;
  await t.db
    .update(courseApplications)
    .set({ payBy: new Date(Date.now() - 1000) })
    .where(eq(courseApplications.id, winner.id));
  return { course, winner, waiting: queue };
}

describe('an unpaid seat past its deadline', () => {
  it('lapses (辞退（未入金）), is told once, and the next 補欠 moves up, charged and told once', async () => {
    const { course, winner, waiting } = await dueCourse(2);
    expect(await runDeadlineJob(t.db, t.config)).toBeGreaterThanOrEqual(1);
    expect(await runDeadlineJob(t.db, t.config)).toBe(0);
    const after = await rows(course.id);
    expect(after.find((a) => a.id === winner.id)).toMatchObject({
      lotteryStatus: '6',
      declineReason: 'unpaid',
    });
    const up = after.find((a) => a.id === waiting[0]!.id)!;
    expect(up).toMatchObject({ lotteryStatus: '2', amountDue: 3500 });
    expect(up.payBy!.getTime()).toBeGreaterThan(Date.now());
    expect(after.find((a) => a.id === waiting[1]!.id)).toMatchObject({ lotteryStatus: '5', waitlistRank: 1 });
    const told = await noticesOf(course.id);
    expect(told.filter((n) => n.title.startsWith('【お支払い期限切れ】'))).toHaveLength(1);
    const promoted = told.filter((n) => n.title.startsWith('【繰り上げ当選】'));
    expect(promoted).toHaveLength(1);
    expect(promoted[0]!.content).toContain('3,500円');
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lapse_unpaid'), eq(auditLog.entityId, String(winner.id))));
    expect(logged).toHaveLength(1);
  });

  it('a paid seat, or one on a course whose rule lapses nothing by itself, stays', async () => {
    const paid = await dueCourse(1);
    await t.db
      .update(courseApplications)
      .set({ paidAt: new Date() })
      .where(eq(courseApplications.id, paid.winner.id));
    const manual = await dueCourse(1, '0');
    await runDeadlineJob(t.db, t.config);
    for (const { course, winner } of [paid, manual])
      expect((await rows(course.id)).find((a) => a.id === winner.id)).toMatchObject({ lotteryStatus: '2' });
    // the office's work list counts the course whose seats wait for its decision
    const list = (await get(t.app, '/api/admin/worklist/', admin)).json();
    expect(list.unpaid.count).toBeGreaterThanOrEqual(1);
    expect(list.unpaid.courses.map((c: { course_id: number }) => c.course_id)).toContain(manual.course.id);
    expect(list.unpaid.courses.map((c: { course_id: number }) => c.course_id)).not.toContain(paid.course.id);
  });
});

/**
 * A payment (as the payment screens record one: under the course lock, the row inserted, paid_at refreshed)
 * racing the deadline job on the same due seat: the paid seat never lapses; a seat lapses at most once; one
 * 補欠 moves up per lapsed seat.
 */
async function pay(courseId: number, applicationId: number, studentId: number, amount: number) {
  await t.db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    await tx.insert(payments).values({
      applicationId,
      courseId,
      studentId,
      amount,
      paidOn: '2030-01-01',
      method: 'bank',
      source: 'manual',
    });
    await refreshPaidAt(tx, [applicationId]);
  });
}

describe('a payment racing the lapse', () => {
  it(
    'the paid seat never lapses, a seat lapses at most once, one 補欠 moves up per lapse',
    async () => {
      for (let round = 0; round < 12; round++) {
        const { course, winner, waiting } = await dueCourse(2);
        const jobs = Promise.all([runDeadlineJob(t.db, t.config), runDeadlineJob(t.db, t.config)]);
        const paying = pay(course.id, winner.id, winner.studentId, 3500);
        await Promise.all([jobs, paying]);
        // whatever the job skipped while the payment held the lock, a later round settles
        await runDeadlineJob(t.db, t.config);
        const after = await rows(course.id);
        const w = after.find((a) => a.id === winner.id)!;
        const up = after.filter((a) => waiting.some((x) => x.id === a.id) && a.lotteryStatus === '2');
        const lapses = await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'lapse_unpaid'), eq(auditLog.entityId, String(winner.id))));
        if (w.lotteryStatus === '2') {
          // paid first: kept, nobody moves up
          expect(w.paidAt).not.toBeNull();
          expect(lapses).toHaveLength(0);
          expect(up).toHaveLength(0);
        } else {
          // lapsed first: the payment came after (a refund is the office's), once, one 補欠 up
          expect(w).toMatchObject({ lotteryStatus: '6', declineReason: 'unpaid' });
          expect(lapses).toHaveLength(1);
          expect(up).toHaveLength(1);
        }
        const told = (await noticesOf(course.id)).filter((n) => n.title.startsWith('【お支払い期限切れ】'));
        expect(told).toHaveLength(lapses.length);
      }
    },
    HEAVY_TEST_MS,
  );
});

/**
 * The lapse for any mix: one to three charged winners (each owing 3,500円), each with up to three payments of
 * any size and a deadline passed or not, on a course whose rule lapses by itself or not, with up to three 補欠.
 * The deadline job, run twice, lapses exactly the winners who are past their deadline and have not paid in
 * full (none when the office decides), each once and told once; the 補欠 move up in rank order, one per seat
 * freed, each charged with a deadline of its own; and the second run finds nothing to do.
 */
describe('the lapse, for any seats, payments and deadlines', () => {
  const seatArb = fc.record({
    // nothing, a yen short, exactly paid, two halves, a yen short in two, or any amounts
    paid: fc.oneof(
      fc.constantFrom<number[]>([], [3499], [3500], [1750, 1750], [1750, 1749]),
      fc.array(fc.integer({ min: 1, max: 4000 }), { maxLength: 3 }),
    ),
    pastDue: fc.boolean(),
  });
  const scenarioArb = fc.record({
    winners: fc.array(seatArb, { minLength: 1, maxLength: 3 }),
    waiting: fc.integer({ min: 0, max: 3 }),
    autoLapse: fc.boolean(),
  });

  it(
    'lapses exactly the unpaid past their deadline, once, and moves the 補欠 up in order, once per seat',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ({ winners, waiting, autoLapse }) => {
          const { course, seated, queue } = await seatedCourse(
            winners.length,
            waiting,
            autoLapse ? '1' : '0',
          );
          for (const [i, w] of winners.entries()) {
            const a = seated[i]!;
            await t.db
              .update(courseApplications)
              .set({ payBy: new Date(Date.now() + (w.pastDue ? -1000 : 86_400_000)) })
              .where(eq(courseApplications.id, a.id));
            for (const amount of w.paid) await pay(course.id, a.id, a.studentId, amount);
          }

          await runDeadlineJob(t.db, t.config);
          const settled = await rows(course.id);
          expect(await runDeadlineJob(t.db, t.config)).toBe(0);
          expect(await rows(course.id)).toEqual(settled);

          const lapsing = winners.map(
            (w) => autoLapse && w.pastDue && w.paid.reduce((sum, x) => sum + x, 0) < 3500,
          );
          const now = Date.now();
          for (const [i, a] of seated.entries()) {
            const row = settled.find((r) => r.id === a.id)!;
            if (lapsing[i]) expect(row).toMatchObject({ lotteryStatus: '6', declineReason: 'unpaid' });
            else expect(row).toMatchObject({ lotteryStatus: '2', amountDue: 3500 });
          }
          const freed = lapsing.filter(Boolean).length;
          const moved = Math.min(freed, waiting);
          for (const [i, a] of queue.entries()) {
            const row = settled.find((r) => r.id === a.id)!;
            if (i < moved) {
              expect(row).toMatchObject({ lotteryStatus: '2', amountDue: 3500, paidAt: null });
              expect(row.payBy!.getTime()).toBeGreaterThan(now);
            } else {
              expect(row).toMatchObject({ lotteryStatus: '5', waitlistRank: i - moved + 1 });
            }
          }
          const told = await noticesOf(course.id);
          expect(told.filter((n) => n.title.startsWith('【お支払い期限切れ】'))).toHaveLength(freed);
          expect(told.filter((n) => n.title.startsWith('【繰り上げ当選】'))).toHaveLength(moved);
          const lapses = await t.db
            .select()
            .from(auditLog)
            .where(
              and(
                eq(auditLog.action, 'lapse_unpaid'),
                inArray(
                  auditLog.entityId,
                  seated.map((a) => String(a.id)),
                ),
              ),
            );
          expect(lapses).toHaveLength(freed);
        }),
        { numRuns: 24, seed: 38 },
      );
    },
    HEAVY_TEST_MS,
  );
});

describe("the student's charged seat on the my-page", () => {
  it('a course still taking applications (held in the catalogue) shows its rule as soon as it is saved', async () => {
    const course = await makeCourse(t.db, {
      status: '1',
      tuitionFee: 2000,
      periodFrom: new Date(Date.now() - 86_400_000),
      periodTo: new Date(Date.now() + 10 * 86_400_000),
    });
    const url = `/api/mypage/course/?id=${course.id}`;
    // read once without a rule: the catalogue now holds the course
    expect((await get(t.app, url, student)).json().refund_rule).toBe('');
    await saveRule(course.id, { refund_days: '3' });
    expect((await get(t.app, url, student)).json().refund_rule).toContain('初回の授業の3日前までの取消しは');
  });

  it('shows the amount, how and by when, 「あと○円」 after a part payment, and the refund due before a cancel', async () => {
    const [me] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
    const course = await makeCourse(t.db, {
      status: '1',
      isCancelable: true,
      tuitionFee: 3000,
      materialCost: 500,
      periodFrom: new Date(Date.now() - 30 * 86_400_000),
      periodTo: new Date(Date.now() - 86_400_000),
      // the first class far ahead: a cancellation now is inside the refund period
      startDate: '2099-04-01',
    });
    const seat = await makeApplication(t.db, { courseId: course.id, studentId: me!.id, lotteryStatus: '2' });
    await saveRule(course.id, { refund_days: '7', refund_note: '返金は口座振込です。' });
    await pay(course.id, seat.id, me!.id, 1000);

    const applied = (await get(t.app, '/api/mypage/appliedcourselist/', student)).json();
    const item = applied.data_list.find((r: { course_id: number }) => r.course_id === course.id);
    expect(item.fee).toMatchObject({
      amount: 3500,
      net_paid: 1000,
      remaining: 2500,
      state: 'partial',
      remaining_text: 'あと2,500円',
      paid_text: '',
    });
    expect(item.fee.pay_by_text).toMatch(/^\d+月\d+日（.）までに$/);
    expect(item.fee.how_to_pay).toContain('まなび銀行');

    const detail = (await get(t.app, `/api/mypage/course/?id=${course.id}`, student)).json();
    expect(detail.fee).toMatchObject({ amount: 3500, state: 'partial' });
    expect(detail.refund_rule).toContain('初回の授業の7日前までの取消しは、全額を返金します。');
    expect(detail.refund_rule).toContain('返金は口座振込です。');

    await pay(course.id, seat.id, me!.id, 2500);
    const paid = (await get(t.app, '/api/mypage/appliedcourselist/', student)).json();
    const after = paid.data_list.find((r: { course_id: number }) => r.course_id === course.id);
    expect(after.fee).toMatchObject({ state: 'paid', remaining_text: '', pay_by_text: '' });
    expect(after.fee.paid_text).toMatch(/^入金を確認しました（\d+月\d+日）$/);

    const view = (await get(t.app, `/api/mypage/coursecancel/?id=${course.id}`, student)).json();
    expect(view).toMatchObject({ net_paid: 3500, refund_due: 3500 });
    expect(view.refund_rule).toContain('全額を返金');
    const res = await post(
      t.app,
      '/api/mypage/coursecancel/cancel/',
      { course_id: course.id, updated_at: view.updated_at },
      student,
    );
    expect(res.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cancel'), eq(auditLog.entityId, String(seat.id))));
    expect(entry?.detail).toMatchObject({ net_paid: 3500, refund_due: 3500 });
  });
});
