/**
 * The personal results of the intake cycle (decision 015): a notice published to the one student and, when
 * the student takes mail, the same words by mail — one at a time ({@link tellStudent}: a promotion, a lapse)
 * or a whole draw's at once ({@link tellRun}, decisions 043 and 050: after the draw, in a transaction of its own).
 */
import { LOTTERY } from '@manabi/shared/codes';
import {
  type FirstClass,
  type IntakeMessageKind,
  intakeMessage,
  type SeatFee,
} from '@manabi/shared/domain/intake';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { courseApplications, courses, lotteryRuns } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import type { MailContext } from '../../platform/mail';
import { addPersonalNotice, personalNoticesWithMails } from '../../platform/outbox';
import { anyOf, arrayLiteral, sqlLiteral } from '../../platform/sql';
import type { Application, Course } from '../../repositories/course-applications';
import { firstClassOf } from '../../repositories/course-sessions';
import { type FeeRule, feeRuleOf } from '../../repositories/payments';
import { personalMailTail } from '../../repositories/personal-notices';
import { seatFee } from './fees';
import { deadline } from './settings';

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
    application: Pick<Application, 'id' | 'confirmBy' | 'waitlistRank'>;
    firstClass?: FirstClass | null;
    /** for a decision the office took for the student: how it heard the student's wish */
    channel?: string;
    /** a charged seat: what to pay, how and by when */
    fee?: SeatFee | null;
    /** a seat lost by the rules: the deadline it missed */
    lapsedDeadline?: Date | null;
  },
  now: Date,
): Promise<void> {
  const text = intakeMessage({
    kind: message.kind,
    courseName: message.course.name,
    confirmBy: message.application.confirmBy?.toISOString() ?? null,
    waitlistRank: message.application.waitlistRank,
    firstClass: message.firstClass ?? null,
    channel: message.channel,
    fee: message.fee ?? null,
    lapsedDeadline: message.lapsedDeadline?.toISOString() ?? null,
    office: { phone: mail.officePhone, hours: mail.officeHours },
  });
  // the mail is tied to the student and the notice: how the office sees whether this result went out by mail
  await addPersonalNotice(
    tx,
    {
      title: text.title.slice(0, 120),
      content: text.body,
      periodFrom: now,
      studentId,
      courseId: message.course.id,
      applicationId: message.application.id,
      sourceKey,
    },
    { subject: `【まなび】${text.title}`, body: `${text.body}${personalMailTail(mail)}` },
  );
}

/**
 * The words of each outcome of a draw, split where the 補欠順位 goes: the statement joins the pieces with each
 * applicant's own place, so the wording stays {@link intakeMessage}'s alone and no text travels per applicant.
 * The place is marked by a number the words do not otherwise hold. A winner's words come once per charge the
 * draw's winners hold (at most the plain and the aided amount under one deadline), plus once uncharged.
 */
function outcomeTexts(
  courseName: string,
  confirmBy: Date | null,
  firstClass: FirstClass | null,
  fees: readonly SeatFee[],
) {
  const render = (kind: 'won' | 'waitlisted' | 'lost', rank: number | null, fee: SeatFee | null = null) =>
    intakeMessage({
      kind,
      courseName,
      confirmBy: kind === 'won' ? (confirmBy?.toISOString() ?? null) : null,
      waitlistRank: rank,
      firstClass: kind === 'won' ? firstClass : null,
      fee,
    });
  const bare = render('waitlisted', null);
  let mark = Number.MAX_SAFE_INTEGER;
  while (`${bare.title}\n${bare.body}`.includes(String(mark))) mark -= 1;
  const split = (kind: 'won' | 'waitlisted' | 'lost', fee: SeatFee | null = null) => {
    const text = render(kind, kind === 'waitlisted' ? mark : null, fee);
    return { title: text.title.split(String(mark)), body: text.body.split(String(mark)) };
  };
  return {
    won: split('won'),
    charged: fees.map((fee) => ({ fee, ...split('won', fee) })),
    waitlisted: split('waitlisted'),
    lost: split('lost'),
  };
}

