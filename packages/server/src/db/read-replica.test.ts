/**
 * The replica's route (decision 073): a checkout that cannot reach the replica is served by the primary,
 * an outage is logged once, and Drizzle runs a transaction on it on one connection.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import type { Db } from './client';
import { isUnreachable, type ReplicaLog, ReplicaReadPool, replicaWhere } from './read-replica';
import * as schema from './schema';

describe('what the route tells apart', () => {
  it('socket and connection errors are unreachable; an error of the statement is not', () => {
    expect(isUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('admin shutdown'), { code: '57P01' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('cannot connect now'), { code: '57P03' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isUnreachable(Object.assign(new Error('division by zero'), { code: '22012' }))).toBe(false);
  });

  it('names the replica by host and port only: never the password of its URL', () => {
    expect(replicaWhere('postgres://reader:s3cret@db-replica.internal:5433/manabi')).toBe(
      'db-replica.internal:5433',
    );
    expect(replicaWhere('postgres://reader:s3cret@db-replica.internal/manabi')).toBe(
      'db-replica.internal:5432',
    );
    expect(replicaWhere('not a url s3cret')).not.toContain('s3cret');
  });
});

/**
 * A TCP relay on 127.0.0.1 to the test's PostgreSQL server: the "replica" (it leads to the same database),
 * which the test takes away and gives back. `accepted` counts the connections made through it.
 */
class Relay {
  server: Server | undefined;
  sockets = new Set<Socket>();
  port = 0;
  accepted = 0;
  /** bytes the clients sent through it: a statement run through the relay adds to it */
  bytes = 0;
  constructor(private target: { host: string; port: number }) {}
  async open() {
    const server = createServer((inbound) => {
      this.accepted++;
      inbound.on('data', (chunk: Buffer) => {
        this.bytes += chunk.length;
      });
      const outbound = connect(this.target.port, this.target.host);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }
  /** Stops listening and cuts every connection through it: what a stopped replica looks like. */
  async close() {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the route on PostgreSQL', () => {
  const warnings: string[] = [];
  const infos: string[] = [];
  const log: ReplicaLog = {
    warn: (_o, msg) => void warnings.push(msg),
    info: (_o, msg) => void infos.push(msg),
  };
  let database: TestDatabase;
  let relay: Relay;
  let route: ReplicaReadPool;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url ?? '');
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.host = `127.0.0.1:${relay.port}`;
    const primary = (database.db as unknown as { $client: pg.Pool }).$client;
    // two connections, and a short wait for one: the busy case below waits that long, not 2 s
    route = new ReplicaReadPool(primary, {
      url: url.toString(),
      max: 2,
      maxLagSeconds: 0,
      connectTimeoutMs: 300,
    });
    route.start(log);
    db = drizzle({ client: route as never, schema }) as unknown as Db;
  });
  afterAll(async () => {
    await route.stop();
    await database.close();
    await relay.close();
  });

  const one = async () =>
    ((await db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]?.one;

  it('a transaction keeps one connection (Drizzle takes the route for a pool)', async () => {
    const name = await db.transaction(async (tx) => {
      await tx.execute(sql`set local application_name = 'manabi-replica-test'`);
      const shown = (await tx.execute(sql`show application_name`)) as unknown as {
        rows: { application_name: string }[];
      };
      return shown.rows[0]?.application_name;
    });
    expect(name).toBe('manabi-replica-test');
  });

  it('every replica connection busy is no outage: the next read waits on the primary, nothing is logged', async () => {
    const held = await Promise.all(Array.from({ length: 2 }, () => route.connect()));
    expect(await one()).toBe(1);
    expect(route.state).toBe('replica');
    expect(warnings).toHaveLength(0);
    for (const c of held) c.release();
  });

  it('reads through the replica while it answers; the primary serves them while it is gone; one warning', async () => {
    const before = relay.bytes;
    await Promise.all([one(), one(), one()]);
    expect(relay.bytes).toBeGreaterThan(before);
    expect(route.state).toBe('replica');

    await relay.close();
    // the connections the pool held are cut, and new ones refused: every read still answers, from the primary
    for (let i = 0; i < 5; i++) expect(await one()).toBe(1);
    const during = relay.accepted;
    expect(route.state).toBe('unreachable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('unreachable');
    expect(await route.probe()).toBe('unreachable');
    expect(warnings).toHaveLength(1);

    // it answers again, but as a primary (it leads to one here, not in recovery): still not read from
    await relay.open();
    expect(await route.probe()).toBe('not-standby');
    expect(await one()).toBe(1);
    expect(relay.accepted).toBe(during + 1);
    expect(warnings).toHaveLength(1);
    expect(infos).toHaveLength(0);
  });
});
