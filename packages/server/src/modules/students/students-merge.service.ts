import { APPROVAL, LOTTERY } from '@manabi/shared/codes';
import { matchReasonText, scorePair } from '@manabi/shared/domain/person-match';
import { studentNameKey } from '@manabi/shared/domain/student';
import {
  MERGE_FIELD_KEYS,
  MERGE_FIELDS,
  MERGE_MSG,
  type MergeBody,
  type MergeField,
  type MergePreview,
} from '@manabi/shared/schemas/student-merge';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseApplications, studentMerges, students } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { AppError, invalid, notFound, seenAt, stale } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { rowsOf } from '../../platform/sql';
import {
  type Application,
  cancelApplications,
  moveApplications,
} from '../../repositories/course-applications';
import { type MovedRecord, moveRecord } from '../../repositories/person-data';
import { lockForAct } from '../../repositories/person-locks';
import { settleCourse } from '../intake/settle';
import {
  coursesHeld,
  FIELD_COLUMNS,
  type MergeRecordJson,
  MOVED,
  readPlan,
  readStudents,
  recordOf,
  type Student,
} from './students-merge.plan';

/**
 * One person entered twice becomes one record (decision 071): the other record's applications, attendance
 * and units, payments, and every other row the registry of a person's data (decision 081) says moves, move
 * to the kept record, which takes the field values the office chose; the other record stays, 「統合済み」, pointing at
 * the kept one, and logs nobody in. One transaction, audited on both records, with everything an undo needs
 * kept in student_merges — and undone from the audit viewer within MERGE_UNDO_DAYS days while nothing it
 * moved has changed since.
 *
 * Locks (person-locks): both students' rows, then the courses of every application either holds. A my-page
 * apply or cancel takes its student's row first too, so it and a merge of that student take turns, and one
 * that waited for a merge finds its record merged (404) or the moved application already there.
 */

