/**
 * The PostgreSQL pool a server runs with keeps its minimum of connections open from the start, and opens a
 * replacement for one it lost, so a burst after a quiet spell or a dropped connection finds them ready.
 * Needs a PostgreSQL server: TEST_DATABASE_URL (CI's second pass).
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

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
});