/**
 * Each applicant of a draw told their result (as {@link tellStudent} writes one) and, for those who take mail,
 * the same words by mail: one INSERT … SELECT for the notices and one for the mails, in one statement, read
 * from the run's record — the draw's own outcome and 補欠順位, whatever has happened to the application since.
 * A charged winner's words say the amount and deadline its row holds. The notices' `source_key` is unique, so
 * a run told twice tells nobody twice.
 */
async function tellResults(
  tx: DbOrTx,
  mail: MailContext,
  course: Pick<Course, 'id' | 'name'>,
  run: Pick<Run, 'id' | 'drawnAt'>,
  confirmBy: Date | null,
  firstClass: FirstClass | null,
  fees: readonly SeatFee[],
): Promise<void> {
  const texts = outcomeTexts(course.name, confirmBy, firstClass, fees);
  const won = (part: 'title' | 'body') =>
    texts.charged.length === 0
      ? sql`${arrayLiteral(texts.won[part])}::text[]`
      : sql`case ${sql.join(
          texts.charged.map(
            (c) =>
              sql`when a.amount_due = ${c.fee.amount}::int and a.pay_by is not distinct from ${c.fee.payBy}::timestamptz
                then ${arrayLiteral(c[part])}::text[]`,
          ),
          sql` `,
        )} else ${arrayLiteral(texts.won[part])}::text[] end`;
  const words = (part: 'title' | 'body') =>
    sql`array_to_string(case e.outcome
      when ${sqlLiteral(LOTTERY.WON)} then ${won(part)}
      when ${sqlLiteral(LOTTERY.WAITLISTED)} then ${arrayLiteral(texts.waitlisted[part])}::text[]
      else ${arrayLiteral(texts.lost[part])}::text[] end, coalesce(e.waitlist_rank::text, ''))`;
  const tail = personalMailTail(mail);
  const key = sql`'lottery:' || ${String(run.id)}::text || ':' || a.id`;
  await tx.execute(
    personalNoticesWithMails({
      told: sql`
      select a.id, a.student_id, e.place as ord, ${words('title')} as title, ${words('body')} as body,
        ${key} as source_key
      from ${lotteryRuns} r
      cross join json_to_recordset(r.entries) as e(application_id int, outcome text, waitlist_rank int, place int)
      join ${courseApplications} a on a.id = e.application_id
      where r.id = ${run.id}::int`,
      notice: {
        title: sql`left(told.title, 120)`,
        content: sql`told.body`,
        periodFrom: sql`${run.drawnAt}::timestamptz`,
        courseId: sql`${course.id}::int`,
        applicationId: sql`told.id`,
      },
      mail: { subject: sql`'【まなび】' || told.title`, body: sql`told.body || ${tail}::text` },
      orderBy: sql`told.ord`,
    }),
  );
}

/** The distinct charges (amount, deadline) the run's winners hold, as the words' input. */
async function chargesOfRun(tx: DbOrTx, runId: number, courseId: number): Promise<SeatFee[]> {
  const rule = await feeRuleOf(tx, courseId);
  if (!rule.required) return [];
  const found = await rowsOf<{ amount_due: number; pay_by: string | Date | null }>(
    tx,
    sql`
    select distinct a.amount_due, a.pay_by
    from ${lotteryRuns} r
    cross join json_to_recordset(r.entries) as e(application_id int, outcome text)
    join ${courseApplications} a on a.id = e.application_id
    where r.id = ${runId}::int and e.outcome = ${sqlLiteral(LOTTERY.WON)} and a.amount_due > 0`,
  );
  return found.map((r) => ({
    amount: Number(r.amount_due),
    payBy: r.pay_by === null ? null : new Date(r.pay_by).toISOString(),
    howToPay: rule.howToPay,
    autoLapse: rule.autoLapse,
  }));
}

type Run = typeof lotteryRuns.$inferSelect;

/**
 * The winners a new fee rule charged, told what to pay, how and by when (decision 077): one notice each and
 * the same words by mail, one statement for all of them, the words chosen by each seat's amount (all were
 * charged at one moment, so they share one deadline). The key names the charge: a retry tells nobody twice.
 */
