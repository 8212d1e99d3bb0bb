import type { AuditAction, AuditEntity } from '@manabi/shared/schemas/audit';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, mailOutbox } from '../db/schema';
import { executeNamed } from '../db/statements';
import { enqueueMail, type MailMessage, outboxRow } from './mail';
import { requestScope } from './request-scope';

export interface Actor {
  kind: 'admin' | 'student' | 'system';
  id: number | null;
}

/**
 * What the audit log records, and the kinds of record it is about: closed lists, written once with their
 * words (shared/schemas/audit.ts), so the viewer and a report can rely on every value they may meet.
 */
export type { AuditAction, AuditEntity } from '@manabi/shared/schemas/audit';

/** A student acting on their own record (contacts, password, address, feed): actor and subject alike. */
export const onOwnRecord = (studentId: number) =>
  ({ actor: { kind: 'student', id: studentId }, entity: 'student', entityId: studentId }) as const;

/** One entry of the audit log, and the mail that goes with it, if any. */
export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  entity: AuditEntity;
  /** the record it is about (with `write`: the written row's id) */
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  /**
   * The student and the course the entry is about, for their timelines (decision 067), where neither the
   * entity nor the detail's student_id / course_id nor a student's own act says it.
   */
  studentId?: number | null;
  courseId?: number | null;
  /** a mail about the same act, queued in the same transaction */
  mail?: MailMessage | null;
}

/**
 * Appends to the audit log, in the transaction of the write it records, and queues its mail if it has one.
 *
 * Given `write` (an INSERT or UPDATE returning the row's `id`), the row, its entry about that row and the
 * mail are written by one named statement (decision 023: the apply's and the cancel's path); a write that
 * touched no row logs and mails nothing. Answers the written row's id, or undefined.
 */
export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<undefined>;
export async function audit(
  tx: DbOrTx,
  entry: Omit<AuditEntry, 'entityId'> & { write: SQLWrapper },
): Promise<number | undefined>;
export async function audit(
  tx: DbOrTx,
  entry: AuditEntry & { write?: SQLWrapper },
): Promise<number | undefined> {
  if (entry.write) return writeAudited(tx, entry.write, entry);
  await tx.insert(auditLog).values(auditRow(entry));
  if (entry.mail) await enqueueMail(tx, entry.mail);
  return undefined;
}

/** The row, its audit entry and its mail in one statement (see {@link audit}). */
async function writeAudited(tx: DbOrTx, write: SQLWrapper, entry: AuditEntry): Promise<number | undefined> {
  const e = auditRow(entry);
  const m = entry.mail && outboxRow(entry.mail);
  const mailed = m
    ? sql`, mailed as (
        insert into ${mailOutbox} ("to", subject, body, holds_secret, student_id, notice_id)
        select ${m.to}::varchar, ${m.subject}::varchar, ${m.body}::text, ${m.holdsSecret}::boolean,
          ${m.studentId}::int, ${m.noticeId}::int from logged)`
    : sql``;
  // the text is the same for every write of a kind (every value a parameter): named, it is planned once a
  // connection
  const result = await executeNamed(
    tx,
    sql`
    with written as (${write.getSQL()}),
    logged as (
      insert into ${auditLog} (actor_kind, actor_id, action, entity, entity_id, detail, student_id, course_id, via, route)
      select ${e.actorKind}::varchar, ${e.actorId}::int, ${e.action}::varchar, ${e.entity}::varchar, written.id::text,
        ${e.detail === null ? null : JSON.stringify(e.detail)}::jsonb, ${e.studentId}::int, ${e.courseId}::int,
        ${e.via}::varchar, ${e.route}::varchar
      from written
      returning id)${mailed}
    select id from written`,
  );
  const [row] = result.rows as { id: number | string }[];
  return row === undefined ? undefined : Number(row.id);
}

/** A whole number the detail holds (as JSON keeps it, or as text), else null. */
const idIn = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Appends several entries in one statement (no mail): the acts of one write on many records, each entry
 * about its own record, student and course, so each shows on its timeline.
 */
export async function auditMany(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(auditLog).values(entries.map(auditRow));
}

/**
 * The row of an entry. Whom it is about is the entry's own say, else the record (a student's, a course's),
 * else the ids the detail names, else — a student acting — the student (migration 0026 filled the entries
 * written before by the same rule). How it came is the request's scope; outside one, a job's.
 */
function auditRow({ actor, action, entity, entityId, detail, studentId, courseId }: AuditEntry) {
  const own = entityId === null || entityId === undefined ? null : idIn(String(entityId));
  const scope = requestScope();
  return {
    actorKind: actor.kind,
    actorId: actor.id,
    action,
    entity,
    entityId: entityId === null || entityId === undefined ? null : String(entityId),
    detail: detail ?? null,
    studentId:
      studentId ??
      (entity === 'student' ? own : null) ??
      idIn(detail?.student_id) ??
      (actor.kind === 'student' ? actor.id : null),
    courseId: courseId ?? (entity === 'course' ? own : null) ?? idIn(detail?.course_id),
    via: scope?.via ?? 'job',
    route: scope?.route ?? null,
  };
}

/** A value as the log keeps it: an instant as ISO text, nothing as null. */
const kept = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * What an update changed, for its entry (decision 067): `changes` holds each listed field that differs as
 * [before, after]; `changed_fields` names each `withheld` field that differs without its values — a person's
 * contact data and the like, which the log does not keep.
 */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: { shown: readonly string[]; withheld?: readonly string[] },
): { changes: Record<string, [unknown, unknown]>; changed_fields?: string[] } {
  const differs = (k: string) =>
    k in after && JSON.stringify(kept(before[k])) !== JSON.stringify(kept(after[k]));
  const changes: Record<string, [unknown, unknown]> = {};
  for (const k of fields.shown) if (differs(k)) changes[k] = [kept(before[k]), kept(after[k])];
  const withheld = (fields.withheld ?? []).filter(differs);
  return withheld.length ? { changes, changed_fields: withheld } : { changes };
}
