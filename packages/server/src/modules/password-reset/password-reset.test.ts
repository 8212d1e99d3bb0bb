import type { PGlite } from '@electric-sql/pglite';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ParsedMail } from 'mailparser';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { auditLog, loginThrottles, mailOutbox, passwordResetTokens } from '../../db/schema';
import { sha256 } from '../../platform/crypto';
import { ERASED_BODY } from '../../platform/mail';
import { createTestApp, get, loginAsStudent, post, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp';
import { RESET_MAILS_PER_HOUR, requestReset } from './password-reset.service';

/** A real SMTP peer on 127.0.0.1 that keeps what it receives (as platform/mail.test.ts). */
let smtp: SmtpPeer;
let received: SmtpPeer['received'];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  received = smtp.received;
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://manabi.example.jp',
    RESET_TOKEN_HOURS: '24',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const SENDMAIL = '/api/mypage/login/sendmail/';
const SETTING = '/api/mypage/login/passwordsetting/';
const isExpire = async (token: string) =>
  (await get(t.app, `/api/mypage/login/isexpire/?token=${encodeURIComponent(token)}`)).json().is_expire;

/** Asks for a reset mail, lets the mailer deliver, and answers the mails that arrived meanwhile. */
async function requestMail(login_id: string, mail_address: string) {
  const before = received.length;
  const res = await post(t.app, SENDMAIL, { login_id, mail_address });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ result: true });
  await t.app.deps.mailer.flush();
  return received.slice(before);
}

/** The token of the link in a received reset mail. */
function tokenOf(mail: ParsedMail): string {
  const m = /https:\/\/manabi\.example\.jp\/mypage\/passwordsetting\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!m) throw new Error(`no link in: ${mail.text}`);
  return m[1]!;
}

async function resetToken(login_id: string, mail: string) {
  const mails = await requestMail(login_id, mail);
  expect(mails).toHaveLength(1);
  return tokenOf(mails[0]!);
}

const loginStatus = async (login_id: string, password: string) =>
  (await post(t.app, '/api/auth/mypage/login/', { login_id, password })).statusCode;

