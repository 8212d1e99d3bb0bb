import { APPLICANT_MSG } from '@manabi/shared/schemas/applicant';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseApplications, courseFees, courseIntake, notices } from '../../db/schema';
import { resolvePersonal } from '../../platform/audit';
import { createSession } from '../../platform/sessions';
import { createTestApp, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { deskSeat } from './applicants-add.service';

/**
 * 申込者追加 on a first-come course (decision 086): the desk takes a seat by the my-page's rule, or none. A
 * full course refuses the application on the override's field, takes it as 補欠 when the course keeps a
 * waitlist, and takes it beyond the capacity only when the office ticks the override and says why.
 */

const A = '/api/admin/addcourseapplicant/add/';
const DAY = 86_400_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await makeCast(t));
});
afterAll(() => t.close());

let seq = 0;
const student = () => makeStudent(t.db, { loginId: `36${String(++seq).padStart(6, '0')}` });
/** A public first-come course open for applications, with `capacity` seats. */
const firstCome = (capacity: number, over: Parameters<typeof makeCourse>[1] = {}) =>
  makeCourse(t.db, {
    isLottery: false,
    capacity,
    status: '1',
    isCancelable: true,
    periodFrom: new Date(Date.now() - DAY),
    periodTo: new Date(Date.now() + DAY),
    ...over,
  });
const liveOf = (courseId: number) =>
  t.db
    .select()
    .from(courseApplications)
    .where(and(eq(courseApplications.courseId, courseId), isNull(courseApplications.cancelledAt)));
const entriesOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'create'), eq(auditLog.entityId, String(id))));

describe('the desk seat rule', () => {
  const course = { status: '1', isCancelable: true, periodFrom: null, periodTo: null };
  it('gives a lottery course 抽選待ち, a first-come one 当選 until its seats are taken', () => {
    expect(deskSeat({ ...course, isLottery: true, capacity: 1 }, 5, false, false)).toEqual({
      status: '1',
      overCapacity: false,
    });
    expect(deskSeat({ ...course, isLottery: false, capacity: 2 }, 1, false, false)).toEqual({
      status: '2',
      overCapacity: false,
    });
    // no capacity set: never full
    expect(deskSeat({ ...course, isLottery: false, capacity: null }, 99, false, false)).toEqual({
      status: '2',
      overCapacity: false,
    });
  });

  it('when full: beyond the capacity only by the override, else 補欠 on a waitlist, else refused', () => {
    const full = { ...course, isLottery: false, capacity: 2 };
    expect(deskSeat(full, 2, false, false)).toBe('full');
    expect(deskSeat(full, 2, true, false)).toEqual({ status: '5', overCapacity: false });
    expect(deskSeat(full, 2, true, true)).toEqual({ status: '2', overCapacity: true });
    // a ticked override with a seat still free is no override
    expect(deskSeat(full, 1, false, true)).toEqual({ status: '2', overCapacity: false });
  });
});

