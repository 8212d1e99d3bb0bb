// The reads that may lag, on a real PostgreSQL 15 streaming replica (decision 073): the built app started with
// DATABASE_URL and REPLICA_DATABASE_URL; a statistics read is answered by the replica while a write goes to
// the primary; with the replica stopped the same reads still answer 200, from the primary, and the app's log
// has exactly one warning; started again, the replica is read from again; and a second process, checking the
// replica's lag every second, reads from the primary while the replica's replay is paused behind a write.
// Everything it starts is torn down, on failure too.
//
// The machine's server (the URL given, as to multi-process-check.mjs) allows no replication connection: its
// pg_hba.conf has no `replication` line, and it is not ours to change. So this check makes a primary cluster of
// its own with the same binaries (initdb, in a temporary directory, on a free port), the app's database in it
// before the base backup, and replicates that: a base backup of the shared server would copy every other
// database on it, and streaming would carry every database made there later.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const machineUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

let passed = 0;
let failed = 0;
const check = (name, ok) => {
  console.log(`${ok ? '✓' : '✗'} ${name}`);
  ok ? passed++ : failed++;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1: taken from the system, then let go. */
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** PostgreSQL refuses to run as root: its tools run as the postgres user. */
const asPostgres = (tool, args) => {
  const argv = process.getuid?.() === 0 ? ['-u', 'postgres', '--', join(BIN, tool), ...args] : args;
  return execFileSync(process.getuid?.() === 0 ? 'runuser' : join(BIN, tool), argv, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
};

const dir = mkdtempSync(join(tmpdir(), 'manabi-replica-'));
const primaryDir = join(dir, 'primary');
const replicaDir = join(dir, 'replica');
const sockets = join(dir, 'sockets');
mkdirSync(sockets);
if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);

const [primaryPort, replicaPort, appPort] = [await freePort(), await freePort(), await freePort()];
const serverOptions = (port) =>
  `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c shared_buffers=32MB`;
const url = (port, db, password = '') =>
  `postgres://postgres${password ? `:${password}` : ''}@127.0.0.1:${port}/${db}`;
const pgCtl = (dataDir, action, port) =>
  asPostgres('pg_ctl', [
    '-D',
    dataDir,
    ...(action === 'start'
      ? ['-l', join(dir, `${dataDir === primaryDir ? 'primary' : 'replica'}.log`), '-o', serverOptions(port)]
      : ['-m', 'fast']),
    '-w',
    '-t',
    '30',
    action,
  ]);
let primaryUp = false;
let replicaUp = false;
/** The app processes started, and their log lines. */
const apps = [];

/** Starts the built app on both servers and waits until it is healthy. */
async function startApp(port, env) {
  const proc = spawn('node', ['packages/server/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: url(primaryPort, 'manabi'),
      REPLICA_DATABASE_URL: url(replicaPort, 'manabi', SECRET),
      SEED_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  apps.push({ proc, lines });
  for (const stream of [proc.stdout, proc.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
    });
  }
  const base = `http://127.0.0.1:${port}`;
  const healthy = await until(async () => {
    try {
      return (await fetch(`${base}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 90_000);
  if (!healthy) throw new Error(`the app never became healthy:\n${lines.slice(-20).join('\n')}`);
  return { proc, lines, base };
}

/** The app's warnings about the replica, from its log lines. */
const replicaLines = (lines, level) =>
  lines.filter((l) => {
    try {
      const j = JSON.parse(l);
      return j.level === level && String(j.msg).includes('read replica');
    } catch {
      return false;
    }
  });
// a password in the replica's URL (trust auth never asks for it): the log must not show it
const SECRET = 'replica-check-not-a-secret';

/** One query on a server, on a connection of its own. */
async function ask(port, db, text, values) {
  const c = new pg.Client({ connectionString: url(port, db) });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** The app's transactions in its database on one server (pg_stat_database, read from the `postgres` database). */
async function commitsOn(port) {
  const [row] = await ask(
    port,
    'postgres',
    `select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = 'manabi'`,
  );
  return Number(row.n);
}

/** Waits (up to 5 s: a backend reports its counts when it goes idle, at most once a second) for `more` to hold. */
async function until(more, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await more()) return true;
    if (Date.now() > end) return false;
    await sleep(250);
  }
}

async function teardown() {
  for (const { proc } of apps) {
    if (proc.exitCode !== null) continue;
    proc.kill('SIGTERM');
    await Promise.race([new Promise((r) => proc.once('exit', r)), sleep(5000)]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  }
  for (const [up, d] of [
    [replicaUp, replicaDir],
    [primaryUp, primaryDir],
  ]) {
    if (!up) continue;
    try {
      asPostgres('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']);
    } catch (err) {
      console.error(`could not stop ${d}: ${err.message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
process.on('SIGINT', () => void teardown().then(() => process.exit(130)));

try {
  // why a cluster of its own: what the machine's server says about replication connections
  try {
    const [rules] = await (async () => {
      const c = new pg.Client({ connectionString: machineUrl });
      await c.connect();
      try {
        return (
          await c.query(
            `select count(*)::int as n from pg_hba_file_rules where 'replication' = any(database)`,
          )
        ).rows;
      } finally {
        await c.end();
      }
    })();
    console.log(
      `the machine's server has ${rules.n} replication line(s) in pg_hba.conf; this check replicates a cluster of its own`,
    );
  } catch (err) {
    console.log(
      `the machine's server was not asked (${err.message}); this check replicates a cluster of its own`,
    );
  }

  // the primary: a fresh cluster, wal_level replica and replication connections from 127.0.0.1 by initdb's defaults
  asPostgres('initdb', [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  pgCtl(primaryDir, 'start', primaryPort);
  primaryUp = true;
  // the app's database exists before the base backup, so the replica has it from the start
  await ask(primaryPort, 'postgres', 'create database manabi');
  asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    // at once: the default spread checkpoint waits minutes on an idle server
    '--checkpoint=fast',
  ]);
  pgCtl(replicaDir, 'start', replicaPort);
  replicaUp = true;
  const [standby] = await ask(replicaPort, 'postgres', 'select pg_is_in_recovery() as r');
  check(
    `the replica on port ${replicaPort} is a standby of the primary on port ${primaryPort} (${elapsed()})`,
    standby.r === true,
  );

  // reachability only: with no lag probe, nothing but the app's own reads runs on the replica
  const first = await startApp(appPort, { REPLICA_MAX_LAG_SECONDS: '0' });
  const appLines = first.lines;
  const base = first.base;
  console.log(`the app is up on port ${appPort} (${elapsed()})`);

  const login = async (path, login_id, password, at = base) => {
    const res = await fetch(`${at}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: at },
      body: JSON.stringify({ login_id, password }),
    });
    if (res.status !== 200) throw new Error(`login ${login_id}: ${res.status}`);
    return res.headers.get('set-cookie').split(';')[0];
  };
  const admin = await login('/api/auth/admin/login/', 'admin', 'adminpass1');
  /** A student applies (through the app at `at`) to an open course they have not applied to. */
  const apply = async (at, cookie, loginId) => {
    const [open] = await ask(
      primaryPort,
      'manabi',
      `select c.id from courses c where c.status = '1' and c.period_from <= now() and c.period_to > now()
         and not exists (select 1 from course_applications a join students s on s.id = a.student_id
                          where a.course_id = c.id and s.login_id = $1 and a.cancelled_at is null)
       order by c.id limit 1`,
      [loginId],
    );
    if (!open) throw new Error(`the demo has no open course ${loginId} has not applied to`);
    return fetch(`${at}/api/mypage/courseapplication/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: at, cookie },
      body: JSON.stringify({ course_id: String(open.id), is_dont_canncel: '0' }),
    });
  };
  const student = await login('/api/auth/mypage/login/', '24040001', 'student01');
  const read = (path) => fetch(`${base}${path}`, { headers: { cookie: admin } });
  const SUMMARY = '/api/admin/statistics/summary/';
  const AUDIT = '/api/admin/audit/list/';

  // 1. a statistics read is answered by the replica: its count of the app's transactions there rises, and
  // nothing else reads from the replica's `manabi` (the checker's own questions go to `postgres`)
  // the replica has replayed the migrations and the demo (asked from `postgres`, so as not to count)
  const [{ lsn }] = await ask(primaryPort, 'postgres', 'select pg_current_wal_lsn()::text as lsn');
  await until(
    async () =>
      (await ask(replicaPort, 'postgres', 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn]))[0]
        .ok,
    20_000,
  );
  await sleep(1500);
  const replicaBefore = await commitsOn(replicaPort);
  const summary = await read(SUMMARY);
  check(`GET ${SUMMARY} answers 200 (${summary.status})`, summary.status === 200);
  check(
    'the replica served it: its transactions in the app database rose',
    await until(async () => (await commitsOn(replicaPort)) > replicaBefore),
  );

  // 2. a write goes to the primary while reads come from the replica: replay paused, a student applies; the
  // primary has the application and its audit entry, the replica not yet, and the audit viewer (a replica read)
  // shows the replica's count; replay resumed, the viewer shows the new entry
  const auditTotal = async () => (await (await read(AUDIT)).json()).total;
  const totalBefore = await auditTotal();
  await ask(replicaPort, 'postgres', 'select pg_wal_replay_pause()');
  const applied = await apply(base, student, '24040001');
  check(`a student's application (a write) answers 200 (${applied.status})`, applied.status === 200);
  const countOf = async (port) =>
    (await ask(port, 'manabi', 'select count(*)::int as n from audit_log'))[0].n;
  const [onPrimary, onReplica] = [await countOf(primaryPort), await countOf(replicaPort)];
  check(
    `the write is on the primary (audit entries ${onPrimary}), not yet on the paused replica (${onReplica})`,
    onPrimary === onReplica + 1,
  );
  const totalPaused = await auditTotal();
  check(
    `the audit viewer shows the replica's count while replay is paused (${totalPaused}, before ${totalBefore})`,
    totalPaused === totalBefore && totalPaused === onReplica,
  );
  await ask(replicaPort, 'postgres', 'select pg_wal_replay_resume()');
  check(
    'replay resumed: the audit viewer shows the new entry',
    await until(async () => (await auditTotal()) === onPrimary),
  );

  // 3. the replica stops: the same reads answer 200 from the primary; one warning, without the URL's password
  pgCtl(replicaDir, 'stop');
  replicaUp = false;
  const during = [];
  for (let i = 0; i < 5; i++) during.push((await read(SUMMARY)).status, (await read(AUDIT)).status);
  check(
    `with the replica stopped, ten reads answer ${[...new Set(during)].join(', ')}`,
    during.every((s) => s === 200),
  );
  const warnings = () => replicaLines(appLines, 40);
  check(`exactly one warning in the app's log: ${warnings().join(' | ')}`, warnings().length === 1);
  check("the log never shows the replica URL's password", !appLines.some((l) => l.includes(SECRET)));

  // 4. started again, the replica is found by the app's probe and read from again
  pgCtl(replicaDir, 'start', replicaPort);
  replicaUp = true;
  const back = await until(async () => appLines.some((l) => l.includes('read replica in use again')), 20_000);
  check('started again, the app logs once that it reads from the replica again', back);
  // the probe that found it ran a statement there: let its count be reported first
  await sleep(1500);
  const replicaAgain = await commitsOn(replicaPort);
  check(`GET ${SUMMARY} answers 200 again`, (await read(SUMMARY)).status === 200);
  check('and the replica served it', await until(async () => (await commitsOn(replicaPort)) > replicaAgain));
  check('still one warning in all', warnings().length === 1);

  // 5. the lag check: a second process checking every second; the replica's replay paused and a write made
  // (a login writes its session), it is taken out of use as lagging, and back in use once replay resumes
  const second = await startApp(await freePort(), { REPLICA_MAX_LAG_SECONDS: '2' });
  await ask(replicaPort, 'postgres', 'select pg_wal_replay_pause()');
  const admin2 = await login('/api/auth/admin/login/', 'admin', 'adminpass1', second.base);
  const student2 = await login('/api/auth/mypage/login/', '24040002', 'student02', second.base);
  const applied2 = await apply(second.base, student2, '24040002');
  check(
    `a second application, with replay paused, answers 200 (${applied2.status})`,
    applied2.status === 200,
  );
  const lagging = await until(async () => {
    return replicaLines(second.lines, 40).some((l) => l.includes('lagging'));
  }, 10_000);
  check(`with replay paused after a write, the second process logs the replica as lagging`, lagging);
  const duringLag = await fetch(`${second.base}${SUMMARY}`, { headers: { cookie: admin2 } });
  check(`and its statistics read still answers 200 (${duringLag.status})`, duringLag.status === 200);
  const auditLagging = (await (await fetch(`${second.base}${AUDIT}`, { headers: { cookie: admin2 } })).json())
    .total;
  const [primaryNow, replicaNow] = [await countOf(primaryPort), await countOf(replicaPort)];
  check(
    `its audit viewer reads the primary meanwhile: ${auditLagging} entries, as the primary (${primaryNow}), not the paused replica (${replicaNow})`,
    auditLagging === primaryNow && primaryNow === replicaNow + 1,
  );
  await ask(replicaPort, 'postgres', 'select pg_wal_replay_resume()');
  check(
    'replay resumed: it reads from the replica again',
    await until(async () => replicaLines(second.lines, 30).some((l) => l.includes('in use again')), 10_000),
  );
  check(
    `one warning in its log (${replicaLines(second.lines, 40).length})`,
    replicaLines(second.lines, 40).length === 1,
  );
} catch (err) {
  console.error(err);
  failed++;
} finally {
  if (failed > 0) {
    for (const [i, { lines }] of apps.entries()) {
      console.log(`--- app ${i + 1}'s log, last 30 lines`);
      console.log(lines.slice(-30).join('\n'));
    }
  }
  await teardown();
}
console.log(`${passed} passed, ${failed} failed (${elapsed()})`);
process.exit(failed === 0 ? 0 : 1);
