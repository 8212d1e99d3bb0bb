/**
 * A seat's money and a course's (decision 078, 085): where a seat stands, and the totals that add up in one
 * row — 請求 − 入金 + 返金 = 未収 − 返金が必要 —, the same figures for the course's 入金の管理 and the books
 * of the fiscal year (and their CSV).
 */
import { LOTTERY } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { PAYMENT_KIND, paymentState, refundDue } from '@manabi/shared/domain/fees';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseApplications, courseFees, courseSessions, courses, payments } from '../../db/schema';
import { anyOf, qualified } from '../../platform/sql';
import { netPaidOf } from '../../repositories/payments';

/** A seat given up (cancelled, declined or lapsed): what it paid is owed back as its course's rule says. */
export const isGone = (a: { cancelledAt: Date | null; lotteryStatus: string }) =>
  a.cancelledAt !== null || a.lotteryStatus === LOTTERY.DECLINED || a.lotteryStatus === LOTTERY.CANCELLED;

interface SeatFigures {
  amountDue: number | null;
  net: number;
  gone: boolean;
  /** lapsed for want of payment: the seat was taken, so whatever came in after is owed back whole */
  lapsedUnpaid: boolean;
  cancelDay: string;
  refundDays: number | null;
  firstClassDay: string | null;
}

/**
 * Where a seat stands. A live seat: its state against amount_due; what it was paid over is owed back. A seat
 * given up: the course's refund rule says what of its net is owed back (refundDue); the rest is kept, so the
 * state reads 払いすぎ（返金が必要） while a refund is owed and 入金済み once the office has paid it back.
 * `charged` is what the seat is charged now (a live seat's amount, what a given-up seat keeps), so that
 * charged − net = outstanding − refundOwed, always.
 */
export function seatFigures(f: SeatFigures) {
  if (!f.gone) {
    const due = f.amountDue ?? 0;
    return {
      state: paymentState(f.amountDue, f.net),
      charged: due,
      outstanding: Math.max(due - f.net, 0),
      refundOwed: f.amountDue ? Math.max(f.net - due, 0) : Math.max(f.net, 0),
    };
  }
  const owed = f.lapsedUnpaid
    ? Math.max(f.net, 0)
    : refundDue({
        refundDays: f.refundDays,
        firstClassDay: f.firstClassDay,
        cancelDay: f.cancelDay,
        net: f.net,
      });
  const kept = f.net - owed;
  return {
    state: paymentState(kept > 0 ? kept : null, f.net),
    charged: kept,
    outstanding: 0,
    refundOwed: owed,
  };
}

/** The columns of a seat its figures are read from. */
export interface SeatRow {
  amountDue: number | null;
  net: number;
  cancelledAt: Date | null;
  lotteryStatus: string;
  declineReason: string | null;
  updatedAt: Date;
}

/** The course's rule a seat's figures need: its refund days, and its first class day. */
export interface RefundTerms {
  refundDays: number | null;
  firstClassDay: string | null;
}

export const figuresOf = (r: SeatRow, terms: RefundTerms) =>
  seatFigures({
    amountDue: r.amountDue,
    net: r.net,
    gone: isGone(r),
    lapsedUnpaid: r.lotteryStatus === LOTTERY.DECLINED && r.declineReason === 'unpaid',
    cancelDay: todayTokyo(r.cancelledAt ?? r.updatedAt),
    refundDays: terms.refundDays,
    firstClassDay: terms.firstClassDay,
  });

/** A course's money (the API's names): the totals of payment/list and the rows of payment/report. */
export interface CourseMoney {
  /** the seats charged (amount_due set) */
  seats: number;
  due: number;
  collected: number;
  refunded: number;
  outstanding: number;
  refund_owed: number;
}

/** The seats in a course's books: charged, or holding a payment. */
export const inBooks = sql`(${courseApplications.amountDue} IS NOT NULL OR EXISTS (SELECT 1 FROM ${payments} p WHERE p.application_id = ${qualified(courseApplications, courseApplications.id)}))`;

/**
 * Each of these courses' money, in three grouped reads (their seats in the books; their payments; their
 * refund terms: the rule's days and the first dated class, else the start date, as the student's cancel view
 * counts).
 */
