/**
 * Payments (decision 078): a course's charged seats with what each has paid, receipts and the books. The
 * office's writes of a payment (one, several, a correction, a void, a refund) are
 * payments-writes.service.ts's.
 */
import { codeText, LOTTERY } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import {
  fiscalYearDays,
  fiscalYearOf,
  PAYMENT_KIND,
  paymentState,
  refundDue,
} from '@manabi/shared/domain/fees';
import {
  PAYMENT_PAGE_SIZE,
  type PaymentList,
  type PaymentReport,
  type PaymentReportRow,
  type PaymentRow,
  type Receipt,
} from '@manabi/shared/schemas/payments';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { courseApplications, courses, payments, students } from '../../db/schema';
import { rowsOf } from '../../db/statements';
import type { AdminPrincipal } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import { qualified } from '../../platform/sql';
import { firstClassOf } from '../../repositories/course-sessions';
import { feeRuleOf, isReceipt, netPaidOf } from '../../repositories/payments';
import { presentPayment, presentReceipt } from './payments.presenter';

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
 * state reads 過入金 while a refund is owed and 入金済み once the office has paid it back.
 */
export function seatFigures(f: SeatFigures) {
  if (!f.gone) {
    const due = f.amountDue ?? 0;
    return {
      state: paymentState(f.amountDue, f.net),
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
  return { state: paymentState(kept > 0 ? kept : null, f.net), outstanding: 0, refundOwed: owed };
}
export async function courseFor(db: DbOrTx, admin: AdminPrincipal | null, courseId: number) {
  const [c] = await db
    .select({
      id: courses.id,
      name: courses.name,
      universityId: courses.universityId,
      startDate: courses.startDate,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!c) throw notFound();
  if (admin) assertUniversityAccess(admin, c.universityId);
  return c;
}

// ---- the list ----

/**
 * A payment as a partner university's admin sees it: what was paid, when and how, and its receipt, but not the
 * office's note, the bank's payer name (often a family member's) or why a row was voided.
 */
const forPartner = (p: PaymentRow): PaymentRow => ({ ...p, note: '', payer_name: '', void_reason: null });

/**
 * A page of the course's seats that are charged or have a payment (id order), each with its payments, and
 * the course's totals. Reads: by course (course_applications' course index), then the page's payments by
 * application (payments_application_idx).
 */
export async function listPayments(
  db: Db,
  admin: AdminPrincipal,
  q: { course_id: number; page: number },
): Promise<PaymentList> {
  const course = await courseFor(db, admin, q.course_id);
  const rule = await feeRuleOf(db, course.id);
  // the refund rule counts to the first class as the student's cancel view does: its first dated session,
  // else the course's start date
  const firstClassDay = (await firstClassOf(db, course.id))?.day ?? (course.startDate || null);
  const a = courseApplications;
  const inBooks = sql`(${a.amountDue} IS NOT NULL OR EXISTS (SELECT 1 FROM ${payments} p WHERE p.application_id = ${qualified(a, a.id)}))`;
  const where = and(eq(a.courseId, course.id), inBooks);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(a).where(where);
  const total = count?.n ?? 0;
  const page = Math.max(1, Math.min(q.page, Math.max(1, Math.ceil(total / PAYMENT_PAGE_SIZE))));
  const rows = await db
    .select({
      id: a.id,
      studentId: a.studentId,
      loginId: students.loginId,
      name: students.name,
      nameKana: students.nameKana,
      lotteryStatus: a.lotteryStatus,
      cancelledAt: a.cancelledAt,
      declineReason: a.declineReason,
      updatedAt: a.updatedAt,
      amountDue: a.amountDue,
      payBy: a.payBy,
      paidAt: a.paidAt,
      net: netPaidOf(qualified(a, a.id)),
    })
    .from(a)
    .innerJoin(students, eq(students.id, a.studentId))
    .where(where)
    .orderBy(asc(a.id))
    .limit(PAYMENT_PAGE_SIZE)
    .offset((page - 1) * PAYMENT_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const paid =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(payments)
          .where(inArray(payments.applicationId, ids))
          .orderBy(asc(payments.paidOn), asc(payments.id));
  const byApp = new Map<number, (typeof paid)[number][]>();
  for (const p of paid) byApp.set(p.applicationId, [...(byApp.get(p.applicationId) ?? []), p]);

  const figures = (r: {
    amountDue: number | null;
    net: number;
    cancelledAt: Date | null;
    lotteryStatus: string;
    declineReason: string | null;
    updatedAt: Date;
  }) =>
    seatFigures({
      amountDue: r.amountDue,
      net: r.net,
      gone: isGone(r),
      lapsedUnpaid: r.lotteryStatus === LOTTERY.DECLINED && r.declineReason === 'unpaid',
      cancelDay: todayTokyo(r.cancelledAt ?? r.updatedAt),
      refundDays: rule.refundDays,
      firstClassDay,
    });
  return {
    course_id: course.id,
    course_name: course.name,
    required: rule.required,
    total,
    page,
    per_page: PAYMENT_PAGE_SIZE,
    totals: await courseTotals(db, course.id, figures),
    list: rows.map((r) => {
      const f = figures(r);
      return {
        application_id: r.id,
        user_id: r.studentId,
        login_id: r.loginId,
        name: r.name,
        name_kana: r.nameKana,
        lottery_status: r.lotteryStatus,
        lottery_status_text: codeText('CD003', r.lotteryStatus),
        cancelled: isGone(r),
        amount_due: r.amountDue,
        pay_by: r.payBy?.toISOString() ?? null,
        paid_at: r.paidAt?.toISOString() ?? null,
        net: r.net,
        outstanding: f.outstanding,
        state: f.state,
        refund_owed: f.refundOwed,
        payments: (byApp.get(r.id) ?? []).map((p) =>
          admin.authority === 1 ? presentPayment(p) : forPartner(presentPayment(p)),
        ),
      };
    }),
  };
}

/** The course's totals over every seat in its books (one grouped read of the seats' figures). */
async function courseTotals(
  db: DbOrTx,
  courseId: number,
  figures: (r: {
    amountDue: number | null;
    net: number;
    cancelledAt: Date | null;
    lotteryStatus: string;
    declineReason: string | null;
    updatedAt: Date;
  }) => ReturnType<typeof seatFigures>,
) {
  const a = courseApplications;
  const seats = await db
    .select({
      amountDue: a.amountDue,
      cancelledAt: a.cancelledAt,
      lotteryStatus: a.lotteryStatus,
      declineReason: a.declineReason,
      updatedAt: a.updatedAt,
      net: netPaidOf(qualified(a, a.id)),
    })
    .from(a)
    .where(
      and(
        eq(a.courseId, courseId),
        sql`(${a.amountDue} IS NOT NULL OR EXISTS (SELECT 1 FROM ${payments} p WHERE p.application_id = ${qualified(a, a.id)}))`,
      ),
    );
  const [sums] = await db
    .select({
      collected: sql<number>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.kind} = ${PAYMENT_KIND.RECEIVED}), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.kind} = ${PAYMENT_KIND.REFUNDED}), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.courseId, courseId), isNull(payments.voidedAt)));
  let due = 0;
  let outstanding = 0;
  let refundOwed = 0;
  for (const s of seats) {
    const f = figures(s);
    if (!isGone(s)) due += s.amountDue ?? 0;
    outstanding += f.outstanding;
    refundOwed += f.refundOwed;
  }
  return {
    due,
    collected: sums?.collected ?? 0,
    refunded: sums?.refunded ?? 0,
    outstanding,
    refund_owed: refundOwed,
  };
}

