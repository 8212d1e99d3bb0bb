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
