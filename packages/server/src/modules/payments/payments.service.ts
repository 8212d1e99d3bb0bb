/**
 * Payments (decision 078): a course's charged seats with what each has paid, receipts and the books. The
 * office's writes of a payment (one, several, a correction, a void, a refund) are
 * payments-writes.service.ts's.
 */
import { codeText } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { fiscalYearDays, fiscalYearOf, PAYMENT_KIND } from '@manabi/shared/domain/fees';
import {
  PAYMENT_PAGE_SIZE,
  type PaymentList,
  type PaymentReport,
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
import { feeRuleOf, isReceipt, netPaidOf } from '../../repositories/payments';
import { presentPayment, presentReceipt } from './payments.presenter';
import { type CourseMoney, courseMoney, figuresOf, inBooks, isGone, refundTerms } from './payments-books';

export { isGone } from './payments-books';

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
 * application (payments_application_idx). Authority 2 gets each seat by 氏名カナ only (SPEC §6).
 */
export async function listPayments(
  db: Db,
  admin: AdminPrincipal,
  q: { course_id: number; page: number },
): Promise<PaymentList> {
  const course = await courseFor(db, admin, q.course_id);
  const rule = await feeRuleOf(db, course.id);
  const terms = (await refundTerms(db, [course.id])).get(course.id) ?? {
    refundDays: null,
    firstClassDay: null,
  };
  const a = courseApplications;
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
  const full = admin.authority === 1;
  const seats = rows.map((r) => {
    const f = figuresOf(r, terms);
    return {
      application_id: r.id,
      user_id: r.studentId,
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
        full ? presentPayment(p) : forPartner(presentPayment(p)),
      ),
    };
  });
  const { seats: _, ...totals } = (await courseMoney(db, [course.id])).get(course.id) as CourseMoney;
  return {
    course_id: course.id,
    course_name: course.name,
    required: rule.required,
    total,
    page,
    per_page: PAYMENT_PAGE_SIZE,
    totals,
    // SPEC §6: authority 2 sees only name_kana of the person — 氏名 and 学生番号 are not in its answer
    list: full
      ? seats.map((seat, i) => ({ ...seat, login_id: rows[i]?.loginId ?? null, name: rows[i]?.name ?? '' }))
      : seats,
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
 * course's year; the first-day index) that charged a seat or took a payment, with the course's money as its
 * 入金の管理 shows it (courseMoney): each row adds up, 請求 − 入金 + 返金 = 未収 − 返金が必要.
 */
export async function paymentReport(
  db: DbOrTx,
  fiscalYear: string,
  now = new Date(),
): Promise<PaymentReport> {
  const fy = fiscalYear ? Number(fiscalYear) : fiscalYearOf(todayTokyo(now));
  const span = fiscalYearDays(fy);
  const found = await rowsOf<{ id: number; name: string }>(
    db,
    sql`
    select c.id, c.name from ${courses} c
    where manabi_course_day(c.start_date, c.period_from, c.created_at) between ${span.from} and ${span.to}
      and (exists (select 1 from ${courseApplications} a where a.course_id = c.id and a.amount_due IS NOT NULL)
        or exists (select 1 from ${payments} p where p.course_id = c.id))
    order by c.id`,
  );
  const money = await courseMoney(
    db,
    found.map((c) => Number(c.id)),
  );
  const rows = found.map((c) => ({
    course_id: Number(c.id),
    course_name: c.name,
    ...(money.get(Number(c.id)) as CourseMoney),
  }));
  const sum = (k: keyof CourseMoney) => rows.reduce((n, r) => n + r[k], 0);
  return {
    fiscal_year: fy,
    rows,
    totals: {
      seats: sum('seats'),
      due: sum('due'),
      collected: sum('collected'),
      refunded: sum('refunded'),
      outstanding: sum('outstanding'),
      refund_owed: sum('refund_owed'),
    },
  };
}

/** The report as the CSV's rows (one fiscal year is a few hundred courses at most: one batch). */
export async function* paymentReportRows(db: DbOrTx, fiscalYear: string) {
  const report = await paymentReport(db, fiscalYear);
  yield report.rows.map((r) => ({ ...r, fiscal_year: report.fiscal_year }));
}
