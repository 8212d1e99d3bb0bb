import { MSG } from '@manabi/shared';
import { ADMIN_USER_MSG } from '@manabi/shared/schemas/admin-user';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog, mailOutbox } from '../../db/schema';
import { createTestApp, get, loginAsAdmin, loginAsStudent, post, type TestApp } from '../../test/app';
import { makeAdmin, makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let adminId: number;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await makeAdmin(t.db, { loginId: 'admin', name: '事務局 管理者' })).id;
  await makeAdmin(t.db, {
    loginId: 'univ01',
    name: 'みなと学院大学 担当',
    password: 'univpass01',
    authority: 2,
    universityId: 'U01',
  });
  await makeStudent(t.db, { loginId: '24040001' });
  admin = await loginAsAdmin(t.app);
  univ = await loginAsAdmin(t.app, 'univ01', 'univpass01');
  student = await loginAsStudent(t.app);
});
afterAll(() => t.close());

/** A complete, valid body of the new-admin form; tests override what they care about. */
const body = (over: Record<string, unknown> = {}) => ({
  name: '山田 花子',
  mail: 'hanako@example.jp',
  mail2: 'hanako@example.jp',
  password: 'hanako-pw1',
  password2: 'hanako-pw1',
  authority: '1',
  university_id: '',
  is_rejection: '0',
  is_email: '1',
  ...over,
});

/** The update form of a stored admin: its fields plus id and updated_at. */
const editOf = (a: typeof adminUsers.$inferSelect, over: Record<string, unknown> = {}) => ({
  id: a.id,
  updated_at: a.updatedAt.toISOString(),
  name: a.name,
  mail: a.email,
  mail2: a.email,
  password: '',
  password2: '',
  authority: String(a.authority),
  university_id: a.universityId ?? '',
  is_rejection: a.isRejection ? '1' : '0',
  is_email: a.isEmail ? '1' : '0',
  ...over,
});

const row = async (id: number) => (await t.db.select().from(adminUsers).where(eq(adminUsers.id, id)))[0]!;
const adminCount = async () => (await t.db.select({ n: count() }).from(adminUsers))[0]!.n;
const mailCount = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
const audits = async (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'admin_user'), eq(auditLog.entityId, String(id))));
const errOf = (res: { json(): unknown }) =>
  (res.json() as { err_list: { name: string; msg: string }[] }).err_list;

const add = async (over: Record<string, unknown> = {}) => {
  const res = await post(t.app, '/api/admin/adminuser/add/', body(over), admin);
  expect(res.statusCode, res.body).toBe(200);
  return row(res.json().id);
};

