import { LOTTERY } from '@manabi/shared/codes';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { APPLICANT_MSG, type LotteryInput } from '@manabi/shared/schemas/applicant';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseApplications, students } from '../../db/schema';
import { audit } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { invalid } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { type DrawAhead, drawAhead, drawCourse } from '../intake/draw';
import { tellRun } from '../intake/results';
import { loadCourse } from './applicants.service';

/**
 * The lottery of a course's applicants: the draw, under the course lock, with each applicant's personal
 * result told once it has committed, and the preview of what a draw would do now.
 */

// ---- 2. lottery (docs/decisions/004-lottery.md, 015-intake-cycle.md, 034-the-draw-waits-for-the-period.md) ----

/** The application period has not ended: students were told the result comes after it. */
const periodOpen = (course: { periodTo: Date | null }, now: Date) =>
  course.periodTo !== null && now < course.periodTo;

/**
 * Draws the course's live 抽選待ち applicants (modules/intake/draw.ts): a recorded, verifiable
 * order; winners, 補欠 or losers; all in one transaction under the course lock, so a second draw waits and
 * then finds nobody undrawn (422). While the application period is open the draw is refused (422 on
 * override_reason) unless authority 1 states why; the reason goes into the run record and the audit log.
 * Once the draw has committed, each applicant's personal result is written in a transaction of its own
 * (decision 050), before the answer; should that fail, the draw stands, the failure is logged and the
 * deadline job tells the run.
 */
export async function runLottery(
  db: Db,
  mail: MailContext,
  admin: AdminPrincipal,
  input: LotteryInput,
  log: { error: (obj: object, msg: string) => void },
) {
  // the seed and the keys of the pool as it stands, before the lock: under it only newcomers need theirs
  const ahead = await drawAhead(db, input.id);
  const answer = await drawLottery(db, mail, admin, input, ahead);
  try {
    await db.transaction((tx) => tellRun(tx, mail, answer.run_id));
  } catch (err) {
    log.error({ err, run_id: answer.run_id }, 'lottery results not told; the deadline job will tell them');
  }
  return answer;
}

/** The draw of {@link runLottery} and its audit entry, in one transaction under the course lock. */
function drawLottery(
  db: Db,
  mail: MailContext,
  admin: AdminPrincipal,
  input: LotteryInput,
  ahead: DrawAhead,
) {
  return db.transaction(async (tx) => {
    const course = await loadCourse(tx, input.id, true);
    const now = new Date();
    const reason = input.override_reason === '' ? null : input.override_reason;
    if (periodOpen(course, now) && (reason === null || admin.authority !== 1))
      throw invalid('override_reason', APPLICANT_MSG.periodOpen(formatDateTimeJa(course.periodTo)));
    const actor = { kind: 'admin' as const, id: admin.id, name: admin.name };
    const overrideReason = periodOpen(course, now) ? reason : null;
    const drawn = await drawCourse(
      tx,
      mail,
      actor,
      course,
      {
        winNum: Number(input.win_num),
        waitlist: input.waitlist === '1',
        confirmDays: input.confirm_days === '' ? null : Number(input.confirm_days),
        tiers: input.tiers,
        overrideReason,
        ahead,
      },
      now,
    );
    if (!drawn) throw invalid('win_num', APPLICANT_MSG.noUndrawn);
    await audit(tx, {
      actor,
      action: 'lottery',
      entity: 'course',
      entityId: course.id,
      detail: {
        run_id: drawn.runId,
        win_num: Number(input.win_num),
        win_count: drawn.winCount,
        wait_count: drawn.waitCount,
        lose_count: drawn.loseCount,
        ...(overrideReason === null ? {} : { override_reason: overrideReason }),
      },
    });
    return {
      result: true as const,
      win_count: drawn.winCount,
      lose_count: drawn.loseCount,
      wait_count: drawn.waitCount,
      run_id: drawn.runId,
    };
  });
}

/**
 * GET /api/admin/courseapplicantlist/lottery/preview/: what a draw would do now, for the modal's last step:
 * how many get a result, how many of them by mail (the rule the draw's personal results use: a mail address
 * and mail accepted), whether the period is still open, and the seats (定員, live winners). One statement.
 */
export async function lotteryPreview(db: Db, courseId: number, now = new Date()) {
  const course = await loadCourse(db, courseId);
  const a = courseApplications;
  const live = sql`${a.cancelledAt} is null`;
  const undrawn = sql`${live} and ${a.lotteryStatus} = ${LOTTERY.PENDING}`;
  const [row] = await db
    .select({
      notify: sql<number>`count(*) filter (where ${undrawn})`.mapWith(Number),
      mail: sql<number>`count(*) filter (where ${undrawn} and ${students.isEmail} and ${students.mail1} <> '')`.mapWith(
        Number,
      ),
      winners: sql<number>`count(*) filter (where ${live} and ${a.lotteryStatus} = ${LOTTERY.WON})`.mapWith(
        Number,
      ),
    })
    .from(a)
    .innerJoin(students, eq(students.id, a.studentId))
    .where(eq(a.courseId, course.id));
  return {
    course_id: course.id,
    notify_count: row?.notify ?? 0,
    mail_count: row?.mail ?? 0,
    period_open: periodOpen(course, now),
    period_t: course.periodTo?.toISOString() ?? '',
    capacity: course.capacity,
    winners: row?.winners ?? 0,
  };
}
