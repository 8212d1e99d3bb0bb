/**
 * The intake cycle's own calls (docs/decisions/015-intake-cycle.md): the course's settings and
 * counts, the lottery records with their re-verification, promotion by hand, and the student's confirm /
 * decline. The cycle's rules live beside it (draw.ts, settle.ts, results.ts, deadlines.ts, settings.ts).
 */
import { LOTTERY } from '@manabi/shared/codes';
import type { LotteryTier } from '@manabi/shared/domain/intake';
import type { ProxyChannel, ProxyDecisionInput } from '@manabi/shared/schemas/contact';
import { INTAKE_MSG, type IntakeUpdateInput, type SeatDecisionInput } from '@manabi/shared/schemas/intake';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { courseApplications, courses, lotteryRuns } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import type { AdminPrincipal, StudentPrincipal } from '../../platform/context';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import type { MailContext } from '../../platform/mail';
import { type LotteryEntry, verifyRecord } from '../../platform/verifiable-lottery';
import {
  type Application,
  type Course,
  confirmApplication,
  declineApplication,
  liveApplication,
  liveWinners,
  lockCourse,
  type OfficeDecision,
} from '../../repositories/course-applications';
import { intakeOf, saveIntake } from '../../repositories/course-intake';
import { firstClassOf } from '../../repositories/course-sessions';
import { alreadyDecided, noLiveApplication } from './moved-on';
import { tellStudent } from './results';
import { promotionsOfRuns } from './run-promotions';
import { promote, settleCourse } from './settle';

const iso = (d: Date) => d.toISOString();

async function courseFor(db: DbOrTx, admin: AdminPrincipal, id: number) {
  const [course] = await db.select().from(courses).where(eq(courses.id, id));
  if (!course) throw notFound();
  assertUniversityAccess(admin, course.universityId);
  return course;
}

// ---- settings and counts ----

async function countsOf(db: DbOrTx, courseId: number) {
  const [row] = await db
    .select({
      applied: count(),
      pending:
        sql<number>`count(*) filter (where ${courseApplications.lotteryStatus} = ${LOTTERY.PENDING} and ${courseApplications.cancelledAt} is null)`.mapWith(
          Number,
        ),
      won: sql<number>`count(*) filter (where ${courseApplications.lotteryStatus} = ${LOTTERY.WON} and ${courseApplications.cancelledAt} is null)`.mapWith(
        Number,
      ),
      confirmed:
        sql<number>`count(*) filter (where ${courseApplications.lotteryStatus} = ${LOTTERY.WON} and ${courseApplications.cancelledAt} is null and ${courseApplications.confirmedAt} is not null)`.mapWith(
          Number,
        ),
      waiting:
        sql<number>`count(*) filter (where ${courseApplications.lotteryStatus} = ${LOTTERY.WAITLISTED} and ${courseApplications.cancelledAt} is null)`.mapWith(
          Number,
        ),
      declined:
        sql<number>`count(*) filter (where ${courseApplications.lotteryStatus} = ${LOTTERY.DECLINED})`.mapWith(
          Number,
        ),
      lost: sql<number>`count(*) filter (where ${courseApplications.lotteryStatus} = ${LOTTERY.LOST})`.mapWith(
        Number,
      ),
      cancelled: sql<number>`count(*) filter (where ${courseApplications.cancelledAt} is not null)`.mapWith(
        Number,
      ),
    })
    .from(courseApplications)
    .where(eq(courseApplications.courseId, courseId));
  return (
    row ?? { applied: 0, pending: 0, won: 0, confirmed: 0, waiting: 0, declined: 0, lost: 0, cancelled: 0 }
  );
}

/** GET /api/admin/course/intake/?id: the settings (defaults when none) and the counts of the cycle. */
export async function getIntake(db: Db, admin: AdminPrincipal, courseId: number) {
  const course = await courseFor(db, admin, courseId);
  const s = await intakeOf(db, course.id);
  const saved = s.createdAt.getTime() !== 0;
  return {
    course_id: course.id,
    is_lottery: course.isLottery,
    waitlist: s.waitlist ? ('1' as const) : ('0' as const),
    confirm_days: s.confirmDays === null ? '' : String(s.confirmDays),
    auto_promote: s.autoPromote ? ('1' as const) : ('0' as const),
    promote_until: s.promoteUntil ?? '',
    tiers: s.tiers as LotteryTier[],
    seats: s.seats,
    updated_at: saved ? iso(s.updatedAt) : '',
    counts: await countsOf(db, course.id),
  };
}

/**
 * POST /api/admin/course/intake/update/: saves the settings under the course lock; `updated_at` must be
 * the one read ('' when there were none) or 409. Turning promotion on (or moving its end) may fill free
 * seats at once.
 */
