import { LOTTERY } from '@manabi/shared/codes';
import { eq, inArray, sql } from 'drizzle-orm';
import { chargeSeats, feeRuleOf, refreshPaidAt } from '../../repositories/payments';
import type { Tx } from '../client';
import { courseApplications, courseFees, courses, payments, students } from '../schema';

/** The demo course whose seats are paid for (みなと学院大学, so authority 2 reads it too). */
export const DEMO_PAYMENT_COURSE = 'C2603';

/**
 * The demo's payments (decision 078): C2603 asks its fee before the first class; besides 山田 花子 (24040001)
 * it has five more winners, so a newcomer sees every state, and e2e/fixtures/bank-transfers.csv pays three of
 * them (by 学生番号, by kana and amount twice) and names the twin readings of 高橋 一郎's two records (the
 * ambiguous line). 山田 花子 has paid (her receipt is on her my-page), 森 和子 has paid part.
 */
export async function seedDemoPayments(tx: Tx): Promise<void> {
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.code, DEMO_PAYMENT_COURSE));
  if (!course) return;
  await tx
    .insert(courseFees)
    .values({
      courseId: course.id,
      required: true,
      howToPay:
        'まなび市民大学の口座（まなび銀行 港支店 普通 1234567）へお振り込みください。振込依頼人名の前に学生番号（8桁）を入れてください。',
      payDays: 14,
      refundDays: 7,
    })
    .onConflictDoNothing();
  const winners = ['25049001', '25049002', '25049003', '24040003', '25040002'];
  const people = await tx
    .select({ id: students.id, loginId: students.loginId })
    .from(students)
    .where(inArray(students.loginId, ['24040001', ...winners]));
  const id = new Map(people.map((p) => [p.loginId, p.id]));
  await tx.insert(courseApplications).values(
    winners.flatMap((w) => {
      const studentId = id.get(w);
      return studentId ? [{ courseId: course.id, studentId, lotteryStatus: LOTTERY.WON, howApply: '1' }] : [];
    }),
  );
  await chargeSeats(tx, await feeRuleOf(tx, course.id), 'all-winners', 86_400);
  const seats = await tx
    .select({
      id: courseApplications.id,
      studentId: courseApplications.studentId,
      due: courseApplications.amountDue,
    })
    .from(courseApplications)
    .where(eq(courseApplications.courseId, course.id));
  const seatOf = (loginId: string) => seats.find((s) => s.studentId === id.get(loginId) && s.due !== null);
  const paid = [
    { seat: seatOf('24040001'), amount: seatOf('24040001')?.due ?? 0, method: 'bank', note: '' },
    { seat: seatOf('25049001'), amount: 1000, method: 'counter', note: '残りは振込の予定' },
  ];
  const rows = paid.flatMap((p) =>
    p.seat && p.amount > 0
      ? [
          {
            applicationId: p.seat.id,
            courseId: course.id,
            studentId: p.seat.studentId,
            amount: p.amount,
            paidOn: sql`(now() AT TIME ZONE 'Asia/Tokyo')::date - 3`,
            method: p.method,
            receiptNo: sql`'R-' || lpad(nextval('payment_receipt_seq')::text, 6, '0')`,
            note: p.note,
          },
        ]
      : [],
  );
  if (rows.length === 0) return;
  await tx.insert(payments).values(rows as never);
  await refreshPaidAt(
    tx,
    rows.map((r) => r.applicationId),
  );
}
