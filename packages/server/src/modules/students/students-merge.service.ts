import { APPROVAL, LOTTERY, SESSION_ATTENDANCE } from '@manabi/shared/codes';
import { matchReasonText, scorePair } from '@manabi/shared/domain/person-match';
import { studentNameKey } from '@manabi/shared/domain/student';
import {
  MERGE_FIELD_KEYS,
  MERGE_FIELDS,
  MERGE_MSG,
  MERGE_UNDO_DAYS,
  type MergeBody,
  type MergeDetail,
  type MergeField,
  type MergePreview,
  type MergeRecord,
} from '@manabi/shared/schemas/student-merge';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { PERSON_DATA, type PersonDataTable } from '../../db/person-data';
import {
  addressChangeRequests,
  adminUsers,
  courseApplications,
  courses,
  studentMerges,
  students,
} from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { AppError, invalid, notFound, seenAt, stale } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { rowsOf } from '../../platform/sql';
import {
  type Application,
  cancelApplications,
  moveApplications,
  restoreCancelled,
} from '../../repositories/course-applications';
import { type MovedRecord, movedOf, moveRecord, moveRecordBack } from '../../repositories/person-data';
import { lockForAct } from '../../repositories/person-locks';
import { settleCourse } from '../intake/settle';

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

type Student = typeof students.$inferSelect;

/** Each choosable field's column. */
const FIELD_COLUMNS = {
  name: 'name',
  name_kana: 'nameKana',
  birthday: 'birthday',
  gender: 'gender',
  postcode: 'postcode',
  pref: 'pref',
  street_name1: 'streetName1',
  street_name2: 'streetName2',
  address: 'address',
  street_name3: 'streetName3',
  phone1: 'phone1',
  mail1: 'mail1',
  phone2: 'phone2',
  mail2: 'mail2',
  emergency_name: 'emergencyName',
  emergency_relation: 'emergencyRelation',
  emergency_phone: 'emergencyPhone',
  generation_id: 'generationId',
  student_type: 'studentType',
  is_email: 'isEmail',
  remarks: 'remarks',
} as const satisfies Record<MergeField, keyof Student>;

/** A stored value as the API's text ('' for none; booleans '1'/'0'). */
const asText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '1' : '0') : String(v);

const recordOf = (s: Student): MergeRecord => ({
  user_id: s.id,
  login_id: s.loginId,
  name: s.name,
  approval_status: s.approvalStatus,
  total_units: s.totalUnits,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
  values: Object.fromEntries(
    MERGE_FIELD_KEYS.map((f) => [f, asText(s[FIELD_COLUMNS[f]])]),
  ) as MergeRecord['values'],
});

/** The tables the registry says a merge moves, and what their rows are (the preview's counts). */
const MOVED = (Object.entries(PERSON_DATA) as [PersonDataTable, (typeof PERSON_DATA)[PersonDataTable]][])
  .filter(([t, e]) => t !== 'course_applications' && typeof e.merge === 'object' && 'move' in e.merge)
  .map(([table, e]) => ({ table, column: e.person[0] as string, label: e.what }));

/** What an undo needs, kept in student_merges.record (with the rows moved, {@link MovedRecord}). */
interface MergeRecordJson extends MovedRecord {
  /** the kept record's chosen fields and units before the merge (raw column values) */
  keep_before: Record<string, unknown>;
  other_before: { approval_status: string; total_units: number };
  fields: MergeField[];
  applications: number[];
  cancelled: {
    id: number;
    student_id: number;
    course_id: number;
    lottery_status: string;
    waitlist_rank: number | null;
  }[];
  promoted: number[];
  /** the stamps after the merge: an undo refuses once any has moved */
  after: { keep: string; other: string; applications: Record<string, string> };
}

// ---- the plan: what a merge would do ----

/** The better of two live applications to one course: a seat over the waitlist over a draw to come. */
const STANDING: Record<string, number> = {
  [LOTTERY.WON]: 5,
  [LOTTERY.WAITLISTED]: 4,
  [LOTTERY.PENDING]: 3,
  [LOTTERY.LOST]: 2,
  [LOTTERY.DECLINED]: 1,
  [LOTTERY.CANCELLED]: 0,
};
const attended = (a: Application) => a.attendance.filter((v) => v !== SESSION_ATTENDANCE.NOT_HELD).length;
/** Positive when x is the better: confirmed, standing, attendance recorded, then the older application. */
const compareApplications = (x: Application, y: Application) =>
  Number(!!x.confirmedAt) - Number(!!y.confirmedAt) ||
  (STANDING[x.lotteryStatus] ?? 0) - (STANDING[y.lotteryStatus] ?? 0) ||
  attended(x) - attended(y) ||
  y.id - x.id;

interface Plan {
  keep: Student;
  other: Student;
  applications: {
    a: Application;
    courseName: string;
    from: 'keep' | 'other';
    outcome: 'stays' | 'moves' | 'cancelled';
  }[];
  /** the courses both hold a live application to */
  conflictCourses: number[];
  blockers: string[];
}

