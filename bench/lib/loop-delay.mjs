// Loaded into the bench's app with `node --import` (bench/lib/app.mjs): the app's own event-loop delay,
// read from inside the process, beside the stall section's probe, which sees it from outside and on two
// cores also counts the load generator's own work (decision 058). Off until the first SIGUSR2 (the other
// sections run without it); from then on each SIGUSR2 appends one JSON line — { p99, max } in ms since the
// previous signal — to BENCH_LOOP_FILE and counts afresh. Nothing in the app imports it.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 2 });
  let on = false;
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const line = on ? { p99: ms(histogram.percentile(99)), max: ms(histogram.max) } : { started: true };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    histogram.reset();
    if (!on) histogram.enable();
    on = true;
  });
}
