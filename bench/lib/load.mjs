// Starts the load generator (../load-worker.mjs) in a worker thread and hands back its result.
import { Worker } from 'node:worker_threads';

const WORKER = new URL('../load-worker.mjs', import.meta.url);

function start(data) {
  const worker = new Worker(WORKER, { workerData: { host: `127.0.0.1:${data.port}`, ...data } });
  const done = new Promise((resolve, reject) => {
    worker.on('message', (m) => {
      if (m.ready) return;
      resolve({ ...m.result, generatorUtilization: m.generatorUtilization, scenarioStats: m.stats });
      // the probe's message listener would keep the worker (and so the run) alive
      void worker.terminate();
    });
    worker.on('error', reject);
    worker.on('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
  return { worker, done };
}

/** `connections` loops for `seconds` after `warmup` seconds not counted. */
export const closedLoop = ({ port, scenario, params, connections, seconds, warmup = 1 }) =>
  start({ mode: 'closed', port, scenario: scenario.href, params, connections, seconds, warmup }).done;

/** Tasks started at `rate` a second for `seconds`, on up to `maxConnections` connections. */
export const openLoop = ({ port, scenario, params, rate, seconds, connections = 32, maxConnections = 256 }) =>
  start({ mode: 'open', port, scenario: scenario.href, params, rate, seconds, connections, maxConnections })
    .done;

/** Each request `n` times in turn: { [name]: { p50, p95, …, size, status } }. */
export const sequential = ({ port, requests, n }) => start({ mode: 'sequential', port, requests, n }).done;

/**
 * A probe GETting `path` every `intervalMs`; phase(name) labels the samples from then on; stop() answers
 * the latency summary of each phase.
 */
export async function startProbe({ port, path = '/api/health', intervalMs = 5 }) {
  const { worker, done } = start({ mode: 'probe', port, path, intervalMs });
  await new Promise((resolve) => worker.once('message', resolve));
  return {
    phase: (name) => worker.postMessage({ phase: name }),
    stop: async () => {
      worker.postMessage({ stop: true });
      return await done;
    },
  };
}
