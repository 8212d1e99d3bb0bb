/**
 * The deadline job's rule for one course (decision 015): winners past their confirm-by deadline lapse
 * (辞退), are told, and their seats go to the waitlist. jobs/intake-deadlines.ts runs it course by course.
 */
import type { DbOrTx } from '../../db/client';
import { type Actor, audit } from '../../platform/audit';
import type { MailContext } from '../../platform/mail';
import { type Course, declineApplication, dueWinners } from '../../repositories/course-applications';
import { tellStudent } from './results';
import { settleCourse } from './settle';

/**
 * The deadline job's work for one course (the caller locked it): every live winner past confirm_by lapses,
 * is told, and the freed seats are refilled. Returns how many lapsed.
 */
export async function lapseDue(
  tx: DbOrTx,
  mail: MailContext,
  course: Course,
  now = new Date(),
): Promise<number> {
  const due = await dueWinners(tx, course.id, now);
  const system: Actor = { kind: 'system', id: null };
  for (const a of due) {
    const row = await declineApplication(tx, a.id, 'lapsed', now);
    await audit(tx, {
      actor: system,
      action: 'lapse',
      entity: 'course_application',
      entityId: a.id,
      studentId: a.studentId,
      detail: {
        course_id: course.id,
        confirm_by: a.confirmBy?.toISOString(),
      },
    });
    await tellStudent(
      tx,
      mail,
      a.studentId,
      `lapse:${a.id}`,
      { kind: 'lapsed', course, application: row },
      now,
    );
  }
  if (due.length) await settleCourse(tx, mail, system, course, now);
  return due.length;
}
