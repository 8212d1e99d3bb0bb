import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp';
import { enqueueMail } from './mail';

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
});
