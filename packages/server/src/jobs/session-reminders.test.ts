import { todayTokyo } from '@manabi/shared/domain/dates';
import { addDays } from '@manabi/shared/domain/sessions';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSessions, mailOutbox, notices } from '../db/schema';
import { createTestApp, get, loginAsStudent, type TestApp } from '../test/app';
import { makeApplication, makeCourse, makeStudent } from '../test/factories';
import { runReminderJob } from './session-reminders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** 10:00 in Tokyo on `ymd`. */
const tokyo = (ymd: string, hm = '10:00') => new Date(`${ymd}T${hm}:00+09:00`);
const TODAY = '2031-06-09';
const TOMORROW = addDays(TODAY, 1);

async function courseWithSessions(days: string[], over: Parameters<typeof makeCourse>[1] = {}) {
  const course = await makeCourse(t.db, { venue: '市民会館', bring: '筆記用具', ...over });
  await t.db.insert(courseSessions).values(
    days.map((day, i) => ({
      courseId: course.id,
      no: i + 1,
      day,
      startsAt: '13:00',
      endsAt: '14:30',
      room: '201',
    })),
  );
  return course;
}

const remindersOf = (courseId: number) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.courseId, courseId), like(notices.sourceKey, 'remind:%')));

describe('the day-before reminders', () => {
  it('reminds each confirmed student once, by notice and (if they take mail) by mail; nobody else', async () => {
    const course = await courseWithSessions([TODAY, TOMORROW]);
    const confirmed = await makeStudent(t.db, { mail1: 'conf@example.jp', name: '確定 花子' });
    const noMail = await makeStudent(t.db, { mail1: 'nomail@example.jp', isEmail: false });
    const toConfirm = await makeStudent(t.db, { mail1: 'wait@example.jp' });
    const lost = await makeStudent(t.db, { mail1: 'lost@example.jp' });
    const cancelled = await makeStudent(t.db, { mail1: 'gone@example.jp' });
    await makeApplication(t.db, { courseId: course.id, studentId: confirmed.id, lotteryStatus: '2' });
    await makeApplication(t.db, { courseId: course.id, studentId: noMail.id, lotteryStatus: '2' });
    // a winner who still has to confirm is not expected yet
    await makeApplication(t.db, {
      courseId: course.id,
      studentId: toConfirm.id,
      lotteryStatus: '2',
      confirmBy: tokyo(TOMORROW),
    });
    await makeApplication(t.db, { courseId: course.id, studentId: lost.id, lotteryStatus: '3' });
    await makeApplication(t.db, {
      courseId: course.id,
      studentId: cancelled.id,
      lotteryStatus: '2',
      cancelledAt: tokyo(TODAY, '09:00'),
    });

    expect(
      await runReminderJob(t.db, t.config, { reminderHour: 9, now: tokyo(TODAY) }),
    ).toBeGreaterThanOrEqual(2);
    const made = await remindersOf(course.id);
    expect(made.map((n) => n.studentId).sort()).toEqual([confirmed.id, noMail.id].sort());
    expect(made[0]?.title).toBe(`明日は「${course.name}」第2回の授業日です`);
    expect(made[0]?.content).toContain('日時：');
    expect(made[0]?.content).toContain('13:00〜14:30');
    expect(made[0]?.content).toContain('場所：201　市民会館');
    expect(made[0]?.content).toContain('持ち物：筆記用具');

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${course.name}%`));
    expect(mails.map((m) => m.to)).toEqual(['conf@example.jp']);
    // the mail names the student and their own reminder notice
    expect(mails[0]).toMatchObject({
      studentId: confirmed.id,
      noticeId: made.find((n) => n.studentId === confirmed.id)?.id,
    });
    expect(mails[0]?.body).toMatch(/^確定 花子 様/);
    expect(mails[0]?.body).toContain('/mypage/schedule');

    // the next round (or a second process) sends nothing again
    expect(await runReminderJob(t.db, t.config, { reminderHour: 9, now: tokyo(TODAY, '10:01') })).toBe(0);
    expect(await remindersOf(course.id)).toHaveLength(2);
  });

  it('waits for the reminder hour, and a student moved up later gets theirs in the next round', async () => {
    const course = await courseWithSessions([TOMORROW]);
    const first = await makeStudent(t.db);
    await makeApplication(t.db, { courseId: course.id, studentId: first.id, lotteryStatus: '2' });
    expect(await runReminderJob(t.db, t.config, { reminderHour: 9, now: tokyo(TODAY, '08:59') })).toBe(0);
    expect(await remindersOf(course.id)).toHaveLength(0);
    await runReminderJob(t.db, t.config, { reminderHour: 9, now: tokyo(TODAY, '09:00') });
    expect(await remindersOf(course.id)).toHaveLength(1);
    const late = await makeStudent(t.db);
    await makeApplication(t.db, { courseId: course.id, studentId: late.id, lotteryStatus: '2' });
    expect(await runReminderJob(t.db, t.config, { reminderHour: 9, now: tokyo(TODAY, '15:00') })).toBe(1);
    expect((await remindersOf(course.id)).map((n) => n.studentId).sort()).toEqual([first.id, late.id].sort());
  });

  it('sends nothing for a course whose reminders the office switched off, nor for other days', async () => {
    const off = await courseWithSessions([TOMORROW], { remind: false });
    const later = await courseWithSessions([addDays(TODAY, 2)]);
    const s = await makeStudent(t.db);
    await makeApplication(t.db, { courseId: off.id, studentId: s.id, lotteryStatus: '2' });
    await makeApplication(t.db, { courseId: later.id, studentId: s.id, lotteryStatus: '2' });
    await runReminderJob(t.db, t.config, { reminderHour: 9, now: tokyo(TODAY) });
    expect(await remindersOf(off.id)).toHaveLength(0);
    expect(await remindersOf(later.id)).toHaveLength(0);
  });

  it('shows the reminder on the student’s my-page news', async () => {
    const today = todayTokyo();
    const course = await courseWithSessions([addDays(today, 1)]);
    const student = await makeStudent(t.db, { password: 'student01' });
    await makeApplication(t.db, { courseId: course.id, studentId: student.id, lotteryStatus: '2' });
    await runReminderJob(t.db, t.config, { reminderHour: 0 });
    const cookie = await loginAsStudent(t.app, student.loginId ?? '', 'student01');
    const res = await get(t.app, '/api/mypage/top/', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`明日は「${course.name}」第1回の授業日です`);
  });
});