// ---- receipts ----

async function receiptRow(db: DbOrTx, where: ReturnType<typeof and>) {
  const [r] = await db
    .select({
      id: payments.id,
      receiptNo: payments.receiptNo,
      paidOn: payments.paidOn,
      amount: payments.amount,
      method: payments.method,
      studentName: students.name,
      loginId: students.loginId,
      courseName: courses.name,
      universityId: courses.universityId,
    })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(
      and(
        where,
        eq(payments.kind, PAYMENT_KIND.RECEIVED),
        isNull(payments.voidedAt),
        sql`${payments.receiptNo} IS NOT NULL`,
      ),
    );
  return r;
}

/** The office's print of one receipt (a voided payment or a refund has none: 404). */
export async function adminReceipt(db: Db, admin: AdminPrincipal, paymentId: number): Promise<Receipt> {
  const r = await receiptRow(db, eq(payments.id, paymentId));
  if (!r) throw notFound();
  assertUniversityAccess(admin, r.universityId);
  return presentReceipt(r);
}

/** The student's own receipt; anyone else's is 404, as if it did not exist. */
export async function myReceipt(db: Db, studentId: number, paymentId: number): Promise<Receipt> {
  const r = await receiptRow(db, and(eq(payments.id, paymentId), eq(payments.studentId, studentId)));
  if (!r) throw notFound();
  return presentReceipt(r);
}

