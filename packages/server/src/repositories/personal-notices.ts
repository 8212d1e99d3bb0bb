/**
 * One personal notice in the same words to every live winner of a course, and the same words by mail to
 * those who take mail: one INSERT … SELECT for the notices and one for the mails, in one statement, as a
 * draw's results are told. Each notice knows its application (the contact list and the letters read it), and
 * each mail its student and notice (how the office sees whether it went out).
 */
import { LOTTERY } from '@manabi/shared/codes';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications } from '../db/schema';
import { type MailContext, officeFooter } from '../platform/mail';
import { personalNoticesWithMails } from '../platform/outbox';
import { sqlLiteral } from '../platform/sql';

/**
 * What follows a personal notice's words in its mail, each on a line of its own: where the student sees
 * their applications, then how to reach the office.
 */
export function personalMailTail(mail: MailContext): string {
  const appliedUrl = new URL('/mypage/course/applied', mail.publicUrl).toString();
  return ['', `申込状況の確認：${appliedUrl}`, '', ...officeFooter(mail)].map((l) => `\n${l}`).join('');
}

/**
 * Tells the course's live winners (not cancelled) `message`. `sourceKey` names the occasion; with the
 * application's id it is each notice's unique key, so a statement retried tells nobody twice.
 */
export async function tellCourseWinners(
  tx: DbOrTx,
  mail: MailContext,
  courseId: number,
  message: { title: string; body: string },
  sourceKey: string,
  at: Date,
): Promise<void> {
  const tail = personalMailTail(mail);
  const title = message.title.slice(0, 120);
  const key = sql`${sourceKey}::text || ':' || a.id`;
  await tx.execute(
    personalNoticesWithMails({
      told: sql`
      select a.id, a.student_id, ${key} as source_key from ${courseApplications} a
      where a.course_id = ${courseId}::int and a.cancelled_at is null
        and a.lottery_status = ${sqlLiteral(LOTTERY.WON)}`,
      notice: {
        title: sql`${title}::text`,
        content: sql`${message.body}::text`,
        periodFrom: sql`${at}::timestamptz`,
        courseId: sql`${courseId}::int`,
        applicationId: sql`told.id`,
      },
      mail: { subject: sql`${`【まなび】${title}`}::text`, body: sql`${`${message.body}${tail}`}::text` },
      orderBy: sql`told.id`,
    }),
  );
}
