import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { createTestDatabase } from './test/db';

let database: Database;
let dist: string;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  dist = mkdtempSync(join(tmpdir(), 'manabi-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="ja"><title>まなび</title></html>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1)');
  const config = loadConfig({ WEB_DIST: dist, SEED_DEMO: '0' } as NodeJS.ProcessEnv);
  app = await buildApp({ config, db: database.db, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every screen path with the single-page app and a strict CSP', async () => {
    for (const url of ['/mypage/top', '/admin/notification/category', '/mypage/no/such/page']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>まなび</title>');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends the same security headers on pages, API answers and errors', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/mypage/login', '/api/health', '/api/unknown/', '/api/mypage/top/']) {
      const res = await app.inject({ url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('serves static files, and a JSON 404 for unknown API paths', async () => {
    expect((await app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    // an asset that does not exist (an old chunk after a deploy) must not be answered with the HTML page
    const missing = await app.inject({ url: '/assets/old-chunk-abc123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
    const api = await app.inject({ url: '/api/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });
});

describe('the app at capacity (issue 16)', () => {
  it('answers the calls beyond MAX_IN_FLIGHT with 503 and Retry-After, never a late answer, and recovers', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      MAX_IN_FLIGHT: '1',
    } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, db: database.db, serveWeb: false, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      // a login with an unknown id: a database lookup and a password hash off the main thread, so calls overlap
      const base = `http://127.0.0.1:${port}`;
      let n = 0;
      const login = () =>
        fetch(`${base}/api/auth/mypage/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          // each call its own unknown id: the failed-login lock of one id is not what this test is about
          body: JSON.stringify({ login_id: String(99_990_000 + n++), password: 'wrong-password' }),
        });
      const normal = (await login()).status;
      expect(normal).not.toBe(503);
      const answers = await Promise.all(Array.from({ length: 30 }, login));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s !== normal && s !== 503)).toEqual([]);
      expect(statuses).toContain(normal);
      expect(statuses).toContain(503);
      const busy = answers.find((r) => r.status === 503) as Response;
      expect(busy.headers.get('retry-after')).toBe('1');
      expect(((await busy.json()) as { code: string }).code).toBe('BUSY');
      // once the burst is over, every call is served again
      expect((await login()).status).toBe(normal);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
