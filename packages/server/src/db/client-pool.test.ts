/**
 * The PostgreSQL pool a server runs with keeps its minimum of connections open from the start, and opens a
 * replacement for one it lost, so a burst after a quiet spell or a dropped connection finds them ready; a
 * connection dropped while in use fails its own work only, never the process.
 * Needs a PostgreSQL server: TEST_DATABASE_URL (CI sets it).
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

describe.skipIf(!serverUrl)('the warm pool', () => {
  it('opens its minimum at start, and replaces a connection the server dropped', async () => {
    const url = new URL(serverUrl as string);
    const tag = `manabi_pool_${process.pid}`;
    url.searchParams.set('application_name', tag);
    let connects = 0;
    const database = await openPostgres(url.toString(), 4, () => {}, { min: 3, onConnect: () => connects++ });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    try {
      expect(pool.totalCount).toBe(3);
      expect(connects).toBe(3);
      await pool.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
        [tag],
      );
      for (let i = 0; i < 100 && connects < 5; i++) await new Promise((r) => setTimeout(r, 100));
      expect(pool.totalCount).toBe(3);
      expect(connects).toBeGreaterThanOrEqual(5);
    } finally {
      await database.close();
    }
  });

  it('a connection the server drops while a transaction holds it fails that transaction only; the next is served', async () => {
    const database = await openPostgres(serverUrl as string, 2, () => {});
    try {
      const held = database.db.transaction(async (tx) => {
        const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        // as a restart, a failover or an administrator's kill would: from the pool's other connection
        await database.db.execute(sql`select pg_terminate_backend(${me!.pid})`);
        // the server's FATAL reaches the idle socket while the transaction still holds it
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(held).rejects.toThrow();
      const [row] = rowsOf(await database.db.execute(sql`select 1 as one`));
      expect(row).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });
});