describe('POST login/sendmail/', () => {
  it('mails a working link to the matching address (case and width do not matter)', async () => {
    const ichiro = await makeStudent(t.db, {
      loginId: '25110001',
      name: '鈴木 一郎',
      mail1: 'Ichiro@Example.jp',
    });
    const mails = await requestMail('25110001', 'ＩＣＨＩＲＯ＠example.JP');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('【まなび】パスワード再設定のご案内');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toMatch(/^Ichiro@example\.jp$/i);
    expect(mail.text).toContain('鈴木 一郎 様');
    expect(mail.text).toContain('有効期限');
    const token = tokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await isExpire(token)).toBe(false);
    // stored hashed only, expiring after RESET_TOKEN_HOURS
    const rows = await t.db.select().from(passwordResetTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.at(-1)!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 3_600_000);
    // once sent, the outbox keeps no live link (its body is erased)
    const sent = await t.db.select().from(mailOutbox);
    expect(JSON.stringify(sent)).not.toContain(token);
    expect(sent.at(-1)).toMatchObject({ status: 'sent', holdsSecret: true, body: ERASED_BODY });
    expect(sent.at(-1)?.studentId).toBe(ichiro.id);
  });

  it('isexpire answers result as SPEC §7 writes it: true once the link cannot be used', async () => {
    await makeStudent(t.db, { loginId: '25110009', mail1: 'res@example.jp' });
    const token = await resetToken('25110009', 'res@example.jp');
    const live = await get(t.app, `/api/mypage/login/isexpire/?token=${token}`);
    expect(live.json()).toEqual({ result: false, is_expire: false });
    const dead = await get(t.app, '/api/mypage/login/isexpire/?token=no-such-token');
    expect(dead.json()).toEqual({ result: true, is_expire: true });
  });

  it('the second address works as well', async () => {
    await makeStudent(t.db, { loginId: '25110002', mail1: 'a@example.jp', mail2: 'b@example.jp' });
    expect(await requestMail('25110002', 'b@example.jp')).toHaveLength(1);
  });

  it('answers the same and sends nothing for an unknown id, a wrong address, an unapproved or refused student', async () => {
    await makeStudent(t.db, { loginId: '25110003', mail1: 'c@example.jp' });
    await makeStudent(t.db, { loginId: '25110004', mail1: 'd@example.jp', approvalStatus: '0' });
    await makeStudent(t.db, { loginId: '25110005', mail1: 'e@example.jp', isRejection: true });
    const tokens = (await t.db.select().from(passwordResetTokens)).length;
    const outbox = (await t.db.select().from(mailOutbox)).length;
    const audits = (await t.db.select().from(auditLog)).length;
    for (const [id, mail] of [
      ['99999999', 'c@example.jp'],
      ['25110003', 'other@example.jp'],
      ['25110004', 'd@example.jp'],
      ['25110005', 'e@example.jp'],
    ] as const) {
      expect(await requestMail(id, mail)).toHaveLength(0);
    }
    // a row each, as a real request writes, that leads nowhere: no student, so no link of it works
    const written = (await t.db.select().from(passwordResetTokens)).slice(tokens);
    expect(written).toHaveLength(4);
    expect(written.every((r) => r.studentId === null)).toBe(true);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(outbox);
    expect(await t.db.select().from(auditLog)).toHaveLength(audits);
  });

  it('bad input: 422 with Japanese field messages, nothing stored', async () => {
    const res = await post(t.app, SENDMAIL, { login_id: '', mail_address: 'not-a-mail' });
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual(
      expect.arrayContaining([
        { name: 'login_id', msg: expect.stringMatching(/入力/) },
        { name: 'mail_address', msg: 'メールアドレス形式で入力してください' },
      ]),
    );
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} mails an hour per student, answering alike beyond`, async () => {
    await makeStudent(t.db, { loginId: '25110006', mail1: 'f@example.jp' });
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) {
      expect(await requestMail('25110006', 'f@example.jp')).toHaveLength(1);
    }
    expect(await requestMail('25110006', 'f@example.jp')).toHaveLength(0);
  });
});

describe('the same work whether the 学生番号 exists or not (decision 091)', () => {
  /** The app's database handle with every statement it sends written down (drizzle's query logger). */
  function countedDb() {
    const statements: string[] = [];
    const logger = { logQuery: (query: string) => statements.push(query) };
    const client = (t.db as unknown as { $client: unknown }).$client;
    const db = (t.database.kind === 'pglite'
      ? drizzlePglite({ client: client as PGlite, schema, logger })
      : drizzlePg({ client: client as pg.Pool, schema, logger })) as unknown as Db;
    return { db, statements };
  }

  it('runs the same statements and writes one row for an unknown id, a wrong address, the own address and past the allowance', async () => {
    await makeStudent(t.db, { loginId: '25120001', name: '同じ 仕事', mail1: 'same@example.jp' });
    await makeStudent(t.db, { loginId: '25120002', mail1: 'held@example.jp' });
    const asked: [string, string, string, boolean][] = [
      ['unknown', '99999998', 'same@example.jp', false],
      ['wrong address', '25120001', 'nobody@example.jp', false],
      ['own address', '25120001', 'same@example.jp', true],
      ...Array.from({ length: RESET_MAILS_PER_HOUR }, (_, i): [string, string, string, boolean] => [
        `allowance ${i + 1}`,
        '25120002',
        'held@example.jp',
        true,
      ]),
      ['past the allowance', '25120002', 'held@example.jp', false],
    ];
    const runs: { name: string; statements: string[] }[] = [];
    for (const [name, login_id, mail_address, mails] of asked) {
      const { db, statements } = countedDb();
      const rows = (await t.db.select().from(passwordResetTokens)).length;
      expect(await requestReset(db, t.config, { login_id, mail_address }), name).toBe(mails);
      expect((await t.db.select().from(passwordResetTokens)).length, name).toBe(rows + 1);
      runs.push({ name, statements });
    }
    const first = runs[0]!.statements;
    expect(first.length).toBeGreaterThanOrEqual(5);
    for (const run of runs) expect(run.statements, run.name).toEqual(first);
    await t.app.deps.mailer.flush();
  });

  it('answers byte for byte the same, and the mail for the known id still arrives', async () => {
    await makeStudent(t.db, { loginId: '25120003', name: '届く 花子', mail1: 'arrives@example.jp' });
    const before = received.length;
    const known = await post(t.app, SENDMAIL, { login_id: '25120003', mail_address: 'arrives@example.jp' });
    const unknown = await post(t.app, SENDMAIL, { login_id: '99999997', mail_address: 'arrives@example.jp' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.body).toBe('{"result":true}');
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    await t.app.deps.mailer.flush();
    const mails = received.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('届く 花子 様');
    expect(await isExpire(tokenOf(mails[0]!))).toBe(false);
  });

  it('requests at once for one student leave exactly one working link (the lock is per 学生番号)', async () => {
    const s = await makeStudent(t.db, { loginId: '25120005', mail1: 'once@example.jp' });
    const answers = await Promise.all(
      Array.from({ length: RESET_MAILS_PER_HOUR }, () =>
        post(t.app, SENDMAIL, { login_id: '25120005', mail_address: 'once@example.jp' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const live = await t.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.studentId, s.id), isNull(passwordResetTokens.usedAt)));
    expect(live).toHaveLength(1);
    await t.app.deps.mailer.flush();
  });

  it('purges the oldest rows once expired, and keeps the live link', async () => {
    await makeStudent(t.db, { loginId: '25120004', mail1: 'purge@example.jp' });
    const token = await resetToken('25120004', 'purge@example.jp');
    const old = new Date(Date.now() - 48 * 3_600_000);
    // every other row as if asked for two days ago, long expired
    await t.db
      .update(passwordResetTokens)
      .set({ createdAt: old, expiresAt: old })
      .where(ne(passwordResetTokens.tokenHash, sha256(token)));
    const rows = (await t.db.select().from(passwordResetTokens)).length;
    await requestMail('99999996', 'purge@example.jp');
    // one row written, the four oldest deleted
    expect(await t.db.select().from(passwordResetTokens)).toHaveLength(rows + 1 - 4);
    expect(await isExpire(token)).toBe(false);
  });
});

describe('GET login/isexpire/ and POST login/passwordsetting/', () => {
  it('sets the new password: the old one stops working, sessions end, throttle cleared, audited; the link is then used up', async () => {
    const s = await makeStudent(t.db, { loginId: '25110010', mail1: 'g@example.jp', password: 'oldpass01' });
    const cookie = await loginAsStudent(t.app, '25110010', 'oldpass01');
    expect((await get(t.app, '/api/auth/mypage/session/?touch=0', cookie)).statusCode).toBe(200);
    expect(await loginStatus('25110010', 'wrongpass')).toBe(422); // one failure on record
    const token = await resetToken('25110010', 'g@example.jp');

    const res = await post(t.app, SETTING, { token, password: 'newpass01', password2: 'newpass01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_valid: true });

    expect((await get(t.app, '/api/auth/mypage/session/?touch=0', cookie)).statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(loginThrottles)
        .where(and(eq(loginThrottles.kind, 'student'), eq(loginThrottles.loginId, '25110010'))),
    ).toHaveLength(0);
    expect(await loginStatus('25110010', 'oldpass01')).toBe(422);
    expect(await loginStatus('25110010', 'newpass01')).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(s.id)));
    expect(audits.map((a) => a.action)).toEqual(['password_reset_mail', 'password_reset']);
    expect(JSON.stringify(audits)).not.toContain('newpass01');

    // reuse refused
    expect(await isExpire(token)).toBe(true);
    const again = await post(t.app, SETTING, { token, password: 'another01', password2: 'another01' });
    expect(again.json()).toMatchObject({ is_valid: false, name: 'token' });
    expect(await loginStatus('25110010', 'newpass01')).toBe(200);
  });

  it('an expired link is refused', async () => {
    await makeStudent(t.db, { loginId: '25110011', mail1: 'h@example.jp', password: 'oldpass01' });
    const token = await resetToken('25110011', 'h@example.jp');
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await isExpire(token)).toBe(true);
    const res = await post(t.app, SETTING, { token, password: 'newpass01', password2: 'newpass01' });
    expect(res.json()).toMatchObject({ is_valid: false, name: 'token' });
    expect(await loginStatus('25110011', 'oldpass01')).toBe(200);
  });

  it('a newer request supersedes the older link', async () => {
    await makeStudent(t.db, { loginId: '25110012', mail1: 'i@example.jp', password: 'oldpass01' });
    const first = await resetToken('25110012', 'i@example.jp');
    const second = await resetToken('25110012', 'i@example.jp');
    expect(await isExpire(first)).toBe(true);
    expect(await isExpire(second)).toBe(false);
    const res = await post(t.app, SETTING, { token: first, password: 'newpass01', password2: 'newpass01' });
    expect(res.json()).toMatchObject({ is_valid: false, name: 'token' });
    const ok = await post(t.app, SETTING, { token: second, password: 'newpass02', password2: 'newpass02' });
    expect(ok.json()).toMatchObject({ is_valid: true });
    expect(await loginStatus('25110012', 'newpass02')).toBe(200);
  });

  it('unknown, empty or overlong tokens are expired', async () => {
    expect(await isExpire('no-such-token')).toBe(true);
    expect(await isExpire('x'.repeat(500))).toBe(true);
    expect((await get(t.app, '/api/mypage/login/isexpire/')).json()).toEqual({
      result: true,
      is_expire: true,
    });
  });

  it('bad input: 422 with field messages (printable ASCII 8–12, confirmation equal)', async () => {
    await makeStudent(t.db, { loginId: '25110013', mail1: 'j@example.jp', password: 'oldpass01' });
    const token = await resetToken('25110013', 'j@example.jp');
    const short = await post(t.app, SETTING, { token, password: 'short', password2: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().err_list).toEqual([{ name: 'password', msg: expect.stringMatching(/8/) }]);
    const wide = await post(t.app, SETTING, { token, password: 'ｐａｓｓｗｏｒｄ１', password2: 'x' });
    expect(wide.statusCode).toBe(422);
    expect(wide.json().err_list).toEqual(
      expect.arrayContaining([
        { name: 'password', msg: '半角英数字または半角記号を入力してください' },
        { name: 'password2', msg: expect.stringMatching(/一致/) },
      ]),
    );
    // the link is still good after refused input
    expect(await isExpire(token)).toBe(false);
  });
});
