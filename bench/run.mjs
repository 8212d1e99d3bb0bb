// npm run bench -- [--scale 1] [--db postgres://postgres@127.0.0.1:5432/manabi_bench | pglite (BENCH_DB)]
//                  [--only anchor,mix,admin,stall,downloads,web,pool] [--seconds 10] [--reuse] [--keep]
//                  [--mix-kinds detail,top] [--closed-only]
// Issue 16's benchmark, on this machine's loopback only. Builds the dataset at the scale (1 = 100,000
// students; 0.01 for a smoke run) in a scratch PostgreSQL database or a temporary PGlite DATA_DIR, starts
// the built app on it as production runs it, measures the anchor and each section, stops everything,
// drops what it made (unless --keep) and prints one table. docs/decisions/018-benchmark-at-city-scale.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dropDatabase, scratchName } from './dataset/db.mjs';
import { ADMIN, prepareDataset, STUDENT_PASSWORD } from './dataset/index.mjs';
import { inTurns, login } from './lib/api.mjs';
import { ensureBuilt, startApp, webDistWithBarePage } from './lib/app.mjs';
import { formatReport } from './lib/report.mjs';
import { runAdminReads } from './sections/admin.mjs';
import { measureAnchor, prepareAnchorDatabase } from './sections/anchor.mjs';
import { runDownloads } from './sections/downloads.mjs';
import { runMix } from './sections/mix.mjs';
import { runPoolBurst } from './sections/pool.mjs';
import { runStall } from './sections/stall.mjs';
import { runWeb } from './sections/web.mjs';

const SECTIONS = ['anchor', 'mix', 'admin', 'stall', 'downloads', 'web', 'pool'];
const { values: opt } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.01' },
    db: { type: 'string', default: process.env.BENCH_DB || 'pglite' },
    'anchor-db': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/manabi_bench_anchor' },
    only: { type: 'string', default: SECTIONS.join(',') },
    seconds: { type: 'string', default: '10' },
    calls: { type: 'string', default: '50' },
    port: { type: 'string', default: '3900' },
    'data-dir': { type: 'string' },
    json: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    // the mix restricted to these kinds (their shares kept): what one kind of call costs
    'mix-kinds': { type: 'string' },
    // the mix's closed loop only (a CPU-per-request reading, without the open-loop ladder)
    'closed-only': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    // the pool section's burst: calls a second, and the quiet spell before it
    'pool-rate': { type: 'string', default: '500' },
    'pool-idle': { type: 'string', default: '30' },
  },
});
const scale = Number(opt.scale);
const seconds = Number(opt.seconds);
const port = Number(opt.port);
const only = new Set(opt.only.split(','));
for (const s of only)
  if (!SECTIONS.includes(s)) throw new Error(`--only: unknown section ${s} (${SECTIONS.join(', ')})`);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale: a number in (0, 1]');
if (seconds > 20) console.warn('note: load runs longer than 20 s keep the shared machine busy');

const log = (m) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);
const started = performance.now();
const tmp = mkdtempSync(join(tmpdir(), 'manabi-bench-'));
const pglite = opt.db === 'pglite';
const target = pglite
  ? { kind: 'pglite', dataDir: opt['data-dir'] ?? join(tmp, 'data') }
  : { kind: 'postgres', url: opt.db };
const appDb = pglite ? { dataDir: target.dataDir } : { databaseUrl: target.url };
const run = {
  scale,
  db: target.kind,
  seconds,
  cores: cpus().length,
  loadBefore: loadavg().map((x) => x.toFixed(2)),
  notes: [],
};
let app = null;
let anchorDbMade = false;

