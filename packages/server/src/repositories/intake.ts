/**
 * The intake cycle (issue 14, docs/decisions/015-intake-cycle.md): the verifiable draw with its ranked
 * waitlist, the personal results, confirm-by deadlines and 繰り上げ当選. Every function here runs inside the
 * caller's transaction with the course's row lock held ({@link lockCourse}), so per course the draw, a
 * cancel, a decline, a lapse and a promotion take turns: a freed seat promotes exactly one person.
 */
import { LOTTERY, PERSONAL_NOTICE } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import {
  type FirstClass,
  type IntakeMessageKind,
  intakeMessage,
  type LotteryTier,
} from '@manabi/shared/domain/intake';
import { isOutsideWard } from '@manabi/shared/domain/student';
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  max,
  ne,
  type Placeholder,
  sql,
} from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import {
  courseApplications,
  courseIntake,
  courseSessions,
  courses,
  lotteryRuns,
  mailOutbox,
  notices,
  students,
} from '../db/schema';
import { type Actor, audit } from '../platform/audit';
import { enqueueMail, officeFooter } from '../platform/mail';
import { anyOf, arrayLiteral, executeNamed, preparedInTransaction, sqlLiteral } from '../platform/sql';
import {
  drawOrderInTurns,
  LOTTERY_ALGORITHM,
  type LotteryEntry,
  newSeed,
  type PoolMember,
  poolHash,
  seedHash,
} from '../platform/verifiable-lottery';
import type { Application, Course } from './course-applications';

export type IntakeSettings = typeof courseIntake.$inferSelect;
/** What the cycle needs of the configuration: the personal mails' links and footer, the length of a day. */
export type MailContext = Pick<Config, 'publicUrl' | 'officeMail' | 'officePhone' | 'confirmDaySeconds'>;

const DAY_MS = 86_400_000;
/** Tokyo keeps no summer time: its days start at 15:00 UTC. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/**
 * A winner's deadline `days` confirmation days from now: the end (23:59:59.999) of that Tokyo day, so that a
 * student told 「11月30日（月）23時59分まで」 has the whole day, whatever minute the office drew. A shortened
 * day (CONFIRM_DAY_SECONDS, for the browser journeys) is counted exactly: rounding it to the end of the
 * Tokyo day would make it a real day again.
 */
