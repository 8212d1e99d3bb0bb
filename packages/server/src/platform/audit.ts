import type { AuditAction, AuditEntity } from '@manabi/shared/schemas/audit';
import { inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, auditPersonal } from '../db/schema';
import { executeNamed } from '../db/statements';
import { enqueueMail, type MailMessage, mailFrom } from './outbox';
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
 * touched no row, or whose row answers a null `id` (a reset request that leads nowhere, decision 091), logs
 * and mails nothing. Answers the written row's id, or undefined.
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
  const [row] = await auditRowsOf(tx, [entry]);
  if (!row) throw new Error('no audit row');
  if (entry.write) return writeAudited(tx, entry.write, row, entry.mail);
  await tx.insert(auditLog).values(row);
  if (entry.mail) await enqueueMail(tx, entry.mail);
  return undefined;
}

/** The row, its audit entry and its mail in one statement (see {@link audit}). */
async function writeAudited(
  tx: DbOrTx,
  write: SQLWrapper,
  e: AuditRowValues,
  mail: MailMessage | null | undefined,
): Promise<number | undefined> {
  // the mail once, when the entry was written (the outbox's insert, its values parameters)
  const mailed = mail ? sql`, mailed as (${mailFrom(sql`logged`, mail)})` : sql``;
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
      from written where written.id is not null
      returning id)${mailed}
    select id from written`,
  );
  const [row] = result.rows as { id: number | string | null }[];
  return row?.id === undefined || row.id === null ? undefined : Number(row.id);
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
  if (entries.length > 0) await tx.insert(auditLog).values(await auditRowsOf(tx, entries));
}

// ---- a person's values by reference (decision 081) ----

/**
 * The detail keys whose values are a person's own or words written about a person: a note taken on the
 * phone, a remark, a reason, a name. In an entry about a student they are kept in audit_personal and the
 * detail refers to them, wherever in the detail they stand (a `changes` pair, a `before` image).
 */
export const PERSONAL_DETAIL_KEYS: ReadonlySet<string> = new Set([
  'note',
  'remarks',
  'reason',
  'void_reason',
  'return_reason',
  'decision_note',
  'kept_name',
  'payer_name',
  'withdrawal_reason',
]);

/** How a detail refers to a kept value. */
const REF = '$personal';
/** What an entry shows where the value it referred to was erased. */
export const ERASED_PERSON = '消去済みの個人';

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** The detail with each personal value replaced by `take(value)`'s reference. */
function withRefs(detail: unknown, take: (value: unknown) => { [REF]: number }): unknown {
  if (Array.isArray(detail)) return detail.map((v) => withRefs(v, take));
  if (!isPlain(detail)) return detail;
  return Object.fromEntries(
    Object.entries(detail).map(([k, v]) => [
      k,
      PERSONAL_DETAIL_KEYS.has(k) ? personalRef(v, take) : withRefs(v, take),
    ]),
  );
}

/** A personal value's reference; a `changes` pair [before, after] becomes a pair of references. */
const personalRef = (v: unknown, take: (value: unknown) => { [REF]: number }): unknown =>
  v === null || v === undefined || v === ''
    ? v
    : Array.isArray(v)
      ? v.map((x) => personalRef(x, take))
      : take(v);

type AuditRowValues = ReturnType<typeof auditRow>;

/**
 * The rows of the entries, their personal values moved to audit_personal: one statement for the ids and one
 * insert for all the values, only when some entry about a student holds one.
 */
async function auditRowsOf(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<AuditRowValues[]> {
  const rows = entries.map(auditRow);
  const values: { studentId: number; value: unknown }[] = [];
  const planned = rows.map((r) => {
    const studentId = r.studentId;
    if (studentId === null || r.detail === null) return r;
    const detail = withRefs(r.detail, (value) => {
      values.push({ studentId, value });
      return { [REF]: values.length - 1 };
    }) as Record<string, unknown>;
    return { ...r, detail };
  });
  if (values.length === 0) return rows;
  const ids = (
    await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('audit_personal', 'id'))`.mapWith(Number) })
      .from(sql`generate_series(1, ${values.length}::int)`)
  ).map((r) => r.id);
  await tx
    .insert(auditPersonal)
    .values(values.map((v, i) => ({ id: ids[i] as number, studentId: v.studentId, value: v.value })));
  const toId = (d: unknown): unknown =>
    Array.isArray(d)
      ? d.map(toId)
      : isPlain(d)
        ? REF in d && Object.keys(d).length === 1
          ? { [REF]: ids[d[REF] as number] }
          : Object.fromEntries(Object.entries(d).map(([k, v]) => [k, toId(v)]))
        : d;
  return planned.map((r, i) =>
    r === rows[i] ? r : { ...r, detail: toId(r.detail) as Record<string, unknown> },
  );
}

/**
 * The details with their references read back: each kept value in its place, 「消去済みの個人」 where the
 * person's values were erased. One look-up for all the details given.
 */
export async function resolvePersonal<T extends Record<string, unknown> | null>(
  db: DbOrTx,
  details: readonly T[],
): Promise<T[]> {
  const ids = new Set<number>();
  const collect = (d: unknown): void => {
    if (Array.isArray(d)) d.forEach(collect);
    else if (isPlain(d)) {
      if (typeof d[REF] === 'number' && Object.keys(d).length === 1) ids.add(d[REF]);
      else Object.values(d).forEach(collect);
    }
  };
  details.forEach(collect);
  if (ids.size === 0) return [...details];
  const kept = new Map(
    (
      await db
        .select({ id: auditPersonal.id, value: auditPersonal.value })
        .from(auditPersonal)
        .where(inArray(auditPersonal.id, [...ids]))
    ).map((r) => [r.id, r.value]),
  );
  const put = (d: unknown): unknown =>
    Array.isArray(d)
      ? d.map(put)
      : isPlain(d)
        ? typeof d[REF] === 'number' && Object.keys(d).length === 1
          ? kept.has(d[REF])
            ? kept.get(d[REF])
            : ERASED_PERSON
          : Object.fromEntries(Object.entries(d).map(([k, v]) => [k, put(v)]))
        : d;
  return details.map((d) => put(d) as T);
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
