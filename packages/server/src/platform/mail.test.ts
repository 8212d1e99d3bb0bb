import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, students } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { makeStudent } from '../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp';
import { ERASED_BODY, enqueueMail, failureKindOf, Mailer } from './mail';

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

/** An error as nodemailer's smtp-connection makes it (_formatError): code, command, reply and its code. */
const smtpError = (code: string, command: string, response?: string) =>
  Object.assign(new Error(`failed${response ? `: ${response}` : ''}`), {
    code,
    command,
    ...(response ? { response, responseCode: Number(response.slice(0, 3)) } : {}),
  });

describe('hard or temporary: what a failed delivery was', () => {
  it('hard only when the recipient itself was refused at RCPT TO with 5xx', () => {
    const rcpt = (reply: string) => failureKindOf(smtpError('EENVELOPE', 'RCPT TO', reply));
    expect(rcpt('550 5.1.1 <x@example.jp>: User unknown')).toBe('hard');
    expect(rcpt('550-5.1.1 The email account that you tried to reach does not exist.\n550 5.1.1 …')).toBe(
      'hard',
    );
    expect(rcpt('553 5.1.3 Bad recipient address syntax')).toBe('hard');
    expect(rcpt('550 5.2.1 Mailbox disabled')).toBe('hard');
    // no enhanced status code: the reply's own 5xx is all there is
    expect(rcpt('550 No such user here')).toBe('hard');
    // a full mailbox may be emptied; a policy refusal is about us (relaying denied), not the address
    expect(rcpt('552 5.2.2 Mailbox full')).toBe('temporary');
    expect(rcpt('554 5.7.1 <x@example.jp>: Relay access denied')).toBe('temporary');
    expect(rcpt('550 4.2.1 Try again later')).toBe('temporary');
    expect(rcpt('450 4.2.1 Mailbox busy')).toBe('temporary');
    expect(rcpt('421 4.4.2 Closing connection')).toBe('temporary');
  });

  it('our configuration, the message and the connection are never the address: temporary', () => {
    expect(failureKindOf(smtpError('EENVELOPE', 'MAIL FROM', '550 5.7.1 Sender rejected'))).toBe('temporary');
    expect(failureKindOf(smtpError('EAUTH', 'AUTH PLAIN', '535 5.7.8 Authentication failed'))).toBe(
      'temporary',
    );
    expect(failureKindOf(smtpError('EENVELOPE', 'DATA', '554 5.5.1 No valid recipients'))).toBe('temporary');
    expect(failureKindOf(smtpError('EMESSAGE', 'DATA', '554 5.6.0 Message refused as spam'))).toBe(
      'temporary',
    );
    expect(failureKindOf(smtpError('ECONNECTION', 'CONN'))).toBe('temporary');
    expect(failureKindOf(smtpError('ETIMEDOUT', 'CONN'))).toBe('temporary');
    expect(failureKindOf(new Error('boom'))).toBe('temporary');
    expect(failureKindOf(undefined)).toBe('temporary');
  });
});

