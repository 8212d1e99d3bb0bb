import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface Actor {
  kind: 'admin' | 'student' | 'system';
  id: number | null;
}

/** Appends to the audit log; call it inside the transaction of the write it records. */
export async function audit(
  tx: DbOrTx,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | number | null,
  detail?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorKind: actor.kind,
    actorId: actor.id,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    detail: detail ?? null,
  });
}
