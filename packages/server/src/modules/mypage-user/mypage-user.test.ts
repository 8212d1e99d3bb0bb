import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, students } from '../../db/schema';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';

let t: TestApp;
let cast: Cast;
/** 24040002, the student every write here uses (24040001 stays as made) */
let other: string;
let otherId: number;

const USER = '/api/mypage/user/';
const CONTACTS = '/api/mypage/user/contacts/update/';
const PASSWORD = '/api/mypage/user/password/update/';

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, {
    student: {
      name: '山田 太郎',
      phone1: '03-1111-1111',
      mail1: 'taro@example.jp',
      emergencyName: '山田 花子',
    },
  });
  const s = await makeStudent(t.db, {
    loginId: '24040002',
    name: '佐藤 次郎',
    phone1: '090-2222-2222',
    mail1: 'jiro@example.jp',
    postcode: '160-0023',
    pref: '東京都',
    streetName1: '新宿区西新宿',
    // the 丁目 as the admission form stores it, bare digits: the my-page still reads 2丁目
    streetName2: '2',
    address: '8-1',
    password: 'student02',
  });
  otherId = s.id;
  other = await loginAsStudent(t.app, '24040002', 'student02');
});
afterAll(async () => {
  await t.close();
});

const me = async (cookie: string) => (await get(t.app, USER, cookie)).json();
const contactsBody = async (cookie: string, over: Record<string, string> = {}) => {
  const u = await me(cookie);
  return {
    phone1: u.phone1,
    mail1: u.mail1,
    phone2: u.phone2,
    mail2: u.mail2,
    updated_at: u.app_user_updated_at,
    updated_at1: u.contact_updated_at1,
    updated_at2: u.contact_updated_at2,
    ...over,
  };
};
const row = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0]!;

describe('guards', () => {
  it.each([
    ['GET', USER],
    ['POST', CONTACTS],
    ['POST', PASSWORD],
  ])('%s %s refuses anonymous callers (401) and admin sessions (403)', async (method, url) => {
    for (const [cookie, status] of [
      [undefined, 401],
      [cast.admin, 403],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(t.app, url, cookie)
          : await post(t.app, url, { phone1: '03-1234-5678' }, cookie);
      expect(res.statusCode).toBe(status);
    }
  });
});

describe('GET mypage/user/', () => {
  it("answers the session's own student only, never the password", async () => {
    const res = await get(t.app, USER, other);
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({
      login_id: '24040002',
      name: '佐藤 次郎',
      phone1: '090-2222-2222',
      mail1: 'jiro@example.jp',
      postcode: '160-0023',
      address: '東京都新宿区西新宿2丁目8-1',
    });
    expect(JSON.stringify(u)).not.toMatch(/password|山田|taro@/);
    expect(Object.keys(u)).toEqual(
      expect.arrayContaining(['contact_updated_at1', 'contact_updated_at2', 'app_user_updated_at']),
    );
    expect((await me(cast.student)).login_id).toBe('24040001');
  });
});

describe('POST mypage/user/contacts/update/', () => {
  it('saves the contacts and moves only the changed group stamp', async () => {
    const body = await contactsBody(other, { phone2: '03-3333-4444', mail2: 'jiro2@example.jp' });
    const before = await row(otherId);
    const res = await post(t.app, CONTACTS, body, other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const after = await row(otherId);
    expect(after).toMatchObject({
      phone1: '090-2222-2222',
      phone2: '03-3333-4444',
      mail2: 'jiro2@example.jp',
    });
    expect(after.contactsUpdatedAt1).toEqual(before.contactsUpdatedAt1);
    expect(after.contactsUpdatedAt2.getTime()).toBeGreaterThan(before.contactsUpdatedAt2.getTime());
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'update_contacts'));
    expect(log).toMatchObject({ actorKind: 'student', actorId: otherId, entityId: String(otherId) });
    // 24040001 is untouched
    expect((await me(cast.student)).phone1).toBe('03-1111-1111');
  });

  it.each([
    [{ phone1: '' }, 'phone1'],
    [{ phone1: '03-12345-678' }, 'phone1'],
    [{ phone2: '1234' }, 'phone2'],
    [{ phone2: '090-2222-2222', phone1: '090-2222-2222' }, 'phone2'],
    [{ mail1: 'not-a-mail' }, 'mail1'],
    [{ mail2: `${'a'.repeat(95)}@ex.jp` }, 'mail2'],
    [{ mail1: 'same@example.jp', mail2: 'same@example.jp' }, 'mail2'],
  ])('422 on the field for %o', async (over, name) => {
    const res = await post(t.app, CONTACTS, await contactsBody(other, over), other);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list.map((e: { name: string }) => e.name)).toContain(name);
  });

  it.each(['updated_at', 'updated_at1', 'updated_at2'])(
    '409 when %s is stale, nothing changed',
    async (key) => {
      const before = await row(otherId);
      const body = await contactsBody(other, { phone1: '03-9999-0000', [key]: '2000-01-01T00:00:00.000Z' });
      const res = await post(t.app, CONTACTS, body, other);
      expect(res.statusCode).toBe(409);
      expect(await row(otherId)).toEqual(before);
    },
  );
});

