import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, mailOutbox } from '../db/schema';
import { executeNamed } from '../db/statements';
import { enqueueMail, type MailMessage, outboxRow } from './mail';

export interface Actor {
  kind: 'admin' | 'student' | 'system';
  id: number | null;
}

/** What the audit log records: a closed list, so a report can rely on every value it may meet. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'update_batch',
  'cancel',
  'apply',
  'lottery',
  'upload',
  'admission',
  'approve',
  'reject',
  'update_contacts',
  'password_change',
  'password_reset',
  'password_reset_mail',
  // the intake cycle (decision 015)
  'intake_settings',
  'promote',
  'confirm',
  'decline',
  'lapse',
  // class days: a student's calendar feed address made (or replaced) and revoked
  'calendar_feed',
  'calendar_feed_revoke',
  // QR check-in at the venue: every scan, refused ones too
  'check_in',
  'check_in_refused',
  // 住所変更の届出 (decision 040): the student's request, the office's approval or return
  'address_request',
  'address_approve',
  'address_return',
  // the work list (decision 057): a mail the outbox gave up on, put back in line by the office
  'mail_retry',
  // reaching students offline (decision 065): a telephone call recorded, letters printed for posting
  'call',
  'letters_printed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an audit row is about. */
export const AUDIT_ENTITIES = [
  'admin_user',
  'course',
  'course_application',
  'mail',
  'notice',
  'notice_category',
  'student',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

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
      insert into ${auditLog} (actor_kind, actor_id, action, entity, entity_id, detail)
      select ${e.actorKind}::varchar, ${e.actorId}::int, ${e.action}::varchar, ${e.entity}::varchar, written.id::text,
        ${e.detail === null ? null : JSON.stringify(e.detail)}::jsonb
      from written
      returning id)${mailed}
    select id from written`,
  );
  const [row] = result.rows as { id: number | string }[];
  return row === undefined ? undefined : Number(row.id);
}

const auditRow = ({ actor, action, entity, entityId, detail }: AuditEntry) => ({
  actorKind: actor.kind,
  actorId: actor.id,
  action,
  entity,
  entityId: entityId === null || entityId === undefined ? null : String(entityId),
  detail: detail ?? null,
});
