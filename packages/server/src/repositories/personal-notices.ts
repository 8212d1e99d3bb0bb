/**
 * One personal notice in the same words to every live winner of a course, and the same words by mail to
 * those who take mail: one INSERT … SELECT for the notices and one for the mails, in one statement, as a
 * draw's results are told. Each notice knows its application (the contact list and the letters read it), and
 * each mail its student and notice (how the office sees whether it went out).
 */
import { LOTTERY, PERSONAL_NOTICE } from '@manabi/shared/codes';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courseApplications, mailOutbox, notices, students } from '../db/schema';
import { type MailContext, officeFooter } from '../platform/mail';
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
  const key = sql`${sourceKey}::text || ':' || told.id`;
  await tx.execute(sql`with told as (
      select a.id, a.student_id from ${courseApplications} a
      where a.course_id = ${courseId}::int and a.cancelled_at is null
        and a.lottery_status = ${sqlLiteral(LOTTERY.WON)}
    ), made as (
      insert into ${notices} (title, content, period_from, published_to, student_id, course_id, application_id,
        source_key)
      select ${title}::text, ${message.body}::text, ${at}::timestamptz, ${PERSONAL_NOTICE}::smallint,
        told.student_id, ${courseId}::int, told.id, ${key}
      from told order by told.id
      on conflict (source_key) do nothing
      returning id, student_id
    )
    insert into ${mailOutbox} ("to", subject, body, student_id, notice_id)
    select s.mail1, ${`【まなび】${title}`}::text, s.name || ' 様' || ${`\n\n${message.body}${tail}`}::text, s.id,
      made.id
    from made
    join ${students} s on s.id = made.student_id
    where s.is_email and coalesce(s.mail1, '') <> ''
    order by made.id`);
}
