/**
 * /metrics (decision 075): who may read it, and that what it says moves with what the app did — a call by
 * its route's pattern, a refusal of the load shedder, a failed login and a lock, the outbox, the jobs.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { recordJobRound, runJobRound } from '../jobs/runner';
import { createTestApp, get, post, type TestApp } from '../test/app';
import { makeAdmin } from '../test/factories';
import { enqueueMail } from './mail';

const TOKEN = 'metrics-token-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of the sample `name` whose labels include `labels`, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('/metrics unconfigured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist: 404, whatever the caller presents', async () => {
    for (const headers of [{}, bearer]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('manabi_');
    }
    expect(t.app.metrics.enabled).toBe(false);
  });
});

describe('/metrics with a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, LOGIN_MAX_FAILURES: '2' });
  });
  afterAll(() => t.close());

  it('answers 404 without the token, with a wrong one, and by address alone when no list is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('manabi_');
    }
  });

  it('serves the Prometheus text format with the token, unstored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE manabi_http_requests_total counter');
    // prom-client's defaults, on this app's own registry
    expect(sample(res.body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts a call by its route pattern and status, never by its URL', async () => {
    const url = '/api/common/postcode/1000001';
    const labels = { route: '/api/common/postcode/:code', method: 'GET' };
    const first = await scrape(t);
    const before = sample(first, 'manabi_http_requests_total', { ...labels, status: '200' });
    const timed = sample(first, 'manabi_http_request_duration_seconds_count', labels) ?? 0;
    expect((await get(t.app, url)).statusCode).toBe(200);
    expect((await get(t.app, '/api/common/postcode/9999999')).statusCode).toBe(404);
    expect((await get(t.app, '/no/such/path/12345')).statusCode).toBe(404);
    const text = await scrape(t);
    expect(sample(text, 'manabi_http_requests_total', { ...labels, status: '200' })).toBe((before ?? 0) + 1);
    expect(sample(text, 'manabi_http_requests_total', { ...labels, status: '404' })).toBe(1);
    expect(sample(text, 'manabi_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    // the latency is by route and method: both answers are in it, each under the last bucket
    expect(sample(text, 'manabi_http_request_duration_seconds_count', labels)).toBe(timed + 2);
    expect(sample(text, 'manabi_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      timed + 2,
    );
    expect(text).not.toContain('1000001');
    expect(text).not.toContain('/no/such/path');
  });

  it('counts failed logins and the lock they lead to', async () => {
    await makeAdmin(t.db, { loginId: 'lockme' });
    const failures = (text: string, reason: string) =>
      sample(text, 'manabi_login_failures_total', { kind: 'admin', reason });
    const start = await scrape(t);
    expect(failures(start, 'password')).toBe(0);
    expect(sample(start, 'manabi_login_locks_total', { kind: 'admin' })).toBe(0);

    const wrong = { login_id: 'lockme', password: 'wrongpass1' };
    expect((await post(t.app, '/api/auth/admin/login/', wrong)).statusCode).toBe(422);
    expect(failures(await scrape(t), 'password')).toBe(1);
    // the second failure in a row locks the id (LOGIN_MAX_FAILURES=2); the third is refused unchecked
    expect((await post(t.app, '/api/auth/admin/login/', wrong)).statusCode).toBe(429);
    expect((await post(t.app, '/api/auth/admin/login/', wrong)).statusCode).toBe(429);
    const text = await scrape(t);
    expect(failures(text, 'password')).toBe(2);
    expect(failures(text, 'locked')).toBe(1);
    expect(sample(text, 'manabi_login_locks_total', { kind: 'admin' })).toBe(1);
    expect(sample(text, 'manabi_login_failures_total', { kind: 'student', reason: 'password' })).toBe(0);
  });

  it("reports the outbox's backlog and give-ups, and the jobs' rounds and last success", async () => {
    const start = await scrape(t);
    expect(sample(start, 'manabi_metrics_database_up')).toBe(1);
    expect(sample(start, 'manabi_mail_outbox_pending')).toBe(0);
    expect(sample(start, 'manabi_mail_outbox_oldest_pending_seconds')).toBe(0);
    expect(sample(start, 'manabi_job_last_success_age_seconds', { job: 'deadlines' })).toBeUndefined();

    await enqueueMail(t.db, { to: 'someone@example.jp', subject: '件名', body: '本文' });
    await recordJobRound(t.db, 'deadlines', undefined, new Date(Date.now() - 90_000));
    const log = { error: () => {} };
    await runJobRound(
      t.db,
      [
        { name: 'reminders', run: async () => {} },
        {
          name: 'duplicates',
          run: async () => {
            throw new Error('boom');
          },
        },
      ],
      log,
      (job, ok) => t.app.metrics.jobRound(job, ok),
    );
    const text = await scrape(t);
    expect(sample(text, 'manabi_mail_outbox_pending')).toBe(1);
    expect(sample(text, 'manabi_mail_outbox_failed')).toBe(0);
    expect(sample(text, 'manabi_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'manabi_job_last_success_age_seconds', { job: 'deadlines' })).toBeGreaterThanOrEqual(
      90,
    );
    expect(sample(text, 'manabi_job_failures_in_row', { job: 'duplicates' })).toBe(1);
    expect(sample(text, 'manabi_job_rounds_total', { job: 'reminders', outcome: 'success' })).toBe(1);
    expect(sample(text, 'manabi_job_rounds_total', { job: 'duplicates', outcome: 'failure' })).toBe(1);
    expect(text).not.toContain('someone@example.jp');
  });

  it("reports the database's connections as its kind has them", async () => {
    const text = await scrape(t);
    if (process.env.TEST_DATABASE_URL) {
      expect(sample(text, 'manabi_db_pool_max')).toBe(4);
      expect(sample(text, 'manabi_db_pool_waiting')).toBe(0);
      expect(sample(text, 'manabi_db_pool_connections')).toBeGreaterThanOrEqual(1);
    } else {
      expect(sample(text, 'manabi_db_pglite_pending')).toBe(0);
      expect(sample(text, 'manabi_db_pool_max')).toBeUndefined();
    }
  });

  it('is a second app of its own in the same process: its counts start apart', async () => {
    const other = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const text = await scrape(other);
      expect(
        sample(text, 'manabi_http_requests_total', { route: '/api/common/postcode/:code', status: '200' }),
      ).toBeUndefined();
      expect(sample(text, 'manabi_login_failures_total', { kind: 'admin', reason: 'password' })).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('/metrics by address', () => {
  it('serves a listed TCP peer, and never believes X-Forwarded-For for it', async () => {
    const t = await createTestApp({ METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7', TRUST_PROXY: '1' });
    try {
      const status = async (remoteAddress: string, headers: Record<string, string> = {}) =>
        (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers })).statusCode;
      expect(await status('10.1.2.3')).toBe(200);
      expect(await status('192.0.2.7')).toBe(200);
      expect(await status('::ffff:10.1.2.3')).toBe(200);
      expect(await status('192.0.2.8')).toBe(404);
      expect(await status('127.0.0.1')).toBe(404);
      // req.ip would read 10.0.0.5 here (one trusted hop): the peer is what counts
      expect(await status('203.0.113.9', { 'x-forwarded-for': '10.0.0.5' })).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuses a bad list or a short token at start, as TRUST_PROXY does', () => {
    const load = (env: Record<string, string>) => () => loadConfig(env as NodeJS.ProcessEnv);
    expect(load({ METRICS_ALLOW: '10.0.0.0/8,example.com' })).toThrow(/METRICS_ALLOW/);
    expect(load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(load({ METRICS_ALLOW: ' 10.0.0.0/8 , 2001:db8::/32 ' })().metricsAllow).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
  });
});

describe('/metrics and the load shedder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, MAX_IN_FLIGHT: '1', MAX_EVENT_LOOP_LAG_MS: '0' });
  });
  afterAll(() => t.close());

  it('counts the calls refused 503, while /metrics and the probes are still served', async () => {
    expect(sample(await scrape(t), 'manabi_load_shed_refused_total', { reason: 'in_flight' })).toBe(0);
    // a call whose body has not arrived yet holds the one place (it is counted from onRequest)
    const body = new PassThrough();
    const held = t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login/',
      payload: body,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:80' },
    });
    let text = '';
    for (let i = 0; i < 100 && sample(text, 'manabi_api_in_flight') !== 1; i++) text = await scrape(t);
    expect(sample(text, 'manabi_api_in_flight')).toBe(1);
    expect(sample(text, 'manabi_api_in_flight_limit')).toBe(1);

    const refused = await get(t.app, '/api/common/codemasterlist/?code=CD001');
    expect(refused.statusCode).toBe(503);
    expect((await get(t.app, '/api/health')).statusCode).toBe(200);
    expect((await get(t.app, '/api/ready')).statusCode).toBe(200);
    text = await scrape(t);
    expect(sample(text, 'manabi_load_shed_refused_total', { reason: 'in_flight' })).toBe(1);
    expect(
      sample(text, 'manabi_http_requests_total', { route: '/api/common/codemasterlist/', status: '503' }),
    ).toBe(1);

    body.end(JSON.stringify({ login_id: 'nobody', password: 'wrongpass1' }));
    expect((await held).statusCode).toBe(422);
    text = await scrape(t);
    expect(sample(text, 'manabi_api_in_flight')).toBe(0);
  });

  it('reports no in-flight figures when the shedder does not count', async () => {
    const off = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const text = await scrape(off);
      expect(sample(text, 'manabi_api_in_flight')).toBeUndefined();
      expect(sample(text, 'manabi_load_shed_refused_total', { reason: 'in_flight' })).toBe(0);
    } finally {
      await off.close();
    }
  });
});
