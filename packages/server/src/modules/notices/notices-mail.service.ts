import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { PUBLISHED_TO } from '@manabi/shared/schemas/notice';
import { and, type Column, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { noticeMails, type notices, students } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { NO_REPLY } from '../../platform/mail';
import { mailsFrom } from '../../platform/outbox';
import { qualified } from '../../platform/sql';
import {
  addressedTo,
  audienceStudents,
  type NoticeTarget,
  noticeValues,
  studentColumns,
} from './notices.audience';

/**
 * Admin notices (SPEC §7 "Admin notices"), whom a notice reaches and its mail (decision 008): the count of
 * the students a target is addressed to and of those it mails, when the mail is due, the mail's text, and
 * its queueing through the outbox on the save that makes it due (notices-form.service.ts saves).
 */

// ---- 1. how many a notice reaches ----

/** Mail is accepted and there is an address to send it to (queueNoticeMail's own condition). */
const st = (column: Column) => qualified(students, column);
const mailable = sql`${st(students.isEmail)} and (${st(students.mail1)} <> '' or ${st(students.mail2)} <> '')`;

/**
 * The students a target is addressed to who can use the my-page (the publisher list's rows: the same
 * audienceStudents and addressedTo), and of them those `mailable` and not yet mailed notice `noticeId`.
 * One count over the audience, whatever its size.
 */
export async function countAudience(
  tx: DbOrTx,
  target: NoticeTarget,
  noticeId: number | null,
): Promise<{ all: number; mailable: number }> {
  const notMailedYet =
    noticeId === null
      ? sql`true`
      : sql`not exists (select 1 from ${noticeMails}
          where ${qualified(noticeMails, noticeMails.noticeId)} = ${noticeId}
            and ${qualified(noticeMails, noticeMails.studentId)} = ${qualified(students, students.id)})`;
  const [row] = await tx
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      mailable: sql<number>`count(*) filter (where ${mailable} and ${notMailedYet})`.mapWith(Number),
    })
    .from(students)
    .where(and(audienceStudents, addressedTo(target, studentColumns)));
  return { all: row?.all ?? 0, mailable: row?.mailable ?? 0 };
}

/** After a save: whom the notice reaches, and how many the save mailed. */
export async function reached(tx: DbOrTx, row: typeof notices.$inferSelect, mailed: number) {
  const { all } = await countAudience(tx, noticeValues(row), null);
  return { target_count: all, mail_count: mailed };
}

// ---- 2. the notice mail ----

/** Published with mail on and not ended: the mail goes out on the save that makes this true. */
export const mailDue = (
  row: Pick<typeof notices.$inferSelect, 'isControl' | 'isEmail' | 'periodTo'>,
  now: Date,
) => row.isControl === '1' && row.isEmail && (row.periodTo === null || row.periodTo > now);

/**
 * The notice mail (decision 008): subject = email_title; the body = the notice (title, content, reference
 * URLs, period) and where to read it in the my-page. The student's name is put before it per recipient.
 */
export function noticeMail(config: Pick<Config, 'publicUrl'>, row: typeof notices.$inferSelect) {
  const kind = row.publishedTo === Number(PUBLISHED_TO.ALL) ? '1' : '2';
  const myPage = new URL(`/mypage/news/detail/${row.id}`, config.publicUrl).toString();
  const urls = [row.referenceUrl1, row.referenceUrl2, row.referenceUrl3].filter((u) => u !== '');
  const from = formatDateTimeJa(row.periodFrom);
  const to = formatDateTimeJa(row.periodTo);
  return {
    subject: row.emailTitle,
    body: [
      'まなびからお知らせがあります。',
      '',
      `■ ${row.title}`,
      '',
      row.content,
      ...(urls.length > 0 ? ['', '参考URL：', ...urls] : []),
      ...(from || to ? ['', `掲載期間：${from}〜${to}`] : []),
      '',
      'このお知らせはマイページでもご覧いただけます（ログインが必要です）。',
      myPage,
      `お知らせの一覧：${new URL(`/mypage/news/${kind}`, config.publicUrl).toString()}`,
      '',
      NO_REPLY,
    ].join('\n'),
  };
}

/**
 * Queues the notice mail for every addressed student with a mail address (mail_1, else mail_2) who
 * accepts mail (is_email) and has not been mailed this notice before (notice_mails), in the caller's
 * transaction, as one INSERT … SELECT whatever the audience's size; each mail names its student and the
 * notice. Returns how many were queued.
 */
export async function queueNoticeMail(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  row: typeof notices.$inferSelect,
  now: Date = new Date(),
): Promise<number> {
  if (!mailDue(row, now)) return 0;
  const { subject, body } = noticeMail(config, row);
  const mail = {
    to: sql`coalesce(nullif(${students.mail1}, ''), ${students.mail2})`,
    subject: sql`${subject}`,
    body: sql`${students.name} || ${' 様\n\n'} || ${body}`,
    studentId: sql`${students.id}`,
    noticeId: sql`cast(${row.id} as integer)`,
  };
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`
    with mailed as (
      insert into ${noticeMails} (${sql.identifier(noticeMails.noticeId.name)}, ${sql.identifier(noticeMails.studentId.name)})
      select cast(${row.id} as integer), ${students.id} from ${students}
      where ${audienceStudents}
        and ${students.isEmail}
        and (${students.mail1} <> '' or ${students.mail2} <> '')
        and ${addressedTo(noticeValues(row), studentColumns)}
      on conflict do nothing
      returning ${sql.identifier(noticeMails.studentId.name)} as student_id
    ), queued as (${mailsFrom(sql`mailed join ${students} on ${students.id} = mailed.student_id`, mail, { returning: sql`1` })})
    select count(*)::int as n from queued`,
  );
  return Number(rows[0]?.n ?? 0);
}
