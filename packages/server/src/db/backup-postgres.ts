import { spawn } from 'node:child_process';
import { createReadStream, rmSync, statSync, writeFileSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type BackupHeader,
  BackupRefusal,
  countsOf,
  engineOf,
  schemaVersionOf,
  sha256OfFile,
  writeBackup,
} from './backup-file';
import { type Database, openPostgres } from './client';

/**
 * Backup and restore of PostgreSQL (decision 074): pg_dump's custom format taken while the app runs, and
 * restored through pg_restore into psql as one transaction; the server's password goes in PGPASSWORD, never
 * on a command line.
 */

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

export async function withPostgres<T>(url: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPostgres(url, 2, () => {});
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export async function backupPostgres(url: string, file: string, migrationsDir: string, appVersion: string) {
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
export async function loadIntoPostgres(url: string, file: string, payloadStart: number, replace: boolean) {
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
