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
 * its failure counted; the attempt that reaches the maximum wrote the lock when it was counted.
 */
/**
 * How a throttled check ended, for the metrics: success, failure (a wrong password), locked (a wrong
 * password that reached the maximum and locked the id) or refused (not checked: the id was locked).
 */
export type ThrottleOutcome = 'success' | 'failure' | 'locked' | 'refused';

export async function checkPasswordThrottled(
  db: Db,
  cfg: Config,
  kind: SessionKind,
  loginId: string,
  verify: () => Promise<boolean>,
  observe: (outcome: ThrottleOutcome) => void = () => {},
): Promise<boolean> {
  const now = new Date();
  const max = Math.max(1, cfg.loginMaxFailures);
  const lockUntil = new Date(now.getTime() + cfg.loginLockMinutes * 60_000);
  // a count at the maximum with no lock written is an attempt still being checked — or one whose process
  // died before it could finish: after a lock's length it is stale and the count starts again
  const staleBefore = new Date(now.getTime() - cfg.loginLockMinutes * 60_000);
  const t = loginThrottles;
  const restart = sql`(${t.lockedUntil} is not null or ${t.failures} >= ${max})`;
  const counted = sql`case when ${restart} then 1 else ${t.failures} + 1 end`;
  const [reserved] = await db
    .insert(t)
    .values({ kind, loginId, failures: 1, lockedUntil: max <= 1 ? lockUntil : null, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.kind, t.loginId],
      set: {
        failures: counted,
        // the attempt that reaches the maximum writes the lock itself: a right password then clears it,
        // a wrong one leaves it; no second write that a crash could leave undone
        lockedUntil: sql`case when ${counted} >= ${max} then ${lockUntil}::timestamptz else null end`,
        updatedAt: now,
      },
      setWhere: sql`(${t.lockedUntil} is null and ${t.failures} < ${max})
        or ${t.lockedUntil} <= ${now}
        or (${t.lockedUntil} is null and ${t.updatedAt} <= ${staleBefore})`,
    })
    .returning({ failures: t.failures });
  if (!reserved) {
    observe('refused');
    throw await lockedError(db, cfg, kind, loginId);
  }

  if (await verify()) {
    await db.delete(t).where(and(eq(t.kind, kind), eq(t.loginId, loginId)));
    observe('success');
    return true;
  }
  if (reserved.failures >= max) {
    observe('locked');
    throw new AppError('LOCKED', MSG.accountLocked(cfg.loginLockMinutes));
  }
  observe('failure');
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