export function confirmDeadline(days: number | null, daySeconds: number, now: Date): Date | null {
  if (!days) return null;
  const at = now.getTime() + days * daySeconds * 1000;
  if (daySeconds !== DAY_MS / 1000) return new Date(at);
  const tokyoDayStart = Math.floor((at + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS;
  return new Date(tokyoDayStart + DAY_MS - 1);
}
const deadline = (mail: MailContext, days: number | null, now: Date) =>
  confirmDeadline(days, mail.confirmDaySeconds, now);

/** The course's settings, or the defaults (no waitlist, nothing to confirm, automatic promotion). */
export async function intakeOf(tx: DbOrTx, courseId: number): Promise<IntakeSettings> {
  const [row] = await tx.select().from(courseIntake).where(eq(courseIntake.courseId, courseId));
  return row ?? defaultIntake(courseId);
}

/** The settings of a course that has none saved. */
const defaultIntake = (courseId: number): IntakeSettings => ({
  courseId,
  seats: null,
  waitlist: false,
  confirmDays: null,
  autoPromote: true,
  promoteUntil: null,
  tiers: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** Writes the settings (insert or update); the caller checked `updated_at` and holds the course lock. */
export async function saveIntake(
  tx: DbOrTx,
  courseId: number,
  values: Partial<Omit<IntakeSettings, 'courseId' | 'createdAt' | 'updatedAt'>>,
  now = new Date(),
): Promise<IntakeSettings> {
  const [row] = await tx
    .insert(courseIntake)
    .values({ courseId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: courseIntake.courseId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('course_intake upsert returned nothing');
  return row;
}

const live = isNull(courseApplications.cancelledAt);
const ofCourse = (courseId: number | Placeholder) => eq(courseApplications.courseId, courseId);

/** Live winners (当選) of the course. */
export async function liveWinners(tx: DbOrTx, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(courseApplications)
    .where(and(ofCourse(courseId), live, eq(courseApplications.lotteryStatus, LOTTERY.WON)));
  return row?.n ?? 0;
}

/** The highest 補欠順位 the course has given (0 when none). */
async function lastRank(tx: DbOrTx, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ n: max(courseApplications.waitlistRank) })
    .from(courseApplications)
    .where(ofCourse(courseId));
  return row?.n ?? 0;
}

// ---- personal results ----

/**
 * The personal notice of a result (published to this student alone) and, when the student takes mail, the
 * same words by mail. `sourceKey` is unique: a retried transaction or a second call writes nothing twice.
 */
async function tellStudent(
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

/** The course's first dated class (decision 028), or null when it has none. */
async function firstClassOf(tx: DbOrTx, courseId: number): Promise<FirstClass | null> {
  const [first] = await tx
    .select({ day: courseSessions.day, start: courseSessions.startsAt })
    .from(courseSessions)
    .where(eq(courseSessions.courseId, courseId))
    .orderBy(asc(courseSessions.day), asc(courseSessions.startsAt))
    .limit(1);
  return first ?? null;
}

// ---- the draw ----

export interface DrawOptions {
  winNum: number;
  waitlist: boolean;
  confirmDays: number | null;
  tiers: readonly LotteryTier[];
  /** authority 1's reason for drawing while the application period is open (none: drawn after it) */
  overrideReason?: string | null;
}

/** Each pool member's tier: the first of `tiers` it meets (0 = highest), else tiers.length. */
async function tiersOf(
  tx: DbOrTx,
  pool: readonly { id: number; studentId: number; streetName1: string }[],
  tiers: readonly LotteryTier[],
  courseId: number,
  now: Date,
): Promise<PoolMember[]> {
  const studentIds = pool.map((p) => p.studentId);
  const met = new Map<LotteryTier, Set<number>>();
  if (tiers.includes('previous_loser') && studentIds.length) {
    // lost a draw (or stayed on a waitlist) of a course whose application period ended in the past year
    const rows = await tx
      .selectDistinct({ id: courseApplications.studentId })
      .from(courseApplications)
      .innerJoin(courses, eq(courses.id, courseApplications.courseId))
      .where(
        and(
          anyOf(courseApplications.studentId, studentIds, 'int'),
          ne(courseApplications.courseId, courseId),
          inArray(courseApplications.lotteryStatus, [LOTTERY.LOST, LOTTERY.WAITLISTED]),
          gt(courses.periodTo, new Date(now.getTime() - 365 * DAY_MS)),
        ),
      );
    met.set('previous_loser', new Set(rows.map((r) => r.id)));
  }
  if (tiers.includes('first_timer') && studentIds.length) {
    const attended = await tx
      .selectDistinct({ id: courseApplications.studentId })
      .from(courseApplications)
      .where(
        and(
          anyOf(courseApplications.studentId, studentIds, 'int'),
          ne(courseApplications.attendanceStatus, '1'),
        ),
      );
    const seen = new Set(attended.map((r) => r.id));
    met.set('first_timer', new Set(studentIds.filter((id) => !seen.has(id))));
  }
  if (tiers.includes('ward_resident')) {
    // isOutsideWard passes a blank town; a resident must name one in the ward
    const inWard = pool.filter((p) => p.streetName1.trim() !== '' && !isOutsideWard(p.streetName1));
    met.set('ward_resident', new Set(inWard.map((p) => p.studentId)));
  }
  return pool.map((p) => {
    const tier = tiers.findIndex((t) => met.get(t)?.has(p.studentId));
    return { application_id: p.id, tier: tier === -1 ? tiers.length : tier };
  });
}

export interface DrawResult {
  runId: number;
  entries: LotteryEntry[];
  winCount: number;
  waitCount: number;
  loseCount: number;
}

/**
 * Draws the course's live 抽選待ち applicants: a fresh seed, the pool with its tiers, the order, every
 * status, the run record, the settings it used and one personal result per applicant — one transaction.
 * Returns null when nobody is undrawn.
 */
export async function drawCourse(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor & { name: string },
  course: Course,
  options: DrawOptions,
  now = new Date(),
): Promise<DrawResult | null> {
  const undrawn = await tx
    .select({
      id: courseApplications.id,
      studentId: courseApplications.studentId,
      streetName1: students.streetName1,
    })
    .from(courseApplications)
    .innerJoin(students, eq(students.id, courseApplications.studentId))
    .where(and(ofCourse(course.id), live, eq(courseApplications.lotteryStatus, LOTTERY.PENDING)))
    .orderBy(asc(courseApplications.id))
    .for('update', { of: courseApplications });
  if (undrawn.length === 0) return null;
  const pool = await tiersOf(tx, undrawn, options.tiers, course.id, now);
  const seed = newSeed();
  const rankOffset = options.waitlist ? await lastRank(tx, course.id) : 0;
  const entries = await drawOrderInTurns({
    seed,
    pool,
    winNum: options.winNum,
    waitlist: options.waitlist,
    rankOffset,
  });
  const confirmBy = deadline(mail, options.confirmDays, now);
  await writeOutcomes(tx, entries, confirmBy, now);
  const [run] = await tx
    .insert(lotteryRuns)
    .values({
      courseId: course.id,
      adminId: actor.id,
      adminName: actor.name,
      drawnAt: now,
      algorithm: LOTTERY_ALGORITHM,
      winNum: options.winNum,
      waitlist: options.waitlist,
      confirmDays: options.confirmDays,
      tiers: [...options.tiers],
      poolHash: poolHash(pool),
      seedHash: seedHash(seed),
      seed,
      rankOffset,
      entries,
      overrideReason: options.overrideReason ?? null,
    })
    .returning({ id: lotteryRuns.id });
  if (!run) throw new Error('lottery_runs insert returned nothing');
  // the seats a freed place is refilled up to: every live winner after this draw
  await saveIntake(
    tx,
    course.id,
    {
      seats: await liveWinners(tx, course.id),
      waitlist: options.waitlist,
      confirmDays: options.confirmDays,
      tiers: [...options.tiers],
    },
    now,
  );
  await tellResults(tx, mail, course, run.id, entries, confirmBy, await firstClassOf(tx, course.id), now);
  const count = (o: string) => entries.filter((e) => e.outcome === o).length;
  return {
    runId: run.id,
    entries,
    winCount: count(LOTTERY.WON),
    waitCount: count(LOTTERY.WAITLISTED),
    loseCount: count(LOTTERY.LOST),
  };
}

/**
 * Every drawn applicant's status, 補欠順位 and deadline in one statement: the outcomes travel as three
 * arrays, whatever the pool's size, and the course lock is held for one write instead of one per applicant.
 */
async function writeOutcomes(
  tx: DbOrTx,
  entries: readonly LotteryEntry[],
  confirmBy: Date | null,
  now: Date,
): Promise<void> {
  const a = courseApplications;
  const column = (c: { name: string }) => sql.identifier(c.name);
  const ids = arrayLiteral(entries.map((e) => e.application_id));
  const outcomes = arrayLiteral(entries.map((e) => e.outcome));
  const ranks = arrayLiteral(entries.map((e) => e.waitlist_rank));
  await tx.execute(sql`update ${a} set
      ${column(a.lotteryStatus)} = d.outcome,
      ${column(a.waitlistRank)} = d.rank,
      ${column(a.confirmBy)} = case when d.outcome = ${sqlLiteral(LOTTERY.WON)} then ${confirmBy}::timestamptz end,
      ${column(a.updatedAt)} = ${now}::timestamptz
    from unnest(${ids}::int[], ${outcomes}::varchar[], ${ranks}::int[]) as d(id, outcome, rank)
    where ${a.id} = d.id`);
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
async function tellResults(
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

// ---- keeping the waitlist and the seats consistent ----

/**
 * After any write that may change who holds a seat: a row that is no longer 補欠 gives its place up, the
 * live 補欠 are numbered 1..k again (a new one last), and free seats are filled from the top of the waitlist
 * (when the course promotes automatically and the promotion period has not ended), after which the rest move
 * up once more. A 補欠 always reads its current place; the draw's own places stay in its run record.
 * Idempotent. Returns the promoted rows.
 */
export async function settleCourse(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  now = new Date(),
): Promise<Application[]> {
  const [state] = await settleState(tx, { courseId: course.id });
  await renumberWaitlist(tx, course.id);
  const intake = state?.intake ?? defaultIntake(course.id);
  if (!intake.autoPromote) return [];
  if (intake.promoteUntil && todayTokyo(now) > intake.promoteUntil) return [];
  const seats = intake.seats ?? (course.isLottery ? null : course.capacity);
  if (seats === null) return [];
  const promoted: Application[] = [];
  // nobody waiting: no promotion to look for
  if (!state?.waiting) return [];
  let free = seats - state.winners;
  while (free > 0) {
    const next = await promoteNext(tx, mail, actor, course, intake, now);
    if (!next) break;
    promoted.push(next);
    free -= 1;
  }
  if (promoted.length) await renumberWaitlist(tx, course.id);
  return promoted;
}

/**
 * What {@link settleCourse} starts with, in one statement built once: a row that is no longer 補欠 gives its
 * place up, and the live winners and 補欠 and the course's settings are read. The release touches no live
 * 補欠, so the counts it reads beside it are those that hold after it.
 */
const settleState = preparedInTransaction('settle_state', (tx) => {
  const courseId = sql.placeholder('courseId');
  const released = tx.$with('released').as(
    tx
      .update(courseApplications)
      .set({ waitlistRank: null })
      .where(
        and(
          ofCourse(courseId),
          isNotNull(courseApplications.waitlistRank),
          sql`(${courseApplications.lotteryStatus} <> ${sqlLiteral(LOTTERY.WAITLISTED)} OR ${courseApplications.cancelledAt} IS NOT NULL)`,
        ),
      )
      .returning({ id: courseApplications.id }),
  );
  const { lotteryStatus } = courseApplications;
  // one pass over the course's live applications; the codes are written into the SQL, so that its plan does not
  // hang on values sent with each call (decision 032; the course id still decides it)
  const counts = tx
    .select({
      winners: sql`count(*) filter (where ${lotteryStatus} = ${sqlLiteral(LOTTERY.WON)})`.as('winners'),
      waiting: sql`count(*) filter (where ${lotteryStatus} = ${sqlLiteral(LOTTERY.WAITLISTED)})`.as(
        'waiting',
      ),
    })
    .from(courseApplications)
    .where(and(ofCourse(courseId), live))
    .as('counts');
  return tx
    .with(released)
    .select({
      winners: sql`${counts.winners}`.mapWith(Number),
      waiting: sql`${counts.waiting}`.mapWith(Number),
      intake: courseIntake,
    })
    .from(counts)
    .leftJoin(courseIntake, eq(courseIntake.courseId, courseId));
});

/**
 * Numbers the course's live 補欠 1..k in their order (place kept, then a new one in the order it became 補欠).
 * Two statements: the places that change are first written negated, then turned back, because the unique
 * index on (course, place) is checked row by row and a shift down (2→1, 3→2) would otherwise meet the row
 * it replaces. Rows whose place stands are not written.
 */
async function renumberWaitlist(tx: DbOrTx, courseId: number): Promise<void> {
  const a = courseApplications;
  const moved = await executeNamed(
    tx,
    sql`with ranked as (
      select ${a.id} as id, row_number() over (order by ${a.waitlistRank} asc nulls last, ${a.updatedAt}, ${a.id}) as place
      from ${a}
      where ${a.courseId} = ${courseId} and ${a.cancelledAt} is null and ${a.lotteryStatus} = ${sqlLiteral(LOTTERY.WAITLISTED)}
    )
    update ${a} set ${sql.identifier(a.waitlistRank.name)} = -ranked.place from ranked
    where ${a.id} = ranked.id and ${a.waitlistRank} is distinct from ranked.place
    returning ${a.id}`,
  );
  if (moved.rows.length === 0) return;
  await executeNamed(
    tx,
    sql`update ${a} set ${sql.identifier(a.waitlistRank.name)} = -${a.waitlistRank}
    where ${a.courseId} = ${courseId} and ${a.waitlistRank} < 0`,
  );
}

/** The top of the waitlist moves up (繰り上げ当選), is told, and gets a deadline of its own. */
async function promoteNext(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  intake: IntakeSettings,
  now: Date,
): Promise<Application | null> {
  const [top] = await tx
    .select()
    .from(courseApplications)
    .where(and(ofCourse(course.id), live, eq(courseApplications.lotteryStatus, LOTTERY.WAITLISTED)))
    .orderBy(asc(courseApplications.waitlistRank), asc(courseApplications.id))
    .limit(1)
    .for('update');
  if (!top) return null;
  return promote(tx, mail, actor, course, intake, top, now);
}

/** Moves one 補欠 up: 当選, place given up, a deadline when the course asks winners to confirm. */
export async function promote(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  intake: IntakeSettings,
  application: Application,
  now: Date,
): Promise<Application> {
  const confirmBy = deadline(mail, intake.confirmDays, now);
  const [row] = await tx
    .update(courseApplications)
    .set({
      lotteryStatus: LOTTERY.WON,
      waitlistRank: null,
      promotedAt: now,
      confirmBy,
      confirmedAt: null,
      updatedAt: now,
    })
    .where(eq(courseApplications.id, application.id))
    .returning();
  if (!row) throw new Error('promotion updated nothing');
  await audit(tx, actor, 'promote', 'course_application', row.id, {
    course_id: course.id,
    waitlist_rank: application.waitlistRank,
    confirm_by: confirmBy?.toISOString() ?? null,
  });
  await tellStudent(
    tx,
    mail,
    row.studentId,
    `promote:${row.id}:${now.getTime()}`,
    { kind: 'promoted', course, application: row, firstClass: await firstClassOf(tx, course.id) },
    now,
  );
  return row;
}

/** A winner gives the seat back (辞退): declined by the student, or lapsed past the deadline. */
export async function decline(
  tx: DbOrTx,
  application: Application,
  reason: 'declined' | 'lapsed',
  now: Date,
): Promise<Application> {
  const [row] = await tx
    .update(courseApplications)
    .set({ lotteryStatus: LOTTERY.DECLINED, declineReason: reason, confirmBy: null, updatedAt: now })
    .where(eq(courseApplications.id, application.id))
    .returning();
  if (!row) throw new Error('decline updated nothing');
  return row;
}

/**
 * The deadline job's work for one course (the caller locked it): every live winner past confirm_by lapses,
 * is told, and the freed seats are refilled. Returns how many lapsed.
 */
export async function lapseDue(
  tx: DbOrTx,
  mail: MailContext,
  course: Course,
  now = new Date(),
): Promise<number> {
  const due = await tx
    .select()
    .from(courseApplications)
    .where(
      and(
        ofCourse(course.id),
        live,
        eq(courseApplications.lotteryStatus, LOTTERY.WON),
        isNull(courseApplications.confirmedAt),
        sql`${courseApplications.confirmBy} <= ${now}`,
      ),
    )
    .for('update');
  const system: Actor = { kind: 'system', id: null };
  for (const a of due) {
    const row = await decline(tx, a, 'lapsed', now);
    await audit(tx, system, 'lapse', 'course_application', a.id, {
      course_id: course.id,
      confirm_by: a.confirmBy?.toISOString(),
    });
    await tellStudent(
      tx,
      mail,
      a.studentId,
      `lapse:${a.id}`,
      { kind: 'lapsed', course, application: row },
      now,
    );
  }
  if (due.length) await settleCourse(tx, mail, system, course, now);
  return due.length;
}

/** Courses with a winner past the deadline (the job's scan, on the partial index). */
export async function coursesWithDueDeadlines(db: DbOrTx, now = new Date(), limit = 50): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: courseApplications.courseId })
    .from(courseApplications)
    .where(
      and(
        eq(courseApplications.lotteryStatus, LOTTERY.WON),
        isNull(courseApplications.confirmedAt),
        live,
        sql`${courseApplications.confirmBy} <= ${now}`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The course row locked for the job, or undefined when another process holds it (SKIP LOCKED). */
export async function tryLockCourse(tx: DbOrTx, courseId: number): Promise<Course | undefined> {
  const [c] = await tx
    .select()
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update', { skipLocked: true });
  return c;
}