describe('who may call the admin user calls', () => {
  const calls: [string, (cookie?: string) => ReturnType<typeof get>][] = [
    ['list', (c) => get(t.app, '/api/admin/adminuser/list/', c)],
    ['detail', (c) => get(t.app, '/api/admin/adminuser/detail/?id=1', c)],
    ['password', (c) => post(t.app, '/api/admin/adminuser/password/', body(), c)],
    ['add', (c) => post(t.app, '/api/admin/adminuser/add/', body(), c)],
    ['update', (c) => post(t.app, '/api/admin/adminuser/update/', { id: 1 }, c)],
  ];
  it.each(calls)(
    '%s: authority 2 and a student → 403, nobody → 401, nothing written',
    async (_name, call) => {
      const before = await adminCount();
      const mails = await mailCount();
      expect((await call(univ)).statusCode).toBe(403);
      expect((await call(student)).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
      expect(await adminCount()).toBe(before);
      expect(await mailCount()).toBe(mails);
    },
  );
});

describe('GET /api/admin/adminuser/list/ and detail/', () => {
  it('lists admins whose name contains the search, never a password', async () => {
    const a = await add({ name: '検索 太郎', mail: 'kensaku@example.jp', mail2: 'kensaku@example.jp' });
    const all = await get(t.app, '/api/admin/adminuser/list/', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((r: { login_id: string }) => r.login_id)).toEqual(
      expect.arrayContaining(['admin', 'univ01', a.loginId]),
    );
    expect(all.body).not.toMatch(/password|argon2/);

    const found = await get(t.app, `/api/admin/adminuser/list/?name=${encodeURIComponent('索 太')}`, admin);
    expect(found.json()).toEqual([
      {
        id: a.id,
        login_id: a.loginId,
        name: '検索 太郎',
        mail: 'kensaku@example.jp',
        authority: '1',
        authority_text: '全権限（事務局）',
        university_id: '',
        is_rejection: '0',
        is_email: '1',
        updated_at: a.updatedAt.toISOString(),
      },
    ]);
    const univRow = await get(t.app, `/api/admin/adminuser/list/?name=${encodeURIComponent('学院')}`, admin);
    expect(univRow.json()).toMatchObject([
      {
        login_id: 'univ01',
        authority: '2',
        authority_text: '大学担当（閲覧・出欠のみ）',
        university_id: 'U01',
      },
    ]);
    // % and _ are taken literally
    expect((await get(t.app, '/api/admin/adminuser/list/?name=%25', admin)).json()).toEqual([]);
    // keyed as every name search: without the space, with a full-width one, in full-width letters
    for (const typed of ['検索太郎', '検索　太郎', '索太']) {
      const keyed = await get(t.app, `/api/admin/adminuser/list/?name=${encodeURIComponent(typed)}`, admin);
      expect(
        keyed.json().map((r: { id: number }) => r.id),
        typed,
      ).toEqual([a.id]);
    }
  });

  it('422 on a search longer than 100 characters', async () => {
    const res = await get(t.app, `/api/admin/adminuser/list/?name=${'あ'.repeat(101)}`, admin);
    expect(res.statusCode).toBe(422);
    expect(errOf(res)).toEqual([{ name: 'name', msg: MSG.maxLen(100) }]);
  });

  it('reads one admin without the password; 404 when missing, 422 on a bad id', async () => {
    const res = await get(t.app, `/api/admin/adminuser/detail/?id=${adminId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: adminId,
      login_id: 'admin',
      name: '事務局 管理者',
      authority: '1',
    });
    expect(Object.keys(res.json())).not.toContain('password');
    expect(res.body).not.toContain('argon2');
    expect((await get(t.app, '/api/admin/adminuser/detail/?id=999999', admin)).statusCode).toBe(404);
    const bad = await get(t.app, '/api/admin/adminuser/detail/?id=abc', admin);
    expect(bad.statusCode).toBe(422);
    expect(errOf(bad)[0]!.name).toBe('id');
  });
});

describe('POST /api/admin/adminuser/password/ (the check before the confirm step)', () => {
  const check = (over: Record<string, unknown>) =>
    post(t.app, '/api/admin/adminuser/password/', body(over), admin);

  it('passes a good new admin and a good update', async () => {
    expect((await check({})).json()).toEqual({ is_valid: true, name: '', msg: '' });
    expect((await check({ id: '' })).json()).toEqual({ is_valid: true, name: '', msg: '' });
    const other = await makeAdmin(t.db);
    const res = await post(t.app, '/api/admin/adminuser/password/', editOf(other), admin);
    expect(res.json()).toEqual({ is_valid: true, name: '', msg: '' });
  });

  it('refuses an unknown university, and the caller removing their own authority or login', async () => {
    expect((await check({ authority: '2', university_id: 'NOSUCH' })).json()).toEqual({
      is_valid: false,
      name: 'university_id',
      msg: ADMIN_USER_MSG.universityUnknown,
    });
    expect((await check({ authority: '2', university_id: 'U01' })).json()).toMatchObject({ is_valid: true });
    const self = await row(adminId);
    const own = (over: Record<string, unknown>) =>
      post(t.app, '/api/admin/adminuser/password/', editOf(self, over), admin);
    expect((await own({ authority: '2', university_id: 'U01' })).json()).toEqual({
      is_valid: false,
      name: 'authority',
      msg: ADMIN_USER_MSG.ownAuthority,
    });
    expect((await own({ is_rejection: '1' })).json()).toEqual({
      is_valid: false,
      name: 'is_rejection',
      msg: ADMIN_USER_MSG.ownRejection,
    });
    // another admin may be demoted or refused
    const other = await makeAdmin(t.db);
    const res = await post(
      t.app,
      '/api/admin/adminuser/password/',
      editOf(other, { authority: '2', university_id: 'U01', is_rejection: '1' }),
      admin,
    );
    expect(res.json()).toMatchObject({ is_valid: true });
  });

  it('422 on the field rules (password, confirmations, university for authority 2); 404 when missing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: '', password2: '' }, 'password', MSG.required],
      [{ password: 'パスワード12345', password2: 'パスワード12345' }, 'password', MSG.asciiPrintable],
      [{ password2: 'other-pw12' }, 'password2', MSG.notMatch('パスワード')],
      [{ mail2: 'other@example.jp' }, 'mail2', MSG.notMatch('メールアドレス')],
      [{ authority: '2', university_id: '' }, 'university_id', ADMIN_USER_MSG.universityRequired],
    ];
    for (const [over, name, msg] of cases) {
      const res = await check(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(errOf(res), JSON.stringify(over)).toContainEqual({ name, msg });
    }
    // the update form may leave the password empty
    const other = await makeAdmin(t.db);
    expect((await post(t.app, '/api/admin/adminuser/password/', editOf(other), admin)).statusCode).toBe(200);
    const missing = await check({ id: 999999 });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/adminuser/add/', () => {
  it('assigns a login id, hashes the password, queues the mail, audits; the new admin logs in', async () => {
    const mails = await mailCount();
    const res = await post(
      t.app,
      '/api/admin/adminuser/add/',
      body({ name: '登録 一郎', mail: 'ichiro@example.jp', mail2: 'ichiro@example.jp' }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    const { id, login_id } = res.json();
    expect(res.json()).toEqual({ result: true, id, login_id });
    expect(login_id).toMatch(/^a\d{6}$/);
    expect(login_id.length).toBeLessThanOrEqual(10);
    expect(res.body).not.toContain('hanako-pw1');
    const a = await row(id);
    expect(a).toMatchObject({
      loginId: login_id,
      name: '登録 一郎',
      email: 'ichiro@example.jp',
      authority: 1,
      universityId: null,
      isRejection: false,
      isEmail: true,
    });
    expect(a.passwordHash).toMatch(/^\$argon2id\$/);

    expect(await mailCount()).toBe(mails + 1);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ichiro@example.jp'));
    expect(mail!.subject).toBe('【まなび】管理者アカウント登録のお知らせ');
    expect(mail!.body).toContain('登録 一郎 様');
    expect(mail!.body).toContain(`ログインID：${login_id}`);
    expect(mail!.body).toContain('/admin/login');
    expect(mail!.body).not.toContain('hanako-pw1');

    const [entry] = await audits(id);
    expect(entry).toMatchObject({ action: 'create', actorId: adminId });
    expect(JSON.stringify(entry!.detail)).not.toContain('hanako-pw1');
    expect(JSON.stringify(entry!.detail)).not.toContain('ichiro@example.jp');

    const login = await post(t.app, '/api/auth/admin/login/', { login_id, password: 'hanako-pw1' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ login_id, is_admin: true });
  });

  it('numbers follow the highest system id; an authority-2 admin keeps the university, no mail when declined', async () => {
    const first = await add();
    const mails = await mailCount();
    const second = await add({ authority: '2', university_id: 'U01', is_email: '0' });
    expect(Number(second.loginId.slice(1))).toBe(Number(first.loginId.slice(1)) + 1);
    expect(second).toMatchObject({ authority: 2, universityId: 'U01', isEmail: false });
    expect(await mailCount()).toBe(mails);
    // an authority-1 admin is tied to no university even if one was typed
    const third = await add({ authority: '1', university_id: 'U01' });
    expect(third.universityId).toBeNull();
  });

  it('two adds at once get different login ids', async () => {
    const [a, b] = await Promise.all([
      post(t.app, '/api/admin/adminuser/add/', body({ name: '同時 A' }), admin),
      post(t.app, '/api/admin/adminuser/add/', body({ name: '同時 B' }), admin),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const ids = [a.json().login_id, b.json().login_id];
    expect(new Set(ids).size).toBe(2);
    expect(Math.abs(Number(ids[0].slice(1)) - Number(ids[1].slice(1)))).toBe(1);
  });

  it('422 on each bad field with SPEC §5 messages, nothing written', async () => {
    const before = await adminCount();
    const mails = await mailCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', MSG.required],
      [{ name: 'あ'.repeat(31) }, 'name', MSG.maxLen(30)],
      [{ mail: '', mail2: '' }, 'mail', MSG.required],
      [{ mail: 'not-a-mail', mail2: 'not-a-mail' }, 'mail', MSG.mail],
      [{ mail: `${'a'.repeat(96)}@x.jp`, mail2: `${'a'.repeat(96)}@x.jp` }, 'mail', MSG.maxLen(100)],
      [{ mail2: 'other@example.jp' }, 'mail2', MSG.notMatch('メールアドレス')],
      [{ password: '', password2: '' }, 'password', MSG.required],
      [{ password: 'short1', password2: 'short1' }, 'password', MSG.minLen(8)],
      [{ password: 'a'.repeat(13), password2: 'a'.repeat(13) }, 'password', MSG.maxLen(12)],
      [{ password: 'pass word1', password2: 'pass word1' }, 'password', MSG.asciiPrintable],
      [{ password2: 'different1' }, 'password2', MSG.notMatch('パスワード')],
      [{ authority: '' }, 'authority', MSG.required],
      [{ authority: '3' }, 'authority', MSG.invalidChoice],
      [{ authority: '2', university_id: '' }, 'university_id', ADMIN_USER_MSG.universityRequired],
      [{ authority: '2', university_id: '大学' }, 'university_id', MSG.asciiPrintable],
      [{ authority: '2', university_id: 'U'.repeat(31) }, 'university_id', MSG.maxLen(30)],
      [{ authority: '2', university_id: 'NOSUCH' }, 'university_id', ADMIN_USER_MSG.universityUnknown],
      [{ is_rejection: '2' }, 'is_rejection', MSG.invalidChoice],
      [{ is_email: 'yes' }, 'is_email', MSG.invalidChoice],
    ];
    for (const [over, name, msg] of cases) {
      const res = await post(t.app, '/api/admin/adminuser/add/', body(over), admin);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(errOf(res), JSON.stringify(over)).toContainEqual({ name, msg });
    }
    expect(await adminCount()).toBe(before);
    expect(await mailCount()).toBe(mails);
  });
});

describe('POST /api/admin/adminuser/update/', () => {
  const update = (a: typeof adminUsers.$inferSelect, over: Record<string, unknown> = {}) =>
    post(t.app, '/api/admin/adminuser/update/', editOf(a, over), admin);

  it('changes the fields, keeps the password unless given, queues the change mail, audits', async () => {
    const a = await add({ is_email: '0' });
    const mails = await mailCount();
    const res = await update(a, {
      name: '変更 後子',
      mail: 'changed@example.jp',
      mail2: 'changed@example.jp',
      authority: '2',
      university_id: 'U01',
      is_email: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, id: a.id, login_id: a.loginId });
    const changed = await row(a.id);
    expect(changed).toMatchObject({
      name: '変更 後子',
      email: 'changed@example.jp',
      authority: 2,
      universityId: 'U01',
      isEmail: true,
      passwordHash: a.passwordHash,
      loginId: a.loginId,
    });
    expect(await mailCount()).toBe(mails + 1);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'changed@example.jp'));
    expect(mail!.subject).toBe('【まなび】管理者アカウント変更のお知らせ');
    expect(mail!.body).toContain('パスワード：変更していません');
    expect(mail!.body).toContain('大学ID：U01');
    // the entry says what changed, before → after; the account's mail address by name only
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'admin_user'),
          eq(auditLog.entityId, String(a.id)),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(entry?.detail).toMatchObject({
      changes: {
        name: [a.name, '変更 後子'],
        authority: [a.authority, 2],
        universityId: [a.universityId, 'U01'],
      },
      changed_fields: ['email'],
    });

    // a new password: the old one no longer logs in, the new one does; never in the mail
    const res2 = await update(changed, { password: 'newpass-99', password2: 'newpass-99' });
    expect(res2.statusCode).toBe(200);
    const after = await row(a.id);
    expect(after.passwordHash).not.toBe(a.passwordHash);
    // in the order they were queued: without an ORDER BY, PostgreSQL may return the two mails either way
    const mailsTo = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'changed@example.jp'))
      .orderBy(asc(mailOutbox.id));
    expect(mailsTo.at(-1)!.body).toContain('パスワード：変更しました');
    expect(mailsTo.map((m) => m.body).join()).not.toContain('newpass-99');
    expect(
      (await post(t.app, '/api/auth/admin/login/', { login_id: a.loginId, password: 'hanako-pw1' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post(t.app, '/api/auth/admin/login/', { login_id: a.loginId, password: 'newpass-99' }))
        .statusCode,
    ).toBe(200);
    expect((await audits(a.id)).map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(JSON.stringify((await audits(a.id)).map((e) => e.detail))).not.toContain('newpass-99');
  });

  it('refusing another admin ends their access at once', async () => {
    const a = await add({ password: 'refused-01', password2: 'refused-01' });
    const cookie = await loginAsAdmin(t.app, a.loginId, 'refused-01');
    expect((await get(t.app, '/api/admin/adminuser/list/', cookie)).statusCode).toBe(200);
    expect((await update(a, { is_rejection: '1' })).statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/adminuser/list/', cookie)).statusCode).toBe(401);
    const login = await post(t.app, '/api/auth/admin/login/', {
      login_id: a.loginId,
      password: 'refused-01',
    });
    expect(login.statusCode).toBe(403);
  });

  it('an admin cannot remove their own authority or refuse their own login (422), nothing changed', async () => {
    const self = await row(adminId);
    const demote = await update(self, { authority: '2', university_id: 'U01' });
    expect(demote.statusCode).toBe(422);
    expect(errOf(demote)).toEqual([{ name: 'authority', msg: ADMIN_USER_MSG.ownAuthority }]);
    const refuse = await update(self, { is_rejection: '1' });
    expect(refuse.statusCode).toBe(422);
    expect(errOf(refuse)).toEqual([{ name: 'is_rejection', msg: ADMIN_USER_MSG.ownRejection }]);
    expect(await row(adminId)).toEqual(self);
    // their own name may change
    expect((await update(self, { name: '事務局 管理者（本人）' })).statusCode).toBe(200);
  });

  it('409 when someone saved first, nothing changed', async () => {
    const a = await add();
    expect((await update(a, { name: '先に保存' })).statusCode).toBe(200);
    const saved = await row(a.id);
    const mails = await mailCount();
    const res = await update(a, { name: '後から保存' });
    expect(res.statusCode).toBe(409);
    expect(await row(a.id)).toEqual(saved);
    expect(await mailCount()).toBe(mails);
    expect((await update(a, { updated_at: 'garbage' })).statusCode).toBe(409);
  });

  it('404 for a missing admin; 422 on bad input, nothing changed', async () => {
    const a = await add();
    const missing = await post(t.app, '/api/admin/adminuser/update/', editOf(a, { id: 999999 }), admin);
    expect(missing.statusCode).toBe(404);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', MSG.required],
      [{ mail2: 'x@example.jp' }, 'mail2', MSG.notMatch('メールアドレス')],
      [{ password: 'short', password2: 'short' }, 'password', MSG.minLen(8)],
      [{ password: 'longenough1', password2: '' }, 'password2', MSG.notMatch('パスワード')],
      [{ authority: '2', university_id: 'NOSUCH' }, 'university_id', ADMIN_USER_MSG.universityUnknown],
      [{ updated_at: '' }, 'updated_at', MSG.lockStampMissing],
    ];
    for (const [over, name, msg] of cases) {
      const res = await update(a, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(errOf(res), JSON.stringify(over)).toContainEqual({ name, msg });
    }
    expect(await row(a.id)).toEqual(a);
  });
});
