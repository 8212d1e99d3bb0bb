import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, mailOutbox } from '../db/schema';
import { executeNamed } from '../db/statements';
import { type MailMessage, outboxRow } from './mail';

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
  // class days (issue 17): a student's calendar feed address made (or replaced) and revoked
  'calendar_feed',
  'calendar_feed_revoke',
  // QR check-in at the venue (issue 17): every scan, refused ones too
  'check_in',
  'check_in_refused',
  // 住所変更の届出 (decision 040): the student's request, the office's approval or return
  'address_request',
  'address_approve',
  'address_return',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an audit row is about. */
export const AUDIT_ENTITIES = [
  'admin_user',
  'course',
  'course_application',
  'notice',
  'notice_category',
  'student',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Appends to the audit log; call it inside the transaction of the write it records. */
export async function audit(
  tx: DbOrTx,
  actor: Actor,
  action: AuditAction,
  entity: AuditEntity,
  entityId: string | number | null,
  detail?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(auditLog).values(auditRow(actor, action, entity, entityId, detail));
}

/**
 * A write of one row, its audit entry and, when there is one, the mail about it: one statement (issue 16),
 * in the caller's transaction. `write` is an INSERT or UPDATE returning the row's `id`, and the entry is about
 * that row. A write that touched no row logs and mails nothing and answers undefined.
 */
export async function auditedWrite(
  tx: DbOrTx,
  write: SQLWrapper,
  mail: MailMessage | null,
  actor: Actor,
  action: AuditAction,
  entity: AuditEntity,
  detail?: Record<string, unknown>,
): Promise<number | undefined> {
  const e = auditRow(actor, action, entity, null, detail);
  const m = mail && outboxRow(mail);
  const mailed = m
    ? sql`, mailed as (
        insert into ${mailOutbox} ("to", subject, body, holds_secret)
        select ${m.to}::varchar, ${m.subject}::varchar, ${m.body}::text, ${m.holdsSecret}::boolean from logged)`
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

const auditRow = (
  actor: Actor,
  action: AuditAction,
  entity: AuditEntity,
  entityId: string | number | null,
  detail?: Record<string, unknown>,
) => ({
  actorKind: actor.kind,
  actorId: actor.id,
  action,
  entity,
  entityId: entityId === null ? null : String(entityId),
  detail: detail ?? null,
});
