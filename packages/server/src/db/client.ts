import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PgliteThread } from './pglite-thread';
import { type ReplicaOptions, ReplicaReadPool } from './read-replica';
import * as schema from './schema';
import { applySqlDefinitions } from './sql-definitions';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * The handle of the reads that may lag (decision 073): a streaming replica's pool that falls back to the
   * primary's while the replica is out of use; `db` itself without a replica (and always on PGlite).
   */
  readDb: Db;
  /** the replica's route, when one is configured: its state, and `start(log)` once the app's log exists */
  replica?: ReplicaReadPool;
  kind: 'pglite' | 'postgres';
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's files as a gzipped tarball (PGlite only): what a backup of it holds. */
  dumpDataDir?(): Promise<Blob>;
  /** What the connections are doing now, read without a query (the metrics' gauges, decision 075). */
  poolStats(): PoolStats;
}

/**
 * PostgreSQL: pg-pool's own counts (open connections, idle ones, checkouts waiting for one) and its maximum.
 * PGlite: the statements sent to its thread and not yet answered, the running one included — its only queue.
 */
export type PoolStats =
  | { kind: 'postgres'; total: number; idle: number; waiting: number; max: number }
  | { kind: 'pglite'; pending: number };

export class DataDirLockedError extends Error {}

/**
 * Two processes on one PGlite directory silently lose writes, so the embedded database takes a lock
 * file and a second process refuses to start. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'manabi.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${resolve(dataDir)} is already in use by process ${pid}. ` +
            'Only one Manabi process may use an embedded database directory. ' +
            'Stop the other process, or set DATABASE_URL to a PostgreSQL server to run several processes.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Embedded PostgreSQL (PGlite) on its own thread. `dataDir` undefined → in memory (tests). `locked`: the
 * caller already holds the directory's lock (a restore holds it across opening, replacing and reopening).
 */
export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  { locked = false }: { locked?: boolean } = {},
): Promise<Database> {
  const unlock = dataDir && !locked ? lockDataDir(dataDir) : () => {};
  try {
    // on a thread of its own (decision 025): the app's event loop answers while a statement runs
    const client = await PgliteThread.create({
      dataDir: dataDir ? resolve(dataDir, 'pgdata') : undefined,
      loadDataDir,
    });
    const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
    return {
      db,
      readDb: db,
      kind: 'pglite',
      async migrate(migrationsFolder) {
        await migratePglite(db as never, { migrationsFolder });
        // the functions and triggers as they are today, after the migrations that made their tables
        await applySqlDefinitions(db);
      },
      dumpDataDir: () => client.dumpDataDir('gzip'),
      async close() {
        await client.close();
        unlock();
      },
      poolStats: () => ({ kind: 'pglite', pending: client.pendingCount }),
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

export interface PoolOptions {
  /**
   * Connections opened at start and kept open however long the app is idle (pg-pool closes the ones above
   * it after its idle timeout). A connection opened in a burst costs the burst its set-up and the planning
   * of each named statement again; 0 opens them on demand only (tests, the CLI).
   */
  min?: number;
  /**
   * Runs on each new connection before any query of the app (pg queues a query sent here ahead of the
   * checkout's): where the hot named statements can be prepared, so a fresh connection answers as an old one.
   */
  onConnect?: (client: pg.PoolClient) => void;
  /** a streaming replica for the reads that may lag (decision 073) */
  replica?: ReplicaOptions;
}

export async function openPostgres(
  url: string,
  max = 10,
  onIdleClientError: (err: Error) => void = (err) =>
    console.error('PostgreSQL: idle connection lost:', err.message),
  { min = 0, onConnect, replica: replicaOptions }: PoolOptions = {},
): Promise<Database> {
  const warm = Math.min(min, max);
  const pool = new pg.Pool({ connectionString: url, max, min: warm });
  // an idle connection dropped by the server (restart, failover) must not crash the process: the pool
  // replaces it on the next checkout
  pool.on('error', onIdleClientError);
  // one dropped while checked out reports on its client, which pg-pool listens to only while the client is
  // idle: unheard, that report would end the process. The statement in flight (or the next) fails on its own,
  // and the release drops the connection.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (onConnect) pool.on('connect', onConnect);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const keepWarm = warm > 0 ? keepWarmConnections(pool, warm, onIdleClientError) : undefined;
  await keepWarm?.fill();
  const replica = replicaOptions ? new ReplicaReadPool(pool, replicaOptions) : undefined;
  return {
    db,
    readDb: replica ? (drizzlePg({ client: replica as never, schema }) as unknown as Db) : db,
    replica,
    kind: 'postgres',
    async migrate(migrationsFolder) {
      // several app processes may start at once: one migrates, the others wait on the lock
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        const locked = drizzlePg({ client, schema });
        await migratePg(locked, { migrationsFolder });
        // the functions and triggers as they are today, under the same lock: one process applies them
        await applySqlDefinitions(locked);
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    close: async () => {
      keepWarm?.stop();
      await replica?.stop();
      await pool.end();
    },
    poolStats: () => ({
      kind: 'postgres',
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
  };
}

/**
 * Opens `min` connections at once and, when one is lost (the server dropped it, or it broke), opens its
 * replacement a moment later, so the pool does not wait for the next burst to be warm again.
 */
function keepWarmConnections(pool: pg.Pool, min: number, onError: (err: Error) => void) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // `min` checkouts asked for in one turn: the idle connections serve the first, each of the others opens a
  // new one (up to the pool's max); each is given back as soon as it is had, so none is held from the app
  const fill = async () => {
    if (pool.totalCount >= min) return;
    await Promise.all(Array.from({ length: min }, () => pool.connect().then((client) => client.release())));
  };
  // after a pause: a server that is going away refuses at once, and must not be asked in a tight loop
  const topUp = () => {
    if (stopped || timer || pool.totalCount >= min) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      fill().then(topUp, (err: Error) => {
        onError(err);
        topUp();
      });
    }, 1000);
    timer.unref();
  };
  pool.on('remove', topUp);
  return {
    fill,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** How many connections a server process keeps open while idle: all it may use (the pool's max, 10). */
export const POOL_MIN = 10;

export const openDatabase = (
  cfg: { databaseUrl?: string; dataDir: string; replicaDatabaseUrl?: string; replicaMaxLagSeconds?: number },
  pool: PoolOptions = {},
) =>
  cfg.databaseUrl
    ? openPostgres(cfg.databaseUrl, undefined, undefined, {
        ...pool,
        replica: cfg.replicaDatabaseUrl
          ? { url: cfg.replicaDatabaseUrl, maxLagSeconds: cfg.replicaMaxLagSeconds }
          : undefined,
      })
    : openPglite(cfg.dataDir);

export const ping = (db: Db) => db.execute(sql`select 1`);
