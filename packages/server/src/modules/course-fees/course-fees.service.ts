/**
 * A course's fee rule (decision 077): read by the office (authority 2 only for its own university's
 * courses), written by authority 1 under the course lock. A rule that asks payment charges the course's
 * live winners not charged yet, in the same transaction, and tells them what to pay and by when.
 */
import type { CourseFeeRule } from '@manabi/shared/api';
import { amountDue } from '@manabi/shared/domain/fees';
import { COURSE_FEE_MSG, type CourseFeeUpdateInput } from '@manabi/shared/schemas/course-fee';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import { audit } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import type { MailContext } from '../../platform/mail';
import { type Course, lockCourse } from '../../repositories/course-applications';
import { feeRuleOf, saveFeeRule } from '../../repositories/payments';
import { chargeWon } from '../intake/fees';
import { tellCharged } from '../intake/results';

const flag = (b: boolean) => (b ? ('1' as const) : ('0' as const));

/** GET /api/admin/course/fee/?course_id: the rule (the default when none is saved) and the course's amounts. */
export async function getFeeRule(db: Db, admin: AdminPrincipal, courseId: number): Promise<CourseFeeRule> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound();
  assertUniversityAccess(admin, course.universityId);
  const rule = await feeRuleOf(db, course.id);
  const saved = rule.createdAt.getTime() !== 0;
  return {
    course_id: course.id,
    required: flag(rule.required),
    how_to_pay: rule.howToPay,
    pay_days: rule.payDays === null ? '' : String(rule.payDays),
    pay_by_date: rule.payByDate ?? '',
    auto_lapse: flag(rule.autoLapse),
    refund_days: rule.refundDays === null ? '' : String(rule.refundDays),
    refund_note: rule.refundNote,
    tuition_fee: course.tuitionFee,
    tuition_fee1: course.tuitionFee1,
    material_cost: course.materialCost,
    updated_at: saved ? rule.updatedAt.toISOString() : '',
  };
}

/**
 * A course whose seat costs 0円, with or without aid (受講料, 受講料（補助）and 教材費 all 0 or none): it has
 * nothing to ask before the first class (decision 086). A rule asking payment of it is refused; and should the
 * course come to cost nothing later, its seats are not charged (repositories/course-applications chargeWinners).
 */
const costsNothing = (c: Pick<Course, 'tuitionFee' | 'tuitionFee1' | 'materialCost'>) => {
  const fees = { tuition_fee: c.tuitionFee, tuition_fee1: c.tuitionFee1, material_cost: c.materialCost };
  return amountDue(fees, false) === 0 && amountDue(fees, true) === 0;
};

/**
 * POST /api/admin/course/fee/update/: saves the rule under the course lock; `updated_at` must be the one read
 * ('' when none was saved) or 409; asking payment of a course that costs nothing is 422 on `required`. A rule
 * that asks payment charges the live winners without an amount yet (their deadline counted from now) and
 * tells them. Seats already charged keep their amount and deadline.
 */
export async function updateFeeRule(db: Db, mail: MailContext, actor: Actor, input: CourseFeeUpdateInput) {
  return db.transaction(async (tx) => {
    const course = await lockCourse(tx, input.course_id);
    if (!course) throw notFound();
    const current = await feeRuleOf(tx, course.id);
    const saved = current.createdAt.getTime() !== 0;
    const seen = input.updated_at === '' ? null : seenAt(input.updated_at).getTime();
    if ((saved ? current.updatedAt.getTime() : null) !== seen) throw stale();
    if (input.required === '1' && costsNothing(course))
      throw invalid('required', COURSE_FEE_MSG.nothingToPay);
    const now = new Date();
    await saveFeeRule(
      tx,
      course.id,
      {
        required: input.required === '1',
        howToPay: input.how_to_pay,
        payDays: input.pay_days === '' ? null : Number(input.pay_days),
        payByDate: input.pay_by_date === '' ? null : input.pay_by_date,
        autoLapse: input.auto_lapse === '1',
        refundDays: input.refund_days === '' ? null : Number(input.refund_days),
        refundNote: input.refund_note,
      },
      now,
    );
    const { rule, charged } = await chargeWon(tx, mail, course.id, 'all-winners', now);
    await tellCharged(tx, mail, course, rule, charged, now);
    await audit(tx, {
      actor,
      action: 'fee_rule',
      entity: 'course',
      entityId: course.id,
      detail: {
        required: input.required,
        how_to_pay: input.how_to_pay,
        pay_days: input.pay_days,
        pay_by_date: input.pay_by_date,
        auto_lapse: input.auto_lapse,
        refund_days: input.refund_days,
        refund_note: input.refund_note,
        charged: charged.length,
      },
    });
    return { result: true as const };
  });
}
