import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { type Database, type Db, lockDataDir, openPglite, openPostgres } from './client';
import { rowsOf } from './statements';

/**
 * Backup and restore of either database the app runs on (decision 074). A backup file is one line naming the
 * format, one line of JSON (the header: schema version, app version, kind, time, the payload's size and
 * sha256), then the payload: PostgreSQL's `pg_dump --format=custom`, or the embedded database's files as
 * PGlite's gzipped tarball. The two payloads are not interchangeable, and a restore says so.
 */

const MAGIC = 'MANABI-BACKUP 1';

export type DatabaseKind = Database['kind'];

/** The migrations applied: how many, and the last one's tag and time (drizzle's `when`, its key). */
export interface SchemaVersion {
  migrations: number;
  lastTag: string | null;
  lastWhen: number | null;
}

export interface BackupHeader {
  app: 'manabi';
  appVersion: string;
  kind: DatabaseKind;
  createdAt: string;
  schema: SchemaVersion;
  /** the server that was backed up (`select version()`) */
  engine: string;
  payload: { format: 'pg_dump-custom' | 'pglite-tar-gzip'; bytes: number; sha256: string };
  /** what it held, for the operator to recognise it */
  counts: Record<string, number>;
}

/** A refusal the operator can act on; `exitCode` is the CLI's: 3 the database, 4 the file. */
export class BackupRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: 3 | 4,
  ) {
    super(message);
  }
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

function journalOf(migrationsDir: string): JournalEntry[] {
  return (
    JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
}

/** The schema version this code migrates to. */
export function codeSchemaVersion(migrationsDir: string): SchemaVersion {
  const entries = journalOf(migrationsDir);
  const last = entries.at(-1);
  return { migrations: entries.length, lastTag: last?.tag ?? null, lastWhen: last?.when ?? null };
}

/** The schema version a database is at: drizzle's own record of the migrations it applied. */
async function schemaVersionOf(db: Db, migrationsDir: string): Promise<SchemaVersion> {
  const rows = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rows[0]?.present) return { migrations: 0, lastTag: null, lastWhen: null };
  const [row] = await rowsOf<{ n: number; last: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const lastWhen = row?.last ? Number(row.last) : null;
  const tag = journalOf(migrationsDir).find((e) => e.when === lastWhen)?.tag ?? null;
  return { migrations: row?.n ?? 0, lastTag: tag, lastWhen };
}

/**
 * Whether this code can take a database at `version`: one of its own migrations' states (older migrates on),
 * never a newer or a foreign one.
 */
export function schemaRefusal(
  version: SchemaVersion,
  code: SchemaVersion,
  migrationsDir: string,
): string | null {
  const entries = journalOf(migrationsDir);
  if (version.migrations === 0) return 'The backup holds no migrated schema: it is not a Manabi database.';
  const known = entries[version.migrations - 1];
  if (known && known.when === version.lastWhen) return null;
  const newer =
    version.migrations > code.migrations ||
    (version.lastWhen !== null && version.lastWhen > (code.lastWhen ?? 0));
  return newer
    ? `The backup is of a newer schema (${describeVersion(version)}) than this version of Manabi knows ` +
        `(${describeVersion(code)}). Restore it with the Manabi version that made it, or a newer one.`
    : `The backup's schema (${describeVersion(version)}) is not one this version of Manabi made ` +
        `(it knows ${describeVersion(code)}).`;
}

const describeVersion = (v: SchemaVersion) =>
  `${v.migrations} migrations, the last ${v.lastTag ?? 'unknown'}`;

/** Tables whose counts say what a database holds, in the operator's words. */
const COUNTED = [
  'students',
  'courses',
  'course_applications',
  'admin_users',
  'notices',
  'audit_log',
] as const;

async function countsOf(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const [present] = await rowsOf<{ present: boolean }>(
      db,
      sql`select to_regclass(${`public.${table}`}) is not null as present`,
    );
    if (!present?.present) continue;
    const [count] = await rowsOf<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from public.${table}`),
    );
    counts[table] = Number(count?.n ?? 0);
  }
  return counts;
}

export const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');

async function engineOf(db: Db): Promise<string> {
  const [row] = await rowsOf<{ v: string }>(db, sql`select version() as v`);
  return row?.v ?? 'unknown';
}

// ---- the file ----

/** The header and where the payload starts; refuses anything that is not a whole Manabi backup. */
export function readBackupHeader(file: string): { header: BackupHeader; payloadStart: number } {
  if (!existsSync(file)) throw new BackupRefusal(`No such file: ${file}`, 4);
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(64 * 1024);
  const read = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const first = head.indexOf(10);
  const second = first < 0 ? -1 : head.indexOf(10, first + 1);
  if (first < 0 || second < 0 || head.subarray(0, first).toString('utf8') !== MAGIC)
    throw new BackupRefusal(`${file} is not a Manabi backup (it does not start with "${MAGIC}").`, 4);
  let header: BackupHeader;
  try {
    header = JSON.parse(head.subarray(first + 1, Math.min(second, read)).toString('utf8')) as BackupHeader;
  } catch {
    throw new BackupRefusal(`${file}: the backup's header is damaged.`, 4);
  }
  const payloadStart = second + 1;
  if (statSync(file).size - payloadStart !== header.payload.bytes)
    throw new BackupRefusal(
      `${file} is incomplete or damaged: its data is ${statSync(file).size - payloadStart} bytes, the header says ${header.payload.bytes}.`,
      4,
    );
  return { header, payloadStart };
}

