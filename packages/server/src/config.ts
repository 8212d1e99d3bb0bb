/** Configuration comes only from environment variables; README lists each with its default. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; unset → embedded PGlite in dataDir */
  databaseUrl: string | undefined;
  /**
   * A streaming replica of that server for the reads that may lag: statistics, the large CSV exports, the
   * audit viewer (decision 073); unset → they read from DATABASE_URL like everything else
   */
  replicaDatabaseUrl: string | undefined;
  /** a replica further behind than about this is not read from (0 = no lag check) */
  replicaMaxLagSeconds: number;
  dataDir: string;
  /** seed demo data on an empty embedded database at start */
  seedDemo: boolean;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** 'auto' follows the request protocol (X-Forwarded-Proto with trustProxy) */
  cookieSecure: 'auto' | boolean;
  /**
   * Which X-Forwarded-* to believe: false = none; a number = that many proxy hops in front of us; a list
   * = requests from these addresses/CIDRs are from our proxies. Never "everyone": a client could then pick
   * its own address and walk round every per-address limit.
   */
  trustProxy: false | number | string[];
  /** public origin(s) allowed to make state-changing calls besides the request's own host */
  allowedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  officeMail: string;
  officePhone: string;
  /** the hours the office answers that phone, said wherever a student is asked to call (「平日 9:00〜17:00」) */
  officeHours: string;
  /** the letterhead of a printed letter (decision 065): the office's name and postal address */
  officeName: string;
  officeAddress: string;
  /** how many days ahead a confirm-by deadline puts an unread winner on the contact list (1–14) */
  contactDays: number;
  resetTokenHours: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginRateLimitPerMinute: number;
  logLevel: string;
  webDist: string | undefined;
  migrationsDir: string | undefined;
  publicUrl: string;
  /** who may read /api/openapi.json and /api/docs: anyone, or admin sessions */
  apiDocs: 'public' | 'admin';
  /** how often the job runner looks for lapsed confirm-by deadlines (decision 015); 0 = never */
  jobIntervalSeconds: number;
  /** the length of one "day" of a confirmation period: 86400, shorter only for the browser journeys */
  confirmDaySeconds: number;
  /** from this hour (Asia/Tokyo, 0–23) on the day before a session, its reminders go out */
  reminderHour: number;
  /** API calls worked on at once; one more is answered 503 with Retry-After at once; 0 = no limit */
  maxInFlight: number;
  maxEventLoopLagMs: number;
  /**
   * Who may read /metrics (decision 075): a caller presenting `Authorization: Bearer <token>`, or one whose
   * TCP peer address is in the list. Neither set → /metrics does not exist (404) and nothing is collected.
   */
  metricsToken: string | undefined;
  metricsAllow: string[];
  /** On SIGTERM, how long /api/ready answers 503 while calls are still served, before the app closes */
  shutdownDrainSeconds: number;
}

/** A setting that cannot work as given: main.ts prints the message alone and exits. */
export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new ConfigError(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/** A comma-separated list of addresses/CIDRs (TRUST_PROXY's, METRICS_ALLOW's); `what` names it in the error. */
function addressList(raw: string, what: string): string[] {
  const list = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.find((a) => !IPV4_OR_CIDR.test(a) && !IPV6_OR_CIDR.test(a));
  if (bad !== undefined) throw new ConfigError(`${what}, got "${bad}"`);
  return list;
}

/** TRUST_PROXY: unset/0/false → false; N → N hops (true/yes/on → 1); else a comma-separated address list. */
export function trustProxy(raw: string | undefined): false | number | string[] {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false' || v === 'no' || v === 'off') return false;
  if (v === 'true' || v === 'yes' || v === 'on') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  return addressList(v, 'TRUST_PROXY must be a hop count or proxy addresses/CIDRs');
}

/** The shortest METRICS_TOKEN taken: a guessable bearer token would make the metrics public. */
const METRICS_TOKEN_MIN = 16;

function metricsToken(raw: string | undefined): string | undefined {
  const token = (raw ?? '').trim();
  if (token === '') return undefined;
  if (token.length < METRICS_TOKEN_MIN) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters`);
  }
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  const replicaDatabaseUrl = env.REPLICA_DATABASE_URL || undefined;
  if (replicaDatabaseUrl && !databaseUrl) {
    throw new ConfigError(
      'REPLICA_DATABASE_URL is set but DATABASE_URL is not: a read replica copies a PostgreSQL server, and ' +
        'without DATABASE_URL Manabi runs on its embedded database. Set DATABASE_URL to the primary, or unset ' +
        'REPLICA_DATABASE_URL.',
    );
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    replicaDatabaseUrl,
    replicaMaxLagSeconds: int(env, 'REPLICA_MAX_LAG_SECONDS', 10),
    dataDir: env.DATA_DIR ?? './data',
    seedDemo: bool(env, 'SEED_DEMO', databaseUrl === undefined),
    sessionIdleSeconds: int(env, 'SESSION_IDLE_SECONDS', 30 * 60),
    sessionAbsoluteSeconds: int(env, 'SESSION_ABSOLUTE_SECONDS', 12 * 60 * 60),
    cookieSecure:
      env.COOKIE_SECURE === undefined || env.COOKIE_SECURE === 'auto'
        ? 'auto'
        : bool(env, 'COOKIE_SECURE', false),
    trustProxy: trustProxy(env.TRUST_PROXY),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'まなび事務局 <no-reply@manabi.example.jp>',
    officeMail: env.OFFICE_MAIL ?? 'office@manabi.example.jp',
    officePhone: env.OFFICE_PHONE ?? '03-0000-0000',
    officeHours: env.OFFICE_HOURS ?? '平日 9:00〜17:00',
    officeName: env.OFFICE_NAME ?? 'まなび 市民講座事務局',
    officeAddress: env.OFFICE_ADDRESS ?? '〒000-0000 東京都まなび区役所1-1-1',
    contactDays: Math.max(1, Math.min(14, int(env, 'CONTACT_DAYS', 2))),
    resetTokenHours: int(env, 'RESET_TOKEN_HOURS', 24),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 15),
    loginRateLimitPerMinute: int(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 100),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST || undefined,
    migrationsDir: env.MIGRATIONS_DIR || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    // the reference is public on the embedded demo database, admin-only on a real server unless said
    apiDocs: (env.API_DOCS ?? (databaseUrl ? 'admin' : 'public')) === 'public' ? 'public' : 'admin',
    jobIntervalSeconds: int(env, 'JOB_INTERVAL_SECONDS', 60),
    confirmDaySeconds: int(env, 'CONFIRM_DAY_SECONDS', 86_400),
    reminderHour: Math.min(23, int(env, 'REMINDER_HOUR', 9)),
    // the embedded database works one query at a time on this thread: a short queue keeps p95 low. On
    // PostgreSQL, 128 is about 50 ms of calls at the rate the mix is served: 64 refused the calls that pile up
    // behind any 25–40 ms pause of the loop, far below saturation (decision 022, amended in issue 16)
    maxInFlight: int(env, 'MAX_IN_FLIGHT', databaseUrl ? 128 : 32),
    // an event loop late by more than this at two samples in a row sheds calls too (decision 022)
    maxEventLoopLagMs: int(env, 'MAX_EVENT_LOOP_LAG_MS', 100),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsAllow: addressList(env.METRICS_ALLOW ?? '', 'METRICS_ALLOW must be addresses/CIDRs'),
    shutdownDrainSeconds: int(env, 'SHUTDOWN_DRAIN_SECONDS', 0),
  };
}
