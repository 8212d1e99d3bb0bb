import { MSG } from '@manabi/shared';
import type { SessionUser } from '@manabi/shared/api';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { adminUsers, loginThrottles, students } from '../../db/schema';
import { verifyPassword } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { createSession, destroySession, type SessionKind } from '../../platform/sessions';
import { adminSessionUser, studentSessionUser } from './auth.presenter';

interface LoginInput {
  login_id: string;
  password: string;
}
interface RequestMeta {
  ip: string;
  userAgent: string;
  /** the cookie presented before login: that session ends (session id regenerated at login) */
  previousToken: string | undefined;
}

/** Refuses while a login id is locked; the wait is said in whole minutes. */
async function assertNotLocked(db: Db, kind: SessionKind, loginId: string): Promise<void> {
  const [row] = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.kind, kind), eq(loginThrottles.loginId, loginId)));
  const until = row?.lockedUntil?.getTime() ?? 0;
  if (until > Date.now()) {
    throw new AppError('LOCKED', MSG.accountLocked(Math.ceil((until - Date.now()) / 60_000)));
  }
}

/** Counts a failure atomically; the Nth consecutive failure locks the id and is answered as locked. */
async function recordFailure(db: Db, cfg: Config, kind: SessionKind, loginId: string): Promise<never> {
  const [row] = await db
    .insert(loginThrottles)
    .values({ kind, loginId, failures: 1, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [loginThrottles.kind, loginThrottles.loginId],
      set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: new Date() },
    })
    .returning({ failures: loginThrottles.failures });
  if ((row?.failures ?? 0) >= cfg.loginMaxFailures) {
    await db
      .update(loginThrottles)
      .set({ failures: 0, lockedUntil: new Date(Date.now() + cfg.loginLockMinutes * 60_000) })
      .where(and(eq(loginThrottles.kind, kind), eq(loginThrottles.loginId, loginId)));
    throw new AppError('LOCKED', MSG.accountLocked(cfg.loginLockMinutes));
  }
  throw new AppError('VALIDATION', MSG.loginFailed, []);
}

async function clearFailures(db: Db, kind: SessionKind, loginId: string): Promise<void> {
  await db
    .delete(loginThrottles)
    .where(and(eq(loginThrottles.kind, kind), eq(loginThrottles.loginId, loginId)));
}

export async function loginAdmin(
  db: Db,
  cfg: Config,
  input: LoginInput,
  meta: RequestMeta,
): Promise<{ token: string; user: SessionUser }> {
  await assertNotLocked(db, 'admin', input.login_id);
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.loginId, input.login_id));
  const ok = await verifyPassword(admin?.passwordHash, input.password);
  if (!admin || !ok) return recordFailure(db, cfg, 'admin', input.login_id);
  await clearFailures(db, 'admin', input.login_id);
  if (admin.isRejection) {
    throw new AppError('FORBIDDEN', 'このIDではログインできません。システム管理者にお問い合わせください。');
  }
  await destroySession(db, meta.previousToken);
  const { token } = await createSession(db, cfg, 'admin', admin.id, meta);
  return { token, user: adminSessionUser(admin) };
}

export async function loginStudent(
  db: Db,
  cfg: Config,
  input: LoginInput,
  meta: RequestMeta,
): Promise<{ token: string; user: SessionUser }> {
  await assertNotLocked(db, 'student', input.login_id);
  const [student] = await db
    .select()
    .from(students)
    .where(and(eq(students.loginId, input.login_id), eq(students.approvalStatus, '1')));
  const ok = await verifyPassword(student?.passwordHash, input.password);
  if (!student || !ok) return recordFailure(db, cfg, 'student', input.login_id);
  await clearFailures(db, 'student', input.login_id);
  if (student.isRejection) {
    throw new AppError('FORBIDDEN', 'このIDではログインできません。事務局にお問い合わせください。');
  }
  await destroySession(db, meta.previousToken);
  const { token } = await createSession(db, cfg, 'student', student.id, meta);
  return { token, user: studentSessionUser(student) };
}

export async function sessionUserOf(db: Db, kind: SessionKind, userId: number): Promise<SessionUser | null> {
  if (kind === 'admin') {
    const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
    return admin && !admin.isRejection ? adminSessionUser(admin) : null;
  }
  const [student] = await db.select().from(students).where(eq(students.id, userId));
  return student && student.approvalStatus === '1' && !student.isRejection
    ? studentSessionUser(student)
    : null;
}