export async function tellCharged(
  tx: DbOrTx,
  mail: MailContext,
  course: Pick<Course, 'id' | 'name'>,
  rule: Pick<FeeRule, 'howToPay' | 'autoLapse'>,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const charged = await tx
    .selectDistinct({ amountDue: courseApplications.amountDue, payBy: courseApplications.payBy })
    .from(courseApplications)
    .where(anyOf(courseApplications.id, ids, 'int'));
  const texts = charged.flatMap((c) => {
    const fee = seatFee(rule, { ...c, paidAt: null });
    return fee ? [{ c, text: intakeMessage({ kind: 'charged', courseName: course.name, fee }) }] : [];
  });
  if (texts.length === 0) return;
  const pick = (part: 'title' | 'body') =>
    sql`case ${sql.join(
      texts.map(
        ({ c, text }) =>
          sql`when a.amount_due = ${c.amountDue}::int and a.pay_by is not distinct from ${c.payBy?.toISOString() ?? null}::timestamptz then ${text[part]}::text`,
      ),
      sql` `,
    )} end`;
  const tail = personalMailTail(mail);
  const key = sql`'charge:' || a.id::text || ':' || ${String(now.getTime())}::text`;
  await tx.execute(
    personalNoticesWithMails({
      told: sql`
      select a.id, a.student_id, ${pick('title')} as title, ${pick('body')} as body, ${key} as source_key
      from ${courseApplications} a
      where a.id = any(${arrayLiteral(ids.map(String))}::int[])`,
      notice: {
        title: sql`left(told.title, 120)`,
        content: sql`told.body`,
        periodFrom: sql`${now.toISOString()}::timestamptz`,
        courseId: sql`${course.id}::int`,
        applicationId: sql`told.id`,
      },
      mail: { subject: sql`'【まなび】' || told.title`, body: sql`told.body || ${tail}::text` },
      where: sql`told.title is not null`,
      orderBy: sql`told.id`,
    }),
  );
}

/**
 * Tells the applicants of a draw their results, once (decision 050): the draw commits its statuses and record
 * under the course lock and leaves the run untold; this follows in a transaction of its own, so the course's
 * other writers need not wait for 10,000 notices and mails. The run's row is taken first (SKIP LOCKED): a
 * second caller meanwhile, or after, finds nothing to do. Returns whether it told the run.
 */
export async function tellRun(
  tx: DbOrTx,
  mail: MailContext,
  runId: number,
  now = new Date(),
): Promise<boolean> {
  const [run] = await tx
    .select({
      id: lotteryRuns.id,
      drawnAt: lotteryRuns.drawnAt,
      confirmDays: lotteryRuns.confirmDays,
      course: { id: courses.id, name: courses.name },
    })
    .from(lotteryRuns)
    .innerJoin(courses, eq(courses.id, lotteryRuns.courseId))
    .where(and(eq(lotteryRuns.id, runId), isNull(lotteryRuns.toldAt)))
    .for('update', { of: lotteryRuns, skipLocked: true });
  if (!run) return false;
  // the deadline the draw wrote: the same rule from the same moment
  const confirmBy = deadline(mail, run.confirmDays, run.drawnAt);
  await tellResults(
    tx,
    mail,
    run.course,
    run,
    confirmBy,
    await firstClassOf(tx, run.course.id),
    await chargesOfRun(tx, run.id, run.course.id),
  );
  await tx.update(lotteryRuns).set({ toldAt: now }).where(eq(lotteryRuns.id, run.id));
  return true;
}

/**
 * The deadline job's recovery (decision 050): every run a crash left untold between the draw's commit and its
 * results, told now, each in a transaction of its own. Returns how many it told.
 */
export async function tellUntoldRuns(db: Db, mail: MailContext, now = new Date()): Promise<number> {
  const untold = await db
    .select({ id: lotteryRuns.id })
    .from(lotteryRuns)
    .where(isNull(lotteryRuns.toldAt))
    .orderBy(asc(lotteryRuns.id))
    .limit(50);
  let told = 0;
  for (const { id } of untold) if (await db.transaction((tx) => tellRun(tx, mail, id, now))) told += 1;
  return told;
}
