/**
 * What every request meets before its handler: the CSRF check on the route the router
 * matched, why a guarded call is refused (401 no session / ended session, 403 the other area's
 * session), and the caching of the web app's files and their precompressed copies.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MSG } from '@manabi/shared';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { noticeCategories, sessions } from '../db/schema';
import { type Cast, createTestApp, get, makeCast, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

const categoryCount = async () => (await t.db.select({ n: count() }).from(noticeCategories))[0]!.n;
const sessionCount = async () => (await t.db.select({ n: count() }).from(sessions))[0]!.n;

describe('CSRF is checked on the route the router matched', () => {
  it('a percent-encoded /api path with a foreign Origin writes nothing', async () => {
    const before = await categoryCount();
    for (const url of ['/ap%69/admin/notice/category/add/', '/%61pi/admin/notice/category/add']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { category_name: '攻撃', sort_number: '1' },
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: cast.admin },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await categoryCount()).toBe(before);
  });

  it('a cross-site GET of an encoded logout path does not log the student out', async () => {
    const before = await sessionCount();
    const res = await t.app.inject({
      method: 'GET',
      url: '/%61pi/auth/mypage/logout/',
      headers: { 'sec-fetch-site': 'cross-site', cookie: cast.student },
    });
    expect(res.statusCode).toBe(403);
    expect(await sessionCount()).toBe(before);
    expect((await get(t.app, '/api/mypage/top/', cast.student)).statusCode).toBe(200);
  });
});

describe('why a guarded call is refused', () => {
  it('no session at all: 401 saying to log in', async () => {
    const res = await get(t.app, '/api/mypage/top/');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.notLoggedIn);
  });

  it('a session that ended: 401 with the inactivity message', async () => {
    const res = await get(t.app, '/api/mypage/top/', 'manabi_mypage=ended-long-ago');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });

  it("a live session of the other area: 403 (SPEC §8's stored admin on the my-page)", async () => {
    const asAdmin = await get(t.app, '/api/mypage/top/', cast.admin);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(MSG.forbidden);
    const asStudent = await get(t.app, '/api/admin/courselist/', cast.student);
    expect(asStudent.statusCode).toBe(403);
  });

  it('an ended session of the other area is no session: 401', async () => {
    const res = await get(t.app, '/api/mypage/top/', 'manabi_admin=ended-long-ago');
    expect(res.statusCode).toBe(401);
  });
});

const INDEX_HTML = '<!doctype html><title>まなび</title>';
const TOP_HTML = '<!doctype html><title>まなび</title><link rel="modulepreload" href="/assets/top-1.js">';
const LOGIN_HTML = '<!doctype html><title>まなび</title><link rel="modulepreload" href="/assets/login-1.js">';
const APP_JS = `export const greeting = ${JSON.stringify('こんにちは'.repeat(200))};\n`;

describe('caching of the web app', () => {
  let web: FastifyInstance;
  let dir: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'manabi-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX_HTML);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    // what packages/web/precompress.ts writes beside a file
    writeFileSync(join(dir, 'assets', 'app-def456.js'), APP_JS);
    writeFileSync(join(dir, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
    writeFileSync(join(dir, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX_HTML));
    // what packages/web/route-html.ts writes: the top page's own copy of index.html
    mkdirSync(join(dir, 'route-html'));
    writeFileSync(join(dir, 'route-html', 'mypage-top.html'), TOP_HTML);
    writeFileSync(join(dir, 'route-html', 'mypage-login.html'), LOGIN_HTML);
    writeFileSync(
      join(dir, 'route-html', 'routes.json'),
      JSON.stringify({
        '/mypage/login': 'route-html/mypage-login.html',
        // top draws the student's frame before its scripts run: only for a visitor with the session cookie
        '/mypage/top': { file: 'route-html/mypage-top.html', session: 'student' },
        '/mypage/gone': 'route-html/gone.html',
      }),
    );
    const database = await createTestDatabase();
    const config = loadConfig({ SEED_DEMO: '0', WEB_DIST: dir } as NodeJS.ProcessEnv);
    web = await buildApp({ config, db: database.db, serveWeb: true, logger: false });
    await web.ready();
    close = async () => {
      await web.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('HTML is revalidated on every visit; hashed assets are kept for a year', async () => {
    for (const url of ['/mypage/top', '/mypage/top/', '/mypage/top?sessionexp=1', '/admin/login', '/']) {
      const page = await web.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await web.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await web.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await web.inject({ method: 'GET', url: '/assets/gone-old.js' })).statusCode).toBe(404);
  });

  it('a hashed asset goes out brotli-encoded when brotli is accepted, gzip when only gzip is, else as it is', async () => {
    const url = '/assets/app-def456.js';
    const br = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plainAnswers = [
      await web.inject({ method: 'GET', url }),
      await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } }),
    ];
    for (const plain of [...plainAnswers, br, gz]) {
      // a shared cache must not hand one client's encoding to another
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const plain of plainAnswers) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe(br.headers['content-type']);
      expect(plain.body).toBe(APP_JS);
    }
  });

  it("the app's HTML is sent compressed too, still revalidated on every visit", async () => {
    const page = await web.inject({
      method: 'GET',
      url: '/mypage/news',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('a file without a compressed copy is sent as it is; the copies have no address of their own', async () => {
    const asset = await web.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe('console.log(1)');
    expect((await web.inject({ method: 'GET', url: '/assets/app-def456.js.br' })).statusCode).toBe(404);
  });

  it('the my-page top gets its own copy of the page (it preloads its chunks); other paths the plain one', async () => {
    const withSession = { cookie: 'manabi_mypage=any-token' };
    for (const url of ['/mypage/top', '/mypage/top/', '/mypage/top?sessionexp=1']) {
      const page = await web.inject({ method: 'GET', url, headers: withSession });
      expect(page.body, url).toBe(TOP_HTML);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      // without the student's cookie (none, or only an admin's), the frame of a page the visitor is about
      // to be sent away from is not drawn: the plain page, whose router goes on to the login
      for (const headers of [{}, { cookie: 'manabi_admin=any-token' }]) {
        expect((await web.inject({ method: 'GET', url, headers })).body, url).toBe(INDEX_HTML);
      }
    }
    expect((await web.inject({ method: 'GET', url: '/mypage/login' })).body).toBe(LOGIN_HTML);
    // not in routes.json, or named there without its file: the plain index.html
    for (const url of ['/mypage/news', '/mypage/gone', '/admin/top']) {
      expect((await web.inject({ method: 'GET', url })).body, url).toBe(INDEX_HTML);
    }
    // the copies are not files of the site
    expect((await web.inject({ method: 'GET', url: '/route-html/routes.json' })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/route-html/mypage-top.html' })).statusCode).toBe(404);
  });
});
