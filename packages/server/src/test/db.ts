import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client';
import type { ReplicaOptions } from '../db/read-replica';
import { syncCodeMaster } from '../modules/common/common.service';
import { migrationsDir } from '../platform/paths';

/** A test's database, and on PostgreSQL its URL (a test may open a second handle on it). */
export type TestDatabase = Database & { url?: string };

/**
 * A throwaway, migrated database for one test file: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server (as CI sets it) — a fresh database on it,
 * dropped again on close. `replica` gives it a read replica's route (PostgreSQL only: on PGlite the reads
 * that may lag are read from the database itself, as in production).
 */
export async function createTestDatabase({
  replica,
}: {
  replica?: ReplicaOptions;
} = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = process.env.MANABI_PGLITE_SNAPSHOT;
    const database = await openPglite(
      undefined,
      snapshot && existsSync(snapshot) ? new Blob([readFileSync(snapshot)]) : undefined,
    );
    await database.migrate(migrationsDir());
    await syncCodeMaster(database.db);
    return database;
  }
  const name = `manabi_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // the database is dropped WITH (FORCE) on close: connections still closing then are expected to die
  const database = await openPostgres(url.toString(), 4, () => {}, { replica });
  await database.migrate(migrationsDir());
  await syncCodeMaster(database.db);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
