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
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  addressChangeRequests,
  adminUsers,
  calendarFeeds,
  courseApplications,
  courses,
  duplicatePairs,
  inquiries,
  mailOutbox,
  noticeLetters,
  noticeMails,
  noticeReads,
  notices,
  passwordResetTokens,
  sessions,
  studentCalls,
  studentMerges,
  students,
} from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { AppError, invalid, notFound, seenAt, stale } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { type Application, lockCourse } from '../../repositories/course-applications';
import { settleCourse } from '../intake/settle';

/**
 * One person entered twice becomes one record (decision 071): the other record's applications, attendance
 * and units, notices read, letters, telephone calls, requests, mails and calendar feed move to the kept
 * record, which takes the field values the office chose; the other record stays, 「統合済み」, pointing at
 * the kept one, and logs nobody in. One transaction, audited on both records, with everything an undo needs
 * kept in student_merges — and undone from the audit viewer within MERGE_UNDO_DAYS days while nothing it
 * moved has changed since.
 *
 * Locks: the courses both records hold a live application to (in id order, as an apply takes its course
 * first), then both students' rows FOR UPDATE (in id order). A my-page apply or cancel holds its student's
 * row KEY SHARE (studentTurn), so it and a merge of that student take turns, and one that waited for a
 * merge finds its record merged and answers 404.
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

/** The tables whose rows move by id, in words (the preview's counts). */
const MOVED_BY_ID = {
  student_calls: {
    table: studentCalls,
    id: studentCalls.id,
    student: studentCalls.studentId,
    label: '電話連絡の記録',
  },
  address_change_requests: {
    table: addressChangeRequests,
    id: addressChangeRequests.id,
    student: addressChangeRequests.studentId,
    label: '住所変更の届出',
  },
  notices: { table: notices, id: notices.id, student: notices.studentId, label: '本人あてのお知らせ' },
  inquiries: { table: inquiries, id: inquiries.id, student: inquiries.studentId, label: 'お問い合わせ' },
  mail_outbox: { table: mailOutbox, id: mailOutbox.id, student: mailOutbox.studentId, label: '送ったメール' },
} as const satisfies Record<string, { table: PgTable; id: PgColumn; student: PgColumn; label: string }>;
type MovedById = keyof typeof MOVED_BY_ID;

/** The tables keyed by (student, notice): a notice the kept record already has stays its own. */
const MOVED_BY_NOTICE = {
  notice_reads: {
    table: noticeReads,
    student: noticeReads.studentId,
    notice: noticeReads.noticeId,
    label: '読んだお知らせ',
  },
  notice_mails: {
    table: noticeMails,
    student: noticeMails.studentId,
    notice: noticeMails.noticeId,
    label: 'お知らせのメール',
  },
  notice_letters: {
    table: noticeLetters,
    student: noticeLetters.studentId,
    notice: noticeLetters.noticeId,
    label: '郵送したお知らせ',
  },
} as const;
type MovedByNotice = keyof typeof MOVED_BY_NOTICE;