export async function updateIntake(db: Db, mail: MailContext, actor: Actor, input: IntakeUpdateInput) {
  return db.transaction(async (tx) => {
    const course = await lockCourse(tx, input.course_id);
    if (!course) throw notFound();
    const current = await intakeOf(tx, course.id);
    const saved = current.createdAt.getTime() !== 0;
    const seen = input.updated_at === '' ? null : seenAt(input.updated_at).getTime();
    if ((saved ? current.updatedAt.getTime() : null) !== seen) throw stale();
    const now = new Date();
    await saveIntake(
      tx,
      course.id,
      {
        waitlist: input.waitlist === '1',
        confirmDays: input.confirm_days === '' ? null : Number(input.confirm_days),
        autoPromote: input.auto_promote === '1',
        promoteUntil: input.promote_until === '' ? null : input.promote_until,
        tiers: [...input.tiers],
      },
      now,
    );
    await audit(tx, {
      actor,
      action: 'intake_settings',
      entity: 'course',
      entityId: course.id,
      detail: {
        waitlist: input.waitlist,
        confirm_days: input.confirm_days,
        auto_promote: input.auto_promote,
        promote_until: input.promote_until,
        tiers: input.tiers,
      },
    });
    await settleCourse(tx, mail, actor, course, now);
    return { result: true as const };
  });
}

// ---- lottery records ----

type Run = typeof lotteryRuns.$inferSelect;
const entriesOf = (run: Run) => run.entries as LotteryEntry[];

function summary(run: Run) {
  const entries = entriesOf(run);
  const n = (o: string) => entries.filter((e) => e.outcome === o).length;
  return {
    id: run.id,
    course_id: run.courseId,
    drawn_at: iso(run.drawnAt),
    admin_name: run.adminName,
    win_num: run.winNum,
    waitlist: run.waitlist,
    confirm_days: run.confirmDays,
    tiers: run.tiers,
    pool_size: entries.length,
    win_count: n(LOTTERY.WON),
    wait_count: n(LOTTERY.WAITLISTED),
    lose_count: n(LOTTERY.LOST),
    override_reason: run.overrideReason,
  };
}

/** GET /api/admin/lottery/runs/?id: the course's draws, newest first, each with the promotions of its 補欠. */
export async function listRuns(db: Db, admin: AdminPrincipal, courseId: number) {
  const course = await courseFor(db, admin, courseId);
  const runs = await db
    .select()
    .from(lotteryRuns)
    .where(eq(lotteryRuns.courseId, course.id))
    .orderBy(desc(lotteryRuns.id));
  const promoted = await promotionsOfRuns(
    db,
    course.id,
    runs.map((r) => ({ id: r.id, entries: entriesOf(r) })),
  );
  return { data_list: runs.map((r) => ({ ...summary(r), promotions: promoted.get(r.id) ?? [] })) };
}

async function runFor(db: Db, admin: AdminPrincipal, runId: number) {
  const [run] = await db.select().from(lotteryRuns).where(eq(lotteryRuns.id, runId));
  if (!run) throw notFound();
  const course = await courseFor(db, admin, run.courseId);
  return { run, course };
}

/** GET /api/admin/lottery/run/?id: the whole record (application ids only: no personal data). */
export async function getRun(db: Db, admin: AdminPrincipal, runId: number) {
  const { run, course } = await runFor(db, admin, runId);
  return {
    ...summary(run),
    course_name: course.name,
    algorithm: run.algorithm,
    rank_offset: run.rankOffset,
    pool_hash: run.poolHash,
    seed_hash: run.seedHash,
    seed: run.seed,
    entries: [...entriesOf(run)].sort((a, b) => a.place - b.place),
  };
}

/** GET /api/admin/lottery/run/verify/?id: recomputes the order from the stored record. */
export async function verifyRun(db: Db, admin: AdminPrincipal, runId: number) {
  const { run } = await runFor(db, admin, runId);
  return verifyRecord({
    algorithm: run.algorithm,
    win_num: run.winNum,
    waitlist: run.waitlist,
    rank_offset: run.rankOffset,
    pool_hash: run.poolHash,
    seed_hash: run.seedHash,
    seed: run.seed,
    entries: entriesOf(run),
  });
}

// ---- promotion by hand ----

/**
 * POST /api/admin/courseapplicantlist/promote/: the office moves a 補欠 up, whatever the automatic setting,
 * as long as the course has a place (its capacity, when set). The seats grow with it.
 */
export async function promoteByHand(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: { course_id: number; user_id: number; updated_at: string },
) {
  return db.transaction(async (tx) => {
    const course = await lockCourse(tx, input.course_id);
    if (!course) throw notFound();
    const a = await liveApplication(tx, course.id, input.user_id);
    if (!a) throw notFound();
    if (a.updatedAt.getTime() !== seenAt(input.updated_at).getTime()) throw stale();
    if (a.lotteryStatus !== LOTTERY.WAITLISTED) throw invalid('user_id', INTAKE_MSG.notWaitlisted);
    const winners = await liveWinners(tx, course.id);
    if (course.capacity !== null && winners >= course.capacity) throw invalid('user_id', INTAKE_MSG.noSeat);
    const intake = await intakeOf(tx, course.id);
    const now = new Date();
    await promote(tx, mail, actor, course, intake, a, now);
    // the office added a seat: keep it, so a later cancel refills up to this many
    await saveIntake(tx, course.id, { seats: Math.max(intake.seats ?? 0, winners + 1) }, now);
    // the others on the waitlist move up a place
    await settleCourse(tx, mail, actor, course, now);
    return { result: true as const };
  });
}

