/**
 * The one lock order of every act on a student and their courses (decision 081): the students' rows first,
 * by id, then the courses' rows, by id. Apply, cancel, merge, its undo, a withdrawal and the bank file's apply
 * all take their locks here, so no two of them can each hold what the other waits for.
 *
 * Two strengths of a student's lock:
 * - `turn` (FOR SHARE): a student's own apply or cancel. Two of the same student's go on side by side; a
 *   merge, undo or withdrawal of that student waits for them, or they for it — and one that waited reads the
 *   record as the other act left it (merged, withdrawn: not found; an application moved to it: already
 *   applied), never a half-state.
 * - `act` (FOR NO KEY UPDATE): an act that rewrites what the student holds (merge, undo, withdrawal). It lets
 *   a foreign-key check go on (a payment or an office entry that names the student holds KEY SHARE only), so
 *   an office write holding a course's lock never waits on a student's lock held by an act that waits on
 *   that course.
 */
import { APPROVAL } from '@manabi/shared/codes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { students } from '../db/schema';
import { preparedInTransaction } from '../db/statements';
import { sqlLiteral } from '../platform/sql';
import { type Course, lockCourse } from './course-applications';

type Student = typeof students.$inferSelect;

const byId = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The courses' rows, locked one by one in id order (as every writer of a seat locks one). */
async function lockCourses(tx: DbOrTx, courseIds: readonly number[]): Promise<Map<number, Course>> {
  const out = new Map<number, Course>();
  for (const id of byId(courseIds)) {
    const c = await lockCourse(tx, id);
    if (c) out.set(id, c);
  }
  return out;
}

/**
 * An act's locks (`act` strength): the students' rows in id order (one statement: its sort comes before
 * its locks), then — given the students' rows, so the set can depend on what they hold — the courses.
 */
export async function lockForAct(
  tx: DbOrTx,
  studentIds: readonly number[],
  coursesOf: (locked: Student[]) => Promise<readonly number[]> | readonly number[],
): Promise<{ students: Student[]; courses: Map<number, Course> }> {
  const locked = await tx
    .select()
    .from(students)
    .where(inArray(students.id, byId(studentIds)))
    .orderBy(students.id)
    .for('no key update');
  return { students: locked, courses: await lockCourses(tx, await coursesOf(locked)) };
}

/**
 * The office's payment writes (one seat, several, the bank file's lines): the seats' students FOR SHARE in id
 * order — a merge or withdrawal of one of them waits, or is waited for — then the courses. A merge that
 * committed before the locks has moved the seats: the caller reads each seat's student under the locks.
 */
export async function lockForPayments(
  tx: DbOrTx,
  studentIds: readonly number[],
  courseIds: readonly number[],
): Promise<Map<number, Course>> {
  await tx
    .select({ id: students.id })
    .from(students)
    .where(inArray(students.id, byId(studentIds)))
    .orderBy(students.id)
    .for('share');
  return lockCourses(tx, courseIds);
}

/**
 * A student's own apply or cancel (`turn` strength): the student's row while the record is an approved
 * student's, then the course. Answers false when the student is not (or no longer) there — merged or
 * withdrawn meanwhile.
 */
export async function lockForTurn(tx: DbOrTx, studentId: number, courseId: number) {
  const [s] = await studentTurnLock(tx, { studentId });
  if (!s) return { student: false as const, course: undefined };
  return { student: true as const, course: await lockCourse(tx, courseId) };
}

// built once, run by name in each transaction (decision 023): every apply and cancel starts with it
const studentTurnLock = preparedInTransaction('student_turn_lock', (tx) =>
  tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.id, sql.placeholder('studentId')),
        sql`${students.approvalStatus} = ${sqlLiteral(APPROVAL.APPROVED)}`,
      ),
    )
    .for('share'),
);