/** GET /api/admin/student/merge/preview/: both records side by side and what merging would do. */
export async function mergePreview(db: Db, keepId: number, otherId: number): Promise<MergePreview> {
  const both = await readStudents(db, [keepId, otherId], false);
  const keep = both.find((s) => s.id === keepId);
  const other = both.find((s) => s.id === otherId);
  if (!keep || !other) throw notFound();
  const plan = await readPlan(db, keep, other);
  const person = (s: Student) => ({
    name: s.name,
    name_kana: s.nameKana,
    birthday: s.birthday,
    phone1: s.phone1,
    phone2: s.phone2,
    mail1: s.mail1,
    mail2: s.mail2,
    postcode: s.postcode,
    street_name1: s.streetName1,
  });
  const score = scorePair(person(keep), person(other));
  const moves = [];
  for (const m of MOVED) {
    const [r] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(m.table)} where ${sql.identifier(m.column)} = ${otherId}`,
    );
    if (r && r.n > 0) moves.push({ label: m.label, count: r.n });
  }
  return {
    keep: recordOf(keep),
    other: recordOf(other),
    score: score.candidate ? score.score : 0,
    reason_text: score.candidate ? matchReasonText(score.reasons) : '',
    applications: plan.applications.map(({ a, courseName, from, outcome }) => ({
      application_id: a.id,
      course_id: a.courseId,
      course_name: courseName,
      from,
      lottery_status: a.lotteryStatus,
      outcome,
      frees_seat: outcome === 'cancelled' && a.lotteryStatus === LOTTERY.WON,
    })),
    moves,
    blockers: plan.blockers,
  };
}

// ---- the merge ----

/** POST /api/admin/student/merge/: `other_id` into `keep_id`, as the preview showed (both stamps checked). */
export async function mergeStudents(
  db: Db,
  config: MailContext,
  actor: Actor,
  body: MergeBody,
  now = new Date(),
): Promise<{ result: true; id: number }> {
  const { keep_id: keepId, other_id: otherId } = body;
  return db.transaction(async (tx) => {
    const { keep, other, plan, locked } = await lockAndPlan(tx, body);

    // 1. of two live applications to one course, the worse is cancelled (its history stays); 2. the other
    // record's applications, attendance and units move; 3. the rest of the record, as the registry says
    const cancelled = plan.applications.filter((p) => p.outcome === 'cancelled').map((p) => p.a);
    await cancelApplications(
      tx,
      cancelled.map((a) => a.id),
      now,
    );
    const moved = await moveApplications(tx, { studentId: otherId }, keepId, now);
    const rows = await moveRecord(tx, keepId, otherId);

    // 4. the kept record takes the chosen values and both records' units; the other is 統合済み
    const fields = MERGE_FIELD_KEYS.filter((f) => body.fields[f] === 'other');
    const taken = await takeChosenValues(tx, keep, other, fields, now);

    // 5. a seat freed by a cancelled duplicate goes to the waitlist, as for a cancel
    const promoted: Application[] = [];
    for (const courseId of new Set(cancelled.map((a) => a.courseId))) {
      const c = locked.get(courseId);
      if (c) promoted.push(...(await settleCourse(tx, config, actor, c, now)));
    }

    const record = await undoRecordOf(tx, { other, fields, moved, rows, cancelled, promoted, taken, now });
    const id = await recordMerge(tx, actor, { keepId, otherId, now, record });
    return { result: true as const, id };
  });
}

/**
 * Both records locked (then the courses of their applications), as the preview showed them, and the plan;
 * refused when a record changed since, a blocker holds, or an office entry raced the locks.
 */
async function lockAndPlan(tx: Tx, body: MergeBody) {
  const { keep_id: keepId, other_id: otherId } = body;
  const { students: both, courses: locked } = await lockForAct(tx, [keepId, otherId], () =>
    coursesHeld(tx, [keepId, otherId]),
  );
  const keep = both.find((s) => s.id === keepId);
  const other = both.find((s) => s.id === otherId);
  if (!keep || !other) throw notFound();
  if (
    keep.updatedAt.getTime() !== seenAt(body.keep_updated_at).getTime() ||
    other.updatedAt.getTime() !== seenAt(body.other_updated_at).getTime()
  )
    throw stale();
  const plan = await readPlan(tx, keep, other);
  if (plan.blockers.length > 0) throw invalid('other_id', plan.blockers.join('。'));
  // an office entry made between the courses' read and their locks (it waits on no student's lock)
  if ((await coursesHeld(tx, [keepId, otherId])).join() !== [...locked.keys()].join())
    throw new AppError('CONFLICT', MERGE_MSG.raced);
  return { keep, other, plan, locked };
}

/** Step 4: the kept record's chosen values and units as they were, and both records' stamps after. */
interface Taken {
  keepBefore: Record<string, unknown>;
  keptAfter: Date | undefined;
  otherAfter: Date | undefined;
}

async function takeChosenValues(
  tx: Tx,
  keep: Student,
  other: Student,
  fields: MergeField[],
  now: Date,
): Promise<Taken> {
  const keepBefore: Record<string, unknown> = { totalUnits: keep.totalUnits, nameKey: keep.nameKey };
  const set: Partial<Student> = { totalUnits: keep.totalUnits + other.totalUnits, updatedAt: now };
  for (const f of fields) {
    const column = FIELD_COLUMNS[f];
    keepBefore[column] = keep[column];
    (set as Record<string, unknown>)[column] = other[column];
  }
  if (fields.includes('name')) set.nameKey = studentNameKey(other.name);
  const [keptAfter] = await tx
    .update(students)
    .set(set)
    .where(eq(students.id, keep.id))
    .returning({ updatedAt: students.updatedAt });
  const [otherAfter] = await tx
    .update(students)
    .set({ approvalStatus: APPROVAL.MERGED, mergedInto: keep.id, totalUnits: 0, updatedAt: now })
    .where(eq(students.id, other.id))
    .returning({ updatedAt: students.updatedAt });
  return { keepBefore, keptAfter: keptAfter?.updatedAt, otherAfter: otherAfter?.updatedAt };
}

/** Everything the undo needs, the stamps after the merge included. */
async function undoRecordOf(
  tx: Tx,
  done: {
    other: Student;
    fields: MergeField[];
    moved: { id: number }[];
    rows: MovedRecord;
    cancelled: Application[];
    promoted: Application[];
    taken: Taken;
    now: Date;
  },
): Promise<MergeRecordJson> {
  const { other, fields, moved, rows, cancelled, promoted, taken, now } = done;
  // every stamp after the merge, read once all of it is written (the settle renumbers waitlists)
  const stamps = await tx
    .select({ id: courseApplications.id, updatedAt: courseApplications.updatedAt })
    .from(courseApplications)
    .where(inArray(courseApplications.id, [...moved.map((m) => m.id), ...cancelled.map((a) => a.id), 0]));
  return {
    keep_before: taken.keepBefore,
    other_before: { approval_status: other.approvalStatus, total_units: other.totalUnits },
    fields,
    applications: moved.map((m) => m.id),
    ...rows,
    cancelled: cancelled.map((a) => ({
      id: a.id,
      student_id: a.studentId,
      course_id: a.courseId,
      lottery_status: a.lotteryStatus,
      waitlist_rank: a.waitlistRank,
    })),
    promoted: promoted.map((p) => p.id),
    after: {
      keep: (taken.keptAfter ?? now).toISOString(),
      other: (taken.otherAfter ?? now).toISOString(),
      applications: Object.fromEntries(stamps.map((s) => [String(s.id), s.updatedAt.toISOString()])),
    },
  };
}

/** The merge kept in student_merges and audited on both records; its id. */
async function recordMerge(
  tx: Tx,
  actor: Actor,
  m: { keepId: number; otherId: number; now: Date; record: MergeRecordJson },
): Promise<number> {
  const { keepId, otherId, now, record } = m;
  const [merge] = await tx
    .insert(studentMerges)
    .values({ keptId: keepId, mergedId: otherId, adminId: actor.id, mergedAt: now, record })
    .returning({ id: studentMerges.id });
  if (!merge) throw new Error('insert returned nothing');
  const detail = {
    merge_id: merge.id,
    kept_id: keepId,
    merged_id: otherId,
    fields: record.fields.map((f) => MERGE_FIELDS[f]),
    applications_moved: record.applications.length,
    cancelled_ids: record.cancelled.map((a) => a.id),
    promoted_ids: record.promoted,
  };
  for (const studentId of [keepId, otherId])
    await audit(tx, { actor, action: 'merge', entity: 'student', entityId: studentId, studentId, detail });
  return merge.id;
}