// ---- a seat's decision: the student's own, or the office's for them ----

/** How the office's channel (CD005 2–4) reads in the notice to the student. */
const CHANNEL_WORDS: Record<ProxyChannel, string> = { '2': 'お電話', '3': '窓口', '4': '郵送・FAX' };

/**
 * The one path of a winner's decision (confirm or decline), taken by the student or, with `byOffice`, by the
 * office for them: the same checks, the same write, the same settling of the seats (a decline moves the top
 * 補欠 up in this transaction) and the audit. A decision taken for the student is also told to them, so they
 * have it in writing. The caller holds the course lock and has checked `updated_at`.
 */
async function decideSeat(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  a: Application,
  decision: 'confirm' | 'decline',
  now: Date,
  byOffice?: OfficeDecision,
) {
  if (decision === 'confirm') {
    if (a.lotteryStatus !== LOTTERY.WON || a.confirmBy === null || a.confirmedAt !== null)
      throw invalid('course_id', INTAKE_MSG.nothingToConfirm);
    await confirmApplication(tx, a.id, now, byOffice);
  } else {
    if (a.lotteryStatus !== LOTTERY.WON) throw invalid('course_id', INTAKE_MSG.notAWinner);
    await declineApplication(tx, a.id, 'declined', now, byOffice);
  }
  await audit(tx, {
    actor,
    action: decision,
    entity: 'course_application',
    entityId: a.id,
    studentId: a.studentId,
    detail: {
      course_id: course.id,
      ...(byOffice && { for_student: a.studentId, channel: byOffice.channel, note: byOffice.note }),
    },
  });
  if (byOffice) {
    const [row] = await tx.select().from(courseApplications).where(eq(courseApplications.id, a.id));
    await tellStudent(
      tx,
      mail,
      a.studentId,
      `office:${decision}:${a.id}:${now.getTime()}`,
      {
        kind: decision === 'confirm' ? 'confirmedByOffice' : 'declinedByOffice',
        course,
        application: row ?? a,
        firstClass: decision === 'confirm' ? await firstClassOf(tx, course.id) : null,
        channel: CHANNEL_WORDS[byOffice.channel as ProxyChannel],
      },
      now,
    );
  }
  if (decision === 'decline') await settleCourse(tx, mail, actor, course, now);
}

/**
 * The course locked and the live application as the screen saw it. A seat that moved on is said as what
 * happened (moved-on.ts): cancelled, or the same decision already taken — before the generic 409.
 */
async function liveApplicationSeen(
  tx: DbOrTx,
  courseId: number,
  studentId: number,
  updatedAt: string,
  decision: 'confirm' | 'decline',
) {
  const course = await lockCourse(tx, courseId);
  if (!course) throw notFound();
  const a = await liveApplication(tx, course.id, studentId);
  if (!a) throw await noLiveApplication(tx, course.id, studentId);
  const already = alreadyDecided(a, decision);
  if (already) throw already;
  if (a.updatedAt.getTime() !== seenAt(updatedAt).getTime()) throw stale();
  return { course, a };
}

/** The student's own decision on their seat, in a transaction of its own. */
const studentDecides =
  (decision: 'confirm' | 'decline') =>
  (db: Db, mail: MailContext, student: StudentPrincipal, input: SeatDecisionInput) =>
    db.transaction(async (tx) => {
      const { course, a } = await liveApplicationSeen(
        tx,
        input.course_id,
        student.id,
        input.updated_at,
        decision,
      );
      await decideSeat(tx, mail, { kind: 'student', id: student.id }, course, a, decision, new Date());
      return { result: true as const };
    });

/** POST /api/mypage/courseconfirm/: a winner with a deadline confirms the seat. */
export const confirmSeat = studentDecides('confirm');

/**
 * POST /api/mypage/coursedecline/: a winner gives the seat back (辞退); the top 補欠 moves up in the same
 * transaction.
 */
export const declineSeat = studentDecides('decline');

/**
 * POST /api/admin/courseapplicantlist/decide/: the office confirms or declines a winner's seat for the student
 * (「本人の意思を電話で確認」), with the channel and a note of what was said — the student's own path, with who
 * did it recorded on the application and in the audit.
 */
export async function decideForStudent(
  db: Db,
  mail: MailContext,
  admin: AdminPrincipal,
  input: ProxyDecisionInput,
) {
  return db.transaction(async (tx) => {
    const { course, a } = await liveApplicationSeen(
      tx,
      input.course_id,
      input.user_id,
      input.updated_at,
      input.decision,
    );
    assertUniversityAccess(admin, course.universityId);
    await decideSeat(tx, mail, { kind: 'admin', id: admin.id }, course, a, input.decision, new Date(), {
      adminId: admin.id,
      channel: input.channel,
      note: input.note,
    });
    return { result: true as const };
  });
}
