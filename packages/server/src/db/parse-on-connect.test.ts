/**
 * A new pool connection parses the named statements before the app's first query on it, and a database
 * without their tables yet (before migrate) opens all the same. Needs a PostgreSQL server: TEST_DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../platform/paths';
import { type Db, openPostgres } from './client';
import { noticeCategories } from './schema';
import { parseOnConnect, preparedPerDatabase } from './statements';

const serverUrl = process.env.TEST_DATABASE_URL;

const byId = preparedPerDatabase((db: Db) =>
  db
    .select({ name: noticeCategories.name })
    .from(noticeCategories)
    .where(eq(noticeCategories.id, sql.placeholder('id')))
    .prepare('test_category_by_id'),
);

describe.skipIf(!serverUrl)('named statements parsed on connect', () => {
  it('are on a new connection before its first use; before migrate, the connection opens without them', async () => {
    const name = `manabi_parse_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    let connects = 0;
    const database = await openPostgres(url.toString(), 1, () => {}, {
      min: 1,
      onConnect: (client, db) => {
        connects++;
        parseOnConnect(client, db);
      },
    });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const parsed = async () =>
      (await pool.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
        (r) => r.name,
      );
    try {
      // no table yet: nothing parsed, nothing thrown
      expect(await parsed()).toEqual([]);
      await database.migrate(migrationsDir());
      const [made] = await database.db.insert(noticeCategories).values({ name: '甲' }).returning();
      // the first use on that connection parses it then
      expect(await byId(database.db).execute({ id: made!.id })).toEqual([{ name: '甲' }]);

      // a new connection (the old one dropped, its replacement opened by the warm pool) has it before any use
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      for (let i = 0; i < 100 && connects < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(connects).toBe(2);
      expect(await parsed()).toContain('test_category_by_id');
      expect(await byId(database.db).execute({ id: made!.id })).toEqual([{ name: '甲' }]);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
