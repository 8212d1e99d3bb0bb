import pg from 'pg';

/**
 * The reads that may lag (decision 073) go to a PostgreSQL streaming replica through this pool-shaped
 * object: Drizzle takes it as it takes a pg Pool (it calls `query`, and `connect` for a transaction). While
 * the replica answers and keeps up, a checkout is the replica's; when it cannot be reached, or has fallen
 * behind, or is no longer a standby, the primary's pool serves the same read. Each change of state is logged
 * once (an outage is one warning, however many reads it turns away), and a probe on a timer finds the replica
 * again. Nothing here writes: the handle built on it is given only to the services the decision names.
 */

/** Where a read goes at this moment, and why. */
export type ReplicaState = 'replica' | 'unreachable' | 'lagging' | 'not-standby';

/** What the route logs: Fastify's logger fits (pino's `warn(obj, msg)` / `info(obj, msg)`). */
export interface ReplicaLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ReplicaOptions {
  url: string;
  /** the replica's pool: the reports, exports and audit viewer are few and long, so it is smaller */
  max?: number;
  /**
   * A replica that has not replayed, at one probe, the primary's WAL position of the probe before is
   * lagging; the probe runs every half of this, so a read served by the replica sees every write committed
   * about this long before it. 0 = no lag check (only reachability).
   */
  maxLagSeconds?: number;
  /** how long a checkout waits for the replica to accept a connection before the primary serves the read */
  connectTimeoutMs?: number;
}

/** The probe's pace when there is no lag check: how soon a replica that was down is used again. */
const REACH_PROBE_MS = 5_000;

