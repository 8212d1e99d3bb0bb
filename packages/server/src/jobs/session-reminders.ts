/**
 * The day-before reminder of each dated session (decision 028): from `reminderHour` o'clock
 * (Asia/Tokyo) on the day before a session, each student expected in class (`attendsCourse`) gets a personal
 * notice on the my-page and, when they take mail, the same words by mail — once per session, day and student,
 * because the notice's `source_key` is unique: a round that runs twice, two app processes on one database,
 * or a retried transaction write nothing twice. A student moved up after the reminders went out gets theirs
 * in the next round. The office switches a course's reminders off with `courses.remind`.
 */
import { todayTokyo, tokyoParts } from '@manabi/shared/domain/dates';
import { addDays, sessionWhenJa } from '@manabi/shared/domain/sessions';
import { and, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { courseApplications, courseSessions, courses, notices, students } from '../db/schema';
import { rowsOf } from '../db/statements';
import { type MailContext, officeFooter } from '../platform/mail';
import { enqueueMails, type MailMessage, personalNoticesFrom } from '../platform/outbox';
import { attendsCourse } from '../repositories/course-sessions';

/** What a reminder says of one session. */
export interface ReminderSession {
  courseId: number;
  no: number;
  day: string;
  start: string;
  end: string;
  room: string;
  name: string;
  venue: string;
  streetAddress: string;
  bring: string;
}

/** The unique key of one student's reminder of one session on one day (a moved session is reminded again). */
const reminderKey = (courseId: unknown, no: unknown, day: unknown) =>
  sql`'remind:' || ${courseId}::text || ':' || ${no}::text || ':' || ${day}::text || ':' || ${courseApplications.studentId}::text`;

/** The notice's and the mail's words (the same words in both, as the intake cycle's results). */
export function reminderText(s: ReminderSession): { title: string; body: string } {
  const place = [s.room, s.venue, s.streetAddress].filter((x) => x !== '').join('　');
  return {
    title: `明日は「${s.name}」第${s.no}回の授業日です`,
    body: [
      `明日は「${s.name}」の第${s.no}回の授業日です。`,
      '',
      `日時：${sessionWhenJa(s)}`,
      ...(place ? [`場所：${place}`] : []),
      ...(s.bring ? [`持ち物：${s.bring}`] : []),
      '',
      '当日は会場の受付で、マイページの学生証を見せてください。',
      '欠席される場合は、事務局へご連絡ください。',
    ].join('\n'),
  };
}

/** Sessions of `day` on courses that remind, with someone expected who has not had this reminder yet. */
async function dueSessions(db: DbOrTx, day: string): Promise<ReminderSession[]> {
  return db
    .select({
      courseId: courseSessions.courseId,
      no: courseSessions.no,
      day: courseSessions.day,
      start: courseSessions.startsAt,
      end: courseSessions.endsAt,
      room: courseSessions.room,
      name: courses.name,
      venue: courses.venue,
      streetAddress: courses.streetAddress,
      bring: courses.bring,
    })
    .from(courseSessions)
    .innerJoin(courses, and(eq(courses.id, courseSessions.courseId), eq(courses.remind, true)))
    .where(
      and(
        eq(courseSessions.day, day),
        exists(
          db
            .select({ one: sql`1` })
            .from(courseApplications)
            .where(
              and(
                eq(courseApplications.courseId, courseSessions.courseId),
                attendsCourse,
                sql`not exists (select 1 from ${notices} where ${notices.sourceKey} = ${reminderKey(courseSessions.courseId, courseSessions.no, courseSessions.day)})`,
              ),
            ),
        ),
      ),
    );
}

/** One session's reminders, in one transaction: the notices made now, then the mails of those who take mail. */
async function remind(db: Db, mail: MailContext, s: ReminderSession, now: Date): Promise<number> {
  const text = reminderText(s);
  return db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: number; student_id: number }>(
      tx,
      personalNoticesFrom(
        sql`${courseApplications}`,
        {
          title: sql`${text.title.slice(0, 120)}`,
          content: sql`${text.body}`,
          periodFrom: sql`${now.toISOString()}::timestamptz`,
          periodTo: sql`${`${s.day}T23:59:59+09:00`}::timestamptz`,
          studentId: sql`${courseApplications.studentId}`,
          courseId: sql`${s.courseId}`,
          sourceKey: reminderKey(s.courseId, s.no, s.day),
        },
        { where: and(eq(courseApplications.courseId, s.courseId), attendsCourse) },
      ),
    );
    // each student's own reminder notice: the mail names it, so the office sees whether it went out
    const noticeOf = new Map(rows.map((r) => [Number(r.student_id), Number(r.id)]));
    const ids = [...noticeOf.keys()];
    if (ids.length === 0) return 0;
    const takers = await tx
      .select({ id: students.id, name: students.name, mail1: students.mail1 })
      .from(students)
      .where(and(inArray(students.id, ids), eq(students.isEmail, true), ne(students.mail1, '')));
    const link = new URL('/mypage/schedule', mail.publicUrl).toString();
    const messages: MailMessage[] = takers.map((t) => ({
      to: t.mail1,
      subject: `【まなび】${text.title}`,
      body: [`${t.name} 様`, '', text.body, '', `今後の予定：${link}`, '', ...officeFooter(mail)].join('\n'),
      studentId: t.id,
      noticeId: noticeOf.get(t.id) ?? null,
    }));
    await enqueueMails(tx, messages);
    return ids.length;
  });
}

/**
 * One round: the reminders of tomorrow's sessions, once it is `reminderHour` o'clock in Tokyo (before that,
 * nothing). Returns how many students were reminded.
 */
export async function runReminderJob(
  db: Db,
  mail: MailContext,
  { reminderHour, now = new Date() }: { reminderHour: number; now?: Date },
): Promise<number> {
  if (Number(tokyoParts(now).hour) < reminderHour) return 0;
  const tomorrow = addDays(todayTokyo(now), 1);
  let reminded = 0;
  for (const s of await dueSessions(db, tomorrow)) reminded += await remind(db, mail, s, now);
  return reminded;
}