async function readPlan(tx: DbOrTx, keep: Student, other: Student): Promise<Plan> {
  const rows = await tx
    .select({ a: courseApplications, courseName: courses.name })
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .where(inArray(courseApplications.studentId, [keep.id, other.id]))
    .orderBy(asc(courseApplications.courseId), asc(courseApplications.id));
  const live = new Map<number, Application[]>();
  for (const { a } of rows) {
    if (a.cancelledAt !== null) continue;
    live.set(a.courseId, [...(live.get(a.courseId) ?? []), a]);
  }
  const cancelled = new Set<number>();
  const conflictCourses: number[] = [];
  for (const [courseId, both] of live) {
    if (both.length < 2) continue;
    conflictCourses.push(courseId);
    const [x, y] = both as [Application, Application];
    cancelled.add(compareApplications(x, y) >= 0 ? y.id : x.id);
  }
  const blockers: string[] = [];
  if (keep.approvalStatus === APPROVAL.MERGED || other.approvalStatus === APPROVAL.MERGED)
    blockers.push(MERGE_MSG.alreadyMerged);
  if (other.approvalStatus === APPROVAL.APPROVED && keep.approvalStatus !== APPROVAL.APPROVED)
    blockers.push(MERGE_MSG.keepApproved);
  const pending = await tx
    .select({ student: addressChangeRequests.studentId })
    .from(addressChangeRequests)
    .where(
      and(
        inArray(addressChangeRequests.studentId, [keep.id, other.id]),
        eq(addressChangeRequests.status, '0'),
      ),
    );
  if (new Set(pending.map((p) => p.student)).size === 2) blockers.push(MERGE_MSG.addressRequests);
  return {
    keep,
    other,
    conflictCourses: conflictCourses.sort((x, y) => x - y),
    blockers,
    applications: rows.map(({ a, courseName }) => {
      const from = a.studentId === keep.id ? ('keep' as const) : ('other' as const);
      const outcome = cancelled.has(a.id)
        ? ('cancelled' as const)
        : from === 'keep'
          ? ('stays' as const)
          : ('moves' as const);
      return { a, courseName, from, outcome };
    }),
  };
}

const readStudents = async (tx: DbOrTx, ids: number[], lock: boolean) => {
  const q = tx.select().from(students).where(inArray(students.id, ids)).orderBy(asc(students.id));
  return lock ? q.for('update') : q;
};

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

/** The courses the students hold an application to (any state: a merge moves every one), in id order. */
async function coursesHeld(tx: DbOrTx, studentIds: number[]): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ course: courseApplications.courseId })
    .from(courseApplications)
    .where(inArray(courseApplications.studentId, studentIds))
    .orderBy(asc(courseApplications.courseId));
  return rows.map((r) => r.course);
}

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
      .where(eq(students.id, keepId))
      .returning({ updatedAt: students.updatedAt });
    const [otherAfter] = await tx
      .update(students)
      .set({ approvalStatus: APPROVAL.MERGED, mergedInto: keepId, totalUnits: 0, updatedAt: now })
      .where(eq(students.id, otherId))
      .returning({ updatedAt: students.updatedAt });

    // 5. a seat freed by a cancelled duplicate goes to the waitlist, as for a cancel
    const promoted: Application[] = [];
    for (const courseId of new Set(cancelled.map((a) => a.courseId))) {
      const c = locked.get(courseId);
      if (c) promoted.push(...(await settleCourse(tx, config, actor, c, now)));
    }

    // every stamp after the merge, read once all of it is written (the settle renumbers waitlists)
    const stamps = await tx
      .select({ id: courseApplications.id, updatedAt: courseApplications.updatedAt })
      .from(courseApplications)
      .where(inArray(courseApplications.id, [...moved.map((m) => m.id), ...cancelled.map((a) => a.id), 0]));
    const record: MergeRecordJson = {
      keep_before: keepBefore,
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
        keep: (keptAfter?.updatedAt ?? now).toISOString(),
        other: (otherAfter?.updatedAt ?? now).toISOString(),
        applications: Object.fromEntries(stamps.map((s) => [String(s.id), s.updatedAt.toISOString()])),
      },
    };
    const [merge] = await tx
      .insert(studentMerges)
      .values({ keptId: keepId, mergedId: otherId, adminId: actor.id, mergedAt: now, record })
      .returning({ id: studentMerges.id });
    if (!merge) throw new Error('insert returned nothing');
    const detail = {
      merge_id: merge.id,
      kept_id: keepId,
      merged_id: otherId,
      fields: fields.map((f) => MERGE_FIELDS[f]),
      applications_moved: moved.length,
      cancelled_ids: cancelled.map((a) => a.id),
      promoted_ids: promoted.map((p) => p.id),
    };
    for (const studentId of [keepId, otherId])
      await audit(tx, { actor, action: 'merge', entity: 'student', entityId: studentId, studentId, detail });
    return { result: true as const, id: merge.id };
  });
}

// ---- the undo ----

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
