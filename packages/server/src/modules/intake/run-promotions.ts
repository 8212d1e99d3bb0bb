/**
 * The promotions (繰り上げ) of a course's draws, for the lottery record (decision 086): a promotion is no draw
 * of its own, so the record shows each under the draw whose 補欠 it moved up. Read from the audit log's
 * `promote` entries (the course's, by audit_log_course_idx), each matched to the draw whose entries hold its
 * application (an application is drawn once).
 */
import { LOTTERY } from '@manabi/shared/codes';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminUsers, auditLog } from '../../db/schema';
import type { LotteryEntry } from '../../platform/verifiable-lottery';

/** One promotion as the record shows it. */
export interface RunPromotion {
  application_id: number;
  /** the place the draw gave (補欠n番), and the place it had moved up to when promoted */
  drawn_rank: number | null;
  waitlist_rank: number | null;
  promoted_at: string;
  /** 'office': by hand on the applicant tab; 'auto': a freed seat (a cancel, a decline, a lapse) */
  by: 'office' | 'auto';
  /** the admin who promoted by hand, else '' */
  admin_name: string;
}

/** The path the promotion by hand comes through: its audit entries carry it as their route. */
const BY_HAND = endpoints.adminIntake.promote.path;

/** Each run's promotions, oldest first, by run id (a run without any is left out). */
export async function promotionsOfRuns(
  db: DbOrTx,
  courseId: number,
  runs: readonly { id: number; entries: readonly LotteryEntry[] }[],
): Promise<Map<number, RunPromotion[]>> {
  const out = new Map<number, RunPromotion[]>();
  const drawnIn = new Map<string, { run: number; entry: LotteryEntry }>();
  for (const run of runs)
    for (const entry of run.entries)
      if (entry.outcome === LOTTERY.WAITLISTED)
        drawnIn.set(String(entry.application_id), { run: run.id, entry });
  if (drawnIn.size === 0) return out;
  const rows = await db
    .select({
      entityId: auditLog.entityId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      actorKind: auditLog.actorKind,
      actorId: auditLog.actorId,
      route: auditLog.route,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.courseId, courseId),
        eq(auditLog.action, 'promote'),
        eq(auditLog.entity, 'course_application'),
      ),
    )
    .orderBy(asc(auditLog.id));
  const names = await adminNames(
    db,
    rows.filter((r) => r.actorKind === 'admin' && r.actorId !== null).map((r) => r.actorId as number),
  );
  for (const r of rows) {
    const drawn = r.entityId === null ? undefined : drawnIn.get(r.entityId);
    if (!drawn) continue;
    const byHand = r.route === BY_HAND;
    const rank = (r.detail as { waitlist_rank?: unknown } | null)?.waitlist_rank;
    const list = out.get(drawn.run) ?? [];
    list.push({
      application_id: drawn.entry.application_id,
      drawn_rank: drawn.entry.waitlist_rank,
      waitlist_rank: typeof rank === 'number' ? rank : null,
      promoted_at: r.createdAt.toISOString(),
      by: byHand ? 'office' : 'auto',
      admin_name: byHand && r.actorId !== null ? (names.get(r.actorId) ?? '') : '',
    });
    out.set(drawn.run, list);
  }
  return out;
}

async function adminNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: adminUsers.id, name: adminUsers.name })
    .from(adminUsers)
    .where(inArray(adminUsers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
