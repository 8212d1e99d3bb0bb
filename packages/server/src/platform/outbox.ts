/**
 * The outbox: the one writer of mail_outbox and of the personal notices (notices with student_id, published to
 * that student alone; decisions 008, 015, 065). Everything queued here is written in the caller's transaction,
 * so it is sent (and shown on the my-page) only if that transaction commits; the Mailer (platform/mail.ts)
 * delivers the outbox. scripts/check-house-rules.mjs fails an insert into either table anywhere else.
 *
 * The shapes: one mail ({@link enqueueMail}) or several known in code ({@link enqueueMails}); one personal
 * notice with or without its mail ({@link addPersonalNotice}); and, for the statements that must stay one
 * statement and set-based (a draw's results, a row written with its audit entry and its mail), the SQL to embed:
 * {@link mailsFrom} / {@link mailFrom} (an outbox insert from a source relation), {@link personalNoticesFrom}
 * (a notices insert from one) and {@link personalNoticesWithMails} (both, in one statement).
 */
import { PERSONAL_NOTICE } from '@manabi/shared/codes';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox, notices, students } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** the body carries a secret (a password-reset link): erased from the outbox once the mail has left */
  holdsSecret?: boolean;
  /** the student the mail is to: a refused address reaches their record (「メールが届きません」) */
  studentId?: number | null;
  /** the notice the mail carries, so the office can see whether it went out */
  noticeId?: number | null;
}

/** The outbox row of a message. */
const outboxRow = (message: MailMessage) => ({
  to: message.to,
  subject: message.subject,
  body: message.body,
  holdsSecret: message.holdsSecret ?? false,
  studentId: message.studentId ?? null,
  noticeId: message.noticeId ?? null,
});

/** Queue a mail inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(tx: DbOrTx, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values(outboxRow(message));
}

/** Queue several mails in one insert (none given: no statement). */
export async function enqueueMails(tx: DbOrTx, messages: readonly MailMessage[]): Promise<void> {
  if (messages.length > 0) await tx.insert(mailOutbox).values(messages.map(outboxRow));
}

// ---- set-based: the SQL a caller embeds in its own statement ----

/** Each outbox column of a set-based insert, as SQL over the source's rows (unsaid: false, null, null). */
export interface MailColumns {
  to: SQL;
  subject: SQL;
  body: SQL;
  holdsSecret?: SQL;
  studentId?: SQL;
  noticeId?: SQL;
}

/** What follows a SELECT's FROM: a condition, an order, what the insert returns. */
interface Rest {
  where?: SQL | undefined;
  orderBy?: SQL | undefined;
  returning?: SQL | undefined;
}

const restOf = ({ where, orderBy }: Rest) =>
  sql`${where ? sql` where ${where}` : sql``}${orderBy ? sql` order by ${orderBy}` : sql``}`;

const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * `insert into mail_outbox (…) select … from <source>`: one mail a row of `source` (a CTE's name, or a join
 * of tables), each column given as SQL over its rows. A CTE of the caller's statement can be this.
 */
export function mailsFrom(source: SQL, mail: MailColumns, rest: Rest = {}): SQL {
  const o = mailOutbox;
  return sql`insert into ${mailOutbox} (${column(o.to)}, ${column(o.subject)}, ${column(o.body)}, ${column(o.holdsSecret)}, ${column(o.studentId)}, ${column(o.noticeId)})
    select ${mail.to}, ${mail.subject}, ${mail.body}, ${mail.holdsSecret ?? sql`false`},
      ${mail.studentId ?? sql`null::int`}, ${mail.noticeId ?? sql`null::int`}
    from ${source}${restOf(rest)}${rest.returning ? sql` returning ${rest.returning}` : sql``}`;
}

/**
 * One message's mail for each row of `source` (writeAudited: once, when the audit entry was written). Every
 * value is a parameter, so the text is the same for every message: a named statement stays one.
 */
export function mailFrom(source: SQL, message: MailMessage): SQL {
  const m = outboxRow(message);
  return mailsFrom(source, {
    to: sql`${m.to}::varchar`,
    subject: sql`${m.subject}::varchar`,
    body: sql`${m.body}::text`,
    holdsSecret: sql`${m.holdsSecret}::boolean`,
    studentId: sql`${m.studentId}::int`,
    noticeId: sql`${m.noticeId}::int`,
  });
}

/** Each column of a set-based notices insert, as SQL over the source's rows (unsaid: null). */
export interface NoticeColumns {
  title: SQL;
  content: SQL;
  periodFrom: SQL;
  periodTo?: SQL;
  studentId: SQL;
  courseId: SQL;
  applicationId?: SQL;
  /** unique: a notice already made under it is not made again */
  sourceKey: SQL;
}

