/**
 * The intake cycle (issue 14, docs/decisions/015-intake-cycle.md): the verifiable draw with its ranked
 * waitlist, the personal results, confirm-by deadlines and 繰り上げ当選. Every function here runs inside the
 * caller's transaction with the course's row lock held ({@link lockCourse}), so per course the draw, a
 * cancel, a decline, a lapse and a promotion take turns: a freed seat promotes exactly one person.
 */
import { LOTTERY, PERSONAL_NOTICE } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { type IntakeMessageKind, intakeMessage, type LotteryTier } from '@manabi/shared/domain/intake';
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
import { courseApplications, courseIntake, courses, lotteryRuns, notices, students } from '../db/schema';
import { type Actor, audit } from '../platform/audit';
import { enqueueMail, officeFooter } from '../platform/mail';
import { preparedInTransaction, sqlLiteral } from '../platform/sql';
import {
  drawOrder,
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
/** A winner's deadline `days` confirmation days from now. */
const deadline = (mail: MailContext, days: number | null, now: Date) =>
  days ? new Date(now.getTime() + days * mail.confirmDaySeconds * 1000) : null;

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
  },
  now: Date,
): Promise<void> {
  const text = intakeMessage({
    kind: message.kind,
    courseName: message.course.name,
    confirmBy: message.application.confirmBy?.toISOString() ?? null,
    waitlistRank: message.application.waitlistRank,
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

// ---- the draw ----

export interface DrawOptions {
  winNum: number;
  waitlist: boolean;
  confirmDays: number | null;
  tiers: readonly LotteryTier[];
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
          inArray(courseApplications.studentId, studentIds),
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
        and(inArray(courseApplications.studentId, studentIds), ne(courseApplications.attendanceStatus, '1')),
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
  const entries = drawOrder({ seed, pool, winNum: options.winNum, waitlist: options.waitlist, rankOffset });
  const confirmBy = deadline(mail, options.confirmDays, now);
  for (const e of entries) {
    await tx
      .update(courseApplications)
      .set({
        lotteryStatus: e.outcome,
        waitlistRank: e.waitlist_rank,
        confirmBy: e.outcome === LOTTERY.WON ? confirmBy : null,
        updatedAt: now,
      })
      .where(eq(courseApplications.id, e.application_id));
  }
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
  const studentOf = new Map(undrawn.map((u) => [u.id, u.studentId]));
  for (const e of entries) {
    const kind: IntakeMessageKind =
      e.outcome === LOTTERY.WON ? 'won' : e.outcome === LOTTERY.WAITLISTED ? 'waitlisted' : 'lost';
    await tellStudent(
      tx,
      mail,
      studentOf.get(e.application_id) ?? 0,
      `lottery:${run.id}:${e.application_id}`,
      {
        kind,
        course,
        application: { confirmBy: kind === 'won' ? confirmBy : null, waitlistRank: e.waitlist_rank },
      },
      now,
    );
  }
  const count = (o: string) => entries.filter((e) => e.outcome === o).length;
  return {
    runId: run.id,
    entries,
    winCount: count(LOTTERY.WON),
    waitCount: count(LOTTERY.WAITLISTED),
    loseCount: count(LOTTERY.LOST),
  };
}

// ---- keeping the waitlist and the seats consistent ----

/**
 * After any write that may change who holds a seat: a 補欠 without a place gets the next one, a row that is
 * no longer 補欠 gives its place up, and free seats are filled from the top of the waitlist (when the course
 * promotes automatically and the promotion period has not ended). Idempotent. Returns the promoted rows.
 */
export async function settleCourse(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  now = new Date(),
): Promise<Application[]> {
  const [state] = await settleState(tx, { courseId: course.id });
  let rank = state?.lastRank ?? 0;
  for (const id of state?.unranked ?? []) {
    rank += 1;
    await tx
      .update(courseApplications)
      .set({ waitlistRank: rank })
      .where(eq(courseApplications.id, Number(id)));
  }
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
  return promoted;
}

/**
 * What {@link settleCourse} starts with, in one statement built once (issue 16): a row that is no longer 補欠
 * gives its place up, and the rest is read: the 補欠 still without a place in the order they became 補欠, the
 * highest place kept, the live winners and 補欠, the course's settings. The read sees the rows as they were
 * before the release, which touches no live 補欠: so the places it counts are those the release keeps.
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
  const { id, updatedAt, waitlistRank, lotteryStatus } = courseApplications;
  // one pass over the course's live applications; the codes are written into the SQL, so that its plan does not
  // hang on values sent with each call (decision 032; the course id still decides it)
  const waiting = sql`${lotteryStatus} = ${sqlLiteral(LOTTERY.WAITLISTED)}`;
  const counts = tx
    .select({
      unranked:
        sql`array_agg(${id} order by ${updatedAt}, ${id}) filter (where ${waiting} and ${waitlistRank} is null)`.as(
          'unranked',
        ),
      lastRank: sql`coalesce(max(${waitlistRank}) filter (where ${waiting}), 0)`.as('last_rank'),
      winners: sql`count(*) filter (where ${lotteryStatus} = ${sqlLiteral(LOTTERY.WON)})`.as('winners'),
      waiting: sql`count(*) filter (where ${waiting})`.as('waiting'),
    })
    .from(courseApplications)
    .where(and(ofCourse(courseId), live))
    .as('counts');
  return tx
    .with(released)
    .select({
      unranked: sql`${counts.unranked}`.mapWith((ids: (number | string)[] | null) => (ids ?? []).map(Number)),
      lastRank: sql`${counts.lastRank}`.mapWith(Number),
      winners: sql`${counts.winners}`.mapWith(Number),
      waiting: sql`${counts.waiting}`.mapWith(Number),
      intake: courseIntake,
    })
    .from(counts)
    .leftJoin(courseIntake, eq(courseIntake.courseId, courseId));
});

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
    { kind: 'promoted', course, application: row },
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
