/**
 * A server listens only when it is ready: on PostgreSQL its pool already holds the warm minimum, idle,
 * before the first call arrives (decision 055); the embedded database starts as before. The PostgreSQL case
 * needs a server: TEST_DATABASE_URL (CI sets it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { POOL_MIN } from './db/client';
import { startServer } from './server';

const serverUrl = process.env.TEST_DATABASE_URL;

const configFor = (env: Record<string, string>) =>
  loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    JOB_INTERVAL_SECONDS: '0',
    ...env,
  } as NodeJS.ProcessEnv);

const baseOf = (server: { app: { server: { address(): unknown } } }) =>
  `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

describe.skipIf(!serverUrl)('start-up on PostgreSQL', () => {
  it('listens with the warm minimum of connections open and idle, and answers at once', async () => {
    const name = `manabi_start_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const backends = async () =>
      (
        await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        )
      ).rows[0]?.n;
    const server = await startServer(configFor({ DATABASE_URL: url.toString() }));
    try {
      const pool = (server.database.db as unknown as { $client: pg.Pool }).$client;
      // before any call: every connection is open, none is being opened or used
      expect(pool.totalCount).toBe(POOL_MIN);
      expect(pool.idleCount).toBe(POOL_MIN);
      expect(await backends()).toBe(POOL_MIN);
      const res = await fetch(`${baseOf(server)}/api/health`);
      expect(res.status).toBe(200);
      // the call was served by a connection of the minimum, not a new one
      expect(pool.totalCount).toBe(POOL_MIN);
    } finally {
      await server.stop();
      // stopped, it leaves no connection behind (their sockets close a moment after the pool ends)
      for (let i = 0; i < 50 && (await backends()) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await backends()).toBe(0);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('start-up on the embedded database', () => {
  it('listens and answers as before (no pool to wait for)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'manabi-start-'));
    const server = await startServer(configFor({ DATA_DIR: dataDir }));
    try {
      expect(server.database.kind).toBe('pglite');
      const res = await fetch(`${baseOf(server)}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