/** The student's receipts, newest first (the my-page's 領収書 links). */
export async function myReceipts(db: Db, studentId: number) {
  const rows = await db
    .select({
      id: payments.id,
      applicationId: payments.applicationId,
      courseId: payments.courseId,
      receiptNo: payments.receiptNo,
      paidOn: payments.paidOn,
      amount: payments.amount,
    })
    .from(payments)
    .where(and(eq(payments.studentId, studentId), isReceipt))
    .orderBy(sql`${payments.paidOn} desc`, sql`${payments.id} desc`)
    .limit(200);
  return {
    list: rows.map((r) => ({
      payment_id: r.id,
      application_id: r.applicationId,
      course_id: r.courseId,
      receipt_no: r.receiptNo ?? '',
      paid_on: r.paidOn,
      amount: r.amount,
    })),
  };
}

// ---- the books ----

/**
 * One fiscal year's books, a row per course of that year (its first class day, as the statistics count a
 * course's year; the first-day index) that charged a seat or took a payment: the seats charged, what they
 * cost (live seats), received and paid back (every non-voided row of the course), still owed by live seats.
 */
export async function paymentReport(
  db: DbOrTx,
  fiscalYear: string,
  now = new Date(),
): Promise<PaymentReport> {
  const fy = fiscalYear ? Number(fiscalYear) : fiscalYearOf(todayTokyo(now));
  const span = fiscalYearDays(fy);
  const result = await rowsOf<PaymentReportRow>(
    db,
    sql`
    with c as (
      select c.id, c.name from ${courses} c
      where manabi_course_day(c.start_date, c.period_from, c.created_at) between ${span.from} and ${span.to}
    ),
    seats as (
      select a.course_id, a.amount_due, (a.cancelled_at IS NULL AND a.lottery_status NOT IN ('4', '6')) as live,
        ${netPaidOf(sql`a.id`)} as net
      from ${courseApplications} a join c on c.id = a.course_id
      where a.amount_due IS NOT NULL
    ),
    s as (
      select course_id, count(*)::int as seats,
        coalesce(sum(amount_due) FILTER (WHERE live), 0)::int as due,
        coalesce(sum(greatest(amount_due - net, 0)) FILTER (WHERE live), 0)::int as outstanding
      from seats group by course_id
    ),
    p as (
      select p.course_id,
        coalesce(sum(p.amount) FILTER (WHERE p.kind = '1'), 0)::int as collected,
        coalesce(sum(p.amount) FILTER (WHERE p.kind = '2'), 0)::int as refunded
      from ${payments} p join c on c.id = p.course_id
      where p.voided_at IS NULL group by p.course_id
    )
    select c.id as course_id, c.name as course_name, coalesce(s.seats, 0) as seats, coalesce(s.due, 0) as due,
      coalesce(p.collected, 0) as collected, coalesce(p.refunded, 0) as refunded,
      coalesce(s.outstanding, 0) as outstanding
    from c left join s on s.course_id = c.id left join p on p.course_id = c.id
    where s.course_id IS NOT NULL OR p.course_id IS NOT NULL
    order by c.id`,
  );
  const rows = result.map((r) => ({
    course_id: Number(r.course_id),
    course_name: r.course_name,
    seats: Number(r.seats),
    due: Number(r.due),
    collected: Number(r.collected),
    refunded: Number(r.refunded),
    outstanding: Number(r.outstanding),
  }));
  const sum = (k: 'seats' | 'due' | 'collected' | 'refunded' | 'outstanding') =>
    rows.reduce((n, r) => n + r[k], 0);
  return {
    fiscal_year: fy,
    rows,
    totals: {
      seats: sum('seats'),
      due: sum('due'),
      collected: sum('collected'),
      refunded: sum('refunded'),
      outstanding: sum('outstanding'),
    },
  };
}

/** The report as the CSV's rows (one fiscal year is a few hundred courses at most: one batch). */
export async function* paymentReportRows(db: DbOrTx, fiscalYear: string) {
  const report = await paymentReport(db, fiscalYear);
  yield report.rows.map((r) => ({ ...r, fiscal_year: report.fiscal_year }));
}
