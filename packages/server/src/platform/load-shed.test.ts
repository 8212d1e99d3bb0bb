import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { BUSY_BODY, installLoadShedding } from './load-shed';

/** A real HTTP server with the shedding hook and a call that waits until the test lets it go. */
async function serverWith(maxInFlight: number, maxLagMs = 0) {
  const app: FastifyInstance = Fastify();
  const shed = installLoadShedding(app, { maxInFlight, maxLagMs, retryAfterSeconds: 2 });
  const waiting: (() => void)[] = [];
  app.get('/api/slow', () => new Promise((done) => waiting.push(() => done({ ok: true }))));
  app.get('/api/fast', async () => ({ ok: true }));
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  };
  return { app, base, shed, waiting, until };
}

/** Keeps the thread busy for `ms`, as a long synchronous task does. */
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
};

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('load shedding (issue 16)', () => {
  it('answers the call beyond the limit at once with 503 and Retry-After, and serves again when one ends', async () => {
    const s = await serverWith(2);
    open = s.app;
    const slow = [fetch(`${s.base}/api/slow`), fetch(`${s.base}/api/slow`)];
    await s.until(() => s.waiting.length === 2);

    const refused = await fetch(`${s.base}/api/fast`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual(BUSY_BODY);
    // health is never refused, and a path no route matched is a 404, not counted
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    expect((await fetch(`${s.base}/api/nothing-here`)).status).toBe(404);

    s.waiting.shift()?.();
    expect((await slow[0])?.status).toBe(200);
    await s.until(() => s.shed.inFlight() === 1);
    expect((await fetch(`${s.base}/api/fast`)).status).toBe(200);
    s.waiting.shift()?.();
    await slow[1];
    await s.until(() => s.shed.inFlight() === 0);
    expect(s.shed.inFlight()).toBe(0);
  });

  it('releases the place of a client that went away before its answer, once', async () => {
    const s = await serverWith(1);
    open = s.app;
    const gone = httpRequest(`${s.base}/api/slow`);
    gone.on('error', () => {});
    gone.end();
    await s.until(() => s.waiting.length === 1);
    expect(s.shed.inFlight()).toBe(1);
    gone.destroy();
    await s.until(() => s.shed.inFlight() === 0);
    expect(s.shed.inFlight()).toBe(0);
    expect((await fetch(`${s.base}/api/fast`)).status).toBe(200);
    // the abandoned call finishing later does not free a second place
    s.waiting.shift()?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.shed.inFlight()).toBe(0);
  });

  it('is on by default with a short queue on the embedded database, longer on PostgreSQL, and can be switched off', () => {
    expect(loadConfig({}).maxInFlight).toBe(32);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y' }).maxInFlight).toBe(128);
    expect(loadConfig({}).maxEventLoopLagMs).toBe(100);
    expect(loadConfig({ MAX_IN_FLIGHT: '0' }).maxInFlight).toBe(0);
  });

  it('does not count the long tasks of building the app: the first call after a start is served', async () => {
    const app: FastifyInstance = Fastify();
    open = app;
    const shed = installLoadShedding(app, { maxInFlight: 100, maxLagMs: 60 });
    // building a real app compiles every route's schemas: a few long tasks, with turns of the loop between
    app.register(async () => {
      busy(150);
      await new Promise((r) => setTimeout(r, 0));
      busy(150);
      await new Promise((r) => setTimeout(r, 0));
      busy(150);
    });
    app.get('/api/fast', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(shed.lagging()).toBe(false);
    const port = (app.server.address() as AddressInfo).port;
    expect((await fetch(`http://127.0.0.1:${port}/api/fast`)).status).toBe(200);
  });

  it('refuses calls while the event loop stays late (a saturated thread), not after one long task', async () => {
    const s = await serverWith(100, 60);
    open = s.app;
    const tick = () => new Promise((r) => setTimeout(r, 0));
    // one long task (an upload's statement): one late sample, nobody refused
    busy(150);
    await tick();
    expect(s.shed.lagging()).toBe(false);
    expect((await fetch(`${s.base}/api/fast`)).status).toBe(200);

    // the thread saturated (100 ms of work at every turn): late at every sample; calls get 503 at once,
    // health still answers
    const saturate = setInterval(() => busy(100), 1);
    try {
      await s.until(() => s.shed.lagging());
      const refused = await fetch(`${s.base}/api/fast`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
    } finally {
      clearInterval(saturate);
    }

    // the thread free again: served (within a few samples)
    await s.until(() => !s.shed.lagging());
    expect((await fetch(`${s.base}/api/fast`)).status).toBe(200);
  });
});
