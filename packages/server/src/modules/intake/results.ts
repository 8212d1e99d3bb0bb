/**
 * The personal results of the intake cycle (decision 015): a notice published to the one student and, when
 * the student takes mail, the same words by mail — one at a time ({@link tellStudent}: a promotion, a lapse)
 * or a whole draw's at once ({@link tellResults}, decision 043).
 */
import { LOTTERY, PERSONAL_NOTICE } from '@manabi/shared/codes';
import { type FirstClass, type IntakeMessageKind, intakeMessage } from '@manabi/shared/domain/intake';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseApplications, mailOutbox, notices, students } from '../../db/schema';
import { enqueueMail, type MailContext, officeFooter } from '../../platform/mail';
import { arrayLiteral, sqlLiteral } from '../../platform/sql';
import type { LotteryEntry } from '../../platform/verifiable-lottery';
import type { Application, Course } from '../../repositories/course-applications';

/**
 * The personal notice of a result (published to this student alone) and, when the student takes mail, the
 * same words by mail. `sourceKey` is unique: a retried transaction or a second call writes nothing twice.
 */
export async function tellStudent(
  tx: DbOrTx,
  mail: MailContext,
  studentId: number,
  sourceKey: string,
  message: {
    kind: IntakeMessageKind;
    course: Pick<Course, 'id' | 'name'>;
    application: Pick<Application, 'confirmBy' | 'waitlistRank'>;
    firstClass?: FirstClass | null;
  },
  now: Date,
): Promise<void> {
  const text = intakeMessage({
    kind: message.kind,
    courseName: message.course.name,
    confirmBy: message.application.confirmBy?.toISOString() ?? null,
    waitlistRank: message.application.waitlistRank,
    firstClass: message.firstClass ?? null,
  });
  const [made] = await tx
    .insert(notices)
    .values({
      title: text.title.slice(0, 120),
      content: text.body,
      periodFrom: now,
      publishedTo: PERSONAL_NOTICE,
      studentId,
      courseId: message.course.id,
      sourceKey,
    })
    .onConflictDoNothing({ target: notices.sourceKey })
    .returning({ id: notices.id });
  if (!made) return;
  const [s] = await tx
    .select({ name: students.name, mail1: students.mail1, isEmail: students.isEmail })
    .from(students)
    .where(eq(students.id, studentId));
  if (!s?.isEmail || !s.mail1) return;
  const appliedUrl = new URL('/mypage/course/applied', mail.publicUrl).toString();
  await enqueueMail(tx, {
    to: s.mail1,
    subject: `【まなび】${text.title}`,
    body: [
      `${s.name} 様`,
      '',
      text.body,
      '',
      `申込状況の確認：${appliedUrl}`,
      '',
      ...officeFooter(mail),
    ].join('\n'),
  });
}

/**
 * The words of each outcome of a draw, split where the 補欠順位 goes: the statement joins the pieces with each
 * applicant's own place, so the wording stays {@link intakeMessage}'s alone and no text travels per applicant.
 * The place is marked by a number the words do not otherwise hold.
 */
function outcomeTexts(
  courseName: string,
  confirmBy: Date | null,
  firstClass: FirstClass | null,
): Record<'won' | 'waitlisted' | 'lost', { title: string[]; body: string[] }> {
  const render = (kind: 'won' | 'waitlisted' | 'lost', rank: number | null) =>
    intakeMessage({
      kind,
      courseName,
      confirmBy: kind === 'won' ? (confirmBy?.toISOString() ?? null) : null,
      waitlistRank: rank,
      firstClass: kind === 'won' ? firstClass : null,
    });
  const bare = render('waitlisted', null);
  let mark = Number.MAX_SAFE_INTEGER;
  while (`${bare.title}\n${bare.body}`.includes(String(mark))) mark -= 1;
  const split = (kind: 'won' | 'waitlisted' | 'lost') => {
    const text = render(kind, kind === 'waitlisted' ? mark : null);
    return { title: text.title.split(String(mark)), body: text.body.split(String(mark)) };
  };
  return { won: split('won'), waitlisted: split('waitlisted'), lost: split('lost') };
}

/**
 * Each drawn applicant's personal result (as {@link tellStudent} writes one) and, for those who take mail,
 * the same words by mail: one INSERT … SELECT for the notices and one for the mails, in one statement. The
 * notices' `source_key` is unique, so a retried draw tells nobody twice.
 */
export async function tellResults(
  tx: DbOrTx,
  mail: MailContext,
  course: Pick<Course, 'id' | 'name'>,
  runId: number,
  entries: readonly LotteryEntry[],
  confirmBy: Date | null,
  firstClass: FirstClass | null,
  now: Date,
): Promise<void> {
  const texts = outcomeTexts(course.name, confirmBy, firstClass);
  const words = (part: 'title' | 'body') =>
    sql`array_to_string(case a.${sql.identifier(courseApplications.lotteryStatus.name)}
      when ${sqlLiteral(LOTTERY.WON)} then ${arrayLiteral(texts.won[part])}::text[]
      when ${sqlLiteral(LOTTERY.WAITLISTED)} then ${arrayLiteral(texts.waitlisted[part])}::text[]
      else ${arrayLiteral(texts.lost[part])}::text[] end, coalesce(a.waitlist_rank::text, ''))`;
  const appliedUrl = new URL('/mypage/course/applied', mail.publicUrl).toString();
  // the mail's lines after the notice's body, each on a line of its own (as tellStudent joins them)
  const tail = ['', `申込状況の確認：${appliedUrl}`, '', ...officeFooter(mail)].map((l) => `\n${l}`).join('');
  const ids = arrayLiteral(entries.map((e) => e.application_id));
  const key = sql`'lottery:' || ${String(runId)}::text || ':' || drawn.id`;
  await tx.execute(sql`with drawn as (
      select a.id, a.student_id, d.ord, ${words('title')} as title, ${words('body')} as body
      from unnest(${ids}::int[]) with ordinality as d(id, ord)
      join ${courseApplications} a on a.id = d.id
    ), made as (
      insert into ${notices} (title, content, period_from, published_to, student_id, course_id, source_key)
      select left(drawn.title, 120), drawn.body, ${now}::timestamptz, ${PERSONAL_NOTICE}::smallint,
        drawn.student_id, ${course.id}::int, ${key}
      from drawn order by drawn.ord
      on conflict (source_key) do nothing
      returning source_key
    )
    insert into ${mailOutbox} ("to", subject, body)
    select s.mail1, '【まなび】' || drawn.title, s.name || ' 様' || ${'\n\n'}::text || drawn.body || ${tail}::text
    from drawn
    join made on made.source_key = ${key}
    join ${students} s on s.id = drawn.student_id
    where s.is_email and coalesce(s.mail1, '') <> ''
    order by drawn.ord`);
}
