import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { enqueueMail } from './mail';

/** A real SMTP peer on 127.0.0.1 that keeps what it receives. */
let server: SMTPServer;
const received: ParsedMail[] = [];
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'まなび事務局 <office@manabi.example.jp>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
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