/** The replica's host and port only: a URL may carry a password, and the log must never hold it. */
export function replicaWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}`;
  } catch {
    return 'the configured replica';
  }
}

/**
 * Whether an error means the server could not be reached or went away (as against an error of the
 * statement, which the primary would answer the same): node's socket codes (ECONNREFUSED, ETIMEDOUT, …),
 * pg's own messages without a SQLSTATE, class 08 (connection exception) and 57P01–57P03 (shut down, crashed,
 * not yet accepting connections).
 */
export function isUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  if (!/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

/**
 * A standby cancels a read whose rows the replay must remove (a conflict with recovery: SQLSTATE 40001 on a
 * standby). The read is still good: it is asked again of the primary, and the replica stays in use.
 */
const isRecoveryConflict = (err: unknown) => (err as { code?: unknown } | null)?.code === '40001';

/** A checkout, marked with where it came from (set on a replica connection's first checkout, and kept). */
type Checkout = pg.PoolClient & { fromReplica?: boolean };

/**
 * Drizzle runs a transaction on a checkout of its client when the client is a pool, which it tells by
 * `instanceof Pool` or a constructor name holding "Pool": the name is why this class is called so
 * (read-replica.test.ts proves a transaction on it keeps one connection).
 */
export class ReplicaReadPool {
  readonly #replica: pg.Pool;
  readonly #primary: pg.Pool;
  readonly #where: string;
  readonly #maxLagSeconds: number;
  #state: ReplicaState = 'replica';
  #log: ReplicaLog = consoleLog;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #probing = false;
  /** replica connections checked out and working (a checkout that timed out while all are is no outage) */
  #inUse = 0;
  readonly #max: number;
  /** the primary's WAL position at the last probe: what the replica must have replayed by the next */
  #primaryLsn: string | undefined;

  constructor(
    primary: pg.Pool,
    { url, max = 4, maxLagSeconds = 10, connectTimeoutMs = 2_000 }: ReplicaOptions,
  ) {
    this.#primary = primary;
    this.#where = replicaWhere(url);
    this.#maxLagSeconds = maxLagSeconds;
    this.#max = max;
    this.#replica = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: connectTimeoutMs });
    // an idle replica connection dropped (the replica stopped) must not crash the process; the next
    // checkout finds out whether it is back
    this.#replica.on('error', () => {});
  }

  /** Where reads go now (the tests and the health of a deployment read it). */
  get state(): ReplicaState {
    return this.#state;
  }

  /** Logs through `log` from now on and starts the probe that follows the replica's reach and lag. */
  start(log: ReplicaLog): void {
    this.#log = log;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#replica.end();
  }

  /** A connection for a read: the replica's while it is in use, else the primary's. */
  async connect(): Promise<pg.PoolClient> {
    if (this.#state === 'replica') {
      try {
        const client = (await this.#replica.connect()) as Checkout;
        if (client.fromReplica === undefined) {
          // pg-pool listens for a connection's loss only while it is idle: a replica stopped under a checkout
          // would otherwise throw from the socket's event, past any caller. The query itself still fails,
          // and is answered from the primary.
          client.on('error', () => {});
        }
        client.fromReplica = true;
        this.#inUse++;
        const release = client.release;
        client.release = (err?: Error | boolean) => {
          this.#inUse--;
          release.call(client, err);
        };
        return client;
      } catch (err) {
        // every replica connection busy with a long read is no outage: this read waits on the primary
        if (this.#inUse < this.#max) this.#down('unreachable', err);
      }
    }
    const client = (await this.#primary.connect()) as Checkout;
    client.fromReplica = false;
    return client;
  }

  /**
   * One statement outside a transaction (what Drizzle sends for a plain select). Should the replica go away
   * while it runs, the statement is asked again of the primary: it only reads.
   */
  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = (await this.connect()) as Checkout;
    try {
      const result = await client.query(config, values);
      client.release();
      return result;
    } catch (err) {
      const lost = client.fromReplica === true && isUnreachable(err);
      // a connection that failed is not put back in the pool
      client.release(lost ? (err as Error) : undefined);
      if (!client.fromReplica || !(lost || isRecoveryConflict(err))) throw err;
      if (lost) this.#down('unreachable', err);
      return this.#primary.query(config, values);
    }
  }

  #down(state: Exclude<ReplicaState, 'replica'>, err?: unknown): void {
    if (this.#state !== 'replica') return;
    this.#state = state;
    const why = err === undefined ? state : ((err as { code?: string }).code ?? (err as Error).message);
    this.#log.warn(
      { replica: this.#where, state, reason: why },
      state === 'lagging'
        ? 'read replica is lagging: statistics, exports and the audit viewer read from the primary until it catches up'
        : state === 'not-standby'
          ? 'read replica is not a standby (promoted?): statistics, exports and the audit viewer read from the primary'
          : 'read replica unreachable: statistics, exports and the audit viewer read from the primary until it answers',
    );
    this.#schedule();
  }

  #up(): void {
    if (this.#state === 'replica') return;
    const was = this.#state;
    this.#state = 'replica';
    this.#log.info({ replica: this.#where, was }, 'read replica in use again');
  }

  #schedule(): void {
    if (this.#stopped || this.#timer) return;
    const every = this.#maxLagSeconds > 0 ? (this.#maxLagSeconds * 1000) / 2 : REACH_PROBE_MS;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.probe().finally(() => {
        // without a lag check the probe only needs to run while the replica is out of use
        if (this.#maxLagSeconds > 0 || this.#state !== 'replica') this.#schedule();
      });
    }, every);
    this.#timer.unref();
  }

  /**
   * One look at the replica: is it reachable, still a standby, and has it replayed what the primary had
   * written at the previous look? Exposed for the tests, which do not wait for the timer.
   */
  async probe(): Promise<ReplicaState> {
    if (this.#probing || this.#stopped) return this.#state;
    this.#probing = true;
    try {
      const checkLag = this.#maxLagSeconds > 0;
      const before = this.#primaryLsn;
      if (checkLag) {
        const { rows } = await this.#primary.query<{ lsn: string }>(
          'select pg_current_wal_lsn()::text as lsn',
        );
        this.#primaryLsn = rows[0]?.lsn;
      }
      let standby: { recovering: boolean; caught_up: boolean | null };
      try {
        const { rows } = await this.#replica.query<{ recovering: boolean; caught_up: boolean | null }>(
          'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up',
          [before ?? '0/0'],
        );
        standby = rows[0] ?? { recovering: false, caught_up: null };
      } catch (err) {
        // refused, timed out, or not a database we may read (a wrong URL): out of use all the same
        this.#moveTo('unreachable', err);
        return this.#state;
      }
      if (!standby.recovering) {
        this.#moveTo('not-standby');
      } else if (checkLag && before !== undefined && standby.caught_up === false) {
        this.#moveTo('lagging');
      } else {
        this.#up();
      }
      return this.#state;
    } catch {
      // the primary did not answer the probe: nothing to decide about the replica this time (the primary's
      // outage is seen, and logged, by every other call)
      return this.#state;
    } finally {
      this.#probing = false;
    }
  }

  /** From one out-of-use state to another is no new outage: only the first is logged. */
  #moveTo(state: Exclude<ReplicaState, 'replica'>, err?: unknown): void {
    if (this.#state === 'replica') this.#down(state, err);
    else this.#state = state;
  }
}

const consoleLog: ReplicaLog = {
  warn: (obj, msg) => console.warn(msg, JSON.stringify(obj)),
  info: (obj, msg) => console.info(msg, JSON.stringify(obj)),
};
