import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp';
import { ERASED_BODY, enqueueMail, Mailer } from './mail';

/** A real SMTP peer on 127.0.0.1 that keeps what it receives. */
let smtp: SmtpPeer;
let received: SmtpPeer['received'];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  received = smtp.received;
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'まなび事務局 <office@manabi.example.jp>',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail outbox', () => {
  it('delivers a committed mail over SMTP with its Japanese subject and body intact', async () => {
    await t.db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'hanako@example.jp',
        subject: '【まなび】パスワード再設定のご案内',
        body: '山田 花子 様\n下記のURLから…',
      }),
    );
    await t.app.deps.mailer.flush();
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe('【まなび】パスワード再設定のご案内');
    expect(received[0]!.text?.trim()).toBe('山田 花子 様\n下記のURLから…');
    expect(received[0]!.from?.text).toContain('office@manabi.example.jp');
    const rows = await t.db.select().from(mailOutbox);
    expect(rows.map((r) => r.status)).toEqual(['sent']);
  });

  it('a rolled-back transaction sends nothing', async () => {
    const before = received.length;
    await t.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'x@example.jp', subject: '送られない', body: '…' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.app.deps.mailer.flush();
    expect(received.length).toBe(before);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, '送られない'))).toHaveLength(0);
  });

  it('two processes draining one outbox at once send every mail exactly once (a claim is a lease)', async () => {
    const before = received.length;
    const subjects = Array.from({ length: 12 }, (_, i) => `【まなび】同時配信 ${i + 1}`);
    await t.db.transaction(async (tx) => {
      for (const subject of subjects) await enqueueMail(tx, { to: 'both@example.jp', subject, body: '本文' });
    });
    // a second process: its own mailer and SMTP connection on the same outbox
    const other = new Mailer(t.db, {
      smtpUrl: smtp.url,
      from: 'office@manabi.example.jp',
      log: capturingLog([]),
    });
    await Promise.all([t.app.deps.mailer.flush(), other.flush(), t.app.deps.mailer.flush(), other.flush()]);
    await other.stop();
    const got = received.slice(before).map((m) => m.subject);
    expect(got.toSorted()).toEqual(subjects.toSorted());
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'both@example.jp'));
    expect(rows.map((r) => [r.status, r.attempts, r.nextAttemptAt])).toEqual(
      subjects.map(() => ['sent', 1, null]),
    );
  });
});

/** A logger that keeps every line it is given, to read what the mailer logs. */
function capturingLog(lines: string[]): FastifyBaseLogger {
  const keep = (...args: unknown[]) => {
    lines.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? `${v.message} ${v.stack}` : v)));
  };
  const log = { info: keep, warn: keep, error: keep, debug: keep, trace: keep, fatal: keep };
  return { ...log, child: () => log } as unknown as FastifyBaseLogger;
}

describe('a mail holding a secret (the reset link)', () => {
  const token = 'LIVEtoken_0123456789abcdefghijklmnopqrstuvw';
  const secretMail = (to: string) => ({
    to,
    subject: '【まなび】パスワード再設定のご案内',
    body: `下記のURLから再設定してください。\nhttp://localhost/mypage/passwordsetting/${token}`,
    holdsSecret: true,
  });

  it('with SMTP_URL unset: kept as logged, the log and the outbox hold no link', async () => {
    const lines: string[] = [];
    const mailer = new Mailer(t.db, { from: 'x@example.jp', log: capturingLog(lines) });
    await t.db.transaction((tx) => enqueueMail(tx, secretMail('nosmtp@example.jp')));
    await mailer.flush();
    await mailer.stop();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nosmtp@example.jp'));
    expect(row).toMatchObject({ status: 'logged', body: ERASED_BODY });
    expect(lines.join('\n')).toContain('SMTP_URL unset');
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('nosmtp@example.jp');
  });

  it('given up after the last failed try: the body is erased too, and no try logs it', async () => {
    const lines: string[] = [];
    // nothing listens on port 9 of this host: every try fails
    const mailer = new Mailer(t.db, {
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x@example.jp',
      log: capturingLog(lines),
    });
    await t.db.transaction((tx) => enqueueMail(tx, secretMail('unreachable@example.jp')));
    // four tries already failed: this is the last one
    await t.db.update(mailOutbox).set({ attempts: 4 }).where(eq(mailOutbox.to, 'unreachable@example.jp'));
    await mailer.flush();
    await mailer.stop();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'unreachable@example.jp'));
    expect(row).toMatchObject({ status: 'failed', body: ERASED_BODY });
    expect(lines.join('\n')).toContain('mail delivery failed');
    expect(lines.join('\n')).not.toContain(token);
  });

  it('still pending (a try failed, more to come): the link is kept until it can be sent', async () => {
    const mailer = new Mailer(t.db, {
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x@example.jp',
      log: capturingLog([]),
    });
    await t.db.transaction((tx) => enqueueMail(tx, secretMail('retry@example.jp')));
    await mailer.flush();
    await mailer.stop();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.jp'));
    expect(row?.status).toBe('pending');
    expect(row?.body).toContain(token);
  });
});