async function sha256OfFile(file: string, start = 0): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { start }), hash);
  return hash.digest('hex');
}

/** Writes header + payload to `file` (0600: it holds residents' personal data), through a temporary name. */
async function writeBackup(file: string, header: BackupHeader, payload: Buffer | string): Promise<void> {
  const partial = `${file}.partial`;
  writeFileSync(partial, `${MAGIC}\n${JSON.stringify(header)}\n`, { mode: 0o600 });
  if (typeof payload === 'string')
    await pipeline(createReadStream(payload), createWriteStream(partial, { flags: 'a' }));
  else writeFileSync(partial, payload, { flag: 'a' });
  renameSync(partial, file);
}

function refuseExisting(file: string) {
  if (existsSync(file))
    throw new BackupRefusal(`${file} already exists: choose a new name for each backup.`, 3);
}

// ---- PostgreSQL ----

/**
 * The server's address for pg_dump / pg_restore / psql without its password, which goes in PGPASSWORD: a
 * command line is visible to every user of the machine (`ps`).
 */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env };
}

/** `postgres://user@host:port/db` without the password, for messages. */
export function safeUrl(url: string): string {
  const u = new URL(url);
  u.password = '';
  return `${u.host}${u.pathname}`;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => fail(commandMissing(command, err)));
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} failed (exit ${code})`))));
  });
}

const commandMissing = (command: string, err: Error) =>
  (err as NodeJS.ErrnoException).code === 'ENOENT'
    ? new Error(`${command} was not found: install PostgreSQL's client programs (Debian: postgresql-client)`)
    : err;

