import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../db/client';
import { sha256 } from '../platform/crypto';
import { migrationsDir } from '../platform/paths';

/**
 * Booting PGlite and migrating takes seconds per test file; loading a snapshot of a migrated database
 * takes under one. The snapshot is made once per migration set and reused (keyed by the SQL's hash).
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = migrationsDir();
  const sql = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  const file = join(tmpdir(), `manabi-pglite-${sha256(sql).slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const database = await openPglite();
    await database.migrate(dir);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
    await database.close();
  }
  process.env.MANABI_PGLITE_SNAPSHOT = file;
}
