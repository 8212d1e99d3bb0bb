// Lighthouse audit of the my-page: accessibility and best practices must score 100 on the
// student's main screens, and performance must reach 90 (decisions 048, 092), on Lighthouse's mobile
// default (phone screen emulation, simulated throttling).
//   npm run lighthouse        (builds, then runs this script)
// Starts the built app on a free loopback port with a fresh embedded database and the demo data (as
// scripts/e2e-server.sh does), logs in as the demo student, audits each page in Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium; nothing is fetched from the internet), prints a table and
// exits 1 if any accessibility or best-practices score is below 100, listing the audits that fail. A
// performance score below 90 is printed with the metrics behind it, and fails the run with
// --gate-performance, as CI runs it (decisions 056 and 092, which restored the gate to 90 after decision
// 080 had lowered it to 85; the scores are in docs/performance.md). Simulated throttling computes the phone's network, but its CPU times are the machine's own, slowed down by a
// multiplier calibrated to this machine (decision 066): a machine busy with other work can still pull a page
// under 90 on its own. A page under 90 is audited until it has five runs, and the median run counts
// (Lighthouse CI's way).
//   node scripts/lighthouse.mjs --page /mypage/top    (audits only the pages whose path starts so)
//   node scripts/lighthouse.mjs --gate-performance    (also exits 1 on a performance score under 90)
// The HTML reports (and their JSON results) are written to .lighthouse/ for a closer look.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, SERVER, startDemoApp, studentCookie, waitForHealth } from './lib/demo-app.mjs';

const root = new URL('..', import.meta.url).pathname;
const WEB = join(root, 'packages/web/dist/index.html');
const REPORTS = join(root, '.lighthouse');
const GATED = ['accessibility', 'best-practices'];
const CATEGORIES = [...GATED, 'performance'];
/** The performance a my-page should reach (decision 048): a page under it is audited five times and reported. */
const PERFORMANCE_BAR = 0.9;
/**
 * The least performance a my-page may have, the median of its five runs, gated with --gate-performance: the
 * bar itself. Decision 080 had lowered it to 85 while unchanged code failed 90 three times in four; decision
 * 092 took the router's data layer and react-aria out of the entry every screen evaluates first, which is
 * the margin the gate at 90 needs.
 */
const PERFORMANCE_FLOOR = PERFORMANCE_BAR;
const GATE_PERFORMANCE = process.argv.includes('--gate-performance');
/** The metrics performance is scored on, as the table of a page under the bar shows them. */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
const pageArg = process.argv.indexOf('--page');
const ONLY = pageArg === -1 ? undefined : process.argv[pageArg + 1];
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

if (!existsSync(SERVER) || !existsSync(WEB)) {
  console.error('no build: run `npm run build` first (`npm run lighthouse` does)');
  process.exit(2);
}

/** A port the system has just handed out (closed again for the server to take). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The first course the demo student can apply for now (its detail page is one of the audited pages). */
async function acceptingCourseId(base, cookie) {
  const res = await fetch(`${base}/api/mypage/acceptingcourselist/?page=1`, { headers: { cookie } });
  if (!res.ok) throw new Error(`accepting course list: ${res.status}`);
  const id = (await res.json()).data_list?.[0]?.id;
  if (id === undefined) throw new Error('the demo data has no course accepting applications');
  return id;
}

/** Today in Tokyo, 'YYYY-MM-DD' (the app's class days are Tokyo dates). */
const tokyoToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });

/**
 * The top page is audited on a class day, when it draws 「今日の授業」 above everything else. The demo data
 * gives the demo student a class today (朝の健康体操, db/seed/demo.ts, dated from the day it is seeded, and
 * proved by its test); this checks it through her own schedule, so an audit without that block cannot pass
 * as one with it.
 */
async function assertClassToday(base, cookie) {
  const res = await fetch(`${base}/api/mypage/schedule/`, { headers: { cookie } });
  if (!res.ok) throw new Error(`schedule: ${res.status}`);
  const today = tokyoToday();
  if (!(await res.json()).data_list?.some((c) => c.day === today))
    throw new Error(`the demo student has no class today (${today}): the top page would not be a class day`);
}

const pct = (score) => (score === null || score === undefined ? '–' : String(Math.round(score * 100)));

