import { LOTTERY } from '@manabi/shared/codes';
import { type CourseRule, isFull } from '@manabi/shared/domain/course-rules';
import { type AddApplicantInput, APPLICANT_MSG } from '@manabi/shared/schemas/applicant';
import type { Db, DbOrTx } from '../../db/client';
import { type Actor, audit } from '../../platform/audit';
import { invalid } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { isUniqueViolation } from '../../platform/sql';
import { type Course, insertApplications, studentTurn } from '../../repositories/course-applications';
import { intakeOf } from '../../repositories/course-intake';
import { lockForTurn } from '../../repositories/person-locks';
import { chargeWon } from '../intake/fees';
import { tellCharged } from '../intake/results';
import { settleCourse } from '../intake/settle';
import { loadCourse } from './applicants.service';

/**
 * 申込者追加 (SPEC §7 addcourseapplicant/add): the office enters an application for a student, by the rules
 * of the student's own apply (decision 086). A first-come course gives a seat at once, or none: the seats are
 * counted as the my-page counts them, under the same locks, so the desk and the my-page can never both take
 * the last one. Beyond the capacity only by a stated override, which the audit entry keeps.
 */

/** What a desk application becomes: its status, and whether it took a seat the course no longer had. */
export type DeskSeat = { status: string; overCapacity: boolean } | 'full';

/**
 * The status of a desk application, by the my-page's rule: a lottery course's waits for the draw (抽選待ち); a
 * first-come course's is 当選 while a seat is free (`seats` = the seats held, as the my-page's apply counts
 * them). A full first-come course takes it as 補欠 when it keeps a waitlist, as 当選 beyond the capacity when
 * the office said so, and else refuses it.
 */
export function deskSeat(course: CourseRule, seats: number, waitlist: boolean, override: boolean): DeskSeat {
  if (course.isLottery) return { status: LOTTERY.PENDING, overCapacity: false };
  if (!isFull(course, seats)) return { status: LOTTERY.WON, overCapacity: false };
  if (override) return { status: LOTTERY.WON, overCapacity: true };
  if (waitlist) return { status: LOTTERY.WAITLISTED, overCapacity: false };
  return 'full';
}

/**
 * POST /api/admin/addcourseapplicant/add/: one transaction under the locks of the student's own apply
 * (decision 082: the student's row, then the course). A won seat is charged under the course's fee rule and
 * the student told what to pay and by when; a new 補欠 gets the next place.
 */
export async function addApplicant(db: Db, mail: MailContext, actor: Actor, input: AddApplicantInput) {
  try {
    return await db.transaction(async (tx) => {
      const { student: here, course } = await lockForTurn(tx, input.user_id, input.course_id);
      // a missing course is 404 before anything about the student (SPEC §8)
      if (!course) await loadCourse(tx, input.course_id);
      if (!here || !course) throw invalid('user_id', APPLICANT_MSG.studentNotFound);
      const turn = await studentTurn(tx, course.id, input.user_id);
      if (!turn) throw invalid('user_id', APPLICANT_MSG.studentNotFound);
      if (turn.live) throw invalid('user_id', APPLICANT_MSG.alreadyApplied);
      const intake = course.isLottery ? null : await intakeOf(tx, course.id);
      const seat = deskSeat(course, turn.seats, intake?.waitlist ?? false, input.over_capacity === '1');
      if (seat === 'full') throw invalid('over_capacity', APPLICANT_MSG.full);
      const now = new Date();
      const [row] = await insertApplications(tx, [
        {
          courseId: course.id,
          studentId: input.user_id,
          howApply: input.how_apply,
          remarks: input.remarks,
          lotteryStatus: seat.status,
          at: now,
          enteredBy: actor.kind === 'admin' ? actor.id : null,
        },
      ]);
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, {
        actor,
        action: 'create',
        entity: 'course_application',
        entityId: row.id,
        studentId: input.user_id,
        courseId: course.id,
        detail: {
          course_id: course.id,
          student_id: input.user_id,
          how_apply: row.howApply,
          lottery_status: seat.status,
          // the override and its reason (a personal-detail key: kept apart, erased with the student)
          ...(seat.overCapacity
            ? {
                over_capacity: true,
                capacity: course.capacity,
                seats_before: turn.seats,
                reason: input.over_capacity_reason.trim(),
              }
            : {}),
        },
      });
      await afterSeat(tx, mail, actor, course, row.id, seat.status, now);
      return {
        result: true as const,
        id: row.id,
        lottery_status: seat.status,
        over_capacity: seat.overCapacity,
      };
    });
  } catch (err) {
    // two admins adding the same student at once: the partial unique index decides
    if (isUniqueViolation(err)) throw invalid('user_id', APPLICANT_MSG.alreadyApplied);
    throw err;
  }
}

/** A won seat is charged and the student told what to pay; a new 補欠 is numbered (settleCourse). */
async function afterSeat(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor,
  course: Course,
  id: number,
  status: string,
  now: Date,
) {
  if (status === LOTTERY.WON) {
    const { rule, charged } = await chargeWon(tx, mail, course.id, [id], now);
    await tellCharged(tx, mail, course, rule, charged, now);
  }
  if (status === LOTTERY.WAITLISTED) await settleCourse(tx, mail, actor, course, now);
}
