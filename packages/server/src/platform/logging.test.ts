/**
 * The logs hold no reset token, no request body and no SQL parameter.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { loginAsAdmin } from '../test/app';
import { createTestDatabase } from '../test/db';
import { makeAdmin } from '../test/factories';
import { loggablePath, redactUrl, serializeError, withoutQueries } from './logging';

describe('redaction', () => {
  it('hides a token in a query or in the password-setting path', () => {
    expect(redactUrl('/api/mypage/login/isexpire/?token=abcDEF_123')).toBe(
      '/api/mypage/login/isexpire/?token=***',
    );
    expect(redactUrl('/mypage/passwordsetting/abcDEF_123?x=1')).toBe('/mypage/passwordsetting/***?x=1');
    expect(redactUrl('/api/mypage/newslist/?keyword=a&page=2')).toBe(
      '/api/mypage/newslist/?keyword=a&page=2',
    );
  });

  it("hides a calendar feed's secret, however the path is spelled (issue 17)", () => {
    const secret = 'SECRETfeed_0123456789abcdefghijklmnopqrstuv';
    expect(redactUrl(`/api/calendar/${secret}.ics`)).toBe('/api/calendar/***');
    expect(redactUrl(`/api/calendar/${secret}.ics/?x=1`)).toBe('/api/calendar/***/?x=1');
    // the router decodes percent-escapes before matching: these reach the feed as well
    expect(redactUrl(`/api/%63alendar/${secret}.ics`)).toBe('/api/calendar/***');
    expect(redactUrl(`/api/CALENDAR/%53${secret.slice(1)}.ics`)).toBe('/api/CALENDAR/***');
    expect(redactUrl('/api/mypage/schedule/')).toBe('/api/mypage/schedule/');
  });

  it('an SQL error is logged without its parameters or the detail that quotes values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (login_id)=(24040001) already exists.',
    });
    const err = new DrizzleQueryError('insert into "students" ("login_id") values ($1)', ['24040001'], cause);
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('insert into');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('24040001');
  });
});

describe('a path no route matched', () => {
  it('keeps the words of a route and drops the query and every segment that may be a person', () => {
    expect(loggablePath('/api/admin/nosuch/?name=%E5%B1%B1%E7%94%B0')).toBe('/api/admin/nosuch/');
    // a name typed into the address bar (as sent, and as the router decodes it), a 学生番号, a phone, a mail
    expect(loggablePath('/mypage/%E5%B1%B1%E7%94%B0%20%E8%8A%B1%E5%AD%90')).toBe('/mypage/*');
    expect(loggablePath('/mypage/山田花子/')).toBe('/mypage/*/');
    expect(loggablePath('/api/student/24040001/03-1234-5678/hanako@example.jp')).toBe('/api/student/*/*/*');
    expect(loggablePath('/assets/index-B3xk9Lm.js')).toBe('/assets/index-B3xk9Lm.js');
    expect(loggablePath(`/mypage/passwordsetting/${'t'.repeat(43)}`)).toBe('/mypage/passwordsetting/***');
    // a long path is cut: what is past 120 characters is not kept
    const long = loggablePath(`/${'abc/'.repeat(60)}secret`);
    expect(long.length).toBeLessThanOrEqual(121);
    expect(long).not.toContain('secret');
  });

  it('a URL in free text loses its query', () => {
    expect(withoutQueries('Reply was already sent in "/api/x/?name=山田&kana=ヤマダ" (GET)')).toBe(
      'Reply was already sent in "/api/x/?…" (GET)',
    );
    expect(withoutQueries('no url here? none')).toBe('no url here? none');
  });
});

describe('personal data in errors', () => {
  it('an SMTP refusal is logged without the recipient address', () => {
    const err = new Error(
      "Can't send mail - all recipients were rejected: 550 <taro.yamada@example.jp>: no such user",
    );
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('550');
    expect(logged).not.toContain('taro.yamada');
  });
});

