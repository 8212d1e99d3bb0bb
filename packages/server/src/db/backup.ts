import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  type BackupHeader,
  BackupRefusal,
  codeSchemaVersion,
  countsOf,
  type DatabaseKind,
  engineOf,
  occupantOf,
  readBackupHeader,
  refuseExisting,
  type SchemaVersion,
  schemaRefusal,
  schemaVersionOf,
  sha256OfFile,
  writeBackup,
} from './backup-file';
import { backupPostgres, loadIntoPostgres, safeUrl, withPostgres } from './backup-postgres';
import { type Database, lockDataDir, openPglite } from './client';

/**
 * Backup and restore of either database the app runs on (decision 074). A backup file is one line naming the
 * format, one line of JSON (the header: schema version, app version, kind, time, the payload's size and
 * sha256), then the payload: PostgreSQL's `pg_dump --format=custom`, or the embedded database's files as
 * PGlite's gzipped tarball. The two payloads are not interchangeable, and a restore says so.
 *
 * The file and its header are backup-file.ts's, PostgreSQL's commands backup-postgres.ts's; this file holds
 * the embedded database's (PGlite) and the two commands, backup and restore.
 */

// ---- PGlite ----

const pgdataOf = (dataDir: string) => resolve(dataDir, 'pgdata');
const hasPgdata = (dataDir: string) =>
  existsSync(pgdataOf(dataDir)) && readdirSync(pgdataOf(dataDir)).length > 0;

const IN_USE =
  'Stop the app first: the embedded database is used by one process at a time, so a backup or restore of it ' +
  'is a short pause (stop, back up or restore, start).';

async function openLocked(dataDir: string, loadDataDir?: Blob) {
  return openPglite(dataDir, loadDataDir, { locked: true });
}

function lockOrRefuse(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    throw new BackupRefusal(`${(err as Error).message}\n${IN_USE}`, 3);
  }
}

async function backupPglite(dataDir: string, file: string, migrationsDir: string, appVersion: string) {
  if (!hasPgdata(dataDir))
    throw new BackupRefusal(`There is no embedded database in ${resolve(dataDir)}: nothing to back up.`, 3);
  const unlock = lockOrRefuse(dataDir);
  try {
    const database = await openLocked(dataDir);
    try {
      const schema = await schemaVersionOf(database.db, migrationsDir);
      const engine = await engineOf(database.db);
      const counts = await countsOf(database.db);
      // biome-ignore lint/style/noNonNullAssertion: openPglite always has it
      const payload = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
      const header: BackupHeader = {
        app: 'manabi',
        appVersion,
        kind: 'pglite',
        createdAt: new Date().toISOString(),
        schema,
        engine,
        counts,
        payload: {
          format: 'pglite-tar-gzip',
          bytes: payload.length,
          sha256: createHash('sha256').update(payload).digest('hex'),
        },
      };
      await writeBackup(file, header, payload);
      return header;
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

// ---- the two commands ----

export interface Target {
  databaseUrl?: string;
  dataDir: string;
}

const kindOf = (target: Target): DatabaseKind => (target.databaseUrl ? 'postgres' : 'pglite');
export const describeTarget = (target: Target) =>
  target.databaseUrl
    ? `PostgreSQL ${safeUrl(target.databaseUrl)}`
    : `the embedded database in ${resolve(target.dataDir)}`;

export async function backup(
  target: Target,
  file: string,
  { migrationsDir, appVersion }: { migrationsDir: string; appVersion: string },
): Promise<BackupHeader> {
  refuseExisting(file);
  return target.databaseUrl
    ? backupPostgres(target.databaseUrl, file, migrationsDir, appVersion)
    : backupPglite(target.dataDir, file, migrationsDir, appVersion);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface RestoreResult {
  header: BackupHeader;
  /** what the restore replaced (with --force), in words */
  replaced: string | null;
  /** where the embedded database replaced was kept */
  keptAside: string | null;
  /** the schema after the restore's migrate */
  schema: SchemaVersion;
}

/**
 * Loads a backup into an empty database (or, with `force`, in place of what is there), runs the migrations
 * a backup of an older schema lacks, and ends every session and password-reset link (decision 074).
 */
export async function restore(
  target: Target,
  file: string,
  { migrationsDir, force = false }: { migrationsDir: string; force?: boolean },
): Promise<RestoreResult> {
  const { header, payloadStart } = readBackupHeader(file);
  if (header.app !== 'manabi') throw new BackupRefusal(`${file} is not a Manabi backup.`, 4);
  const kind = kindOf(target);
  if (header.kind !== kind)
    throw new BackupRefusal(
      header.kind === 'pglite'
        ? `${file} is a backup of an embedded database (PGlite); it can only be restored with DATABASE_URL unset. ` +
            'Moving from the embedded database to PostgreSQL is not done by restore.'
        : `${file} is a backup of a PostgreSQL database; set DATABASE_URL to restore it. ` +
            'It cannot be restored into the embedded database.',
      4,
    );
  const code = codeSchemaVersion(migrationsDir);
  const refusal = schemaRefusal(header.schema, code, migrationsDir);
  if (refusal) throw new BackupRefusal(refusal, 4);
  if ((await sha256OfFile(file, payloadStart)) !== header.payload.sha256)
    throw new BackupRefusal(`${file} is damaged: its data does not match the checksum in its header.`, 4);

  const notEmpty = (what: string) =>
    new BackupRefusal(
      `${capitalised(describeTarget(target))} is not empty (${what}). Restoring would replace all of it; ` +
        'add --force to do so, or restore into an empty database.',
      3,
    );

  if (target.databaseUrl) {
    const url = target.databaseUrl;
    const replaced = await withPostgres(url, (database) => occupantOf(database, migrationsDir));
    if (replaced && !force) throw notEmpty(replaced);
    await loadIntoPostgres(url, file, payloadStart, replaced !== null);
    const schema = await withPostgres(url, (database) => afterLoad(database, migrationsDir));
    return { header, replaced, keptAside: null, schema };
  }

  const dataDir = target.dataDir;
  const unlock = lockOrRefuse(dataDir);
  try {
    let replaced: string | null = null;
    let keptAside: string | null = null;
    if (hasPgdata(dataDir)) {
      const present = await openLocked(dataDir);
      try {
        replaced = (await occupantOf(present, migrationsDir)) ?? 'an embedded database with no tables';
      } finally {
        await present.close();
      }
      if (!force) throw notEmpty(replaced);
      // kept until the operator deletes it: a restore over the wrong directory can then be undone
      keptAside = `${pgdataOf(dataDir)}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(pgdataOf(dataDir), keptAside);
    }
    try {
      const payload = readFileSync(file).subarray(payloadStart);
      const database = await openLocked(dataDir, new Blob([payload]));
      try {
        return { header, replaced, keptAside, schema: await afterLoad(database, migrationsDir) };
      } finally {
        await database.close();
      }
    } catch (err) {
      rmSync(pgdataOf(dataDir), { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, pgdataOf(dataDir));
      throw err;
    }
  } finally {
    unlock();
  }
}

/**
 * After the load: the migrations an older backup lacks, then no session and no reset link survives. A
 * session in the backup may have been ended since (a logout, a password change), and a link in it may have
 * been used since; both would come back to life.
 */
async function afterLoad(database: Database, migrationsDir: string): Promise<SchemaVersion> {
  await database.migrate(migrationsDir);
  await database.db.execute(sql`delete from sessions`);
  await database.db.execute(sql`delete from password_reset_tokens`);
  return schemaVersionOf(database.db, migrationsDir);
}
