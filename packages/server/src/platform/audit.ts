import type { DbOrTx } from '../db/client';
import { auditLog, mailOutbox } from '../db/schema';
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
 * {@link audit} and, when there is one, {@link enqueueMail} of `mail`: one statement for both (issue 16),
 * in the caller's transaction.
 */
export async function auditAndMail(
  tx: DbOrTx,
  mail: MailMessage | null,
  ...entry: Parameters<typeof auditRow>
): Promise<void> {
  if (!mail) return audit(tx, ...entry);
  const logged = tx.$with('logged').as(
    tx
      .insert(auditLog)
      .values(auditRow(...entry))
      .returning({ id: auditLog.id }),
  );
  await tx.with(logged).insert(mailOutbox).values(outboxRow(mail));
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
