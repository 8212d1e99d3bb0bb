import type { StudentUnits } from '@manabi/shared/domain/units';
import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { students } from '../db/schema';
import { qualified } from '../platform/sql';
import { unitTotal } from './course-applications';

/**
 * A student's units in two parts (decision 089; shared domain/units.ts): earned in the programme's courses —
 * {@link unitTotal}, the sum of the 受講済み applications' units (decision 039) — and carried from before, the
 * office's total_units (SPEC §3). The office's student detail and the my-page's transcript read them here; the
 * my-page's 受講履歴 carries the same two expressions in its prepared page.
 */
export async function studentUnits(db: DbOrTx, studentId: number): Promise<StudentUnits> {
  const [row] = await db
    .select({ earned: unitTotal(studentId), carried: students.totalUnits })
    .from(students)
    .where(eq(students.id, studentId));
  return { earned: row?.earned ?? 0, carried: row?.carried ?? 0 };
}

/** The units carried from before (total_units) of a student, as a column of another statement. */
export const carriedUnits = (studentId: number | Placeholder) =>
  sql<number>`(select ${qualified(students, students.totalUnits)} from ${students} where ${qualified(students, students.id)} = ${studentId})`.mapWith(
    Number,
  );