/** One line per item of an audit's details: the element or resource and what is wrong with it. */
function detailLines(details) {
  const items = details?.items ?? [];
  return items.slice(0, 8).map((item) => {
    const node = item.node ?? item.source ?? {};
    const parts = [
      node.selector,
      node.snippet,
      node.nodeLabel && node.nodeLabel !== node.snippet ? `"${node.nodeLabel}"` : undefined,
      typeof item.source === 'object' ? item.source?.url : undefined,
      item.url,
      item.sourceLocation?.url,
      item.description,
      item.issueType,
      item.subItems?.items?.map((s) => s.url ?? s.text ?? JSON.stringify(s)).join('; '),
      node.explanation,
    ].filter((p) => typeof p === 'string' && p !== '');
    return parts.length > 0 ? parts.join('  ') : JSON.stringify(item).slice(0, 300);
  });
}

/** The audits that pull a gated category below 100 (weight > 0, score < 1). */
function failingAudits(lhr) {
  const failing = [];
  for (const id of GATED) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.push({ category: id, audit });
    }
  }
  return failing;
}

/**
 * One Lighthouse run of `url` in the launched Chromium. The session cookie goes with every request of the
 * page (Lighthouse's documented way for a page behind a login). A run Lighthouse itself could not
 * complete (a runtime error such as NO_NAVSTART, a trace lost on a busy machine) is tried again, twice
 * at most; a low score never is.
 */
async function runLighthouse(url, cookie, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
    // merged into the mobile preset: only the CPU slowdown changes (decision 066)
    ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
  });
  const error = result
    ? result.lhr.runtimeError
    : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
  if (!error) return result;
  if (attempt < 3) {
    console.warn(`${url}: ${error.code}, trying again`);
    return runLighthouse(url, cookie, attempt + 1);
  }
  throw new Error(`${url}: ${error.code} ${error.message}`);
}

/**
 * The CPU slowdown, calibrated to this machine (decision 066). Lighthouse's default 4× assumes a high-end
 * desktop host (benchmarkIndex 1500–2000) and turns it into a mid-tier phone; on a slower host the same 4×
 * makes a slower phone, and the score measures the machine as much as the page. Lighthouse's documentation
 * ("Calibrating the CPU slowdown", docs/throttling.md) asks for the multiplier to be scaled to the host's
 * benchmarkIndex: 4 × index / 1500 keeps the phone of a 1500 host (the bracket's bottom, so the strict end)
 * on any machine, and a faster host is slowed down more. Read before the audits, the median of three runs
 * of the first page; undefined until then (those runs use the default).
 */
const REFERENCE_BENCHMARK_INDEX = 1500;
let cpuSlowdownMultiplier;

/** How many runs the machine's benchmarkIndex is read from: one reading moves by a quarter from run to run. */
const CALIBRATION_RUNS = 3;

async function calibrate(url) {
  const readings = [];
  for (let i = 0; i < CALIBRATION_RUNS; i++)
    readings.push((await runLighthouse(url)).lhr.environment.benchmarkIndex);
  const index = readings.toSorted((a, b) => a - b)[Math.floor(readings.length / 2)];
  cpuSlowdownMultiplier = Math.max(1, Math.round((4 * index * 100) / REFERENCE_BENCHMARK_INDEX) / 100);
  console.log(
    `CPU slowdown ${cpuSlowdownMultiplier}× (this machine's benchmarkIndex ${Math.round(index)}, the median of ${readings.map(Math.round).join(', ')})`,
  );
}

/** How many runs decide a page that scored under the bar at its first run (Lighthouse CI's advice is five). */
const RUNS_WHEN_UNDER = 5;

/**
 * A page's audit. Performance under simulated throttling moves from run to run by several points (the CPU
 * times are the machine's own, slowed down), so a page under the bar is audited until it has five runs and the
 * run with the median performance score counts, as Lighthouse CI's own assertions do (its "median run"); a
 * page at or over the bar the first time is not audited again.
 */
async function auditPage(url, cookie) {
  const first = await runLighthouse(url, cookie);
  if ((first.lhr.categories.performance.score ?? 0) >= PERFORMANCE_BAR) return { ...first, runs: [] };
  const results = [first];
  while (results.length < RUNS_WHEN_UNDER) results.push(await runLighthouse(url, cookie));
  const byScore = results.toSorted(
    (a, b) => (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0),
  );
  const runs = results.map((r) => pct(r.lhr.categories.performance.score));
  return { ...byScore[Math.floor(results.length / 2)], runs };
}