/** What an undo needs, kept in student_merges.record. */
interface MergeRecordJson {
  /** the kept record's chosen fields and units before the merge (raw column values) */
  keep_before: Record<string, unknown>;
  other_before: { approval_status: string; total_units: number };
  fields: MergeField[];
  applications: number[];
  by_id: Record<MovedById, number[]>;
  by_notice: Record<MovedByNotice, number[]>;
  removed: Record<MovedByNotice, Record<string, unknown>[]>;
  calendar_moved: boolean;
  calendar_removed: Record<string, unknown> | null;
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
  for (const m of Object.values(MOVED_BY_ID)) {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(m.table)
      .where(eq(m.student, otherId));
    if (r && r.n > 0) moves.push({ label: m.label, count: r.n });
  }
  for (const m of Object.values(MOVED_BY_NOTICE)) {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(m.table)
      .where(eq(m.student, otherId));
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
  // the courses to lock first: read before any lock, checked again under the locks
  const before = await db
    .select({ course: courseApplications.courseId })
    .from(courseApplications)
    .where(
      and(inArray(courseApplications.studentId, [keepId, otherId]), isNull(courseApplications.cancelledAt)),
    )
    .groupBy(courseApplications.courseId)
    .having(sql`count(distinct ${courseApplications.studentId}) = 2`)
    .orderBy(asc(courseApplications.courseId));
  const lockedCourses = before.map((r) => r.course);

  return db.transaction(async (tx) => {
    const locked = [];
    for (const courseId of lockedCourses) locked.push(await lockCourse(tx, courseId));
    const both = await readStudents(tx, [keepId, otherId], true);
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
    if (plan.conflictCourses.join() !== lockedCourses.join()) throw new AppError('CONFLICT', MERGE_MSG.raced);

    // 1. of two live applications to one course, the worse is cancelled (its history stays)
    const cancelled = plan.applications.filter((p) => p.outcome === 'cancelled').map((p) => p.a);
    if (cancelled.length > 0)
      await tx
        .update(courseApplications)
        .set({ cancelledAt: now, lotteryStatus: LOTTERY.CANCELLED, waitlistRank: null, updatedAt: now })
        .where(
          inArray(
            courseApplications.id,
            cancelled.map((a) => a.id),
          ),
        );

    // 2. the other record's applications, attendance and units move
    const moved = await tx
      .update(courseApplications)
      .set({ studentId: keepId, updatedAt: now })
      .where(eq(courseApplications.studentId, otherId))
      .returning({ id: courseApplications.id, updatedAt: courseApplications.updatedAt });

    // 3. the rest of the record
    const byId = {} as Record<MovedById, number[]>;
    for (const [key, m] of Object.entries(MOVED_BY_ID) as [MovedById, (typeof MOVED_BY_ID)[MovedById]][]) {
      const rows = (await tx
        .update(m.table)
        .set({ studentId: keepId } as never)
        .where(eq(m.student, otherId))
        .returning({ id: m.id })) as { id: number }[];
      byId[key] = rows.map((r) => r.id);
    }
    const byNotice = {} as Record<MovedByNotice, number[]>;
    const removed = {} as Record<MovedByNotice, Record<string, unknown>[]>;
    for (const [key, m] of Object.entries(MOVED_BY_NOTICE) as [
      MovedByNotice,
      (typeof MOVED_BY_NOTICE)[MovedByNotice],
    ][]) {
      const rows = (await tx
        .update(m.table)
        .set({ studentId: keepId } as never)
        .where(
          and(
            eq(m.student, otherId),
            sql`${m.notice} not in (select ${m.notice} from ${m.table} where ${m.student} = ${keepId})`,
          ),
        )
        .returning({ notice: m.notice })) as { notice: number }[];
      byNotice[key] = rows.map((r) => r.notice);
      removed[key] = (await tx.delete(m.table).where(eq(m.student, otherId)).returning()) as Record<
        string,
        unknown
      >[];
    }
    const [keptFeed] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.studentId, keepId));
    let calendarMoved = false;
    let calendarRemoved: Record<string, unknown> | null = null;
    if (keptFeed) {
      [calendarRemoved = null] = await tx
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.studentId, otherId))
        .returning();
    } else {
      calendarMoved =
        (
          await tx
            .update(calendarFeeds)
            .set({ studentId: keepId })
            .where(eq(calendarFeeds.studentId, otherId))
            .returning()
        ).length > 0;
    }
    // the other record logs nobody in from now: its sessions and reset links end
    await tx.delete(sessions).where(eq(sessions.studentId, otherId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.studentId, otherId));
    await tx
      .delete(duplicatePairs)
      .where(or(eq(duplicatePairs.studentA, otherId), eq(duplicatePairs.studentB, otherId)));

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
    for (const c of locked) if (c) promoted.push(...(await settleCourse(tx, config, actor, c, now)));

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
      by_id: byId,
      by_notice: byNotice,
      removed,
      calendar_moved: calendarMoved,
      calendar_removed: calendarRemoved,
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
    const courseIds = [...new Set(r.cancelled.map((c) => c.course_id))].sort((x, y) => x - y);
    const locked = [];
    for (const courseId of courseIds) locked.push(await lockCourse(tx, courseId));
    await readStudents(tx, [m.keptId, m.mergedId], true);
    const blockers = await undoBlockers(tx, m, now);
    if (blockers.length > 0)
      throw new AppError('CONFLICT', `${MERGE_MSG.changedSince}：${blockers.join('。')}`);

    await tx
      .update(courseApplications)
      .set({ studentId: m.mergedId, updatedAt: now })
      .where(inArray(courseApplications.id, [...r.applications, 0]));
    for (const c of r.cancelled)
      await tx
        .update(courseApplications)
        .set({
          studentId: c.student_id,
          cancelledAt: null,
          lotteryStatus: c.lottery_status,
          waitlistRank: c.waitlist_rank,
          updatedAt: now,
        })
        .where(eq(courseApplications.id, c.id));
    for (const [key, m_] of Object.entries(MOVED_BY_ID) as [MovedById, (typeof MOVED_BY_ID)[MovedById]][])
      await tx
        .update(m_.table)
        .set({ studentId: m.mergedId } as never)
        .where(inArray(m_.id, [...(r.by_id[key] ?? []), 0]));
    for (const [key, m_] of Object.entries(MOVED_BY_NOTICE) as [
      MovedByNotice,
      (typeof MOVED_BY_NOTICE)[MovedByNotice],
    ][]) {
      await tx
        .update(m_.table)
        .set({ studentId: m.mergedId } as never)
        .where(and(eq(m_.student, m.keptId), inArray(m_.notice, [...(r.by_notice[key] ?? []), 0])));
      const back = (r.removed[key] ?? []).map((row) => revive(row));
      if (back.length > 0)
        await tx
          .insert(m_.table)
          .values(back as never)
          .onConflictDoNothing();
    }
    if (r.calendar_moved)
      await tx
        .update(calendarFeeds)
        .set({ studentId: m.mergedId })
        .where(eq(calendarFeeds.studentId, m.keptId));
    if (r.calendar_removed)
      await tx
        .insert(calendarFeeds)
        .values(revive(r.calendar_removed) as never)
        .onConflictDoNothing();

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
    for (const c of locked) if (c) await settleCourse(tx, config, actor, c, now);
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
