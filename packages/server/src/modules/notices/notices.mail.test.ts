import type { AddressInfo } from 'node:net';
import type { Notice } from '@manabi/shared/api';
import { asc, eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, noticeMails } from '../../db/schema';
import { Mailer, RETRY_DELAYS_MS } from '../../platform/mail';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';

/** A real SMTP peer on 127.0.0.1 that keeps what it receives, or refuses it while `refusing`. */
let server: SMTPServer;
const received: ParsedMail[] = [];
let refusing = false;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusing) {
            callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
            return;
          }
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
    PUBLIC_URL: 'https://manabi.example.jp',
  });
  ({ admin } = await makeCast(t, {
    student: { generationId: '2404', mail1: 'hanako@example.jp', name: '山田 花子' },
  }));
  await makeStudent(t.db, {
    loginId: '24040002',
    generationId: '2404',
    mail1: '',
    mail2: 'second@example.jp',
  });
  await makeStudent(t.db, { loginId: '24040003', generationId: '2404', mail1: '', mail2: '' });
  await makeStudent(t.db, {
    loginId: '24040004',
    generationId: '2404',
    mail1: 'nomail@example.jp',
    isEmail: false,
  });
  await makeStudent(t.db, {
    loginId: '24040005',
    generationId: '2404',
    mail1: 'refused@example.jp',
    isRejection: true,
  });
  await makeStudent(t.db, {
    loginId: null,
    generationId: '2404',
    mail1: 'pending@example.jp',
    approvalStatus: '0',
  });
  await makeStudent(t.db, { loginId: '25040001', generationId: '2504', mail1: 'other@example.jp' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  refusing = false;
});

