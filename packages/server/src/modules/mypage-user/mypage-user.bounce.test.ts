import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { enqueueMail } from '../../platform/mail';
import { createTestApp, get, loginAsAdmin, loginAsStudent, post, type TestApp } from '../../test/app';
import { makeAdmin, makeStudent } from '../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp';

/**
 * 「メールが届きません」 from the student's side: a real SMTP peer refuses the student's address, the my-page
 * says so on the top page and the user page, and the student's own save of the contacts ends it. The office's
 * save ends it only with a new mail 1.
 */

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  await makeAdmin(t.db, { loginId: 'admin', password: 'adminpass1' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const TOP = '/api/mypage/top/';
const USER = '/api/mypage/user/';
const CONTACTS = '/api/mypage/user/contacts/update/';

/** A student whose record the admin form and the contacts form both accept as it stands. */
const complete = {
  phone1: '03-1111-2222',
  postcode: '105-0011',
  pref: '東京都',
  streetName1: '港区芝公園',
  address: '1-1',
  filingDate: '2024-04-01',
  password: 'bounce01',
} as const;

const row = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0]!;

/** A student whose mail 1 the peer refuses with 550 5.1.1, once a mail to them has been tried. */
async function bouncedStudent(loginId: string, mail1: string) {
  const s = await makeStudent(t.db, { ...complete, loginId, mail1, isEmail: true });
  smtp.refuse.set(mail1.toLowerCase(), `550 5.1.1 <${mail1}>: User unknown`);
  try {
    await t.db.transaction((tx) =>
      enqueueMail(tx, { to: mail1, subject: '【まなび】お知らせ', body: '…', studentId: s.id }),
    );
    await t.app.deps.mailer.flush();
  } finally {
    smtp.refuse.clear();
  }
  expect((await row(s.id)).mailBouncedAddress).toBe(mail1);
  return { id: s.id, cookie: await loginAsStudent(t.app, loginId, 'bounce01') };
}

const undeliverable = async (cookie: string) => {
  const [top, user] = await Promise.all([get(t.app, TOP, cookie), get(t.app, USER, cookie)]);
  expect(top.statusCode).toBe(200);
  expect(user.statusCode).toBe(200);
  expect(top.json().mail_undeliverable).toBe(user.json().mail_undeliverable);
  return top.json().mail_undeliverable as boolean;
};

async function saveContacts(cookie: string, over: Record<string, string> = {}) {
  const u = (await get(t.app, USER, cookie)).json();
  return post(
    t.app,
    CONTACTS,
    {
      phone1: u.phone1,
      mail1: u.mail1,
      phone2: u.phone2,
      mail2: u.mail2,
      updated_at: u.app_user_updated_at,
      updated_at1: u.contact_updated_at1,
      updated_at2: u.contact_updated_at2,
      ...over,
    },
    cookie,
  );
}

describe('the my-page says when mail does not arrive', () => {
  it('top and user answer mail_undeliverable false for a student whose mail goes through', async () => {
    await makeStudent(t.db, { ...complete, loginId: '24049001', mail1: 'ok@example.jp' });
    expect(await undeliverable(await loginAsStudent(t.app, '24049001', 'bounce01'))).toBe(false);
  });

  it('true once the address was refused; a new address saved by the student ends it', async () => {
    const s = await bouncedStudent('24049002', 'gone@example.jp');
    expect(await undeliverable(s.cookie)).toBe(true);
    const res = await saveContacts(s.cookie, { mail1: 'here@example.jp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await undeliverable(s.cookie)).toBe(false);
    expect(await row(s.id)).toMatchObject({
      mail1: 'here@example.jp',
      mailBouncedAddress: '',
      mailBouncedAt: null,
      mailBounceReason: '',
    });
    const [log] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(s.id)));
    expect(log).toMatchObject({ action: 'update_contacts' });
    expect(log?.detail).toMatchObject({ mail_bounce_cleared: true });
  });

  it('the student saving the same address (checked, it is right) ends it too: the next mail tries again', async () => {
    const s = await bouncedStudent('24049003', 'Typo@Example.jp');
    expect(await undeliverable(s.cookie)).toBe(true);
    expect((await saveContacts(s.cookie)).statusCode).toBe(200);
    expect(await undeliverable(s.cookie)).toBe(false);
    expect((await row(s.id)).mail1).toBe('Typo@Example.jp');
  });

  it('a stale save (409) clears nothing', async () => {
    const s = await bouncedStudent('24049004', 'stale@example.jp');
    const res = await saveContacts(s.cookie, { updated_at: '2020-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(409);
    expect(await undeliverable(s.cookie)).toBe(true);
  });
});

describe("the office's save of the student", () => {
  /** The admin form's body for a student, from its detail answer, with `over`. */
  async function adminSave(admin: string, id: number, over: Record<string, string>) {
    const d = (await get(t.app, `/api/admin/student/detail/?user_id=${id}`, admin)).json();
    const body = {
      ...d,
      user_id: id,
      password: '',
      password2: '',
      mail_1_confirm: d.mail_1,
      mail_2_confirm: d.mail_2,
      ...over,
    };
    return post(t.app, '/api/admin/student/update/', body, admin);
  }

  it('ends the mark with a new mail 1, keeps it when mail 1 is saved unchanged', async () => {
    const admin = await loginAsAdmin(t.app);
    const kept = await bouncedStudent('24049005', 'kept@example.jp');
    const same = await adminSave(admin, kept.id, { remarks: '電話で確認中' });
    expect(same.statusCode, same.body).toBe(200);
    expect((await row(kept.id)).mailBouncedAddress).toBe('kept@example.jp');

    const changed = await adminSave(admin, kept.id, {
      mail_1: 'fixed@example.jp',
      mail_1_confirm: 'fixed@example.jp',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await row(kept.id)).toMatchObject({
      mail1: 'fixed@example.jp',
      mailBouncedAddress: '',
      mailBouncedAt: null,
    });
    expect(await undeliverable(kept.cookie)).toBe(false);
  });
});
