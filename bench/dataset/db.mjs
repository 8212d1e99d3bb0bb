// The bench's own connections to the dataset: a scratch PostgreSQL database it creates and drops, or the
// embedded PGlite directory of a temporary DATA_DIR (opened with the server's own PGlite, so the data
// directory is in the format the app reads). Both answer query(text, params) → { rows }.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';

const serverRequire = createRequire(new URL('../../packages/server/package.json', import.meta.url));

const RESERVED = new Set(['postgres', 'template0', 'template1', 'test']);

/** The database name of a URL: never the server's own databases, nor the tests' `test`. */
export function scratchName(url) {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z0-9_]+$/.test(name) || RESERVED.has(name)) {
    throw new Error(
      `--db must name a scratch database of the bench (got "${name}"): never test or a real one`,
    );
  }
  return name;
}

function adminUrl(url) {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(url) {
  const name = scratchName(url);
  return withClient(
    adminUrl(url),
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0,
  );
}

/**
 * A database is dropped only when the bench made it: it has the bench's `bench_meta` table (made first
 * thing), or no table at all. Anything else with that name is someone's data, and the run stops.
 */
async function assertOurs(url) {
  if (!(await databaseExists(url))) return;
  const ours = await withClient(url, async (c) => {
    const { rows } = await c.query(`select to_regclass('public.bench_meta') is not null as marked,
      (select count(*) from pg_tables where schemaname = 'public')::int as tables`);
    return rows[0].marked || rows[0].tables === 0;
  });
  if (!ours) throw new Error(`${scratchName(url)} exists and the bench did not make it: not touching it`);
}

/** A new empty database, marked as the bench's (bench_meta). */
export async function createDatabase(url) {
  const name = scratchName(url);
  await assertOurs(url);
  await withClient(adminUrl(url), async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  await withClient(url, (c) =>
    c.query('create table bench_meta (key text primary key, value jsonb not null)'),
  );
}

export async function dropDatabase(url) {
  const name = scratchName(url);
  await assertOurs(url);
  await withClient(adminUrl(url), (c) => c.query(`drop database if exists "${name}" with (force)`));
}

export async function openPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: 'postgres',
    query: (text, params) => client.query(text, params),
    close: () => client.end(),
  };
}

/** The app's embedded database in DATA_DIR (pgdata inside it), with pg_trgm as the app loads it. */
export async function openPglite(dataDir) {
  const { PGlite } = await import(serverRequire.resolve('@electric-sql/pglite'));
  const { pg_trgm } = await import(serverRequire.resolve('@electric-sql/pglite/contrib/pg_trgm'));
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    query: (text, params) =>
      params ? db.query(text, params) : db.exec(text).then((r) => r.at(-1) ?? { rows: [] }),
    close: () => db.close(),
  };
}

/** argon2id as the app hashes (platform/crypto.ts), from the server's own @node-rs/argon2. */
export async function hashPassword(password) {
  const { hash } = await import(serverRequire.resolve('@node-rs/argon2'));
  return hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}