const form = (over: Record<string, string> = {}) => ({
  category_id: '',
  title: '【重要】休講のお知らせ',
  content: '台風のため、10月1日の講座は休講です。\n振替日は追ってお知らせします。',
  reference_url1: 'https://example.jp/kyuko',
  reference_url2: '',
  reference_url3: '',
  remarks: '',
  period_from: '',
  period_to: '',
  is_control: '1',
  published_to: '2',
  generation_id: '2404',
  course_id: '',
  course_name: '',
  lottery_status: '',
  is_email: '1',
  email_title: 'まなび市民大学からのお知らせ',
  ...over,
});
const add = async (over: Record<string, string> = {}) => {
  const res = await post(t.app, '/api/admin/notice/add/', form(over), admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
};
const update = async (id: number, over: Record<string, string> = {}) => {
  const seen = (await get(t.app, `/api/admin/notice/detail/?id=${id}`, admin)).json() as Notice;
  const res = await post(
    t.app,
    '/api/admin/notice/update/',
    { ...form(over), id, updated_at: seen.updated_at },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
};
const outboxFor = (subject: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)).orderBy(asc(mailOutbox.id));
const recipients = (mails: ParsedMail[]) =>
  mails.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort();

describe('notice mail', () => {
  it('mails each addressed student with an address once, Japanese subject and body intact', async () => {
    const id = await add();
    await t.app.deps.mailer.flush();
    // mail_1, else mail_2; no address, mail refused, login refused, pending and other generations are not mailed
    expect(recipients(received)).toEqual(['hanako@example.jp', 'second@example.jp']);
    const mail = received.find((m) => recipients([m])[0] === 'hanako@example.jp')!;
    expect(mail.subject).toBe('まなび市民大学からのお知らせ');
    const text = mail.text ?? '';
    expect(text).toContain('山田 花子 様');
    expect(text).toContain('■ 【重要】休講のお知らせ');
    expect(text).toContain('台風のため、10月1日の講座は休講です。\n振替日は追ってお知らせします。');
    expect(text).toContain('https://example.jp/kyuko');
    expect(text).toContain(`https://manabi.example.jp/mypage/news/detail/${id}`);
    const rows = await outboxFor('まなび市民大学からのお知らせ');
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    // each mail names its student and the notice it carries
    const mailed = await t.db
      .select({ studentId: noticeMails.studentId })
      .from(noticeMails)
      .where(eq(noticeMails.noticeId, id));
    expect(rows.map((r) => r.noticeId)).toEqual([id, id]);
    expect(rows.map((r) => r.studentId).sort()).toEqual(mailed.map((m) => m.studentId).sort());
    expect(await t.db.select().from(noticeMails).where(eq(noticeMails.noticeId, id))).toHaveLength(2);

    // saving it again sends nothing more; widening the audience mails only the new recipients
    await update(id, { title: '【重要】休講のお知らせ（訂正）' });
    await t.app.deps.mailer.flush();
    expect(received).toHaveLength(2);
    await update(id, { published_to: '1', generation_id: '' });
    await t.app.deps.mailer.flush();
    expect(recipients(received)).toEqual(['hanako@example.jp', 'other@example.jp', 'second@example.jp']);
  });

  it('does not mail an unpublished notice, mail off, or an ended period; mails when it is published later', async () => {
    const subject = '公開時に送信';
    const id = await add({ is_control: '2', email_title: subject });
    await add({ is_email: '0', email_title: subject });
    await add({ period_from: '2020-01-01T10:00', period_to: '2020-01-31T10:00', email_title: subject });
    await t.app.deps.mailer.flush();
    expect(received).toHaveLength(0);
    expect(await outboxFor(subject)).toHaveLength(0);
    await update(id, { is_control: '1', email_title: subject });
    await t.app.deps.mailer.flush();
    expect(recipients(received)).toEqual(['hanako@example.jp', 'second@example.jp']);
  });

  it('a large audience is queued in one statement', async () => {
    const subject = '全員への案内';
    await t.db.execute(sql`
      insert into students (login_id, generation_id, name, mail1, approval_status)
      select '2604' || lpad(g::text, 4, '0'), '2604', '学生' || g, 'bulk' || g || '@example.jp', '1'
      from generate_series(1, 300) g`);
    const id = await add({ published_to: '2', generation_id: '2604', email_title: subject, is_control: '2' });
    await update(id, { published_to: '2', generation_id: '2604', email_title: subject });
    const queued = await outboxFor(subject);
    expect(queued).toHaveLength(300);
    expect(new Set(queued.map((r) => r.to)).size).toBe(300);
    expect(queued[0]!.body).toMatch(/^学生\d+ 様\n\n/);
    // delivery over SMTP is the first test's; keep these 300 out of the later ones
    await t.db.update(mailOutbox).set({ status: 'logged' }).where(eq(mailOutbox.subject, subject));
  });

  it('a refusing SMTP peer leaves the mail pending with a growing delay; a later flush sends each once', async () => {
    const subject = '再送の確認';
    refusing = true;
    await add({ email_title: subject });
    await t.app.deps.mailer.flush();
    expect(received).toHaveLength(0);
    let rows = await outboxFor(subject);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    const tried = rows.find((r) => r.attempts === 1)!;
    expect(tried.lastError).toContain('try again later');
    expect(tried.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + RETRY_DELAYS_MS[0] - 5_000);

    // not yet due: a flush does not touch it again
    await t.app.deps.mailer.flush();
    const again = (await outboxFor(subject)).find((r) => r.id === tried.id)!;
    expect(again.attempts).toBe(1);

    // the second failure waits longer
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, tried.id));
    await t.app.deps.mailer.flush();
    const twice = (await outboxFor(subject)).find((r) => r.id === tried.id)!;
    expect(twice.attempts).toBe(2);
    expect(twice.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + RETRY_DELAYS_MS[1] - 5_000);

    // the peer recovers and the delays have passed: each mail goes exactly once
    refusing = false;
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.subject, subject));
    await Promise.all([t.app.deps.mailer.flush(), t.app.deps.mailer.flush()]);
    await t.app.deps.mailer.flush();
    expect(recipients(received)).toEqual(['hanako@example.jp', 'second@example.jp']);
    rows = await outboxFor(subject);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('an SMTP peer that is down leaves the mail pending for a later try', async () => {
    const subject = '停止中の送信';
    const down = new Mailer(t.db, {
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'office@example.jp',
      log: t.app.log,
    });
    // the notice is saved and queued; delivery is this mailer's (the app's own is not flushed here)
    await t.db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values({ to: 'hanako@example.jp', subject, body: '本文' });
    });
    await down.flush();
    await down.stop();
    const [row] = await outboxFor(subject);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, row!.id));
    await t.app.deps.mailer.flush();
    expect(recipients(received)).toEqual(['hanako@example.jp']);
    expect((await outboxFor(subject))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