try {
  ensureBuilt(log);
  const webDist = webDistWithBarePage(join(tmp, 'web'));
  const logFile = join(tmp, 'app.log');
  const start = () =>
    startApp({ port, db: appDb, webDist, logFile, env: { LOGIN_RATE_LIMIT_PER_MINUTE: '100000' } });

  const dataset = await prepareDataset({
    target,
    scale,
    reuse: opt.reuse,
    log,
    migrate: async () => (await start()).stop(),
  });
  const fixtures = dataset.fixtures;
  run.buildSeconds = dataset.buildSeconds;
  run.rows = dataset.rows;

  const needsAnchor = [...only].some((s) => s !== 'web' && s !== 'pool');
  if (needsAnchor) {
    let url = target.url;
    if (pglite) {
      url = opt['anchor-db'];
      try {
        await prepareAnchorDatabase(url, Math.round(100_000 * scale));
        anchorDbMade = true;
        run.anchorNote = 'on PostgreSQL: a PGlite run has no PostgreSQL dataset';
      } catch (err) {
        url = null;
        run.notes.push(
          `no anchor: PostgreSQL at ${opt['anchor-db']} unavailable (${err.message}); ratios left out`,
        );
      }
    }
    if (url) {
      log('anchor');
      run.anchor = await measureAnchor({ url, port: port + 1, seconds, maxId: Math.round(100_000 * scale) });
      log(
        `  ${run.anchor.rps.toFixed(0)} req/s, p95 ${run.anchor.p95.toFixed(1)} ms, generator ${(run.anchor.generatorUtilization * 100).toFixed(0)} % busy`,
      );
    }
  }

  log('starting the app');
  app = await start();
  log(
    `app up (pid ${app.pid}), RSS ${app.rssMiB().toFixed(0)} MiB; logging in ${fixtures.sessionLoginIds.length} students`,
  );
  const adminCookie = await login(app.base, 'admin', ADMIN.login_id, ADMIN.password);
  const cookies = await inTurns(fixtures.sessionLoginIds, 4, (id) =>
    login(app.base, 'mypage', id, STUDENT_PASSWORD),
  );

  if (only.has('mix')) {
    log('student mix');
    run.mix = await runMix({
      app,
      fixtures,
      cookies,
      seconds,
      dbName: pglite ? null : scratchName(target.url),
      kinds: opt['mix-kinds']?.split(','),
      closedOnly: opt['closed-only'],
      log,
    });
  }
  if (only.has('admin')) {
    log('admin reads');
    run.admin = await runAdminReads({ app, fixtures, adminCookie, n: Number(opt.calls) });
  }
  if (only.has('stall')) {
    log('operations and the event-loop stall');
    run.stall = await runStall({ app, fixtures, adminCookie, log });
  }
  if (only.has('downloads')) {
    log('CSV downloads');
    run.downloads = await runDownloads({ app, fixtures, adminCookie });
  }
  if (only.has('pool')) {
    log('a burst after an idle pause (the connection pool)');
    run.pool = await runPoolBurst({
      app,
      cookies,
      rate: Number(opt['pool-rate']),
      idleSeconds: Number(opt['pool-idle']),
      log,
    });
  }
  if (only.has('web')) {
    log('web');
    run.web = await runWeb({ app, studentCookie: cookies[0], log });
  }
  run.generator = Math.max(
    run.anchor?.generatorUtilization ?? 0,
    run.mix?.closed.generatorUtilization ?? 0,
    ...(run.mix?.steps ?? []).map((s) => s.generatorUtilization),
  );
  if (run.generator > 0.9)
    run.notes.push('the load generator was near saturation: the figures may be its limit');
} finally {
  await app?.stop().catch(() => {});
  if (!opt.keep) {
    if (!pglite) await dropDatabase(target.url).catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  } else {
    log(`kept: ${pglite ? target.dataDir : target.url} (the app log and web copy in ${tmp})`);
  }
  if (anchorDbMade) await dropDatabase(opt['anchor-db']).catch(() => {});
}

run.loadAfter = loadavg().map((x) => x.toFixed(2));
run.totalSeconds = (performance.now() - started) / 1000;
run.notes.push(`the whole run took ${run.totalSeconds.toFixed(0)} s`);
const report = formatReport(run);
console.log(`\n${report}`);
if (opt.json) writeFileSync(opt.json, JSON.stringify({ ...run, report }, null, 2));