const dataDir = await mkdtemp(join(tmpdir(), 'manabi-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { DATABASE_URL: _external, ...env } = process.env; // always the fresh embedded database
const server = startDemoApp({ port, dataDir, env });
let chrome;
const started = performance.now();
let failed = false;
try {
  await waitForHealth(base, server);
  const cookie = await studentCookie(base);
  const courseId = await acceptingCourseId(base, cookie);
  await assertClassToday(base, cookie);
  const pages = [
    // the login page first: a fresh browser, nobody has logged in yet
    { path: '/mypage/login', loggedIn: false },
    // on a class day (checked above): 「今日の授業」 first, then the statuses
    { path: '/mypage/top', loggedIn: true },
    { path: '/mypage/course/search/accepting', loggedIn: true },
    { path: `/mypage/course/detail/${courseId}`, loggedIn: true },
    { path: '/mypage/course/applied', loggedIn: true },
    { path: '/mypage/schedule', loggedIn: true },
  ];

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  await mkdir(REPORTS, { recursive: true });
  const rows = [];
  const problems = [];
  const slow = [];
  let lighthouseVersion = '';
  await calibrate(`${base}${pages[0]?.path}`);
  for (const page of pages.filter((p) => !ONLY || p.path.startsWith(ONLY))) {
    const { lhr, report, runs } = await auditPage(`${base}${page.path}`, page.loggedIn ? cookie : undefined);
    if (runs.length > 1)
      console.log(`${page.path}: performance ${runs.join(', ')} in ${runs.length} runs, the median taken`);
    lighthouseVersion = lhr.lighthouseVersion;
    // a logged-in page that lands on the login page was not audited at all
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(lhr.requestedUrl).pathname) {
      throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}`);
    }
    const file = `${page.path.slice(1).replaceAll('/', '_')}.html`;
    await writeFile(join(REPORTS, file), report);
    // the raw result beside it, for reading the long tasks and script costs with a script
    await writeFile(join(REPORTS, file.replace(/\.html$/, '.json')), JSON.stringify(lhr));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score]));
    rows.push({ page: page.path, ...scores });
    for (const { category, audit } of failingAudits(lhr)) problems.push({ page: page.path, category, audit });
    if (GATED.some((c) => scores[c] !== 1)) failed = true;
    if ((scores.performance ?? 0) < PERFORMANCE_BAR) slow.push({ page: page.path, lhr });
    if (GATE_PERFORMANCE && (scores.performance ?? 0) < PERFORMANCE_FLOOR) failed = true;
  }

  const { Browser: browser } = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
  console.log(`\nLighthouse ${lighthouseVersion}, ${browser}, mobile (emulated phone, simulated throttling)`);
  const width = Math.max(...rows.map((r) => r.page.length));
  console.log(`${'page'.padEnd(width)}  a11y  best practices  performance`);
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(width)}  ${pct(r.accessibility).padStart(4)}  ${pct(r['best-practices']).padStart(14)}  ${pct(r.performance).padStart(11)}`,
    );
  }
  for (const { page, category, audit } of problems) {
    console.log(`\n${page} — ${category}: ${audit.id} (${pct(audit.score)}) ${audit.title}`);
    if (audit.displayValue) console.log(`  ${audit.displayValue}`);
    for (const line of detailLines(audit.details)) console.log(`  - ${line}`);
  }
  for (const { page, lhr } of slow) {
    const metrics = METRICS.map(([id, name]) => `${name} ${lhr.audits[id].displayValue}`).join(', ');
    console.log(`\n${page} — performance ${pct(lhr.categories.performance.score)} < 90: ${metrics}`);
  }
  // the issue's second bar, reported rather than gated: the median page of the run at 95 or more
  const scores = rows.map((r) => r.performance ?? 0).toSorted((x, y) => x - y);
  if (scores.length > 0)
    console.log(
      `\nmedian performance of the pages: ${pct(scores[Math.floor((scores.length - 1) / 2)])} (target ≥ 95)`,
    );
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const verdict = failed
    ? `FAILED: accessibility and best practices must be 100${GATE_PERFORMANCE ? ', and performance at least 90,' : ''} on every page`
    : slow.length > 0
      ? 'ok (accessibility and best practices 100); performance under the target of 90 on the pages above'
      : 'ok';
  console.log(`\n${verdict} (${seconds} s; the reports are in .lighthouse/)`);
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await chrome?.kill();
  server.kill();
  await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r()));
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