describe('request logging', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'info' } as NodeJS.ProcessEnv);
    app = await buildApp({ config, db: database.db, serveWeb: false, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps no token, no body and no password in the log', async () => {
    const token = 'SECRETtoken_0123456789abcdefghijklmnopqrstu';
    await app.inject({ method: 'GET', url: `/api/mypage/login/isexpire/?token=${token}` });
    await app.inject({ method: 'GET', url: `/mypage/passwordsetting/${token}` });
    await app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` });
    await app.inject({ method: 'GET', url: `/api/%63alendar/${token}.ics` });
    await app.inject({
      method: 'POST',
      url: '/api/auth/mypage/login/',
      payload: { login_id: '24040001', password: 'PASSWORDsecret1' },
      headers: { 'content-type': 'application/json' },
    });
    const log = lines.join('');
    expect(log).toContain('isexpire'); // the requests were logged…
    expect(log).toContain('"route":"/api/calendar/:token.ics"');
    expect(log).not.toContain(token); // …without what they carried
    expect(log).not.toContain('PASSWORDsecret1');
    // one line per request, with what an operator needs: method, path, status, time
    const line = lines.filter((l) => l.includes('isexpire'));
    expect(line).toHaveLength(1);
    expect(JSON.parse(line[0] as string)).toMatchObject({ msg: 'request', method: 'GET', status: 200 });
  });
});

/** A log of its own for an app: the lines as pino wrote them. */
function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe("the office's searches in the request log", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const { lines, stream } = logLines();
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'info' } as NodeJS.ProcessEnv);
    app = await buildApp({ config, db: database.db, serveWeb: false, logStream: stream });
    await app.ready();
    await makeAdmin(database.db, { loginId: 'admin' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a search by name, kana, 学生番号 and birthday leaves none of them in the log: the route and the names', async () => {
    const cookie = await loginAsAdmin(app);
    const name = '山田 花子';
    const kana = 'ヤマダ ハナコ';
    const loginId = '24049876';
    const birthday = '1950-03-01';
    const search = new URLSearchParams({ name, name_kana: kana, login_id: loginId }).toString();
    const student = await app.inject({
      method: 'GET',
      url: `/api/admin/student/list/?${search}`,
      headers: { cookie },
    });
    expect(student.statusCode).toBe(200);
    // the add-applicant picker's search, its birthday range spelled with percent-escapes
    const picker = `/api/admin/addcourseapplicant/studentlist/?id=1&name=${encodeURIComponent(name)}&birthday_s=${birthday}&birthday_e=${encodeURIComponent(birthday)}`;
    await app.inject({ method: 'GET', url: picker, headers: { cookie } });
    // a search no route answers (a mistyped path) keeps no query either
    await app.inject({ method: 'GET', url: `/api/admin/student/lists/?${search}`, headers: { cookie } });

    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.find((l) => l.route === '/api/admin/student/list/')).toMatchObject({
      method: 'GET',
      status: 200,
      query: ['name', 'name_kana', 'login_id'],
    });
    expect(requests.find((l) => l.route === '/api/admin/addcourseapplicant/studentlist/')?.query).toEqual([
      'id',
      'name',
      'birthday_s',
      'birthday_e',
    ]);
    expect(requests.find((l) => l.path === '/api/admin/student/lists/')).toMatchObject({ status: 404 });

    const log = lines.join('');
    for (const value of [name, kana, loginId, birthday, '山田', 'ヤマダ', '19500301']) {
      for (const spelled of [
        value,
        encodeURIComponent(value),
        new URLSearchParams({ v: value }).toString().slice(2),
      ]) {
        expect(log).not.toContain(spelled);
      }
    }
  });
});

describe('the web build in the request log', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let webDist: string;
  const { lines, stream } = logLines();
  beforeAll(async () => {
    database = await createTestDatabase();
    webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>まなび</title>');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'favicon.ico'), 'icon');
    const config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'debug', WEB_DIST: webDist } as NodeJS.ProcessEnv);
    app = await buildApp({ config, db: database.db, serveWeb: true, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("logs the build's files at debug, and a page, an API call and a missing file at info", async () => {
    expect((await app.inject('/assets/index-abc123.js')).statusCode).toBe(200);
    expect((await app.inject('/favicon.ico')).statusCode).toBe(200);
    expect((await app.inject('/mypage/courses')).statusCode).toBe(200);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/assets/index-gone99.js')).statusCode).toBe(404);
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    const level = (where: string) => requests.find((l) => l.route === where || l.path === where)?.level;
    // pino's levels: 20 debug, 30 info
    expect(level('/assets/index-abc123.js')).toBe(20);
    expect(level('/favicon.ico')).toBe(20);
    expect(level('/mypage/courses')).toBe(30);
    expect(level('/api/health')).toBe(30);
    expect(level('/assets/index-gone99.js')).toBe(30);
  });
});
