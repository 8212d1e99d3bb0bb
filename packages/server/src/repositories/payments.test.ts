import { LOTTERY } from '@manabi/shared/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, courses, payments } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { makeCourse, makeStudent } from '../test/factories';
import { chargeSeats, defaultFeeRule, netPaid, refreshPaidAt } from './payments';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the fees repository', () => {
  it('charges live winners what their seat costs, aided or not, once; and a paid seat is one whose net payments cover it', async () => {
    const course = await makeCourse(t.db);
    await t.db
      .update(courses)
      .set({ tuitionFee: 3000, tuitionFee1: 1000, materialCost: 500 })
      .where(eq(courses.id, course.id));
    const [a, b, c] = [await makeStudent(t.db), await makeStudent(t.db), await makeStudent(t.db)];
    const apps = await t.db
      .insert(courseApplications)
      .values([
        { courseId: course.id, studentId: a.id, lotteryStatus: LOTTERY.WON },
        { courseId: course.id, studentId: b.id, lotteryStatus: LOTTERY.WON, aidTuitionFee: true },
        { courseId: course.id, studentId: c.id, lotteryStatus: LOTTERY.WAITLISTED },
      ])
      .returning();
    const now = new Date('2026-12-01T03:00:00Z');
    const rule = { ...defaultFeeRule(course.id), required: true, payDays: 7 };
    expect(await chargeSeats(t.db, defaultFeeRule(course.id), 'all-winners', 86_400, now)).toEqual([]);
    const charged = await chargeSeats(t.db, rule, 'all-winners', 86_400, now);
    expect(charged.sort()).toEqual([apps[0]!.id, apps[1]!.id].sort());
    // charged once: a second call changes nothing
    expect(await chargeSeats(t.db, rule, 'all-winners', 86_400, new Date())).toEqual([]);
    const rows = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.courseId, course.id));
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get(apps[0]!.id)?.amountDue).toBe(3500);
    expect(by.get(apps[1]!.id)?.amountDue).toBe(1500);
    expect(by.get(apps[2]!.id)?.amountDue).toBeNull();
    expect(by.get(apps[0]!.id)?.payBy?.toISOString()).toBe('2026-12-08T14:59:59.999Z');

    const base = {
      courseId: course.id,
      studentId: a.id,
      applicationId: apps[0]!.id,
      paidOn: '2026-12-02',
      method: 'bank',
    };
    await t.db.insert(payments).values({ ...base, amount: 2000 });
    expect(await refreshPaidAt(t.db, [apps[0]!.id], now)).toEqual([]);
    const [p2] = await t.db
      .insert(payments)
      .values({ ...base, amount: 1500 })
      .returning();
    expect(await refreshPaidAt(t.db, [apps[0]!.id], now)).toEqual([apps[0]!.id]);
    expect((await netPaid(t.db, [apps[0]!.id])).get(apps[0]!.id)).toBe(3500);
    // a voided payment no longer counts: the seat is unpaid again
    await t.db.update(payments).set({ voidedAt: now, voidReason: '誤入力' }).where(eq(payments.id, p2!.id));
    await refreshPaidAt(t.db, [apps[0]!.id], now);
    const [after] = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.id, apps[0]!.id));
    expect(after?.paidAt).toBeNull();
  });

  it('takes a list of seats past PostgreSQL’s 65,535 parameters: a draw can win a 99,999-seat course', async () => {
    const course = await makeCourse(t.db);
    await t.db.update(courses).set({ tuitionFee: 2000 }).where(eq(courses.id, course.id));
    const s = await makeStudent(t.db);
    const [won] = await t.db
      .insert(courseApplications)
      .values({ courseId: course.id, studentId: s.id, lotteryStatus: LOTTERY.WON })
      .returning();
    // the real seat among 70,000 ids: each one a bind parameter, the list would be refused before it ran
    const ids = [won!.id, ...Array.from({ length: 70_000 }, (_, i) => -1 - i)];
    const rule = { ...defaultFeeRule(course.id), required: true, payDays: 7 };
    expect(await chargeSeats(t.db, rule, ids, 86_400, new Date())).toEqual([won!.id]);
    expect((await netPaid(t.db, ids)).size).toBe(0);
    expect(await refreshPaidAt(t.db, ids)).toEqual([]);
  });
});
