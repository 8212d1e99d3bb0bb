/**
 * The my-page course answers (SPEC §3 Course search item, Course detail, Applied/attended item, cancel view):
 * database rows to the contract's names, and the course rule the shared domain functions judge.
 */
import type {
  CourseCancelView,
  MypageAppliedItem,
  MypageCourseDetail,
  MypageCourseSearchItem,
  SeatReceipt,
} from '@manabi/shared/api';
import { codeText, LOTTERY } from '@manabi/shared/codes';
import {
  type CourseFlags,
  type CourseRule,
  courseFlags,
  isCancelable,
} from '@manabi/shared/domain/course-rules';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { PAYMENT_STATE_LABEL, paidText, payByText, paymentState, yenText } from '@manabi/shared/domain/fees';
import { type FirstClass, nextStepText } from '@manabi/shared/domain/intake';
import type { courseApplications, courses, students } from '../../db/schema';
import type { ReceiptRow } from '../../repositories/payments';

type Course = typeof courses.$inferSelect;
type Application = typeof courseApplications.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : '');

type SeatSource = Pick<
  Application,
  | 'lotteryStatus'
  | 'attendanceStatus'
  | 'waitlistRank'
  | 'confirmBy'
  | 'confirmedAt'
  | 'updatedAt'
  | 'declineReason'
  | 'lapsedDeadline'
>;

/** Why a 辞退 came, in the answer's words (decision 087); null for any other status. */
const declineReasonOf = (a: SeatSource): MypageAppliedItem['decline_reason'] =>
  a.lotteryStatus === LOTTERY.DECLINED &&
  (a.declineReason === 'lapsed' || a.declineReason === 'unpaid' || a.declineReason === 'declined')
    ? a.declineReason
    : null;

/** What a charged seat holds (decision 077): its row's charge, its net payments and the rule's how-to-pay. */
export interface SeatCharge {
  amountDue: number | null;
  payBy: Date | null;
  paidAt: Date | null;
  netPaid: number;
  howToPay: string | null;
  /** the Tokyo day the money last came in, as its receipt is dated (null when none; decision 085) */
  receivedOn: string | null;
}

/** A live seat's charge in the answer's words; null when nothing is asked before the first class. */
export function feeOf(charge: SeatCharge | null): MypageAppliedItem['fee'] {
  if (!charge?.amountDue) return null;
  const { amountDue: amount, netPaid: net } = charge;
  const state = paymentState(amount, net);
  const remaining = Math.max(0, amount - net);
  return {
    amount,
    net_paid: net,
    remaining,
    state,
    state_text: PAYMENT_STATE_LABEL[state],
    pay_by: charge.payBy?.toISOString() ?? null,
    pay_by_text: charge.payBy && !charge.paidAt ? payByText(charge.payBy) : '',
    how_to_pay: charge.howToPay ?? '',
    remaining_text: state === 'partial' ? `あと${yenText(remaining)}` : '',
    paid_at: charge.paidAt?.toISOString() ?? null,
    // the day the money came in, the receipt's day — not the moment the office recorded it
    paid_on: charge.paidAt ? (charge.receivedOn ?? todayTokyo(charge.paidAt)) : null,
    paid_text: charge.paidAt ? paidText(charge.receivedOn ?? todayTokyo(charge.paidAt)) : '',
  };
}

/** Where the application stands in the intake cycle and the sentence that says what to do (decision 015). */
export function seatOf(
  a: SeatSource | null,
  c: Pick<Course, 'periodTo' | 'isLottery'>,
  firstClass: FirstClass | null = null,
  charge: SeatCharge | null = null,
) {
  const seat = {
    is_lottery: c.isLottery,
    attendance_status: a?.attendanceStatus ?? null,
    waitlist_rank: a?.waitlistRank ?? null,
    confirm_by: a?.confirmBy?.toISOString() ?? null,
    confirmed: a?.confirmedAt != null,
    application_updated_at: a?.updatedAt.toISOString() ?? null,
    fee: a && a.lotteryStatus === '2' ? feeOf(charge) : null,
    decline_reason: a ? declineReasonOf(a) : null,
  };
  const when = {
    period_to: c.periodTo?.toISOString() ?? null,
    first_class: firstClass,
    lapsed_deadline: a?.lapsedDeadline?.toISOString() ?? null,
  };
  const { fee: _, ...step } = seat;
  return { ...seat, next_step: a ? nextStepText({ lottery_status: a.lotteryStatus, ...step, ...when }) : '' };
}

export const ruleOf = (c: Pick<Course, keyof CourseRule>): CourseRule => ({
  periodFrom: c.periodFrom,
  periodTo: c.periodTo,
  status: c.status,
  isCancelable: c.isCancelable,
  isLottery: c.isLottery,
  capacity: c.capacity,
});
export const liveOf = (a: Pick<Application, 'cancelledAt' | 'lotteryStatus' | 'attendanceStatus'> | null) =>
  a && a.cancelledAt === null
    ? { lotteryStatus: a.lotteryStatus, attendanceStatus: a.attendanceStatus }
    : null;

