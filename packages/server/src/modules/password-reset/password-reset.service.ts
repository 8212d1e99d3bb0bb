import type { PasswordCheckResult } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { PASSWORD_RESET_MSG } from '@manabi/shared/schemas/password-reset';
import { toHalfWidth } from '@manabi/shared/validation/normalize';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { loginThrottles, passwordResetTokens, students } from '../../db/schema';
import { audit, onOwnRecord } from '../../platform/audit';
import { hashPassword, randomToken, sha256 } from '../../platform/crypto';
import { enqueueMail, officeFooter } from '../../platform/mail';
import { destroyUserSessions, sessionKey } from '../../platform/sessions';

/**
 * Reset mails per student per rolling hour. Beyond it the request is answered as any other (no
 * enumeration) but no token is made and nothing is sent: a stranger who knows a login id and address
 * cannot flood that mailbox, and the student's newest link stays the one that works.
 */
export const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/** Mail addresses compare case-insensitively and width-normalised (「ＹＡＭＡＤＡ＠…」 is 'yamada@…'). */
const mailKey = (s: string) => toHalfWidth(s).trim().toLowerCase();

interface SendMailInput {
  login_id: string;
  mail_address: string;
}

export function resetMail(
  config: Pick<Config, 'publicUrl' | 'officePhone' | 'officeMail'>,
  student: { name: string },
  token: string,
  expiresAt: Date,
) {
  const url = new URL(`/mypage/passwordsetting/${token}`, config.publicUrl).toString();
  return {
    holdsSecret: true,
    subject: '【まなび】パスワード再設定のご案内',
    body: [
      `${student.name} 様`,
      '',
      'マイページのパスワード再設定のお申込みを受け付けました。',
      '下記のURLを開き、新しいパスワードを設定してください。',
      '',
      url,
      '',
      `このURLの有効期限：${formatDateTimeJa(expiresAt)}`,
      'URLは一度だけ使えます。再設定のメールを何度かお申込みの場合は、最後に届いたメールのURLをお使いください。',
      '',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変わりません。',
      ...officeFooter(config),
    ].join('\n'),
  };
}

/**
 * POST /api/mypage/login/sendmail/: always `{result: true}`. A token and a mail only when the login id
 * names an approved, not refused student whose mail 1 or 2 is the address, and the hourly allowance is
 * not used up. Every request does the same work (a lookup, a token and its hash, a count) so the answer
 * time does not tell whether the account exists. Returns whether a mail was queued (for the caller's
 * mailer nudge; never sent to the client).
 */
export async function requestReset(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'officePhone' | 'officeMail' | 'resetTokenHours'>,
  input: SendMailInput,
  now: Date = new Date(),
): Promise<boolean> {
  const token = randomToken();
  const tokenHash = sha256(token);
  const address = mailKey(input.mail_address);
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({
        id: students.id,
        name: students.name,
        mail1: students.mail1,
        mail2: students.mail2,
        isRejection: students.isRejection,
      })
      .from(students)
      .where(and(eq(students.loginId, input.login_id), eq(students.approvalStatus, APPROVAL.APPROVED)))
      .for('update'); // one request at a time per student: exactly one unused token survives
    const matches =
      student !== undefined &&
      !student.isRejection &&
      address !== '' &&
      (mailKey(student.mail1) === address || mailKey(student.mail2) === address);
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.studentId, student?.id ?? 0),
          gt(passwordResetTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if (!student || !matches || (recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return false;
    // only the newest link works: older unused ones are superseded (marked used)
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.studentId, student.id), isNull(passwordResetTokens.usedAt)));
    const expiresAt = new Date(now.getTime() + config.resetTokenHours * HOUR_MS);
    await tx
      .insert(passwordResetTokens)
      .values({ studentId: student.id, tokenHash, createdAt: now, expiresAt });
    const to = mailKey(student.mail1) === address ? student.mail1 : student.mail2;
    await enqueueMail(tx, { to, ...resetMail(config, student, token, expiresAt), studentId: student.id });
    await audit(tx, {
      actor: { kind: 'system', id: null },
      action: 'password_reset_mail',
      entity: 'student',
      entityId: student.id,
      detail: {
        id: student.id,
        login_id: input.login_id,
      },
    });
    return true;
  });
}

/** The student a token lets set a password: unused, not superseded, not expired, approved and not refused. */
async function liveToken(db: DbOrTx, token: string, lock = false) {
  const hash = sessionKey(token);
  if (!hash) return undefined;
  const q = db
    .select({ id: passwordResetTokens.id, studentId: students.id, loginId: students.loginId })
    .from(passwordResetTokens)
    .innerJoin(students, eq(students.id, passwordResetTokens.studentId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        eq(students.approvalStatus, APPROVAL.APPROVED),
        eq(students.isRejection, false),
      ),
    );
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/**
 * GET /api/mypage/login/isexpire/?token=: `result` (SPEC §7) reads as the call's name asks — true when the
 * link can no longer be used (unknown, used, superseded or expired), false when it still works.
 * `is_expire` says the same, for the screens written before.
 */
export async function isExpired(db: Db, token: string): Promise<{ result: boolean; is_expire: boolean }> {
  const expired = (await liveToken(db, token)) === undefined;
  return { result: expired, is_expire: expired };
}

const invalidToken: PasswordCheckResult = {
  is_valid: false,
  name: 'token',
  msg: PASSWORD_RESET_MSG.invalidToken,
};

/**
 * POST /api/mypage/login/passwordsetting/: sets the new password, uses up the token, ends every session of
 * the student, clears their login throttle, audits — one transaction. A dead token answers
 * `{is_valid: false, name: 'token', msg}` (the screen shows 「無効なURL」).
 */
export async function setPassword(
  db: Db,
  input: { token: string; password: string },
): Promise<PasswordCheckResult> {
  if (!(await liveToken(db, input.token))) return invalidToken;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // checked again under a row lock: two tabs submitting the same link set the password once
    const row = await liveToken(tx, input.token, true);
    if (!row) return invalidToken;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(eq(passwordResetTokens.id, row.id));
    await tx
      .update(students)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(students.id, row.studentId));
    await destroyUserSessions(tx, 'student', row.studentId);
    if (row.loginId) {
      await tx
        .delete(loginThrottles)
        .where(and(eq(loginThrottles.kind, 'student'), eq(loginThrottles.loginId, row.loginId)));
    }
    await audit(tx, {
      ...onOwnRecord(row.studentId),
      action: 'password_reset',
      detail: {
        id: row.studentId,
        login_id: row.loginId,
      },
    });
    return { is_valid: true, name: '', msg: '' };
  });
}
