/**
 * GET /api/ready (decision 075): ready with the database answering and migrated as far as the code; 503 with
 * the reason when it is silent, closed or behind, and while the process shuts down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { startServer } from '../../server';
import { createTestApp, get, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { HEAVY_TEST_MS } from '../../test/timeouts';

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 ready with the database up and migrated', async () => {
    const res = await get(t.app, '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database lacks the code’s latest migration', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const [row] = (
      (await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      const res = await get(t.app, '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'migrations_behind' });
      // liveness is not readiness: the process and its database still answer
      expect((await get(t.app, '/api/health')).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${row?.created_at})`,
      );
    }
    expect((await get(t.app, '/api/ready')).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer in time', async () => {
    // every connection held by a transaction that waits: `select 1` queues behind them (PGlite has one)
    const held = process.env.TEST_DATABASE_URL ? 4 : 1;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: held }, () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    );
    try {
      const res = await get(t.app, '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'database_timeout' });
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await get(t.app, '/api/ready')).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its 200 and 503 answers', async () => {
    const doc = (await get(t.app, '/api/openapi.json')).json() as {
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    };
    const responses = doc.paths['/api/ready']?.get?.responses ?? {};
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(JSON.stringify(responses['503'])).toContain('migrations_behind');
    expect(doc.paths['/api/health']?.get?.responses).toHaveProperty('503');
    // /metrics is not the app's API, and is not advertised (decision 075)
    expect(doc.paths['/metrics']).toBeUndefined();
  });
});

describe('GET /api/ready with its database closed', () => {
  it('answers 503 database_unreachable', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      MAX_IN_FLIGHT: '0',
    } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, db: database.db, serveWeb: false, logger: false });
    try {
      expect((await get(app, '/api/ready')).statusCode).toBe(200);
      await database.close();
      const res = await get(app, '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'database_unreachable' });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/ready while the server stops', () => {
  it(
    'answers 503 shutting_down during the drain, while the calls are still served',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL;
      const dir = mkdtempSync(join(tmpdir(), 'manabi-ready-'));
      const name = `manabi_ready_${process.pid}`;
      let env: Record<string, string> = { DATA_DIR: dir };
      if (serverUrl) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        env = { DATABASE_URL: url.toString() };
      }
      const server = await startServer(
        loadConfig({
          HOST: '127.0.0.1',
          PORT: '0',
          SEED_DEMO: '0',
          LOG_LEVEL: 'silent',
          JOB_INTERVAL_SECONDS: '0',
          SHUTDOWN_DRAIN_SECONDS: '2',
          ...env,
        } as NodeJS.ProcessEnv),
      );
      const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      let stopped: Promise<void> | undefined;
      try {
        expect((await fetch(`${base}/api/ready`)).status).toBe(200);
        stopped = server.stop();
        const res = await fetch(`${base}/api/ready`);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ status: 'not_ready', reason: 'shutting_down' });
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
      } finally {
        await (stopped ?? server.stop());
        rmSync(dir, { recursive: true, force: true });
        if (serverUrl) {
          const admin = new pg.Client({ connectionString: serverUrl });
          await admin.connect();
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        }
      }
      // a server's start migrates a fresh database: a limit against a hang, not a speed check
    },
    HEAVY_TEST_MS,
  );
});
