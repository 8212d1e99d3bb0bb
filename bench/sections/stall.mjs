// How long the app's event loop stalls during the office's heavy operations, seen from outside: a probe
// GETs /api/health every 5 ms on its own connection throughout; its p99 latency while an operation runs
// is compared with its p99 while the app is idle. Beside it, the app's own event-loop delay during the
// operation, read from inside (bench/lib/loop-delay.mjs): on two cores the probe's figure also holds the
// load generator's own work. Each operation's time and the app's RSS growth (peak during it minus before it,
// from /proc/<pid>/status) are recorded too.
import { rssWatch } from '../lib/app.mjs';
import { startProbe } from '../lib/load.mjs';
import { browserExport, streamedExport, studentDownloadPath } from './downloads.mjs';
import {
  duplicateScan,
  prepareApplicantUpload,
  prepareLargestUpload,
  prepareLottery,
  prepareStudentUpload,
  wholeApplicantList,
} from './operations.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// BENCH_STALL_OPS=preview,duplicateScan runs only those operations (by key): a before and after of one job
// on a reused dataset, without the uploads that grow the roster between the runs
const chosen = process.env.BENCH_STALL_OPS ? new Set(process.env.BENCH_STALL_OPS.split(',')) : null;
const wanted = (...keys) => !chosen || keys.some((k) => chosen.has(k));

export async function runStall({ app, fixtures, adminCookie, log }) {
  const streamed = await studentDownloadPath(app.base, adminCookie);
  const upload = await prepareStudentUpload(app.base, adminCookie);
  const ops = [
    // the preview first: the upload then sends its hash, as the screen does
    ['preview', upload.preview],
    ['upload', upload],
    // the largest body an upload may send: its reading must not hold the other calls
    ['largestUpload', prepareLargestUpload(app.base, adminCookie)],
    [
      'applicantUpload',
      wanted('applicantUpload') && (await prepareApplicantUpload(app.base, adminCookie, fixtures)),
    ],
    [
      'export',
      streamed ? streamedExport(app.base, adminCookie, streamed) : browserExport(app.base, adminCookie),
    ],
    // before the lottery, which draws the biggest course's applicants
    ['wholeList', wholeApplicantList(app.base, adminCookie, fixtures)],
    ['lottery', wanted('lottery') && (await prepareLottery(app.base, adminCookie, fixtures))],
    ['duplicateScan', duplicateScan(app.base, adminCookie)],
  ].filter(([key, op]) => op && wanted(key));
  const probe = await startProbe({ port: app.port });
  await sleep(2000);
  const results = [];
  for (const [key, op] of ops) {
    probe.phase(key);
    await app.loopDelay(); // counts afresh from here
    const stopRss = rssWatch(app);
    const t = performance.now();
    let outcome;
    try {
      outcome = await op.run();
    } catch (err) {
      outcome = { error: err.message };
    }
    const ms = performance.now() - t;
    const rss = stopRss();
    const loop = await app.loopDelay();
    probe.phase('gap');
    results.push({ key, label: op.label, ms, rss, loop, ...outcome });
    log(
      `  ${op.label}: ${(ms / 1000).toFixed(2)} s, RSS +${rss.growth.toFixed(0)} MiB` +
        (outcome.error ? `, FAILED ${outcome.error}` : ''),
    );
    await sleep(500);
  }
  const phases = await probe.stop();
  return {
    idle: phases.idle,
    ops: results.map((r) => ({ ...r, probe: phases[r.key] })),
  };
}
