import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_LISTS } from '@manabi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { createTestApp, get, loginAsAdmin, loginAsStudent, post, type TestApp } from '../test/app';
import { makeAdmin, makeStudent } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SESSION_IDLE_SECONDS: '2',
    SESSION_ABSOLUTE_SECONDS: '3600',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100',
  });
  await makeAdmin(t.db, { loginId: 'admin' });
  await makeStudent(t.db, { loginId: '24040001' });
});
afterAll(() => t.close());

describe('health and code lists', () => {
  it('GET /api/health answers 200 with the database reachable', async () => {
    const res = await get(t.app, '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves every code list as d_value, d_text, is_init', async () => {
    const res = await get(t.app, '/api/common/codemasterlist/?code=CD007');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(CODE_LISTS.CD007);
    expect(res.json()[0]).toEqual({ d_value: '1', d_text: '公開', is_init: true });
    expect((await get(t.app, '/api/common/codemasterlist/?code=CD999')).statusCode).toBe(422);
  });

  it('unknown API paths are a JSON 404', async () => {
    const res = await get(t.app, '/api/no/such/thing/');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call from another origin, even with a valid session', async () => {
    const cookie = await loginAsAdmin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notice/category/add/',
      payload: { category_name: '攻撃', sort_number: '1' },
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses cross-site fetch metadata and non-JSON bodies', async () => {
    const cookie = await loginAsAdmin(t.app);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notice/category/add/',
      payload: { category_name: '攻撃', sort_number: '1' },
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', cookie },
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notice/category/add/',
      payload: 'category_name=x&sort_number=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    expect(form.statusCode).toBe(422);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/auth/admin/logout/',
      headers: { 'sec-fetch-site': 'cross-site', cookie },
    });
    expect(logout.statusCode).toBe(403);
    expect((await get(t.app, '/api/auth/admin/session/', cookie)).statusCode).toBe(200);
  });
});

describe('session timeouts', () => {
  it('an idle session answers 401 once the idle timeout has passed; activity keeps it alive', async () => {
    const cookie = await loginAsStudent(t.app);
    expect((await get(t.app, '/api/mypage/top/', cookie)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2200));
    const res = await get(t.app, '/api/mypage/top/', cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('「ログインを続ける」 (session?touch=1) restarts the idle clock at once; touch=0 does not', async () => {
    const cookie = await loginAsStudent(t.app);
    await new Promise((r) => setTimeout(r, 1200));
    const peek = (await get(t.app, '/api/auth/mypage/session/?touch=0', cookie)).json();
    expect(peek.idle_remaining_sec).toBe(0); // 0.8 s left, rounded down
    const extended = (await get(t.app, '/api/auth/mypage/session/?touch=1', cookie)).json();
    expect(extended.idle_remaining_sec).toBe(1); // 1.99 s left
    await new Promise((r) => setTimeout(r, 1200));
    // 2.4 s after login, but only 1.2 s after the extension: still alive
    expect((await get(t.app, '/api/auth/mypage/session/?touch=0', cookie)).statusCode).toBe(200);
  });

  it('a call after the touch interval restarts the idle clock; the connection still commits synchronously after', async () => {
    const cookie = await loginAsStudent(t.app);
    // the idle timeout is 2 s here, so the idle clock is written at most every 0.2 s
    await new Promise((r) => setTimeout(r, 1200));
    expect((await get(t.app, '/api/mypage/top/', cookie)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1200));
    // 2.4 s after login, 1.2 s after the call that restarted the clock
    expect((await get(t.app, '/api/auth/mypage/session/?touch=0', cookie)).statusCode).toBe(200);
    // the touch commits without waiting for its flush, and only itself: a query after it on the same
    // connection (the pool hands the one just released to the next sequential query) still waits
    const shown = (await t.db.execute(sql`show synchronous_commit`)) as unknown as {
      rows: { synchronous_commit: string }[];
    };
    expect(shown.rows[0]?.synchronous_commit).toBe('on');
  });

  it('the absolute timeout ends even an active session', async () => {
    const short = await createTestApp({ SESSION_IDLE_SECONDS: '60', SESSION_ABSOLUTE_SECONDS: '1' });
    try {
      await makeStudent(short.db, { loginId: '24040001' });
      const cookie = await loginAsStudent(short.app);
      expect((await get(short.app, '/api/mypage/top/', cookie)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      expect((await get(short.app, '/api/mypage/top/', cookie)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('per-IP login rate limit', () => {
  it('answers 429 with a Japanese message past the per-minute limit', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await post(limited.app, '/api/auth/admin/login/', {
          login_id: `nobody${i}`,
          password: 'x',
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toMatch(/しばらく待って/);
      }
      expect(statuses).toEqual([422, 422, 422, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('embedded database lock', () => {
  it('a second open of the same data directory is refused with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'manabi-lock-'));
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toThrow(/already in use by process/);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir); // released on close
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
