/**
 * The audit log, readable (decision 067): the entries a search asks for, newest first, paged on the server,
 * and the same search as a CSV, streamed. Each entry comes with the names of who acted and whom and what it is
 * about, read for the page's rows only. Entries are never changed here or anywhere (the table refuses it).
 */
import {
  AUDIT_COUNT_CAP,
  AUDIT_MSG,
  type AuditListQuery,
  type AuditRow,
  type AuditSearch,
} from '@manabi/shared/schemas/audit';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUsers, auditLog, courses, students } from '../../db/schema';
import { resolvePersonal } from '../../platform/audit';
import { invalid } from '../../platform/errors';
import { keyContains, keysetBatches } from '../../platform/sql';
import { refsOf } from './audit-refs';

/** Tokyo midnight of a YYYY-MM-DD date, and of the day after. */
const tokyoStart = (ymd: string) => new Date(`${ymd}T00:00:00+09:00`);
const dayAfter = (ymd: string) => new Date(tokyoStart(ymd).getTime() + 86_400_000);

type Person = { id: number; login_id: string; name: string };

/** The student a search names: by record id (a link), or by 学生番号 as typed (422 when nobody has it). */
async function studentOf(db: Db, q: AuditSearch): Promise<Person | null> {
  if (q.user_id === '' && q.login_id === '') return null;
  const [s] = await db
    .select({ id: students.id, login_id: students.loginId, name: students.name })
    .from(students)
    .where(q.user_id !== '' ? eq(students.id, q.user_id) : eq(students.loginId, q.login_id));
  if (s) return { ...s, login_id: s.login_id ?? '' };
  if (q.user_id !== '') return { id: q.user_id, login_id: '', name: '' };
  throw invalid('login_id', AUDIT_MSG.studentNotFound);
}

/**
 * The entries about the students whose name contains the text, folded as every name search folds it (高橋
 * finds 髙橋, decision 088): the students through their folded name's bigram index, their entries through
 * (student_id, id).
 */
function aboutNamed(name: string): SQL | undefined {
  const named = keyContains(students.nameFold, 'fold', name);
  return named && sql`${auditLog.studentId} in (select ${students.id} from ${students} where ${named})`;
}

/** The search as one condition, each part on an indexed column of its own (migration 0026). */
function whereOf(q: AuditSearch, student: Person | null): SQL | undefined {
  return and(
    q.admin_id === '' ? undefined : and(eq(auditLog.actorKind, 'admin'), eq(auditLog.actorId, q.admin_id)),
    student ? eq(auditLog.studentId, student.id) : undefined,
    aboutNamed(q.name),
    q.course_id === '' ? undefined : eq(auditLog.courseId, q.course_id),
    q.action === '' ? undefined : eq(auditLog.action, q.action),
    q.date_from === '' ? undefined : gte(auditLog.createdAt, tokyoStart(q.date_from)),
    q.date_to === '' ? undefined : lt(auditLog.createdAt, dayAfter(q.date_to)),
  );
}

type Entry = typeof auditLog.$inferSelect;

/**
 * The names of who acted and whom and what the entries are about, and of the records their details name by
 * id: look-ups by key, for these rows.
 */
async function present(db: Db, entries: Entry[]): Promise<AuditRow[]> {
  const ids = (pick: (e: Entry) => number | null) => [
    ...new Set(entries.map(pick).filter((v): v is number => v !== null)),
  ];
  const adminIds = ids((e) => (e.actorKind === 'admin' ? e.actorId : null));
  const studentIds = ids((e) => e.studentId ?? (e.actorKind === 'student' ? e.actorId : null));
  const courseIds = ids((e) => e.courseId);
  const [admins, people, named] = await Promise.all([
    adminIds.length
      ? db
          .select({ id: adminUsers.id, name: adminUsers.name })
          .from(adminUsers)
          .where(inArray(adminUsers.id, adminIds))
      : [],
    studentIds.length
      ? db
          .select({ id: students.id, login_id: students.loginId, name: students.name })
          .from(students)
          .where(inArray(students.id, studentIds))
      : [],
    courseIds.length
      ? db
          .select({ id: courses.id, name: courses.name, code: courses.code })
          .from(courses)
          .where(inArray(courses.id, courseIds))
      : [],
  ]);
  const adminName = new Map(admins.map((a) => [a.id, a.name]));
  const person = new Map(people.map((p) => [p.id, { id: p.id, login_id: p.login_id ?? '', name: p.name }]));
  const course = new Map(named.map((c) => [c.id, { id: c.id, name: c.name, code: c.code ?? '' }]));
  const details = await resolvePersonal(
    db,
    entries.map((e) => (e.detail as Record<string, unknown> | null) ?? null),
  );
  const refs = await refsOf(
    db,
    entries.map((e, i) => ({ detail: details[i] ?? null, entity: e.entity as AuditRow['entity'] })),
  );
  return entries.map((e, i) => ({
    id: e.id,
    at: e.createdAt.toISOString(),
    actor_kind: e.actorKind as AuditRow['actor_kind'],
    actor_name:
      e.actorId === null
        ? ''
        : e.actorKind === 'admin'
          ? (adminName.get(e.actorId) ?? '')
          : e.actorKind === 'student'
            ? (person.get(e.actorId)?.name ?? '')
            : '',
    action: e.action as AuditRow['action'],
    entity: e.entity as AuditRow['entity'],
    entity_id: e.entityId,
    student:
      e.studentId === null ? null : (person.get(e.studentId) ?? { id: e.studentId, login_id: '', name: '' }),
    course: e.courseId === null ? null : (course.get(e.courseId) ?? { id: e.courseId, name: '', code: '' }),
    via: e.via as AuditRow['via'],
    route: e.route,
    detail: details[i] ?? null,
    refs: refs[i] ?? { student: {}, course: {}, course_category: {}, notice_category: {}, university: {} },
  }));
}

/** GET /api/admin/audit/list/: one page, newest first, and the search's count up to AUDIT_COUNT_CAP + 1. */
export async function listAudit(db: Db, q: AuditListQuery) {
  const student = await studentOf(db, q);
  const where = whereOf(q, student);
  const [entries, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    // the count stops after the cap: a million entries are not counted for one page
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(auditLog)
        .where(where)
        .limit(AUDIT_COUNT_CAP + 1)
        .as('found'),
    ),
  ]);
  const total = counted?.n ?? 0;
  return {
    total,
    capped: total > AUDIT_COUNT_CAP,
    page: q.page,
    size: q.size,
    student,
    data_list: await present(db, entries),
  };
}

/** GET /api/admin/audit/list/csv/: the whole search, newest first, a batch at a time (keyset on the id). */
export async function auditCsvRows(db: Db, q: AuditSearch): Promise<AsyncIterable<AuditRow[]>> {
  const student = await studentOf(db, q);
  const where = whereOf(q, student);
  const batches = keysetBatches(
    { key: null, id: auditLog.id, dir: 'desc' },
    (more, orderBy, limit) =>
      db
        .select()
        .from(auditLog)
        .where(and(where, more))
        .orderBy(...orderBy)
        .limit(limit),
    (e) => ({ key: null, id: e.id }),
  );
  return (async function* () {
    for await (const entries of batches) yield await present(db, entries);
  })();
}
