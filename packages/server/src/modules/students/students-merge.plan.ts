import { APPROVAL, LOTTERY, SESSION_ATTENDANCE } from '@manabi/shared/codes';
import {
  MERGE_FIELD_KEYS,
  MERGE_MSG,
  type MergeField,
  type MergeRecord,
} from '@manabi/shared/schemas/student-merge';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { PERSON_DATA, type PersonDataTable } from '../../db/person-data';
import { addressChangeRequests, courseApplications, courses, students } from '../../db/schema';
import type { Application } from '../../repositories/course-applications';
import type { MovedRecord } from '../../repositories/person-data';

/**
 * What a merge of two records would do (decision 071), read the same way by the preview and by the merge:
 * the records as the API shows them, the applications that stay, move or are cancelled, what blocks it; and
 * the shape of what a merge keeps for its undo.
 */

export type Student = typeof students.$inferSelect;

/** Each choosable field's column. */
export const FIELD_COLUMNS = {
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

export const recordOf = (s: Student): MergeRecord => ({
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
export const MOVED = (
  Object.entries(PERSON_DATA) as [PersonDataTable, (typeof PERSON_DATA)[PersonDataTable]][]
)
  .filter(([t, e]) => t !== 'course_applications' && typeof e.merge === 'object' && 'move' in e.merge)
  .map(([table, e]) => ({ table, column: e.person[0] as string, label: e.what }));

/** What an undo needs, kept in student_merges.record (with the rows moved, {@link MovedRecord}). */
export interface MergeRecordJson extends MovedRecord {
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

export async function readPlan(tx: DbOrTx, keep: Student, other: Student): Promise<Plan> {
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

export const readStudents = async (tx: DbOrTx, ids: number[], lock: boolean) => {
  const q = tx.select().from(students).where(inArray(students.id, ids)).orderBy(asc(students.id));
  return lock ? q.for('update') : q;
};

/** The courses the students hold an application to (any state: a merge moves every one), in id order. */
export async function coursesHeld(tx: DbOrTx, studentIds: number[]): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ course: courseApplications.courseId })
    .from(courseApplications)
    .where(inArray(courseApplications.studentId, studentIds))
    .orderBy(asc(courseApplications.courseId));
  return rows.map((r) => r.course);
}
