import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { students } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { presentStudent } from './students.presenter';

/** A student by id; 404 when missing (SPEC §8: the screens then go to /admin/404). */
export async function loadStudent(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(students).where(eq(students.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * GET /api/admin/student/detail/?user_id= — any student, pending and rejected ones included (the approval
 * screen reads them too); the detail screen itself sends unapproved students to /admin/404.
 */
export async function getStudentDetail(db: DbOrTx, userId: number) {
  return presentStudent(await loadStudent(db, userId));
}