/**
 * `insert into notices (…) select … from <source> … on conflict (source_key) do nothing returning id,
 * student_id, source_key`: a personal notice a row of `source`, each made once per source key.
 */
export function personalNoticesFrom(
  source: SQL,
  notice: NoticeColumns,
  rest: Omit<Rest, 'returning'> = {},
): SQL {
  const n = notices;
  return sql`insert into ${notices} (${column(n.title)}, ${column(n.content)}, ${column(n.periodFrom)}, ${column(n.periodTo)},
      ${column(n.publishedTo)}, ${column(n.studentId)}, ${column(n.courseId)}, ${column(n.applicationId)}, ${column(n.sourceKey)})
    select ${notice.title}, ${notice.content}, ${notice.periodFrom}, ${notice.periodTo ?? sql`null::timestamptz`},
      ${PERSONAL_NOTICE}::smallint, ${notice.studentId}, ${notice.courseId}, ${notice.applicationId ?? sql`null::int`},
      ${notice.sourceKey}
    from ${source}${restOf(rest)}
    on conflict (${column(n.sourceKey)}) do nothing
    returning ${column(n.id)}, ${column(n.studentId)}, ${column(n.sourceKey)}`;
}

/** A student who takes mail, as SQL over the students' alias `s`: the outbox's one test of it. */
const takesMail = sql`s.is_email and coalesce(s.mail1, '') <> ''`;

/** The salutation that opens a personal notice's mail, before its words. */
const SALUTATION = ' 様\n\n';

/**
 * One statement: a personal notice for each row of `told` (a query; its rows carry `student_id` and
 * `source_key`, the notice's key), and for each notice made now, when its student takes mail, its mail:
 * to mail_1, 「{name} 様」 and then `mail.body`, tied to the student and the notice. `notice`'s and `mail`'s
 * SQL read the rows as `told.…`; `where` chooses the rows told, `orderBy` orders the notices and the mails.
 */
export function personalNoticesWithMails(p: {
  told: SQL;
  notice: Omit<NoticeColumns, 'studentId' | 'sourceKey'>;
  mail: { subject: SQL; body: SQL };
  where?: SQL;
  orderBy?: SQL;
}): SQL {
  const made = personalNoticesFrom(
    sql`told`,
    { ...p.notice, studentId: sql`told.student_id`, sourceKey: sql`told.source_key` },
    { where: p.where, orderBy: p.orderBy },
  );
  const mails = mailsFrom(
    sql`told join made on made.source_key = told.source_key join ${students} s on s.id = made.student_id`,
    {
      to: sql`s.mail1`,
      subject: p.mail.subject,
      body: sql`s.name || ${SALUTATION}::text || (${p.mail.body})`,
      studentId: sql`s.id`,
      noticeId: sql`made.id`,
    },
    { where: takesMail, orderBy: p.orderBy },
  );
  return sql`with told as (${p.told}), made as (${made})
    ${mails}`;
}

// ---- one personal notice ----

/** A personal notice: published to one student alone, made once per `sourceKey`. */
export interface PersonalNotice {
  studentId: number;
  title: string;
  content: string;
  periodFrom: Date;
  periodTo?: Date | null;
  courseId?: number | null;
  applicationId?: number | null;
  /** unique: a retried transaction or a second call makes nothing twice */
  sourceKey: string;
}

/**
 * Publishes one personal notice, once per source key, and answers its id (undefined: it was made before, and
 * nothing is written). Given `mail`, the notice made now is mailed too when its student takes mail: to mail_1,
 * 「{name} 様」 and then `mail.body`, tied to the student and the notice (how the office sees whether it went
 * out by mail).
 */
export async function addPersonalNotice(
  tx: DbOrTx,
  notice: PersonalNotice,
  mail?: { subject: string; body: string },
): Promise<number | undefined> {
  const [made] = await tx
    .insert(notices)
    .values({
      title: notice.title,
      content: notice.content,
      periodFrom: notice.periodFrom,
      periodTo: notice.periodTo ?? null,
      publishedTo: PERSONAL_NOTICE,
      studentId: notice.studentId,
      courseId: notice.courseId ?? null,
      applicationId: notice.applicationId ?? null,
      sourceKey: notice.sourceKey,
    })
    .onConflictDoNothing({ target: notices.sourceKey })
    .returning({ id: notices.id });
  if (!made || !mail) return made?.id;
  const [s] = await tx
    .select({ name: students.name, mail1: students.mail1, isEmail: students.isEmail })
    .from(students)
    .where(eq(students.id, notice.studentId));
  if (s?.isEmail && s.mail1)
    await enqueueMail(tx, {
      to: s.mail1,
      subject: mail.subject,
      body: `${s.name}${SALUTATION}${mail.body}`,
      studentId: notice.studentId,
      noticeId: made.id,
    });
  return made.id;
}
