import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db, PoolStats } from '../db/client';
import { jobRuns } from '../db/schema';
import { rowsOf } from '../db/statements';
import type { ShedReason } from './load-shed';
import type { ThrottleOutcome } from './login-throttle';
import type { SessionKind } from './sessions';
import { withTimeout } from './timeout';

/**
 * What the running process tells Prometheus at /metrics (decision 075). Every label takes a closed set of
 * values: a route's pattern as registered (never the raw URL: ids and tokens would make a series each), a
 * status code, a job's name, a session kind. Our own series are `manabi_*`; Node's and the process's keep
 * prom-client's standard names (`nodejs_*`, `process_*`), which the common dashboards read.
 *
 * Each app has its own registry (never prom-client's global one), so several apps in one process (tests)
 * count apart. With /metrics unconfigured nothing is created at all: {@link NO_METRICS} only ignores.
 */
export interface AppMetrics {
  readonly enabled: boolean;
  /** one answered request: its route's pattern (undefined = no route matched), method, status, duration */
  request(route: string | undefined, method: string, status: number, ms: number): void;
  /** a call the load shedder answered 503 */
  refused(reason: ShedReason): void;
  /** a login's password check (platform/login-throttle.ts) */
  login(kind: SessionKind, outcome: ThrottleOutcome): void;
  /** one job's round (jobs/runner.ts) */
  jobRound(job: string, ok: boolean): void;
  /** the load shedder's own count of calls in flight, read on each scrape */
  watchLoadShedding(source: { inFlight(): number; limit: number }): void;
  /** the page Prometheus reads; the database's figures are read for it, in bounded time */
  render(): Promise<{ contentType: string; body: string }>;
}

export const NO_METRICS: AppMetrics = {
  enabled: false,
  request() {},
  refused() {},
  login() {},
  jobRound() {},
  watchLoadShedding() {},
  render: () => Promise.reject(new Error('metrics are not configured')),
};

/** A web app's latencies: 5 ms (a cached read) to 10 s (past any client's patience). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * The route label: an API route's or /metrics' pattern as registered; `static` for the web build's files (a
 * route each, renamed by every deploy: one label keeps the series from growing with them); `unmatched` for
 * whatever no route matched — scanners' guesses and the web app's pages, which the fallback serves.
 */
function routeLabel(route: string | undefined): string {
  if (route === undefined) return 'unmatched';
  return route.startsWith('/api/') || route === '/metrics' ? route : 'static';
}
/** How long a scrape waits for the database's counts before it answers without them. */
const DB_SCRAPE_TIMEOUT_MS = 2000;

