// The bench's own connections to the dataset: a scratch PostgreSQL database it creates and drops, or the
// embedded PGlite directory of a temporary DATA_DIR (opened with the server's own PGlite, so the data
// directory is in the format the app reads). Both answer query(text, params) → { rows }.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';

const serverRequire = createRequire(new URL('../../packages/server/package.json', import.meta.url));

/** The database name of a URL; the bench only ever creates, fills or drops one whose name says "bench". */
export function scratchName(url) {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z0-9_]*bench[a-z0-9_]*$/.test(name)) {
    throw new Error(
      `--db must name a scratch database with "bench" in its name (got "${name}"): never test or a real one`,
    );
  }
  return name;
}

function adminUrl(url) {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

async function withAdmin(url, fn) {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(url) {
  const name = scratchName(url);
  return withAdmin(
    url,
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0,
  );
}

export async function createDatabase(url) {
  const name = scratchName(url);
  await withAdmin(url, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
}

export async function dropDatabase(url) {
  const name = scratchName(url);
  await withAdmin(url, (c) => c.query(`drop database if exists "${name}" with (force)`));
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
