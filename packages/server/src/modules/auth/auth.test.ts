import { MSG } from '@manabi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, sessions } from '../../db/schema';
import { sha256 } from '../../platform/crypto';
import { createTestApp, get, loginAsAdmin, loginAsStudent, post, type TestApp } from '../../test/app';
import { makeAdmin, makeStudent } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_SECONDS: '1800' });
  await makeAdmin(t.db, { loginId: 'admin', password: 'adminpass1', name: '事務局 管理者' });
  await makeAdmin(t.db, { loginId: 'univ01', password: 'univpass01', authority: 2, universityId: 'U01' });
  await makeAdmin(t.db, { loginId: 'refused', password: 'refused01', isRejection: true });
  await makeStudent(t.db, {
    loginId: '24040001',
    password: 'student01',
    name: '山田 花子',
    birthday: '1958-05-12',
  });
  await makeStudent(t.db, { loginId: null, approvalStatus: '0', password: 'pending01', name: '申込 中' });
});
afterAll(() => t.close());

describe('admin login', () => {
  it('answers the session user and sets an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await post(t.app, '/api/auth/admin/login/', { login_id: 'admin', password: 'adminpass1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      login_id: 'admin',
      name: '事務局 管理者',
      authority: 1,
      is_admin: true,
    });
    const cookie = res.cookies.find((c) => c.name === 'manabi_admin')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // only the hash of the session id is stored
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256(cookie.value)));
    expect(row?.kind).toBe('admin');
  });

  it('answers 422 with the Japanese message for a wrong password', async () => {
    const res = await post(t.app, '/api/auth/admin/login/', { login_id: 'admin', password: 'wrongpass' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.loginFailed);
    expect(res.cookies).toHaveLength(0);
  });

  it('validates the body with field messages, never 500', async () => {
    const res = await post(t.app, '/api/auth/admin/login/', { login_id: '', password: 'x'.repeat(21) });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.is_valid).toBe(false);
    expect(body.err_list).toEqual(
      expect.arrayContaining([
        { name: 'login_id', msg: MSG.required },
        { name: 'password', msg: '21文字以上は入力できません' },
      ]),
    );
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login/',
      payload: '{"login_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses an admin whose login is refused (is_rejection)', async () => {
    const res = await post(t.app, '/api/auth/admin/login/', { login_id: 'refused', password: 'refused01' });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it('regenerates the session at login: the previous session id no longer works', async () => {
    const first = await loginAsAdmin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login/',
      payload: { login_id: 'admin', password: 'adminpass1' },
      headers: { 'content-type': 'application/json', cookie: first },
    });
    const second = `manabi_admin=${res.cookies.find((c) => c.name === 'manabi_admin')!.value}`;
    expect(second).not.toBe(first);
    expect((await get(t.app, '/api/auth/admin/session/', first)).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/admin/session/', second)).statusCode).toBe(200);
  });

  it('logout ends the session', async () => {
    const cookie = await loginAsAdmin(t.app);
    expect((await get(t.app, '/api/auth/admin/session/', cookie)).statusCode).toBe(200);
    const out = await get(t.app, '/api/auth/admin/logout/', cookie);
    expect(out.statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/admin/session/', cookie)).statusCode).toBe(401);
  });
});

describe('my-page login', () => {
  it('answers the student session user with the student ID card dates', async () => {
    const res = await post(t.app, '/api/auth/mypage/login/', { login_id: '24040001', password: 'student01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: '山田 花子',
      login_id: '24040001',
      birthday: '1958-05-12',
      date_issue_num: '2024-04-01',
      expiration_date: '2026-03-31',
      authority: null,
      university_id: null,
      is_admin: false,
    });
  });

  it('refuses full-width characters in the login id with the spec message', async () => {
    const res = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '２４０４０００１',
      password: 'student01',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toContainEqual({ name: 'login_id', msg: MSG.asciiPrintable });
  });

  it('an admin cookie is not a student session, and the reverse: the other area answers 403 (SPEC §8)', async () => {
    const admin = await loginAsAdmin(t.app);
    const student = await loginAsStudent(t.app);
    expect((await get(t.app, '/api/mypage/top/', admin)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/notice/category/list/all/', student)).statusCode).toBe(403);
    // a forged cookie of the other kind's name with the other's value
    const swapped = student.replace('manabi_mypage', 'manabi_admin');
    expect((await get(t.app, '/api/auth/admin/session/', swapped)).statusCode).toBe(401);
  });
});

describe('a withdrawn student (退会) at the my-page login', () => {
  const LOGIN = '/api/auth/mypage/login/';
  const withdrawn = (loginId: string) =>
    makeStudent(t.db, { loginId, password: 'leftpass01', approvalStatus: '4', withdrawnAt: new Date() });

  it('a right password is told the registration has ended and whom to call; no session is made', async () => {
    await withdrawn('19049801');
    const res = await post(t.app, LOGIN, { login_id: '19049801', password: 'leftpass01' });
    expect(res.statusCode).toBe(403);
    const phone = t.config.officePhone;
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      message: `この学生番号のご登録は、退会の手続きにより終了しています。ご不明な点は、事務局（電話 ${phone}）にお問い合わせください。`,
      office_phone: phone,
    });
    expect(res.cookies).toHaveLength(0);
  });

  it('a wrong password hears what any wrong password hears: nothing of the withdrawal', async () => {
    await withdrawn('19049802');
    const wrong = await post(t.app, LOGIN, { login_id: '19049802', password: 'wrongpass1' });
    const unknown = await post(t.app, LOGIN, { login_id: '99999998', password: 'wrongpass1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('is throttled as any login: locked after the failures, even with the right password', async () => {
    await withdrawn('19049803');
    for (let i = 1; i <= 4; i++) {
      expect((await post(t.app, LOGIN, { login_id: '19049803', password: 'wrong' })).statusCode).toBe(422);
    }
    expect((await post(t.app, LOGIN, { login_id: '19049803', password: 'wrong' })).statusCode).toBe(429);
    const right = await post(t.app, LOGIN, { login_id: '19049803', password: 'leftpass01' });
    expect(right.statusCode).toBe(429);
    expect(right.json().office_phone).toBeUndefined();
  });
});

describe('login throttling', () => {
  it('locks a login id after 5 consecutive failures, for everyone, even with the right password', async () => {
    await makeStudent(t.db, { loginId: '24049901', password: 'rightpass1' });
    for (let i = 1; i <= 4; i++) {
      const res = await post(t.app, '/api/auth/mypage/login/', { login_id: '24049901', password: 'wrong' });
      expect(res.statusCode).toBe(422);
    }
    const fifth = await post(t.app, '/api/auth/mypage/login/', { login_id: '24049901', password: 'wrong' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe(MSG.accountLocked(15));
    const right = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '24049901',
      password: 'rightpass1',
    });
    expect(right.statusCode).toBe(429);
  });

  it('40 parallel guesses at one id get at most LOGIN_MAX_FAILURES password checks, in both areas', async () => {
    await makeStudent(t.db, { loginId: '24049903', password: 'rightpass1' });
    await makeAdmin(t.db, { loginId: 'race01', password: 'rightpass1' });
    for (const [area, loginId] of [
      ['mypage', '24049903'],
      ['admin', 'race01'],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(t.app, `/api/auth/${area}/login/`, { login_id: loginId, password: `wrong-${i}` }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      // the first four checked failures say "wrong", the fifth locks; every other guess is never checked
      expect(statuses.filter((s) => s === 422)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(36);
      const right = await post(t.app, `/api/auth/${area}/login/`, {
        login_id: loginId,
        password: 'rightpass1',
      });
      expect(right.statusCode, area).toBe(429);
      expect(right.cookies).toHaveLength(0);
    }
  });

  it('the right password among 40 parallel wrong ones: logs in only before the lock, never after it', async () => {
    await makeStudent(t.db, { loginId: '24049906', password: 'rightpass1' });
    const guesses = Array.from({ length: 41 }, (_, i) => (i === 20 ? 'rightpass1' : `wrong-${i}`));
    // from an address of their own, so the per-address limit the other tests share is not used up
    const answers = await Promise.all(
      guesses.map((password) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/mypage/login/',
          remoteAddress: '192.0.2.41',
          payload: { login_id: '24049906', password },
          headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
        }),
      ),
    );
    const right = answers[20]!;
    const wrong = answers.filter((_, i) => i !== 20).map((r) => r.statusCode);
    if (right.statusCode === 200) {
      // it was checked before the fifth failure and cleared the count: at most two rounds of checks
      expect(wrong.filter((s) => s === 422).length).toBeLessThanOrEqual(8);
    } else {
      // refused unchecked: exactly the four failures before the lock were answered as wrong
      expect(right.statusCode).toBe(429);
      expect(right.cookies).toHaveLength(0);
      expect(wrong.filter((s) => s === 422)).toHaveLength(4);
    }
    expect(wrong.every((s) => s === 422 || s === 429)).toBe(true);
  });

  it('a lock left half-written (the reserving process died mid-check) does not lock the id forever', async () => {
    await makeStudent(t.db, { loginId: '24049904', password: 'rightpass1' });
    // the maximum reserved but never followed by a lock: recent = an attempt still in flight, refused
    await t.db.insert(loginThrottles).values({ kind: 'student', loginId: '24049904', failures: 5 });
    const inFlight = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '24049904',
      password: 'rightpass1',
    });
    expect(inFlight.statusCode).toBe(429);
    // older than a lock would last: the process that reserved it is gone, the count starts again
    await t.db
      .update(loginThrottles)
      .set({ updatedAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(loginThrottles.kind, 'student'), eq(loginThrottles.loginId, '24049904')));
    const later = await post(t.app, '/api/auth/mypage/login/', {
      login_id: '24049904',
      password: 'rightpass1',
    });
    expect(later.statusCode).toBe(200);
  });

  it('the attempt that reaches the maximum writes the lock in the same statement that counts it', async () => {
    await makeStudent(t.db, { loginId: '24049905', password: 'rightpass1' });
    await t.db.insert(loginThrottles).values({ kind: 'student', loginId: '24049905', failures: 4 });
    // the fifth attempt is the right password: it logs in and clears the count…
    const ok = await post(t.app, '/api/auth/mypage/login/', { login_id: '24049905', password: 'rightpass1' });
    expect(ok.statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(loginThrottles)
      .where(and(eq(loginThrottles.kind, 'student'), eq(loginThrottles.loginId, '24049905')));
    expect(left).toHaveLength(0);
    // …a wrong fifth attempt leaves a lock with its end written
    await t.db.insert(loginThrottles).values({ kind: 'student', loginId: '24049905', failures: 4 });
    const wrong = await post(t.app, '/api/auth/mypage/login/', { login_id: '24049905', password: 'wrong' });
    expect(wrong.statusCode).toBe(429);
    const [row] = await t.db
      .select()
      .from(loginThrottles)
      .where(and(eq(loginThrottles.kind, 'student'), eq(loginThrottles.loginId, '24049905')));
    expect(row?.lockedUntil).toBeInstanceOf(Date);
  });

  it('a success resets the count', async () => {
    await makeStudent(t.db, { loginId: '24049902', password: 'rightpass1' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        await post(t.app, '/api/auth/mypage/login/', { login_id: '24049902', password: 'wrong' });
      }
      const ok = await post(t.app, '/api/auth/mypage/login/', {
        login_id: '24049902',
        password: 'rightpass1',
      });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('treats an unknown login id like a known one (no account enumeration)', async () => {
    const res = await post(t.app, '/api/auth/mypage/login/', { login_id: '99999999', password: 'whatever1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.loginFailed);
  });

  it('a pending admission cannot log in', async () => {
    const res = await post(t.app, '/api/auth/mypage/login/', { login_id: '', password: 'pending01' });
    expect(res.statusCode).toBe(422);
  });
});

describe('session endpoint', () => {
  it('reads the remaining idle time without extending it (touch=0)', async () => {
    const cookie = await loginAsStudent(t.app);
    const res = await get(t.app, '/api/auth/mypage/session/?touch=0', cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.login_id).toBe('24040001');
    expect(body.idle_timeout_sec).toBe(1800);
    expect(body.idle_remaining_sec).toBeGreaterThan(1790);
    expect(body.idle_remaining_sec).toBeLessThanOrEqual(1800);
    // the my-page's expired student ID card sends the student to this number
    expect(body.office_phone).toBe(t.config.officePhone);
  });

  it('answers 401 without a session', async () => {
    expect((await get(t.app, '/api/auth/mypage/session/')).statusCode).toBe(401);
    expect((await get(t.app, '/api/auth/admin/session/', 'manabi_admin=forged')).statusCode).toBe(401);
  });
});
