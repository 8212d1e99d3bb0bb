import { MSG } from '@manabi/shared';
import type { ErrorBody, SessionUser } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { and, eq, inArray } from 'drizzle-orm';
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

/**
 * 403 for a withdrawn student (退会, decision 072) whose password was right: their registration has ended, and
 * the office's phone — in the message, and as `office_phone` for the screen to make a link of (decision 090).
 * Said only after the right password, so the answer tells no one else that the number was withdrawn.
 */
class RegistrationEnded extends AppError {
  constructor(readonly officePhone: string) {
    super(
      'FORBIDDEN',
      `この学生番号のご登録は、退会の手続きにより終了しています。ご不明な点は、事務局（電話 ${officePhone}）にお問い合わせください。`,
    );
  }

  override toBody(): ErrorBody {
    return { ...super.toBody(), office_phone: this.officePhone };
  }
}

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
  // a withdrawn record is read too (its password is kept until the retention rule erases it), and checked
  // and throttled the same way: only a right password learns that the registration has ended
  const [student] = await db
    .select()
    .from(students)
    .where(
      and(
        eq(students.loginId, input.login_id),
        inArray(students.approvalStatus, [APPROVAL.APPROVED, APPROVAL.WITHDRAWN]),
      ),
    );
  const ok = await checkPasswordThrottled(
    db,
    cfg,
    'student',
    input.login_id,
    () => verifyPassword(student?.passwordHash, input.password),
    meta.observe,
  );
  if (!student || !ok) throw wrongIdOrPassword();
  if (student.approvalStatus === APPROVAL.WITHDRAWN) throw new RegistrationEnded(cfg.officePhone);
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
