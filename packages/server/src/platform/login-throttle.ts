import { MSG } from '@manabi/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loginThrottles } from '../db/schema';
import { AppError } from './errors';
import type { SessionKind } from './sessions';

/**
 * The per-login-id lock (LOGIN_MAX_FAILURES in a row → LOGIN_LOCK_MINUTES), shared by the logins and the
 * my-page password change's current-password check.
 *
 * A password check is paid for *before* it is made: one atomic upsert counts the attempt as a failure and
 * succeeds only while the id is not locked and fewer than the maximum attempts are counted. Parallel
 * requests therefore cannot outrun the count (40 parallel guesses get at most LOGIN_MAX_FAILURES checks,
 * in one process or many: the database decides). A right password clears the count; a wrong one leaves
 * its failure counted and, at the maximum, locks the id.
 */
export async function checkPasswordThrottled(
  db: Db,
  cfg: Config,
  kind: SessionKind,
  loginId: string,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const now = new Date();
  const [reserved] = await db
    .insert(loginThrottles)
    .values({ kind, loginId, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginThrottles.kind, loginThrottles.loginId],
      set: {
        failures: sql`case when ${loginThrottles.lockedUntil} is null then ${loginThrottles.failures} + 1 else 1 end`,
        lockedUntil: null,
        updatedAt: now,
      },
      setWhere: sql`(${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= ${now}) and (${loginThrottles.lockedUntil} is not null or ${loginThrottles.failures} < ${cfg.loginMaxFailures})`,
    })
    .returning({ failures: loginThrottles.failures });
  if (!reserved) throw await lockedError(db, cfg, kind, loginId);

  if (await verify()) {
    await db
      .delete(loginThrottles)
      .where(and(eq(loginThrottles.kind, kind), eq(loginThrottles.loginId, loginId)));
    return true;
  }
  if (reserved.failures >= cfg.loginMaxFailures) {
    await db
      .update(loginThrottles)
      .set({ lockedUntil: new Date(Date.now() + cfg.loginLockMinutes * 60_000), updatedAt: new Date() })
      .where(and(eq(loginThrottles.kind, kind), eq(loginThrottles.loginId, loginId)));
    throw new AppError('LOCKED', MSG.accountLocked(cfg.loginLockMinutes));
  }
  return false;
}

/** 429 saying how long to wait (in whole minutes; the full lock while attempts are still in flight). */
async function lockedError(db: Db, cfg: Config, kind: SessionKind, loginId: string): Promise<AppError> {
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.kind, kind), eq(loginThrottles.loginId, loginId)));
  const until = row?.lockedUntil?.getTime() ?? 0;
  const minutes = until > Date.now() ? Math.ceil((until - Date.now()) / 60_000) : cfg.loginLockMinutes;
  return new AppError('LOCKED', MSG.accountLocked(minutes));
}
