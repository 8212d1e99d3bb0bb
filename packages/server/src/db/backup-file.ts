import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { rowsOf } from './statements';

/**
 * The backup file and what it says of its database (decision 074): the header (the schema version, the
 * engine, the counts), read and checked, and written with its payload; the schema rules a restore keeps; and
 * what a database holds, for the refusal to replace it. backup.ts runs the two commands with these.
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
export async function schemaVersionOf(db: Db, migrationsDir: string): Promise<SchemaVersion> {
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

export async function countsOf(db: Db): Promise<Record<string, number>> {
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

export async function engineOf(db: Db): Promise<string> {
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

export async function sha256OfFile(file: string, start = 0): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { start }), hash);
  return hash.digest('hex');
}

/** Writes header + payload to `file` (0600: it holds residents' personal data), through a temporary name. */
export async function writeBackup(
  file: string,
  header: BackupHeader,
  payload: Buffer | string,
): Promise<void> {
  const partial = `${file}.partial`;
  writeFileSync(partial, `${MAGIC}\n${JSON.stringify(header)}\n`, { mode: 0o600 });
  if (typeof payload === 'string')
    await pipeline(createReadStream(payload), createWriteStream(partial, { flags: 'a' }));
  else writeFileSync(partial, payload, { flag: 'a' });
  renameSync(partial, file);
}

export function refuseExisting(file: string) {
  if (existsSync(file))
    throw new BackupRefusal(`${file} already exists: choose a new name for each backup.`, 3);
}

/** What a database holds, for the refusal to replace it: null when it has no table of ours. */
export async function occupantOf(database: Database, migrationsDir: string): Promise<string | null> {
  const [tables] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  if (!tables?.n) return null;
  const version = await schemaVersionOf(database.db, migrationsDir);
  return `schema ${describeVersion(version)}; ${describeCounts(await countsOf(database.db))}`;
}