export async function courseMoney(
  db: DbOrTx,
  courseIds: readonly number[],
): Promise<Map<number, CourseMoney>> {
  const out = new Map<number, CourseMoney>();
  if (courseIds.length === 0) return out;
  const a = courseApplications;
  const seats = await db
    .select({
      courseId: a.courseId,
      amountDue: a.amountDue,
      cancelledAt: a.cancelledAt,
      lotteryStatus: a.lotteryStatus,
      declineReason: a.declineReason,
      updatedAt: a.updatedAt,
      net: netPaidOf(qualified(a, a.id)),
    })
    .from(a)
    .where(and(anyOf(a.courseId, courseIds, 'int'), inBooks));
  const sums = await db
    .select({
      courseId: payments.courseId,
      collected: sql<number>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.kind} = ${PAYMENT_KIND.RECEIVED}), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.kind} = ${PAYMENT_KIND.REFUNDED}), 0)::int`,
    })
    .from(payments)
    .where(and(anyOf(payments.courseId, courseIds, 'int'), isNull(payments.voidedAt)))
    .groupBy(payments.courseId);
  const terms = await refundTerms(db, courseIds);
  for (const id of courseIds)
    out.set(id, { seats: 0, due: 0, collected: 0, refunded: 0, outstanding: 0, refund_owed: 0 });
  for (const s of seats) {
    const m = out.get(s.courseId) as CourseMoney;
    const f = figuresOf(s, terms.get(s.courseId) ?? { refundDays: null, firstClassDay: null });
    if (s.amountDue !== null) m.seats++;
    m.due += f.charged;
    m.outstanding += f.outstanding;
    m.refund_owed += f.refundOwed;
  }
  for (const p of sums) {
    const m = out.get(p.courseId) as CourseMoney;
    m.collected = Number(p.collected);
    m.refunded = Number(p.refunded);
  }
  return out;
}

/** Each course's refund terms: its fee rule's days, and its first dated class (else its start date). */
export async function refundTerms(
  db: DbOrTx,
  courseIds: readonly number[],
): Promise<Map<number, RefundTerms>> {
  const rows = await db
    .select({
      id: courses.id,
      startDate: courses.startDate,
      refundDays: sql<
        number | null
      >`(SELECT f.refund_days FROM ${courseFees} f WHERE f.course_id = ${qualified(courses, courses.id)})`,
      first: sql<
        string | null
      >`(SELECT min(s.day)::text FROM ${courseSessions} s WHERE s.course_id = ${qualified(courses, courses.id)})`,
    })
    .from(courses)
    .where(anyOf(courses.id, courseIds, 'int'));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        refundDays: r.refundDays === null ? null : Number(r.refundDays),
        firstClassDay: r.first ?? (r.startDate || null),
      },
    ]),
  );
}

/**
 * What a student holds paid, per seat (net not 0), and what is owed back once the seats in `cancelling` are
 * cancelled on `now`'s day (as a withdrawal would): the withdrawal page's refund note (decision 085).
 */
export async function heldByStudent(
  db: DbOrTx,
  studentId: number,
  cancelling: ReadonlySet<number>,
  now: Date,
) {
  const a = courseApplications;
  const net = netPaidOf(qualified(a, a.id));
  const seats = await db
    .select({
      id: a.id,
      courseId: a.courseId,
      courseName: courses.name,
      amountDue: a.amountDue,
      cancelledAt: a.cancelledAt,
      lotteryStatus: a.lotteryStatus,
      declineReason: a.declineReason,
      updatedAt: a.updatedAt,
      net,
    })
    .from(a)
    .innerJoin(courses, eq(courses.id, a.courseId))
    .where(and(eq(a.studentId, studentId), sql`${net} <> 0`))
    .orderBy(a.courseId, a.id);
  const terms = await refundTerms(db, [...new Set(seats.map((s) => s.courseId))]);
  return seats.map((s) => {
    const cancelled = cancelling.has(s.id);
    const seat = cancelled ? { ...s, cancelledAt: s.cancelledAt ?? now } : s;
    const f = figuresOf(seat, terms.get(s.courseId) ?? { refundDays: null, firstClassDay: null });
    return {
      application_id: s.id,
      course_id: s.courseId,
      course_name: s.courseName,
      net: s.net,
      refund_owed: f.refundOwed,
      cancelled,
    };
  });
}
