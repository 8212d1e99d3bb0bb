import type { CourseCancelView } from '@manabi/shared/api';
import { HOW_APPLY, LOTTERY } from '@manabi/shared/codes';
import { applyRefusal, isCancelable } from '@manabi/shared/domain/course-rules';
import { amountDue, payByDeadline, refundRuleText } from '@manabi/shared/domain/fees';
import { feeLines } from '@manabi/shared/domain/intake';
import {
  type CourseApplicationInput,
  type CourseCancelInput,
  MYPAGE_COURSE_MSG,
} from '@manabi/shared/schemas/mypage-course';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseApplications, courseFees, courses, students } from '../../db/schema';
import { preparedPerDatabase } from '../../db/statements';
import { audit } from '../../platform/audit';
import type { StudentPrincipal } from '../../platform/context';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import {
  applicationCancel,
  applicationsInsert,
  type Course,
  studentTurn,
} from '../../repositories/course-applications';
import { intakeOf } from '../../repositories/course-intake';
import { chargeSeats, defaultFeeRule, feeRuleOf } from '../../repositories/payments';
import { lockForTurn } from '../../repositories/person-locks';
import { refundOnCancel } from '../intake/fees';
import { noLiveApplication } from '../intake/moved-on';
import { settleCourse } from '../intake/settle';
import { courseMail } from './mypage-courses.mail';
import { liveOf, presentCancelView, ruleOf } from './mypage-courses.presenter';
import { liveApplicationOf } from './mypage-courses.service';

/**
 * The student's own writes of a seat: applying (POST courseapplication) and cancelling, with the cancel view
 * each cancel opens first; each write one transaction under the course's row lock, with its mail.
 */

/** The cancel view, prepared once per database (decision 023), the student and the course placeholders. */
const statements = preparedPerDatabase((db: Db) => {
  const studentId = sql.placeholder('studentId');
  return {
    // the cancel view, which every cancel opens first
    cancelView: db
      .select({ course: courses, application: courseApplications, contact: CONTACT, fees: courseFees })
      .from(courses)
      .innerJoin(courseApplications, liveApplicationOf(studentId))
      .innerJoin(students, eq(students.id, courseApplications.studentId))
      .leftJoin(courseFees, eq(courseFees.courseId, courses.id))
      .where(eq(courses.id, sql.placeholder('courseId')))
      .prepare('mypage_cancel_view'),
  };
});

// ---- 4. apply ----

const REFUSAL_MSG = {
  notInPeriod: ['course_id', MYPAGE_COURSE_MSG.notInPeriod],
  alreadyApplied: ['course_id', MYPAGE_COURSE_MSG.alreadyApplied],
  full: ['course_id', MYPAGE_COURSE_MSG.full],
  mustAgree: ['is_dont_canncel', MYPAGE_COURSE_MSG.mustAgree],
} as const;

/** What the cancel view shows of the student. */
const CONTACT = {
  loginId: students.loginId,
  name: students.name,
  phone1: students.phone1,
  phone2: students.phone2,
  mail1: students.mail1,
  mail2: students.mail2,
  isEmail: students.isEmail,
};

/**
 * POST /api/mypage/courseapplication/: one transaction under the course's row lock. The same rules as the
 * detail's flags (course-rules.ts): public, in the window, not already applied, a seat on a first-come
 * course, and the agreement when the course forbids late cancelling. Lottery courses start 抽選待ち,
 * first-come ones 当選. A confirmation mail goes to mail 1 when the student takes mail.
 */
export async function applyCourse(
  db: Db,
  config: MailContext,
  student: StudentPrincipal,
  input: CourseApplicationInput,
  now = new Date(),
): Promise<{ result: true }> {
  const courseId = Number(input.course_id);
  return db.transaction(async (tx) => {
    const { student: here, course: c } = await lockForTurn(tx, student.id, courseId);
    if (!here || !c) throw notFound();
    const turn = await studentTurn(tx, courseId, student.id);
    if (!turn) throw notFound();
    const refusal = applyRefusal(
      ruleOf(c),
      liveOf(turn.live ?? null),
      !c.isLottery && c.capacity !== null ? turn.seats : 0,
      input.is_dont_canncel === '1',
      now,
    );
    if (refusal === 'notFound') throw notFound();
    // a full first-come course with a waitlist takes the application as 順番待ち (補欠, decision 015)
    const waits = refusal === 'full' && (await intakeOf(tx, courseId)).waitlist;
    if (refusal && !waits) {
      const [name, msg] = REFUSAL_MSG[refusal];
      throw invalid(name, msg);
    }
    const { contact } = turn;
    // a first-come seat is won now: charged under the course's fee rule, the mail saying what and by when
    const wins = !waits && !c.isLottery;
    const rule = wins ? await feeRuleOf(tx, courseId) : null;
    const fee =
      rule?.required && amountDue(feeAmounts(c), false) > 0
        ? feeLines({
            amount: amountDue(feeAmounts(c), false),
            payBy: payByDeadline(rule, config.confirmDaySeconds, now)?.toISOString() ?? null,
            howToPay: rule.howToPay,
            autoLapse: rule.autoLapse,
          })
        : [];
    const id = await audit(tx, {
      actor: { kind: 'student', id: student.id },
      action: 'apply',
      entity: 'course_application',
      detail: {
        course_id: courseId,
        login_id: student.loginId,
        agreed_no_cancel: !c.isCancelable,
        waitlisted: waits,
      },
      mail:
        contact.isEmail && contact.mail1
          ? {
              to: contact.mail1,
              ...courseMail(config, waits ? 'waitlist' : 'apply', contact.name, c, fee),
              studentId: student.id,
            }
          : null,
      write: applicationsInsert([
        {
          courseId,
          studentId: student.id,
          lotteryStatus: waits ? LOTTERY.WAITLISTED : c.isLottery ? LOTTERY.PENDING : LOTTERY.WON,
          howApply: HOW_APPLY.MYPAGE,
          at: now,
        },
      ]),
    });
    if (id === undefined) throw new Error('insert returned nothing');
    if (rule) await chargeSeats(tx, rule, [id], config.confirmDaySeconds, now);
    // the new 補欠 gets the next place in line
    if (waits) await settleCourse(tx, config, { kind: 'student', id: student.id }, c, now);
    return { result: true as const };
  });
}