/** A catalogue course found by a search, with the student's live application of it (if any). */
export const presentSearchItem = (
  c: Course,
  categories: string[],
  applicantId: number | null,
): MypageCourseSearchItem => ({
  id: c.id,
  course_name: c.name,
  organ: c.organ,
  period_f: iso(c.periodFrom),
  period_t: iso(c.periodTo),
  period: c.period,
  image: c.imageUrl,
  keyword: c.keyword,
  categories,
  applicant_id: applicantId,
});

export interface HistoryRow {
  course: Pick<
    Course,
    | 'id'
    | 'name'
    | 'organ'
    | 'periodFrom'
    | 'periodTo'
    | 'period'
    | 'status'
    | 'isCancelable'
    | 'isLottery'
    | 'capacity'
    | 'unit'
  >;
  application: Pick<
    Application,
    | 'id'
    | 'lotteryStatus'
    | 'attendanceStatus'
    | 'cancelledAt'
    | 'waitlistRank'
    | 'confirmBy'
    | 'confirmedAt'
    | 'updatedAt'
    | 'declineReason'
    | 'lapsedDeadline'
    | 'amountDue'
    | 'payBy'
    | 'paidAt'
  > & {
    /** the units it counts toward the student's total (decision 039): null while it earns none */
    acquisitionUnit: number | null;
    /** payments received less refunds (decision 077) */
    netPaid: number;
    /** the course's fee rule's how-to-pay, null when it has none */
    howToPay: string | null;
    /** the day the money last came in (decision 085), null when none */
    receivedOn: string | null;
  };
}

export function presentHistoryRow(
  row: HistoryRow,
  now: Date,
  firstClass: FirstClass | null = null,
): MypageAppliedItem {
  const { course: c, application: a } = row;
  const rule = ruleOf(c);
  return {
    applicant_id: a.id,
    course_id: c.id,
    course_name: c.name,
    organ: c.organ,
    period_f: iso(c.periodFrom),
    period_t: iso(c.periodTo),
    period: c.period,
    in_period: courseFlags(rule, null, 0, now).in_period,
    lottery_status: a.lotteryStatus,
    lottery_status_text: codeText('CD003', a.lotteryStatus),
    is_cancelable: isCancelable(rule, liveOf(a), now),
    status: c.status,
    acquisition_unit: a.acquisitionUnit,
    course_acquisition_unit: c.unit,
    // a cancelled application has nothing more to do
    ...seatOf(a.cancelledAt === null ? a : null, c, firstClass, a),
  };
}

/** GET /api/mypage/course/: the course with this student's live application and flags, and its class days. */
export function presentCourseDetail(
  c: Course,
  categories: MypageCourseDetail['categories'],
  a: Application | null,
  flags: CourseFlags,
  sessions: MypageCourseDetail['sessions'],
  /** the seat's charge, and the refund rule in words of a course that asks payment ('' when none) */
  fee: { charge: SeatCharge | null; refundRule: string } = { charge: null, refundRule: '' },
): MypageCourseDetail {
  return {
    id: c.id,
    course_name: c.name,
    categories: categories,
    applicant_id: a?.id ?? null,
    image: c.imageUrl,
    period: c.period,
    period_f: iso(c.periodFrom),
    period_t: iso(c.periodTo),
    organ: c.organ,
    capacity: c.capacity,
    all_times: c.allTimes,
    tuition_fee: c.tuitionFee,
    venue: c.venue,
    unit: c.unit,
    material_cost: c.materialCost,
    keyword: c.keyword,
    how_to_apply: c.howToApply,
    apply_url: c.applyUrl,
    apply_url_text: c.applyUrlText,
    permalink: c.permalink,
    univ_id: c.universityId,
    ...flags,
    cancel: c.isCancelable,
    content: c.content,
    lottery_status: a?.lotteryStatus ?? null,
    ...seatOf(a, c, firstOf(sessions), fee.charge),
    sessions,
    bring: c.bring,
    refund_rule: fee.refundRule,
  };
}

/** The earliest of a course's dated sessions. */
function firstOf(sessions: MypageCourseDetail['sessions']): FirstClass | null {
  let first: FirstClass | null = null;
  for (const s of sessions)
    if (!first || s.day < first.day || (s.day === first.day && s.start < first.start))
      first = { day: s.day, start: s.start };
  return first;
}

/** GET /api/mypage/coursecancel/: the application to cancel and the contact data the screen confirms. */
export function presentCancelView(
  c: Course,
  a: Application,
  s: Pick<typeof students.$inferSelect, 'loginId' | 'name' | 'phone1' | 'mail1' | 'phone2' | 'mail2'>,
  refund: { net: number; refundDue: number; refundRule: string },
): CourseCancelView {
  return {
    id: c.id,
    is_cancelable: true,
    course_name: c.name,
    updated_at: a.updatedAt.toISOString(),
    login_id: s.loginId ?? '',
    name: s.name,
    phone1: s.phone1,
    mail1: s.mail1,
    phone2: s.phone2,
    mail2: s.mail2,
    net_paid: refund.net,
    refund_due: refund.refundDue,
    refund_rule: refund.net > 0 ? refund.refundRule : '',
  };
}

/** A seat's receipts as 申込状況 and 受講履歴 list them. */
export const presentReceipts = (rows: readonly ReceiptRow[] = []): SeatReceipt[] =>
  rows.map((r) => ({ payment_id: r.id, receipt_no: r.receiptNo, paid_on: r.paidOn, amount: r.amount }));
