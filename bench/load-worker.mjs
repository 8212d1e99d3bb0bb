// The load generator, in a worker thread of its own (bench/lib/load.mjs starts it): the main thread may
// sample /proc or wait on an upload without delaying a single request. Modes:
//   closed     `connections` loops, each sending its next task as soon as the last one answered
//   open       tasks start at a fixed rate whatever is outstanding; latency counts from the planned start
//   probe      one GET every `intervalMs` until told to stop, latencies kept per phase
//   sequential each of `requests` `n` times, one after another (after two calls not counted)
// A task is one request or a few in sequence (a scenario module's nextTask()).
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Connection, requestBytes } from './lib/http.mjs';
import { Recorder, summarize } from './lib/recorder.mjs';

const w = workerData;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * send(name, bytes, keepBody, expected) for one connection: records, and throws on a failed or refused
 * answer. `expected(res)` may name a refusal the harness caused itself (recorded apart, not an error).
 */
function sender(conn, rec, isRecording, plannedStart) {
  let first = plannedStart;
  return async (name, bytes, keepBody = false, expected = () => null) => {
    const sent = performance.now();
    const start = first ?? sent;
    first = undefined;
    try {
      const res = await conn.send(bytes, keepBody);
      const label = res.status >= 400 ? expected(res) : null;
      const now = performance.now();
      if (isRecording())
        rec.add(name, now - start, res.status, undefined, res.body, res.retryAfter, label, now - sent);
      if (res.status >= 400) throw Object.assign(new Error(`${name}: ${res.status}`), { recorded: true });
      return res;
    } catch (err) {
      if (!err.recorded && isRecording()) rec.add(name, performance.now() - start, 0, err);
      throw err;
    }
  };
}

async function closedLoop(scenario) {
  const rec = new Recorder();
  const warmEnd = performance.now() + w.warmup * 1000;
  const end = warmEnd + w.seconds * 1000;
  const conns = Array.from({ length: w.connections }, () => new Connection(w.port));
  await Promise.all(
    conns.map(async (conn) => {
      while (performance.now() < end) {
        const startedAt = performance.now();
        const recording = () => startedAt >= warmEnd;
        await scenario
          .nextTask()(sender(conn, rec, recording))
          .catch(() => {});
      }
      conn.close();
    }),
  );
  return rec.summary(w.seconds);
}

async function openLoop(scenario) {
  const rec = new Recorder();
  const idle = [];
  const waiting = [];
  let created = 0;
  const acquire = () => {
    const c = idle.pop();
    if (c) return c;
    if (created < w.maxConnections) {
      created++;
      return new Connection(w.port);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (c) => {
    const next = waiting.shift();
    if (next) next(c);
    else idle.push(c);
  };
  // open the usual number of connections before the clock starts
  const warm = await Promise.all(
    Array.from({ length: Math.min(w.connections, w.maxConnections) }, async () => {
      const c = acquire();
      await c.send(requestBytes({ path: '/api/health', host: w.host })).catch(() => {});
      return c;
    }),
  );
  for (const c of warm) release(c);
  const inflight = new Set();
  const total = Math.round(w.rate * w.seconds);
  const start = performance.now();
  let issued = 0;
  while (issued < total) {
    // task i is planned at i / rate: at time t, tasks 0…floor(t·rate) are due
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * w.rate) + 1);
    for (; issued < due; issued++) {
      const planned = start + (issued * 1000) / w.rate;
      const task = scenario.nextTask();
      const run = (async () => {
        const conn = await acquire();
        try {
          await task(sender(conn, rec, () => true, planned));
        } catch {
          // recorded by the sender
        } finally {
          release(conn);
        }
      })();
      inflight.add(run);
      run.finally(() => inflight.delete(run));
    }
    await sleep(1);
  }
  const drained = await Promise.race([
    Promise.all(inflight).then(() => true),
    sleep(12_000).then(() => false),
  ]);
  const elapsed = (performance.now() - start) / 1000;
  for (const c of [...idle]) c.close();
  return { ...rec.summary(w.seconds), offered: w.rate, elapsed, drained, connectionsUsed: created };
}

async function probe() {
  const conn = new Connection(w.port);
  const bytes = requestBytes({ path: w.path, host: w.host });
  const phases = {};
  let phase = 'idle';
  let stop = false;
  parentPort.on('message', (m) => {
    if (m.phase) phase = m.phase;
    if (m.stop) stop = true;
  });
  parentPort.postMessage({ ready: true });
  while (!stop) {
    const t = performance.now();
    const label = phase;
    let ms;
    try {
      await conn.send(bytes);
      ms = performance.now() - t;
    } catch {
      ms = performance.now() - t;
    }
    phases[label] ??= [];
    phases[label].push(ms);
    const wait = t + w.intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
  conn.close();
  return Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, summarize(v)]));
}

async function sequential() {
  const conn = new Connection(w.port, '127.0.0.1', 60_000);
  const out = {};
  for (const r of w.requests) {
    const bytes = requestBytes({ ...r, host: w.host });
    const lat = [];
    let size = 0;
    let status = 0;
    for (let i = -2; i < w.n; i++) {
      const t = performance.now();
      const res = await conn.send(bytes);
      if (i >= 0) lat.push(performance.now() - t);
      size = res.size;
      status = res.status;
    }
    out[r.name] = { ...summarize(lat), size, status };
  }
  conn.close();
  return out;
}

const elu0 = performance.eventLoopUtilization();
const scenario =
  w.mode === 'closed' || w.mode === 'open' ? (await import(w.scenario)).createScenario(w.params) : null;
const result =
  w.mode === 'closed'
    ? await closedLoop(scenario)
    : w.mode === 'open'
      ? await openLoop(scenario)
      : w.mode === 'probe'
        ? await probe()
        : await sequential();
// how busy the generator itself was: near 1 means it, not the server, set the pace
const generatorUtilization = performance.eventLoopUtilization(elu0).utilization;
parentPort.postMessage({ result, generatorUtilization, stats: scenario?.stats?.() });
