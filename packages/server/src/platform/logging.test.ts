/**
 * The logs hold no reset token, no request body and no SQL parameter.
 */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { redactUrl, serializeError } from './logging';

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
    expect(log).toContain('/api/calendar/***');
    expect(log).not.toContain(token); // …without what they carried
    expect(log).not.toContain('PASSWORDsecret1');
    // one line per request, with what an operator needs: method, path, status, time
    const line = lines.filter((l) => l.includes('isexpire'));
    expect(line).toHaveLength(1);
    expect(JSON.parse(line[0] as string)).toMatchObject({ msg: 'request', method: 'GET', status: 200 });
  });
});
