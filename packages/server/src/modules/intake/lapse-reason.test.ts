import { readFile } from 'node:fs/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, courseFees, mailOutbox, notices } from '../../db/schema';
import { runDeadlineJob } from '../../jobs/intake-deadlines';
import { createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

/**
 * A seat lost by the rules says why (decision 087): the deadline job keeps the deadline the seat missed, and
 * the my-page, the personal notice, the mail and the letter say which deadline it was and whom to call, with
 * the office's telephone and hours; a 辞退 the student chose still reads 「辞退しました。」.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ OFFICE_PHONE: '03-1234-5678', OFFICE_HOURS: '平日 9:00〜17:00' });
  ({ admin } = await makeCast(t));
});
afterAll(() => t.close());

/** 12月9日 (水) 23:59:59.999 in Tokyo, a year gone: a confirm-by deadline the job finds past. */
const CONFIRM_BY = new Date('2025-12-09T14:59:59.999Z');
/** 12月10日 23:59:59.999 in Tokyo. */
const PAY_BY = new Date('2025-12-10T14:59:59.999Z');

let seq = 0;
/** A winner of a course (who takes mail unless told), logged in to the my-page. */
async function winner(over: Partial<typeof courseApplications.$inferInsert> = {}) {
  seq += 1;
  const course = await makeCourse(t.db, { name: `期限の講座${seq}`, isLottery: true, capacity: 10 });
  const s = await makeStudent(t.db, {
    loginId: `5870${String(seq).padStart(4, '0')}`,
    mail1: `l${seq}@example.jp`,
  });
  const a = await makeApplication(t.db, {
    courseId: course.id,
    studentId: s.id,
    lotteryStatus: '2',
    ...over,
  });
  const cookie = await loginAsStudent(t.app, s.loginId ?? '', 'student01');
  return { course, student: s, application: a, cookie };
}

const applied = async (cookie: string, courseId: number) => {
  const res = await get(t.app, '/api/mypage/appliedcourselist/', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data_list.find((r: { course_id: number }) => r.course_id === courseId);
};

const toldOf = async (applicationId: number) =>
  t.db.select().from(notices).where(eq(notices.applicationId, applicationId)).orderBy(asc(notices.id));

describe('a seat lost by the rules', () => {
  it('past the confirm-by deadline: the row keeps the day, and every word says it and whom to call', async () => {
    const w = await winner({ confirmBy: CONFIRM_BY });
    expect(await runDeadlineJob(t.db, t.config)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.id, w.application.id));
    expect(row).toMatchObject({ lotteryStatus: '6', declineReason: 'lapsed', confirmBy: null });
    expect(row?.lapsedDeadline?.toISOString()).toBe(CONFIRM_BY.toISOString());

    const reason = '確定の期限（12月9日）までに手続きがなかったため、辞退の扱いになりました。';
    // the personal notice and the mail: the reason, the telephone and its hours
    const [told] = await toldOf(w.application.id);
    expect(told?.content).toContain(reason);
    expect(told?.content).toContain('事務局（電話 03-1234-5678、平日 9:00〜17:00）までお電話ください。');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.noticeId, told!.id));
    expect(mail?.subject).toContain('【受講確定の期限切れ】');
    expect(mail?.body).toContain(reason);
    expect(mail?.body).toContain('03-1234-5678、平日 9:00〜17:00');

    // the my-page: 申込状況, the top page and the course detail say the same
    const item = await applied(w.cookie, w.course.id);
    expect(item).toMatchObject({ lottery_status: '6', decline_reason: 'lapsed' });
    expect(item.next_step).toBe(`${reason}お心当たりのない場合は、事務局までお電話ください。`);
    const top = (await get(t.app, '/api/mypage/top/', w.cookie)).json();
    const status = top.course_status_list.find((r: { course_id: number }) => r.course_id === w.course.id);
    expect(status?.next_step).toBe(item.next_step);
    const detail = (await get(t.app, `/api/mypage/course/?id=${w.course.id}`, w.cookie)).json();
    expect(detail).toMatchObject({ decline_reason: 'lapsed', next_step: item.next_step });
    // whom to call, for the screens that say it: the session carries the telephone and its hours
    const session = (await get(t.app, '/api/auth/mypage/session/?touch=0', w.cookie)).json();
    expect(session).toMatchObject({ office_phone: '03-1234-5678', office_hours: '平日 9:00〜17:00' });
  });

  it('unpaid past the pay-by deadline: the payment words, with the day', async () => {
    const w = await winner({ amountDue: 3000, payBy: PAY_BY, confirmedAt: new Date('2025-12-01T00:00:00Z') });
    await t.db
      .insert(courseFees)
      .values({ courseId: w.course.id, required: true, howToPay: '窓口', payDays: 7 });
    expect(await runDeadlineJob(t.db, t.config)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.id, w.application.id));
    expect(row).toMatchObject({ lotteryStatus: '6', declineReason: 'unpaid' });
    expect(row?.lapsedDeadline?.toISOString()).toBe(PAY_BY.toISOString());
    const reason = 'お支払いの期限（12月10日）までに入金が確認できなかったため、辞退の扱いになりました。';
    const [told] = await toldOf(w.application.id);
    expect(told?.title).toContain('【お支払い期限切れ】');
    expect(told?.content).toContain(reason);
    expect(told?.content).toContain('03-1234-5678、平日 9:00〜17:00');
    const item = await applied(w.cookie, w.course.id);
    expect(item).toMatchObject({ decline_reason: 'unpaid' });
    expect(item.next_step).toContain(reason);
  });

  it('a 辞退 the student chose reads as her choice, with no deadline and no call asked', async () => {
    const w = await winner({ confirmBy: new Date(Date.now() + 3 * 86_400_000) });
    const before = await applied(w.cookie, w.course.id);
    const res = await post(
      t.app,
      '/api/mypage/coursedecline/',
      { course_id: w.course.id, updated_at: before.application_updated_at },
      w.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const item = await applied(w.cookie, w.course.id);
    expect(item).toMatchObject({
      lottery_status: '6',
      decline_reason: 'declined',
      next_step: '辞退しました。',
    });
    const [row] = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.id, w.application.id));
    expect(row?.lapsedDeadline).toBeNull();
  });

  it('the letter of a lapse to a student without mail says the same, and asks no answer', async () => {
    seq += 1;
    const course = await makeCourse(t.db, { name: `郵送の期限${seq}`, isLottery: true, capacity: 10 });
    const s = await makeStudent(t.db, { mail1: '', isEmail: false, postcode: '1050011', pref: '東京都' });
    const a = await makeApplication(t.db, {
      courseId: course.id,
      studentId: s.id,
      lotteryStatus: '2',
      confirmBy: CONFIRM_BY,
    });
    await runDeadlineJob(t.db, t.config);
    const letters = (await get(t.app, `/api/admin/contact/letters/?course_id=${course.id}`, admin)).json();
    const letter = letters.letters.find((l: { user_id: number }) => l.user_id === s.id);
    expect(letter.body).toContain(
      '確定の期限（12月9日）までに手続きがなかったため、辞退の扱いになりました。',
    );
    expect(letter.body).toContain('03-1234-5678、平日 9:00〜17:00');
    expect(letter.reply).toBeNull();
    expect(letters.office).toMatchObject({ phone: '03-1234-5678', hours: '平日 9:00〜17:00' });
    // no mail went: the student takes none
    const told = await toldOf(a.id);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.noticeId, told[0]!.id))).toHaveLength(0);
  });

  it('migration 0036 gives the seats that lapsed before it the deadline their audit entry recorded', async () => {
    const w = await winner({ confirmBy: CONFIRM_BY });
    await runDeadlineJob(t.db, t.config);
    const p = await winner({ amountDue: 2000, payBy: PAY_BY, confirmedAt: new Date('2025-12-01T00:00:00Z') });
    await t.db
      .insert(courseFees)
      .values({ courseId: p.course.id, required: true, howToPay: '窓口', payDays: 7 });
    await runDeadlineJob(t.db, t.config);
    // as the rows stood before the column: no deadline kept
    const ids = [w.application.id, p.application.id];
    await t.db.execute(
      sql`update ${courseApplications} set lapsed_deadline = null where id in (${sql.join(ids, sql`, `)})`,
    );
    const file = await readFile(
      new URL('../../../drizzle/0036_lapsed_deadline.sql', import.meta.url),
      'utf8',
    );
    const backfill = file.split('--> statement-breakpoint')[1];
    expect(backfill).toContain('UPDATE');
    await t.db.execute(sql.raw(backfill as string));
    const rows = await t.db
      .select({ id: courseApplications.id, at: courseApplications.lapsedDeadline })
      .from(courseApplications)
      .where(and(eq(courseApplications.lotteryStatus, '6')));
    const at = (id: number) => rows.find((r) => r.id === id)?.at?.toISOString();
    expect(at(w.application.id)).toBe(CONFIRM_BY.toISOString());
    expect(at(p.application.id)).toBe(PAY_BY.toISOString());
  });
});
