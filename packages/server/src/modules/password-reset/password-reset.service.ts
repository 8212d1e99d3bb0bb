import type { PasswordCheckResult } from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { PASSWORD_RESET_MSG } from '@manabi/shared/schemas/password-reset';
import { toHalfWidth } from '@manabi/shared/validation/normalize';
import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { loginThrottles, passwordResetTokens, students } from '../../db/schema';
import { audit, onOwnRecord } from '../../platform/audit';
import { hashPassword, randomToken, sha256 } from '../../platform/crypto';
import { officeFooter } from '../../platform/mail';
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

/** The oldest rows a request looks at for purging: a request writes one row, so the table cannot outgrow it. */
const PURGE_BATCH = 4;

/**
 * POST /api/mypage/login/sendmail/: always `{result: true}`. A working link is mailed only when the login id
 * names an approved, not refused student whose mail 1 or 2 is the address, and the hourly allowance is not
 * used up. Whether or not it is, the request does the same work — the same statements with the same text,
 * and one token row written either way (decision 091): a token is made and hashed, and for a request that
 * names nobody its row has no student, so it leads nowhere; the mail, when there is one, is written in the
 * same statement as that row and sent from the outbox after the answer (plugins/app/mail-delivery.ts). The
 * answer time then does not tell whether a 学生番号 exists. Returns whether a mail was queued (for the
 * caller; never sent to the client).
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
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const expiresAt = new Date(now.getTime() + config.resetTokenHours * HOUR_MS);
  return db.transaction(async (tx) => {
    // one request at a time per 学生番号, known or not, so that exactly one unused token survives; a lock on the
    // student's row would be taken (and written) only where there is a student
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`password_reset:${input.login_id}`}))`);
    const [student] = await tx
      .select({
        id: students.id,
        name: students.name,
        mail1: students.mail1,
        mail2: students.mail2,
        isRejection: students.isRejection,
      })
      .from(students)
      .where(and(eq(students.loginId, input.login_id), eq(students.approvalStatus, APPROVAL.APPROVED)));
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.studentId, student?.id ?? 0), gt(passwordResetTokens.createdAt, hourAgo)),
      );
    const to =
      student === undefined || student.isRejection || address === ''
        ? undefined
        : [student.mail1, student.mail2].find((m) => mailKey(m) === address);
    // the student the new link is for; null: nobody (the row leads nowhere, nothing is logged or mailed)
    const owner = student && to !== undefined && (recent?.n ?? 0) < RESET_MAILS_PER_HOUR ? student.id : null;
    await purgeDeadTokens(tx, now);
    // only the newest link works: older unused ones still in time are superseded (marked used)
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.studentId, owner ?? 0),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      );
    await audit(tx, {
      actor: { kind: 'system', id: null },
      action: 'password_reset_mail',
      entity: 'student',
      studentId: owner,
      detail: { id: owner, login_id: input.login_id },
      // the entry and the mail are written for the row's student: none for a row that leads nowhere
      write: sql`insert into ${passwordResetTokens} (student_id, token_hash, created_at, expires_at)
        values (${owner}::int, ${tokenHash}::varchar, ${now.toISOString()}::timestamptz,
          ${expiresAt.toISOString()}::timestamptz)
        returning student_id as id`,
      mail: {
        to: to ?? input.mail_address,
        ...resetMail(config, student ?? { name: '' }, token, expiresAt),
        studentId: owner,
      },
    });
    return owner !== null;
  });
}

/**
 * Deletes the expired among the oldest few rows (a link past its time works no more, and a row that led
 * nowhere never did), once they are older than the hour the allowance counts: a bounded piece of work on every
 * request, the same whoever asked. It never waits: a row another request is deleting is skipped (the
 * supersede above touches only links still in time, so the two never want each other's rows).
 */
async function purgeDeadTokens(tx: DbOrTx, now: Date): Promise<void> {
  const t = passwordResetTokens;
  const oldest = tx.select({ id: t.id }).from(t).orderBy(t.id).limit(PURGE_BATCH);
  const dead = tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(inArray(t.id, oldest), lt(t.expiresAt, now), lt(t.createdAt, new Date(now.getTime() - HOUR_MS))),
    )
    .for('update', { skipLocked: true });
  await tx.delete(t).where(inArray(t.id, dead));
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
