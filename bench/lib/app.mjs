// The built app as production runs it (node packages/server/dist/main.js, LOG_LEVEL info), started and
// stopped by the bench; its memory read from /proc/<pid>/status, its CPU from /proc/<pid>/stat.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu.mjs';

// BENCH_APP_ROOT=/path/to/another/checkout runs this harness against that tree's build (a before commit),
// so before and after are measured by the same sections on one dataset
export const ROOT = process.env.BENCH_APP_ROOT || fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(ROOT, 'packages/server/dist/main.js');
const WEB_DIST = join(ROOT, 'packages/web/dist');
/** The harness's own preload (whatever build it runs): the app's loop delay from inside. */
const LOOP_DELAY = new URL('./loop-delay.mjs', import.meta.url).href;

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || /\.test\.tsx?$/.test(entry.name)) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds server and web (`npm run build`) when a build is missing or older than its sources. */
export function ensureBuilt(log) {
  const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
  const sources = Math.max(
    newest(join(ROOT, 'packages/shared/src')),
    newest(join(ROOT, 'packages/server/src')),
  );
  const web = Math.max(
    sources,
    newest(join(ROOT, 'packages/web/src')),
    mtime(join(ROOT, 'packages/web/index.html')),
  );
  if (mtime(MAIN) >= sources && mtime(join(WEB_DIST, 'index.html')) >= web) return;
  log('build missing or older than its sources: npm run build');
  const t = performance.now();
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
  log(`built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

/** The page the web figures compare against: plain HTML of about the same text, no script. */
const BARE_PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>まなび</title></head><body><main><h1>マイページ トップ</h1>
<p>お知らせ、講座の申込状況、講座検索はこちらから。</p><ul><li>講座をさがす</li><li>申込状況</li><li>受講履歴</li><li>お知らせ</li></ul>
</main></body></html>
`;
export const BARE_PATH = '/bench-bare.html';

/** A copy of the web build with the bare page beside it (WEB_DIST of the bench's app). */
export function webDistWithBarePage(dir) {
  cpSync(WEB_DIST, dir, { recursive: true });
  writeFileSync(join(dir, BARE_PATH.slice(1)), BARE_PAGE);
  return dir;
}

/** Starts the app; resolves once /api/health answers. `db` is { databaseUrl } or { dataDir }. */
export async function startApp({ port, db, webDist, logFile, env = {} }) {
  const out = openSync(logFile, 'a');
  // BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the app under the load
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // the app's own event-loop delay, read on demand (loopDelay below)
  const loopFile = `${logFile}.loop`;
  const child = spawn(process.execPath, ['--import', LOOP_DELAY, ...nodeArgs, MAIN], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: process.env.TZ ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : { DATA_DIR: db.dataDir }),
      ...(webDist ? { WEB_DIST: webDist } : {}),
      // BENCH_APP_ENV='MAX_IN_FLIGHT=1000' sets the app's own settings for an experiment
      ...Object.fromEntries(
        (process.env.BENCH_APP_ENV ?? '')
          .split(' ')
          .filter(Boolean)
          .map((kv) => kv.split('=')),
      ),
      ...env,
      BENCH_LOOP_FILE: loopFile,
    },
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the app exited (${JSON.stringify(exited)}); see ${logFile}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the app did not answer in 120 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid: child.pid,
    base,
    port,
    /** resident memory now, MiB */
    rssMiB: () => rssMiB(child.pid),
    /** CPU seconds used so far (user + system) */
    cpuSeconds: () => cpuSeconds(child.pid),
    /**
     * The app's own event-loop delay since the previous call, { p99, max } in ms (bench/lib/loop-delay.mjs),
     * or null when the app did not answer within 5 s.
     */
    loopDelay: () => readLoopDelay(child, loopFile),
    async stop() {
      if (exited) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Asks the app for its loop delay (SIGUSR2) and waits for the line it appends. */
async function readLoopDelay(child, file) {
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  child.kill('SIGUSR2');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const now = lines();
    if (now.length > before) return JSON.parse(now[now.length - 1]);
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

export function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** Samples the app's RSS every `everyMs` until stop(): answers { before, peak, growth } in MiB. */
export function rssWatch(app, everyMs = 20) {
  const before = app.rssMiB();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, app.rssMiB());
  }, everyMs);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, app.rssMiB());
    return { before, peak, growth: peak - before };
  };
}