export function createMetrics({ db, poolStats }: { db: Db; poolStats?: () => PoolStats }): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'manabi_http_requests_total',
    help: 'Requests answered, by route pattern (unmatched: no route), method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'manabi_http_request_duration_seconds',
    help: 'Time from the request read to the answer sent, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: 'manabi_load_shed_refused_total',
    help: 'API calls answered 503 by the load shedder: in_flight (MAX_IN_FLIGHT reached) or event_loop (late loop).',
    labelNames: ['reason'] as const,
    registers,
  });
  const logins = new Counter({
    name: 'manabi_login_failures_total',
    help: 'Failed logins by session kind: password (wrong id or password) or locked (refused, the id is locked).',
    labelNames: ['kind', 'reason'] as const,
    registers,
  });
  const locks = new Counter({
    name: 'manabi_login_locks_total',
    help: 'Login ids locked by LOGIN_MAX_FAILURES failures in a row, by session kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  const rounds = new Counter({
    name: 'manabi_job_rounds_total',
    help: 'Background job rounds this process ran, by job and outcome (success | failure).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  // zero from the start: a rate over a series that appears only with its first refusal misses that one
  for (const reason of ['in_flight', 'event_loop'] as const) refusals.inc({ reason }, 0);
  for (const kind of ['admin', 'student'] as const) {
    for (const reason of ['password', 'locked']) logins.inc({ kind, reason }, 0);
    locks.inc({ kind }, 0);
  }

  const pool = poolGauges(registers, poolStats);
  const database = databaseGauges(registers);

  return {
    enabled: true,
    request(route, method, status, ms) {
      const r = routeLabel(route);
      requests.inc({ route: r, method, status: String(status) });
      latency.observe({ route: r, method }, ms / 1000);
    },
    refused: (reason) => refusals.inc({ reason }),
    login(kind, outcome) {
      if (outcome === 'refused') logins.inc({ kind, reason: 'locked' });
      if (outcome === 'failure' || outcome === 'locked') logins.inc({ kind, reason: 'password' });
      if (outcome === 'locked') locks.inc({ kind });
    },
    jobRound: (job, ok) => rounds.inc({ job, outcome: ok ? 'success' : 'failure' }),
    // created only when the shedder counts: an unset gauge would read 0, as if it had measured nothing
    watchLoadShedding({ inFlight, limit }) {
      new Gauge({
        name: 'manabi_api_in_flight',
        help: 'API calls being worked on now, as the load shedder counts them (MAX_IN_FLIGHT > 0 only).',
        registers,
        collect() {
          this.set(inFlight());
        },
      });
      new Gauge({
        name: 'manabi_api_in_flight_limit',
        help: 'MAX_IN_FLIGHT: one call more than this is refused 503.',
        registers,
      }).set(limit);
    },
    async render() {
      pool();
      await database.refresh(db);
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** The gauges of the database's kind only: PostgreSQL's pool, or the embedded database's queue. */
function poolGauges(registers: Registry[], poolStats: (() => PoolStats) | undefined): () => void {
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
  const kind = poolStats?.().kind;
  if (poolStats && kind === 'postgres') {
    const total = gauge('manabi_db_pool_connections', 'PostgreSQL: connections the pool holds open.');
    const idle = gauge('manabi_db_pool_idle', 'PostgreSQL: open connections not lent out.');
    const waiting = gauge(
      'manabi_db_pool_waiting',
      'PostgreSQL: queries waiting for a connection of the pool.',
    );
    const max = gauge('manabi_db_pool_max', 'PostgreSQL: the most connections the pool opens.');
    return () => {
      const stats = poolStats();
      if (stats.kind !== 'postgres') return;
      total.set(stats.total);
      idle.set(stats.idle);
      waiting.set(stats.waiting);
      max.set(stats.max);
    };
  }
  if (poolStats && kind === 'pglite') {
    const pending = gauge(
      'manabi_db_pglite_pending',
      'Embedded database: statements sent to its thread and not yet answered (the running one included).',
    );
    return () => {
      const stats = poolStats();
      if (stats.kind === 'pglite') pending.set(stats.pending);
    };
  }
  return () => {};
}

/**
 * Figures of the whole database, the same from every process (aggregate them with max, not sum): the mail
 * outbox's backlog and give-ups, and each job's last success. Two statements a scrape, on partial indexes
 * (mail_outbox_due_idx, mail_outbox_failed_idx) and on job_runs' few rows. A database that does not answer
 * in time reads 0 in them and says so in `manabi_metrics_database_up` (alert rules on them require it to be 1),
 * rather than failing the whole page.
 */
function databaseGauges(registers: Registry[]) {
  const up = new Gauge({
    name: 'manabi_metrics_database_up',
    help: '1 when this scrape read the database figures below, 0 when the database did not answer in time.',
    registers,
  });
  const pending = new Gauge({
    name: 'manabi_mail_outbox_pending',
    help: 'Mails waiting in the outbox to be sent (new, or retried after a temporary failure).',
    registers,
  });
  const oldest = new Gauge({
    name: 'manabi_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail still waiting in the outbox (0 when none waits).',
    registers,
  });
  const failed = new Gauge({
    name: 'manabi_mail_outbox_failed',
    help: 'Mails the outbox gave up on (refused address, or five failed tries), until the office retries them.',
    registers,
  });
  const sinceSuccess = new Gauge({
    name: 'manabi_job_last_success_age_seconds',
    help: 'Seconds since any process last finished a round of the job without error (job_runs).',
    labelNames: ['job'] as const,
    registers,
  });
  const failuresInRow = new Gauge({
    name: 'manabi_job_failures_in_row',
    help: 'Failed rounds of the job since its last success, in any process (job_runs).',
    labelNames: ['job'] as const,
    registers,
  });
  const databaseFigures = async (db: Db) => {
    const [row] = await rowsOf<{ pending: number; failed: number; oldest: number }>(
      db,
      sql`select
      (select count(*) from mail_outbox where status = 'pending')::int as pending,
      (select count(*) from mail_outbox where status = 'failed')::int as failed,
      coalesce((select extract(epoch from now() - created_at) from mail_outbox
                 where status = 'pending' order by id limit 1), 0)::float8 as oldest`,
    );
    const jobs = await db.select().from(jobRuns);
    return { outbox: row, jobs };
  };
  return {
    async refresh(db: Db) {
      const figures = await withTimeout(databaseFigures(db), DB_SCRAPE_TIMEOUT_MS).catch(() => undefined);
      for (const g of [pending, oldest, failed, sinceSuccess, failuresInRow]) g.reset();
      up.set(figures ? 1 : 0);
      if (!figures?.outbox) return;
      pending.set(Number(figures.outbox.pending));
      failed.set(Number(figures.outbox.failed));
      oldest.set(Number(figures.outbox.oldest));
      const now = Date.now();
      for (const job of figures.jobs) {
        failuresInRow.set({ job: job.job }, job.failuresInRow);
        if (job.lastSuccessAt) sinceSuccess.set({ job: job.job }, (now - job.lastSuccessAt.getTime()) / 1000);
      }
    },
  };
}

/**
 * Whether a caller may read /metrics: the bearer token (compared in constant time, as digests so the
 * length says nothing either), or the TCP peer's address in METRICS_ALLOW. The peer, not `req.ip`: that is
 * X-Forwarded-For believed as far as TRUST_PROXY says, and with a hop count any caller reaching the port
 * directly could name an allowed address. A scrape through the reverse proxy therefore uses the token.
 */
export function metricsAccess(config: Pick<Config, 'metricsToken' | 'metricsAllow'>) {
  const configured = config.metricsToken !== undefined || config.metricsAllow.length > 0;
  const expected = config.metricsToken ? digest(config.metricsToken) : undefined;
  const allowed = blockListOf(config.metricsAllow);
  return {
    configured,
    allows(authorization: string | undefined, peer: string | undefined): boolean {
      const token = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
      if (expected && token !== undefined && timingSafeEqual(digest(token), expected)) return true;
      const address = plainAddress(peer);
      if (address === undefined) return false;
      return allowed.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** An IPv4 peer on a dual-stack socket reads `::ffff:10.0.0.5`; the list names it `10.0.0.5`. */
function plainAddress(peer: string | undefined): string | undefined {
  if (!peer) return undefined;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer)?.[1];
  const address = v4 ?? peer;
  return isIPv4(address) || isIPv6(address) ? address : undefined;
}

function blockListOf(list: readonly string[]): BlockList {
  const blocks = new BlockList();
  for (const entry of list) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (!isIPv4(address) && !isIPv6(address)) throw new Error(`METRICS_ALLOW: not an address: "${entry}"`);
    if (prefix === undefined) blocks.addAddress(address, type);
    else blocks.addSubnet(address, Number(prefix), type);
  }
  return blocks;
}
