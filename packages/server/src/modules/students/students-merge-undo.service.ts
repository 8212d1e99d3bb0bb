import {
  MERGE_FIELDS,
  MERGE_MSG,
  MERGE_UNDO_DAYS,
  type MergeDetail,
} from '@manabi/shared/schemas/student-merge';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { adminUsers, courseApplications, courses, studentMerges, students } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { moveApplications, restoreCancelled } from '../../repositories/course-applications';
import { movedOf, moveRecordBack } from '../../repositories/person-data';
import { lockForAct } from '../../repositories/person-locks';
import { settleCourse } from '../intake/settle';
import { coursesHeld, type MergeRecordJson, type Student } from './students-merge.plan';

/**
 * A merge looked at afterwards, and undone (decision 071): within MERGE_UNDO_DAYS days, while nothing it
 * moved has changed since, from what student_merges kept of it (students-merge.service.ts makes it).
 */

const undoUntil = (mergedAt: Date) => new Date(mergedAt.getTime() + MERGE_UNDO_DAYS * 86_400_000);

/** Why a merge cannot be undone now, read under the caller's locks (or without, for the detail). */
async function undoBlockers(tx: DbOrTx, m: typeof studentMerges.$inferSelect, now: Date): Promise<string[]> {
  if (m.undoneAt) return [MERGE_MSG.undone];
  if (now > undoUntil(m.mergedAt)) return [MERGE_MSG.undoExpired];
  const r = m.record as MergeRecordJson;
  const out: string[] = [];
  const both = await tx
    .select()
    .from(students)
    .where(inArray(students.id, [m.keptId, m.mergedId]));
  const keep = both.find((s) => s.id === m.keptId);
  const other = both.find((s) => s.id === m.mergedId);
  if (keep?.updatedAt.toISOString() !== r.after.keep)
    out.push(`残した学生（${keep?.name ?? ''}）の登録内容が変更されています`);
  if (other?.updatedAt.toISOString() !== r.after.other) out.push('統合した側の登録が変更されています');
  const ids = Object.keys(r.after.applications).map(Number);
  const current = await tx
    .select({ id: courseApplications.id, updatedAt: courseApplications.updatedAt, course: courses.name })
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .where(inArray(courseApplications.id, [...ids, 0]));
  for (const a of current)
    if (a.updatedAt.toISOString() !== r.after.applications[String(a.id)])
      out.push(`講座「${a.course}」の申込が統合の後に変更されています`);
  if (r.promoted.length > 0) out.push('統合で空いた席に補欠の方が繰り上がっています');
  return out;
}

/** GET /api/admin/student/merge/detail/?id=: one merge, and whether (and why not) it can be undone. */
export async function mergeDetail(db: Db, id: number, now = new Date()): Promise<MergeDetail> {
  const [m] = await db.select().from(studentMerges).where(eq(studentMerges.id, id));
  if (!m) throw notFound();
  const people = await db
    .select({ user_id: students.id, login_id: students.loginId, name: students.name })
    .from(students)
    .where(inArray(students.id, [m.keptId, m.mergedId]));
  const [admin] = m.adminId
    ? await db.select({ name: adminUsers.name }).from(adminUsers).where(eq(adminUsers.id, m.adminId))
    : [];
  const r = m.record as MergeRecordJson;
  const none = { user_id: 0, login_id: null, name: '' };
  return {
    id: m.id,
    kept: people.find((p) => p.user_id === m.keptId) ?? none,
    merged: people.find((p) => p.user_id === m.mergedId) ?? none,
    merged_at: m.mergedAt.toISOString(),
    admin_name: admin?.name ?? '',
    fields: r.fields.map((f) => MERGE_FIELDS[f]),
    applications_moved: r.applications.length,
    undone_at: m.undoneAt?.toISOString() ?? null,
    undo_until: undoUntil(m.mergedAt).toISOString(),
    blockers: await undoBlockers(db, m, now),
  };
}

/**
 * POST /api/admin/student/merge/undo/: both records as they were — the kept record's values and units, the
 * other record approved (or as it was) again with its own applications, notices, calls, requests, mails and
 * feed, a cancelled duplicate application live again — in one transaction. Refused (409, the reasons in
 * words) once anything the merge moved has changed since, or after MERGE_UNDO_DAYS days.
 */
export async function undoMerge(
  db: Db,
  config: MailContext,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<{ result: true }> {
  return db.transaction(async (tx) => {
    const [m] = await tx.select().from(studentMerges).where(eq(studentMerges.id, id)).for('update');
    if (!m) throw notFound();
    const r = m.record as MergeRecordJson;
    const { courses: locked } = await lockForAct(tx, [m.keptId, m.mergedId], () =>
      coursesHeld(tx, [m.keptId, m.mergedId]),
    );
    const blockers = await undoBlockers(tx, m, now);
    if (blockers.length > 0)
      throw new AppError('CONFLICT', `${MERGE_MSG.changedSince}：${blockers.join('。')}`);

    await moveApplications(tx, { ids: r.applications }, m.mergedId, now);
    for (const c of r.cancelled) await restoreCancelled(tx, c, now);
    await moveRecordBack(tx, m.keptId, m.mergedId, movedOf(m.record as Record<string, unknown>, m.keptId));

    const [keep] = await tx.select().from(students).where(eq(students.id, m.keptId));
    const restore = revive(r.keep_before) as Partial<Student>;
    await tx
      .update(students)
      .set({ ...restore, updatedAt: now })
      .where(eq(students.id, m.keptId));
    await tx
      .update(students)
      .set({
        approvalStatus: r.other_before.approval_status,
        mergedInto: null,
        totalUnits: r.other_before.total_units,
        updatedAt: now,
      })
      .where(eq(students.id, m.mergedId));
    for (const courseId of new Set(r.cancelled.map((c) => c.course_id))) {
      const c = locked.get(courseId);
      if (c) await settleCourse(tx, config, actor, c, now);
    }
    await tx.update(studentMerges).set({ undoneAt: now, undoneBy: actor.id }).where(eq(studentMerges.id, id));
    const detail = { merge_id: id, kept_id: m.keptId, merged_id: m.mergedId, kept_name: keep?.name ?? '' };
    for (const studentId of [m.keptId, m.mergedId])
      await audit(tx, {
        actor,
        action: 'merge_undo',
        entity: 'student',
        entityId: studentId,
        studentId,
        detail,
      });
    return { result: true as const };
  });
}

/** A row kept as JSON back to the values drizzle writes: its instants as dates again. */
function revive(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    out[k] = typeof v === 'string' && /At$/.test(k) && !Number.isNaN(Date.parse(v)) ? new Date(v) : v;
  return out;
}