/** A course row's fee columns as the shared rules name them. */
const feeAmounts = (c: Pick<Course, 'tuitionFee' | 'tuitionFee1' | 'materialCost'>) => ({
  tuition_fee: c.tuitionFee,
  tuition_fee1: c.tuitionFee1,
  material_cost: c.materialCost,
});

// ---- 5. cancel ----

/** GET /api/mypage/coursecancel/?id: the student's cancellable application of the course, else 404. */
export async function getCancelView(
  db: Db,
  student: StudentPrincipal,
  courseId: number,
  now = new Date(),
): Promise<CourseCancelView> {
  const [row] = await statements(db).cancelView.execute({ studentId: student.id, courseId });
  if (!row || !isCancelable(ruleOf(row.course), liveOf(row.application), now)) throw notFound();
  const refund = await refundOnCancel(
    db,
    row.course,
    row.application,
    now,
    row.fees ?? defaultFeeRule(row.course.id),
  );
  return presentCancelView(row.course, row.application, row.contact, {
    ...refund,
    refundRule: refundRuleText(refund.rule.refundDays, refund.rule.refundNote),
  });
}

/**
 * POST /api/mypage/coursecancel/cancel/: one transaction under the course's row lock. An application
 * cancelled already (in another tab, say) → 409 「この申込みはすでに取り消されています」; none at all → 404; an
 * application changed since the view (the office drew the lottery, say) → 409; no longer cancellable → 422.
 * The row stays, marked キャンセル; a cancellation mail goes as for applying.
 */
export async function cancelCourse(
  db: Db,
  config: MailContext,
  student: StudentPrincipal,
  input: CourseCancelInput,
  now = new Date(),
): Promise<{ result: true }> {
  const courseId = Number(input.course_id);
  const seen = seenAt(input.updated_at);
  return db.transaction(async (tx) => {
    const { student: here, course: c } = await lockForTurn(tx, student.id, courseId);
    if (!here || !c) throw notFound();
    const turn = await studentTurn(tx, courseId, student.id);
    if (!turn) throw notFound();
    const a = turn.live;
    // cancelled already (a second tab, or the office): said so, with a 409 the screen shows
    if (!a) throw await noLiveApplication(tx, courseId, student.id);
    if (a.updatedAt.getTime() !== seen.getTime()) throw stale();
    if (!isCancelable(ruleOf(c), liveOf(a), now)) throw invalid('course_id', MYPAGE_COURSE_MSG.notCancelable);
    const { contact } = turn;
    // a paid seat's cancellation records what the refund rule gives back (the office pays it)
    const refund = a.amountDue === null ? null : await refundOnCancel(tx, c, a, now);
    const id = await audit(tx, {
      actor: { kind: 'student', id: student.id },
      action: 'cancel',
      entity: 'course_application',
      detail: {
        course_id: courseId,
        login_id: student.loginId,
        lottery_status: a.lotteryStatus,
        ...(refund && refund.net > 0 ? { net_paid: refund.net, refund_due: refund.refundDue } : {}),
      },
      mail:
        contact.isEmail && contact.mail1
          ? { to: contact.mail1, ...courseMail(config, 'cancel', contact.name, c), studentId: student.id }
          : null,
      write: applicationCancel(tx, a, { now }),
    });
    if (id === undefined) throw stale();
    // a winner's seat goes to the top 補欠 in this same transaction (decision 015)
    await settleCourse(tx, config, { kind: 'student', id: student.id }, c, now);
    return { result: true as const };
  });
}