async function withPostgres<T>(url: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPostgres(url, 2, () => {});
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function backupPostgres(url: string, file: string, migrationsDir: string, appVersion: string) {
  const partial = `${file}.dump.partial`;
  const { dbname, env } = libpqTarget(url);
  try {
    const before = await withPostgres(url, async ({ db }) => ({
      schema: await schemaVersionOf(db, migrationsDir),
      engine: await engineOf(db),
      counts: await countsOf(db),
    }));
    if (before.schema.migrations === 0)
      throw new BackupRefusal(`The database ${safeUrl(url)} holds no Manabi schema: nothing to back up.`, 3);
    // one consistent snapshot while the app runs; writes go on meanwhile
    writeFileSync(partial, '', { mode: 0o600 });
    await run(
      'pg_dump',
      ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    const after = await withPostgres(url, ({ db }) => schemaVersionOf(db, migrationsDir));
    if (after.lastWhen !== before.schema.lastWhen)
      throw new Error('A migration ran while the backup was taken: take it again.');
    const header: BackupHeader = {
      app: 'manabi',
      appVersion,
      kind: 'postgres',
      createdAt: new Date().toISOString(),
      ...before,
      payload: {
        format: 'pg_dump-custom',
        bytes: statSync(partial).size,
        sha256: await sha256OfFile(partial),
      },
    };
    await writeBackup(file, header, partial);
    return header;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** What a database holds, for the refusal to replace it: null when it has no table of ours. */
async function occupantOf(database: Database, migrationsDir: string): Promise<string | null> {
  const [tables] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  if (!tables?.n) return null;
  const version = await schemaVersionOf(database.db, migrationsDir);
  return `schema ${describeVersion(version)}; ${describeCounts(await countsOf(database.db))}`;
}

// pg_dump's script empties search_path (so that no object of the restoring user's can stand in for one of
// the dump's). Our key functions (manabi_kana_key calls manabi_name_key, manabi_match_keys the fold
// functions) name each other unqualified, and PostgreSQL inlines them when the students table's generated
// columns are created, so that CREATE TABLE fails with "function manabi_name_key(text) does not exist". The
// restore runs the script with search_path = public instead: the database is new or being replaced whole,
// so nothing else lives in public, and every name the script writes is qualified anyway.
const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
const PUBLIC_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', 'public', false);";

/** Replaces the script's first empty search_path (in its preamble), passes the rest as it is. */
function publicSearchPath(): Transform {
  let head = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _enc, next) {
      if (done) return next(null, chunk);
      head += chunk.toString('utf8');
      const at = head.indexOf(EMPTY_SEARCH_PATH);
      if (at >= 0) {
        done = true;
        next(null, head.slice(0, at) + PUBLIC_SEARCH_PATH + head.slice(at + EMPTY_SEARCH_PATH.length));
      } else if (head.length > 64 * 1024) {
        done = true;
        next(null, head);
      } else next();
    },
    flush(next) {
      next(null, done ? undefined : head);
    },
  });
}

/** Runs the payload as one transaction: a failure leaves the database as it was. */
async function loadIntoPostgres(url: string, file: string, payloadStart: number, replace: boolean) {
  const target = libpqTarget(url);
  const { dbname } = target;
  // the replaced schema's DROP … CASCADE lists every object it drops: not the operator's concern
  const env = { ...target.env, PGOPTIONS: `${target.env.PGOPTIONS ?? ''} -c client_min_messages=warning` };
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-'], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const psql = spawn(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--no-password',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${dbname}`,
    ],
    { env, stdio: ['pipe', 'ignore', 'inherit'] },
  );
  const exited = (child: ReturnType<typeof spawn>, name: string) =>
    new Promise<void>((done, fail) => {
      child.on('error', (err) => fail(commandMissing(name, err)));
      child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${name} failed (exit ${code})`))));
    });
  const finished = Promise.all([exited(restore, 'pg_restore'), exited(psql, 'psql')]);
  // the tables of the database replaced go in the same transaction as the restore
  if (replace)
    psql.stdin.write(
      'DROP SCHEMA IF EXISTS drizzle CASCADE;\nDROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n',
    );
  // pg_restore may exit as soon as it has read the archive's end, before the last bytes of the file reach its
  // stdin: that pipe then closes under the writer, which says nothing of the restore. The children's exit
  // codes do (psql's --single-transaction commits all or nothing), and a child's failure is the error shown,
  // not the closed pipe it leaves behind.
  const feeding = pipeline(createReadStream(file, { start: payloadStart }), restore.stdin).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    },
  );
  // biome-ignore lint/style/noNonNullAssertion: stdio 'pipe' above
  const piping = pipeline(restore.stdout!, publicSearchPath(), psql.stdin);
  const [fed, piped, exit] = await Promise.allSettled([feeding, piping, finished]);
  for (const outcome of [exit, fed, piped]) if (outcome.status === 'rejected') throw outcome.reason;
}

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
