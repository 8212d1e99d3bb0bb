// No cold-pool cliff: the my-page top (GET /api/mypage/top/, a hot read: the session lookup and the top's
// statements) at `rate` calls a second — first for a few seconds to reach the steady state, then, after
// `idleSeconds` without a call (longer than the pool's idle timeout), the same burst again. Each second of
// the burst after the pause is summed up apart: its first second against the steady rest. The HTTP
// connections are opened before the pause and kept, so what the first second shows is the app's side.
import http from 'node:http';
import { summarize } from '../lib/recorder.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `rate` GETs a second for `seconds`, each timed from its planned start: [planned offset, latency] pairs. */
async function burst(agent, port, cookies, rate, seconds) {
  const total = Math.round(rate * seconds);
  const samples = [];
  const pending = [];
  const t0 = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    for (; next < total && t0 + (next * 1000) / rate <= now; next++) {
      const planned = t0 + (next * 1000) / rate;
      const cookie = cookies[next % cookies.length];
      pending.push(
        new Promise((resolve) => {
          const req = http.get(
            { host: '127.0.0.1', port, path: '/api/mypage/top/', agent, headers: { cookie } },
            (res) => {
              res.resume();
              res.on('end', () => {
                samples.push({
                  at: planned - t0,
                  ms: performance.now() - planned,
                  ok: res.statusCode === 200,
                });
                resolve();
              });
            },
          );
          req.on('error', () => {
            samples.push({ at: planned - t0, ms: performance.now() - planned, ok: false });
            resolve();
          });
        }),
      );
    }
    await sleep(1);
  }
  await Promise.all(pending);
  return samples;
}

const bySecond = (samples, seconds) =>
  Array.from({ length: seconds }, (_, s) => {
    const inSecond = samples.filter((x) => x.at >= s * 1000 && x.at < (s + 1) * 1000);
    return { ...summarize(inSecond.map((x) => x.ms)), errors: inSecond.filter((x) => !x.ok).length };
  });

/** Logs a burst second by second; answers its seconds and its steady part (all but the first second). */
function perSecond(samples, seconds, label, log) {
  const seconds_ = bySecond(samples, seconds);
  const steady = summarize(samples.filter((x) => x.at >= 1000).map((x) => x.ms));
  for (const [i, s] of seconds_.entries())
    log(
      `  ${label}, second ${i + 1}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms${s.errors ? `, ${s.errors} errors` : ''}`,
    );
  log(
    `  ${label}, steady (seconds 2–${seconds}): p50 ${steady.p50.toFixed(1)} ms, p95 ${steady.p95.toFixed(1)} ms`,
  );
  return { seconds: seconds_, steady };
}

export async function runPoolBurst({ app, cookies, idleSeconds = 30, rate = 500, seconds = 5, log }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  try {
    // the first burst after the start: each connection's first use of each named statement falls in it
    const warm = await burst(agent, app.port, cookies, rate, 3);
    const steadyWarm = summarize(warm.map((x) => x.ms));
    const start = perSecond(warm, 3, 'after start', log);
    log(
      `  warm burst: p50 ${steadyWarm.p50.toFixed(1)} ms, p95 ${steadyWarm.p95.toFixed(1)} ms; idle ${idleSeconds} s`,
    );
    await sleep(idleSeconds * 1000);
    const after = await burst(agent, app.port, cookies, rate, seconds);
    const { seconds: seconds_, steady } = perSecond(after, seconds, 'after idle', log);
    return {
      rate,
      idleSeconds,
      warm: steadyWarm,
      afterStart: { first: start.seconds[0], steady: start.steady },
      first: seconds_[0],
      steady,
      seconds: seconds_,
    };
  } finally {
    agent.destroy();
  }
}
