import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { sessions } from '../db/schema';
import { executeNamed } from '../db/statements';
import { randomToken, sha256 } from './crypto';

export type SessionKind = 'admin' | 'student';

/** Separate cookies, so an admin and a student can be logged in side by side in one browser. */
export const COOKIE = { admin: 'manabi_admin', student: 'manabi_mypage' } as const;

/**
 * last_seen_at is written at most this often: the idle clock is exact to this many seconds. Never more
 * than a tenth of the idle timeout, or a short timeout could not be extended (「ログインを続ける」 comes
 * timeout/2 before the end, which is within 10 s of the last write when the timeout is under 20 s).
 */
const TOUCH_EVERY_MS = 10_000;
const touchEveryMs = (cfg: Config) => Math.min(TOUCH_EVERY_MS, (cfg.sessionIdleSeconds * 1000) / 10);

export interface SessionRow {
  idHash: string;
  kind: SessionKind;
  userId: number;
  lastSeenAt: Date;
  expiresAt: Date;
}

export async function createSession(
  db: DbOrTx,
  cfg: Config,
  kind: SessionKind,
  userId: number,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; row: SessionRow }> {
  const token = randomToken();
  const now = new Date();
  const row = {
    idHash: sha256(token),
    kind,
    adminId: kind === 'admin' ? userId : null,
    studentId: kind === 'student' ? userId : null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + cfg.sessionAbsoluteSeconds * 1000),
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 300),
  };
  await db.insert(sessions).values(row);
  return { token, row: { idHash: row.idHash, kind, userId, lastSeenAt: now, expiresAt: row.expiresAt } };
}

/**
 * Restarts the idle clocks of `touched` (id hash → when) in one statement, committed without waiting for the
 * WAL to reach the disk: `synchronous_commit` is off for this statement's own transaction only (never the
 * connection's, never a caller's transaction: it takes the pool, not a transaction). A touch lost in a
 * database crash only brings an idle end forward, by at most the touch interval.
 */
const touchSessions = (db: Db, touched: ReadonlyMap<string, Date>) =>
  executeNamed(
    db,
    sql`with async_commit as (select set_config('synchronous_commit', 'off', true))
      update ${sessions} set ${sql.identifier(sessions.lastSeenAt.name)} = touched.at
      from unnest(${sql.param([...touched.keys()])}::text[], ${sql.param([...touched.values()].map((d) => d.toISOString()))}::timestamptz[])
        as touched(id_hash, at), async_commit
      where ${sessions.idHash} = touched.id_hash`,
  );

/** How long the idle clocks touched by calls wait to be written together. */
const TOUCH_BATCH_MS = 100;
const pendingTouches = new WeakMap<Db, Map<string, Date>>();

/**
 * Restarts a session's idle clock beside the call, not before its answer: after a pause every session's
 * first call touches, and those writes, one statement each and awaited, were the first second's whole
 * difference from the steady ones (decision 055). The touches of TOUCH_BATCH_MS go out as one statement. A
 * touch that fails or is lost leaves the old clock, which can only end the session sooner, and the next call
 * touches again.
 */
function touchSoon(db: Db, idHash: string, at: Date): void {
  let pending = pendingTouches.get(db);
  if (pending === undefined) {
    const batch = new Map<string, Date>();
    pendingTouches.set(db, batch);
    setTimeout(() => {
      pendingTouches.delete(db);
      void touchSessions(db, batch).catch(() => {});
    }, TOUCH_BATCH_MS).unref();
    pending = batch;
  }
  pending.set(idHash, at);
}

/**
 * Decides on a session row already read (alone, or joined with its user by a guard): null when idle too
 * long or past its absolute end (the row is deleted); with `touch`, the idle clock restarts.
 */
export async function checkSession(
  db: Db,
  cfg: Config,
  row: { idHash: string; lastSeenAt: Date; expiresAt: Date },
  touch: boolean | 'force',
): Promise<{ lastSeenAt: Date; expiresAt: Date } | null> {
  const now = Date.now();
  const idleEnd = row.lastSeenAt.getTime() + cfg.sessionIdleSeconds * 1000;
  if (now >= idleEnd || now >= row.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.idHash, row.idHash));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (touch === 'force') {
    // the idle dialog's 「ログインを続ける」 answers the new remaining time: written before it answers
    lastSeenAt = new Date(now);
    await touchSessions(db, new Map([[row.idHash, lastSeenAt]]));
  } else if (touch && now - row.lastSeenAt.getTime() >= touchEveryMs(cfg)) {
    lastSeenAt = new Date(now);
    touchSoon(db, row.idHash, lastSeenAt);
  }
  return { lastSeenAt, expiresAt: row.expiresAt };
}

/** The hash under which a cookie's session is stored, or null for a value that cannot be one. */
export const sessionKey = (token: string | undefined) =>
  token && token.length <= 100 ? sha256(token) : null;

/**
 * The live session for a cookie value, or null when missing, idle too long or past its absolute end
 * (an expired row is deleted). With `touch`, the idle clock restarts.
 */
export async function loadSession(
  db: Db,
  cfg: Config,
  kind: SessionKind,
  token: string | undefined,
  /** true: restart the idle clock (throttled); 'force': restart it now (the idle dialog's 「ログインを続ける」) */
  touch: boolean | 'force',
): Promise<SessionRow | null> {
  const idHash = sessionKey(token);
  if (!idHash) return null;
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), eq(sessions.kind, kind)));
  if (!row) return null;
  const live = await checkSession(db, cfg, row, touch);
  const userId = kind === 'admin' ? row.adminId : row.studentId;
  if (!live || userId === null) return null;
  return { idHash, kind, userId, ...live };
}

export function idleRemainingSeconds(cfg: Config, row: SessionRow): number {
  const idleEnd = row.lastSeenAt.getTime() + cfg.sessionIdleSeconds * 1000;
  const end = Math.min(idleEnd, row.expiresAt.getTime());
  return Math.max(0, Math.floor((end - Date.now()) / 1000));
}

export async function destroySession(db: DbOrTx, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

/** Ends every session of a student (password reset) or admin, optionally keeping one. */
export async function destroyUserSessions(
  db: DbOrTx,
  kind: SessionKind,
  userId: number,
  /** the hash of a session to keep (the student's own, when they change their password) */
  keepIdHash?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        kind === 'admin' ? eq(sessions.adminId, userId) : eq(sessions.studentId, userId),
        keepIdHash === undefined ? undefined : ne(sessions.idHash, keepIdHash),
      ),
    );
}

/** Housekeeping: drop sessions that can no longer be used. */
export async function purgeExpiredSessions(db: DbOrTx, cfg: Config): Promise<void> {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - cfg.sessionIdleSeconds * 1000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)));
}
