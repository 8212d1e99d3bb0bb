// The student mix with the logged-in students: first a closed loop of 50 connections (the most the app
// does), then open-loop steps at fixed rates, from a fifth of that upwards, to the highest rate answered
// with p95 < 50 ms and no error (a step counts as failed when it fails twice in a row). The first failing
// step is kept: on PGlite it shows what overload turns into (503s at once, or requests left waiting until
// they time out).
import { SEARCH_KEYWORDS, SEARCH_ORGANS } from '../dataset/names.mjs';
import { pgCpuMeter } from '../lib/cpu.mjs';
import { closedLoop, openLoop } from '../lib/load.mjs';
import { answeredRps } from '../lib/recorder.mjs';

const SCENARIO = new URL('../scenarios/student-mix.mjs', import.meta.url);
export const P95_LIMIT_MS = 50;
/** Open-loop rates as fractions of the closed-loop throughput; past the last, ×1.3 a step (at most 6 more). */
const STEPS = [0.2, 0.35, 0.5, 0.65, 0.8, 0.95, 1.1, 1.3];
const ladder = () => [...STEPS, ...Array.from({ length: 6 }, (_, i) => STEPS.at(-1) * 1.3 ** (i + 1))];

/** "name n p50/p95" for each request of the mix. */
export const perRequest = (r) =>
  Object.entries(r.byName)
    .map(
      ([name, v]) =>
        `${name} ${v.count} ${v.p50.toFixed(0)}/${v.p95.toFixed(0)} ms${v.errors ? ` ${v.errors} errors` : ''}`,
    )
    .join(', ');

const passes = (r) =>
  r.p95 < P95_LIMIT_MS && r.errors === 0 && r.drained && r.count >= 0.97 * r.offered * r.seconds;

export async function runMix({ app, fixtures, cookies, seconds, dbName, kinds, closedOnly, log }) {
  const params = {
    host: `127.0.0.1:${app.port}`,
    cookies,
    openCourseIds: fixtures.openCourseIds,
    pairCourseIds: fixtures.pairCourseIds,
    keywords: SEARCH_KEYWORDS,
    organs: SEARCH_ORGANS,
    kinds,
  };
  const cpu0 = app.cpuSeconds();
  const pgCpu = dbName ? pgCpuMeter(dbName) : () => Number.NaN;
  const closed = await closedLoop({
    port: app.port,
    scenario: SCENARIO,
    params,
    connections: 50,
    seconds,
    warmup: 2,
  });
  const appCpu = app.cpuSeconds() - cpu0;
  closed.appCpu = appCpu / (seconds + 2);
  // per request, over the warm-up too (the CPU counters cannot tell it apart)
  const requests = closed.rps * (seconds + 2);
  closed.cpuMs = { server: (appCpu * 1000) / requests, db: (pgCpu() * 1000) / requests };
  log(
    `  closed loop, 50 connections: ${closed.rps.toFixed(0)} req/s, p95 ${closed.p95.toFixed(1)} ms, ` +
      `${closed.errors} errors, app CPU ${(closed.appCpu * 100).toFixed(0)} %, generator ${(closed.generatorUtilization * 100).toFixed(0)} % busy`,
  );
  if (closed.firstErrors.length) log(`    first errors: ${closed.firstErrors.join(' | ')}`);
  log(`    per request: ${perRequest(closed)}`);
  log(
    `    CPU per request: app ${closed.cpuMs.server.toFixed(2)} ms, database ${closed.cpuMs.db.toFixed(2)} ms`,
  );
  if (closedOnly) return { closed, steps: [], best: null, failed: null, overload: null };

  const steps = [];
  const step = async (rate, maxConnections = undefined) => {
    const r = await openLoop({
      port: app.port,
      scenario: SCENARIO,
      params,
      rate: Math.max(1, Math.round(rate)),
      seconds,
      ...(maxConnections ? { maxConnections } : {}),
    });
    r.seconds = seconds;
    r.pass = passes(r);
    steps.push(r);
    log(
      `  open loop ${r.offered} req/s: done ${(r.count / seconds).toFixed(0)}/s, p95 ${r.p95.toFixed(1)} ms, ` +
        `p99 ${r.p99.toFixed(1)} ms, errors ${r.errors} (${JSON.stringify(r.statuses)}), ${r.pass ? 'pass' : 'FAIL'}`,
    );
    if (!r.pass) log(`    per request: ${perRequest(r)}`);
    await new Promise((res) => setTimeout(res, 1000));
    return r;
  };
  // tasks, not requests: a pair task is three requests; the rate offered counts requests. The ladder starts
  // from what the closed loop answered well: refusals (503 when 50 connections exceed MAX_IN_FLIGHT, as on
  // PGlite) are fast and would overstate it
  const base = answeredRps(closed);
  let best = null;
  let failed = null;
  // a step fails only when it fails twice: one burst of the machine's other work should not end the search
  const twice = async (rate) => {
    const r = await step(rate);
    return r.pass ? r : step(rate);
  };
  // a closed loop can under-state what the app sustains (PGlite with 50 connections does): the ladder goes on
  for (const f of ladder()) {
    const r = await twice(base * f);
    if (!r.pass) {
      failed = r;
      break;
    }
    best = r;
  }
  if (best && failed) {
    const mid = await twice((best.offered + failed.offered) / 2);
    if (mid.pass) best = mid;
  } else if (!best) {
    for (const f of [0.1, 0.05]) {
      const r = await twice(base * f);
      if (r.pass) {
        best = r;
        break;
      }
    }
  }
  // overload on purpose: three times the best rate, once, on up to 1,024 connections (more than the app's
  // MAX_IN_FLIGHT, as many browsers would be; with fewer, the waiting happens in the generator, not the app).
  // The app should refuse what it cannot take (503 with Retry-After, decision 022) and answer the rest,
  // never leaving a request to time out
  const top = best ?? failed;
  const overload = top ? await step(top.offered * 3, 1024) : null;
  return { closed, steps, best, failed, overload };
}
