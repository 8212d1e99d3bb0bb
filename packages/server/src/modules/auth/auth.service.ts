import { MSG } from '@manabi/shared';
import type { SessionUser } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { adminUsers, students } from '../../db/schema';
import { verifyPassword } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { checkPasswordThrottled, type ThrottleOutcome } from '../../platform/login-throttle';
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
  /** told how the password check ended (the metrics' failed logins and locks) */
  observe?: (outcome: ThrottleOutcome) => void;
}

const wrongIdOrPassword = () => new AppError('VALIDATION', MSG.loginFailed, []);

export async function loginAdmin(
  db: Db,
  cfg: Config,
  input: LoginInput,
  meta: RequestMeta,
): Promise<{ token: string; user: SessionUser }> {
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.loginId, input.login_id));
  // an unknown id is checked (and throttled) like a known one: the answer and its timing say nothing
  const ok = await checkPasswordThrottled(
    db,
    cfg,
    'admin',
    input.login_id,
    () => verifyPassword(admin?.passwordHash, input.password),
    meta.observe,
  );
  if (!admin || !ok) throw wrongIdOrPassword();
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
  const [student] = await db
    .select()
    .from(students)
    .where(and(eq(students.loginId, input.login_id), eq(students.approvalStatus, APPROVAL.APPROVED)));
  const ok = await checkPasswordThrottled(
    db,
    cfg,
    'student',
    input.login_id,
    () => verifyPassword(student?.passwordHash, input.password),
    meta.observe,
  );
  if (!student || !ok) throw wrongIdOrPassword();
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
  return student && student.approvalStatus === APPROVAL.APPROVED && !student.isRejection
    ? studentSessionUser(student)
    : null;
}