describe('POST mypage/user/password/update/', () => {
  const body = (current_password: string, password = 'newpass99', password2 = password) => ({
    current_password,
    password,
    password2,
    login_id: '24040002',
    updated_at: '',
  });

  it('a wrong current password is 422 on current_password, nothing changed', async () => {
    const res = await post(t.app, PASSWORD, body('wrong-pass'), other);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      is_valid: false,
      err_list: [{ name: 'current_password', msg: '現在のパスワードが違います' }],
    });
    expect(
      (await post(t.app, '/api/auth/mypage/login/', { login_id: '24040002', password: 'student02' }))
        .statusCode,
    ).toBe(200);
  });

  it("the current-password check shares the login's per-account lock, parallel guesses included", async () => {
    await makeStudent(t.db, { loginId: '24040003', password: 'student03' });
    const third = await loginAsStudent(t.app, '24040003', 'student03');
    const guess = (i: number) => ({ ...body(`guess-${i}`), login_id: '24040003' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(t.app, PASSWORD, guess(i), third)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    // locked for the password change with the right password, and for logging in
    const right = await post(t.app, PASSWORD, { ...body('student03'), login_id: '24040003' }, third);
    expect(right.statusCode).toBe(429);
    const login = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '24040003',
      password: 'student03',
    });
    expect(login.statusCode).toBe(429);
  });

  it.each([
    [body('student02', 'short1'), 'password'],
    [body('student02', 'パスワード１２３'), 'password'],
    [body('student02', 'newpass99', 'newpass98'), 'password2'],
    [body(''), 'current_password'],
    [body('x'.repeat(13)), 'current_password'],
  ])('422 on the field (%#)', async (payload, name) => {
    const res = await post(t.app, PASSWORD, payload, other);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list.map((e: { name: string }) => e.name)).toContain(name);
  });

  it('sets the password, ends the other sessions, keeps this one, audits', async () => {
    const second = await loginAsStudent(t.app, '24040002', 'student02');
    const res = await post(t.app, PASSWORD, body('student02'), other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_valid: true, err_list: [] });
    expect((await get(t.app, USER, other)).statusCode).toBe(200);
    expect((await get(t.app, USER, second)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.studentId, otherId))).toHaveLength(1);
    // 24040001's session is not touched
    expect((await get(t.app, USER, cast.student)).statusCode).toBe(200);
    const old = await post(t.app, '/api/auth/mypage/login/', { login_id: '24040002', password: 'student02' });
    expect(old.statusCode).not.toBe(200);
    await loginAsStudent(t.app, '24040002', 'newpass99');
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'password_change'));
    expect(log).toMatchObject({ actorKind: 'student', actorId: otherId });
  });
});