describe('POST /api/admin/addcourseapplicant/add/ on a first-come course', () => {
  it('takes the seat as 当選, charges it under the fee rule and tells the student what to pay', async () => {
    const c = await firstCome(2, { tuitionFee: 3000, materialCost: 500 });
    await t.db
      .insert(courseFees)
      .values({ courseId: c.id, required: true, howToPay: '窓口でお支払いください', payDays: 7 });
    const s = await student();
    const res = await post(t.app, A, { course_id: c.id, user_id: s.id, how_apply: '3', remarks: '' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: true,
      id: res.json().id,
      lottery_status: '2',
      over_capacity: false,
    });
    const [row] = await liveOf(c.id);
    expect(row).toMatchObject({ studentId: s.id, lotteryStatus: '2', howApply: '3', amountDue: 3500 });
    expect(row?.payBy).not.toBeNull();
    const told = await t.db.select().from(notices).where(eq(notices.applicationId, row!.id));
    expect(told).toHaveLength(1);
    expect(told[0]?.content).toContain('3,500円');
  });

  it('refuses the last seat taken, on the override field, and writes nothing', async () => {
    const c = await firstCome(1);
    const [first, second] = [await student(), await student()];
    expect(
      (await post(t.app, A, { course_id: c.id, user_id: first.id, how_apply: '2' }, admin)).statusCode,
    ).toBe(200);
    const audits = (await t.db.select({ n: count() }).from(auditLog))[0]?.n;
    const refused = await post(t.app, A, { course_id: c.id, user_id: second.id, how_apply: '2' }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().err_list).toEqual([{ name: 'over_capacity', msg: APPLICANT_MSG.full }]);
    expect(APPLICANT_MSG.full).toMatch(/^定員に達しています/);
    expect(await liveOf(c.id)).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(audits);
  });

  it('counts the seats as the my-page does: a 補欠 or a 辞退 holds none, a my-page winner one', async () => {
    const c = await firstCome(2);
    const [a, b, d] = [await student(), await student(), await student()];
    await makeApplication(t.db, { courseId: c.id, studentId: a.id, lotteryStatus: '2' });
    await makeApplication(t.db, {
      courseId: c.id,
      studentId: b.id,
      lotteryStatus: '6',
      declineReason: 'declined',
    });
    const res = await post(t.app, A, { course_id: c.id, user_id: d.id, how_apply: '3' }, admin);
    expect(res.json().lottery_status).toBe('2');
    const e = await student();
    const full = await post(t.app, A, { course_id: c.id, user_id: e.id, how_apply: '3' }, admin);
    expect(full.statusCode).toBe(422);
  });

  it('takes a full course’s application as 補欠 when the course keeps a waitlist', async () => {
    const c = await firstCome(1);
    await t.db.insert(courseIntake).values({ courseId: c.id, waitlist: true });
    const [a, b] = [await student(), await student()];
    await makeApplication(t.db, { courseId: c.id, studentId: a.id, lotteryStatus: '2' });
    const res = await post(t.app, A, { course_id: c.id, user_id: b.id, how_apply: '2' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lottery_status: '5', over_capacity: false });
    const rows = await liveOf(c.id);
    expect(rows.find((r) => r.studentId === b.id)).toMatchObject({ lotteryStatus: '5', waitlistRank: 1 });
  });

  it('goes beyond the capacity only when told so with a reason, which the audit entry keeps', async () => {
    const c = await firstCome(1);
    const [a, b] = [await student(), await student()];
    await makeApplication(t.db, { courseId: c.id, studentId: a.id, lotteryStatus: '2' });
    const body = { course_id: c.id, user_id: b.id, how_apply: '3', over_capacity: '1' };
    const noReason = await post(t.app, A, { ...body, over_capacity_reason: '  ' }, admin);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().err_list).toEqual([
      { name: 'over_capacity_reason', msg: APPLICANT_MSG.overCapacityReason },
    ]);
    const tooLong = await post(t.app, A, { ...body, over_capacity_reason: 'あ'.repeat(201) }, admin);
    expect(tooLong.json().err_list).toEqual([
      { name: 'over_capacity_reason', msg: '201文字以上は入力できません' },
    ]);
    expect(await liveOf(c.id)).toHaveLength(1);

    const reason = '車いすの方の付き添いのため、講師の了承を得て1席増やす';
    const res = await post(t.app, A, { ...body, over_capacity_reason: reason }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lottery_status: '2', over_capacity: true });
    expect((await liveOf(c.id)).filter((r) => r.lotteryStatus === '2')).toHaveLength(2);
    const [entry] = await entriesOf(res.json().id);
    expect(entry).toMatchObject({ studentId: b.id, courseId: c.id });
    // the reason is free text about the student: kept apart from the entry, read back through it
    expect(JSON.stringify(entry?.detail)).not.toContain(reason);
    const [shown] = await resolvePersonal(t.db, [entry!.detail as Record<string, unknown>]);
    expect(shown).toMatchObject({
      lottery_status: '2',
      over_capacity: true,
      capacity: 1,
      seats_before: 1,
      reason,
    });
  });

  it('leaves a lottery course’s application 抽選待ち whatever its capacity', async () => {
    const c = await makeCourse(t.db, { isLottery: true, capacity: 1 });
    const [a, b] = [await student(), await student()];
    await makeApplication(t.db, { courseId: c.id, studentId: a.id, lotteryStatus: '1' });
    const res = await post(t.app, A, { course_id: c.id, user_id: b.id, how_apply: '2' }, admin);
    expect(res.json()).toEqual({
      result: true,
      id: res.json().id,
      lottery_status: '1',
      over_capacity: false,
    });
    const [entry] = await entriesOf(res.json().id);
    expect(entry?.detail).not.toHaveProperty('over_capacity');
  });
});

describe('the desk and the my-page on the last seat', () => {
  it('never both take it: one wins the seat, the other is told the course is full', async () => {
    // PGlite serves one statement at a time: this shows the rule, the PostgreSQL race test the overlap
    const c = await firstCome(1);
    const [desk, own] = [await student(), await student()];
    const { token } = await createSession(t.db, t.config, 'student', own.id, {
      ip: '127.0.0.1',
      userAgent: 'test',
    });
    const [byDesk, byStudent] = await Promise.all([
      post(t.app, A, { course_id: c.id, user_id: desk.id, how_apply: '3' }, admin),
      post(
        t.app,
        '/api/mypage/courseapplication/',
        { course_id: c.id, is_dont_canncel: '0' },
        `manabi_mypage=${token}`,
      ),
    ]);
    expect([byDesk.statusCode, byStudent.statusCode].sort()).toEqual([200, 422]);
    expect(await liveOf(c.id)).toHaveLength(1);
  });
});