describe('a refused address (the recipient server says no)', () => {
  const outbox = (ids: number[]) =>
    t.db.select().from(mailOutbox).where(inArray(mailOutbox.studentId, ids)).orderBy(mailOutbox.id);
  const student = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0]!;

  it('a 550 5.1.1: failed at once, the student marked, and the next mail still goes in the same drain', async () => {
    const gone = await makeStudent(t.db, { mail1: 'Gone@Example.jp', isEmail: true });
    const fine = await makeStudent(t.db, { mail1: 'fine@example.jp', isEmail: true });
    const before = received.length;
    smtp.refuse.set(
      'gone@example.jp',
      '550 5.1.1 <Gone@Example.jp>: Recipient address rejected: User unknown',
    );
    try {
      await t.db.transaction(async (tx) => {
        // the address as the record holds it, case and all
        await enqueueMail(tx, {
          to: gone.mail1,
          subject: '届かない',
          body: '…',
          studentId: gone.id,
          noticeId: 7,
        });
        await enqueueMail(tx, { to: fine.mail1, subject: '届く', body: '…', studentId: fine.id });
      });
      await t.app.deps.mailer.flush();
    } finally {
      smtp.refuse.clear();
    }
    const [refused, sent] = await outbox([gone.id, fine.id]);
    expect(refused).toMatchObject({
      status: 'failed',
      failureKind: 'hard',
      attempts: 1,
      nextAttemptAt: null,
      noticeId: 7,
      body: '…',
    });
    expect(refused?.lastError).toContain('550 5.1.1');
    expect(sent).toMatchObject({ status: 'sent', failureKind: null });
    expect(received.slice(before).map((m) => m.subject)).toEqual(['届く']);
    const marked = await student(gone.id);
    expect(marked).toMatchObject({
      mailBouncedAddress: 'Gone@Example.jp',
      mailBounceReason: '550 5.1.1 <（宛先）>: Recipient address rejected: User unknown',
    });
    expect(marked.mailBouncedAt).toBeInstanceOf(Date);
    // not an edit: a form open on the student's record is not made stale by it
    expect(marked.updatedAt).toEqual(gone.updatedAt);
    expect(await student(fine.id)).toMatchObject({ mailBouncedAddress: '', mailBouncedAt: null });
  });

  it('a 450 4.2.1: retried later with the growing delay, the student not marked, the drain stops', async () => {
    const busy = await makeStudent(t.db, { mail1: 'busy@example.jp', isEmail: true });
    const after = await makeStudent(t.db, { mail1: 'after@example.jp', isEmail: true });
    smtp.refuse.set('busy@example.jp', '450 4.2.1 <busy@example.jp>: Mailbox busy, try again');
    try {
      await t.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: busy.mail1, subject: '待つ', body: '…', studentId: busy.id });
        await enqueueMail(tx, { to: after.mail1, subject: '次の回', body: '…', studentId: after.id });
      });
      await t.app.deps.mailer.flush();
    } finally {
      smtp.refuse.clear();
    }
    const [deferred, next] = await outbox([busy.id, after.id]);
    expect(deferred).toMatchObject({ status: 'pending', failureKind: 'temporary', attempts: 1 });
    expect(deferred?.nextAttemptAt).toBeInstanceOf(Date);
    expect(deferred?.lastError).toContain('450 4.2.1');
    // the peer is taken to be unwell: the rest waits for the next round
    expect(next).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await student(busy.id)).toMatchObject({ mailBouncedAddress: '', mailBouncedAt: null });
    await t.app.deps.mailer.flush();
    expect((await outbox([after.id]))[0]?.status).toBe('sent');
  });

  it('a relay refusal (5.7.1 at RCPT TO) is our configuration: retried, nobody marked', async () => {
    const s = await makeStudent(t.db, { mail1: 'relay@example.jp', isEmail: true });
    smtp.refuse.set('relay@example.jp', '554 5.7.1 <relay@example.jp>: Relay access denied');
    try {
      await t.db.transaction((tx) =>
        enqueueMail(tx, { to: s.mail1, subject: '中継', body: '…', studentId: s.id }),
      );
      await t.app.deps.mailer.flush();
    } finally {
      smtp.refuse.clear();
    }
    expect((await outbox([s.id]))[0]).toMatchObject({ status: 'pending', failureKind: 'temporary' });
    expect((await student(s.id)).mailBouncedAddress).toBe('');
  });

  it('a student whose mail 1 changed before the refusal is not marked (the new address was not refused)', async () => {
    const moved = await makeStudent(t.db, { mail1: 'old@example.jp', isEmail: true });
    await t.db.transaction((tx) =>
      enqueueMail(tx, { to: 'old@example.jp', subject: '古い宛先', body: '…', studentId: moved.id }),
    );
    await t.db.update(students).set({ mail1: 'new@example.jp' }).where(eq(students.id, moved.id));
    smtp.refuse.set('old@example.jp', '550 5.1.1 <old@example.jp>: User unknown');
    try {
      await t.app.deps.mailer.flush();
    } finally {
      smtp.refuse.clear();
    }
    expect((await outbox([moved.id]))[0]).toMatchObject({ status: 'failed', failureKind: 'hard' });
    expect(await student(moved.id)).toMatchObject({ mailBouncedAddress: '', mailBouncedAt: null });
  });

  it('a refused mail to no student (the office) fails at once and marks nobody', async () => {
    smtp.refuse.set('nobody@example.jp', '550 5.1.1 <nobody@example.jp>: User unknown');
    try {
      await t.db.transaction((tx) =>
        enqueueMail(tx, { to: 'nobody@example.jp', subject: '事務局あて', body: '…' }),
      );
      await t.app.deps.mailer.flush();
    } finally {
      smtp.refuse.clear();
    }
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.jp'));
    expect(row).toMatchObject({ status: 'failed', failureKind: 'hard', studentId: null });
  });
});
