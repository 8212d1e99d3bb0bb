// Latencies and outcomes of a run, and their summary (percentiles by sorting: runs here are at most a few
// hundred thousand requests).

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

export function summarize(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

/** A load run's rate of calls answered without error (refusals are fast and would overstate it). */
export const answeredRps = (r) => (r.count ? r.rps * (1 - r.errors / r.count) : r.rps);

export class Recorder {
  constructor() {
    this.latencies = [];
    this.errors = 0;
    this.timeouts = 0;
    this.statuses = {};
    this.byName = {};
    this.firstErrors = [];
    // how long the app took to refuse (503 with Retry-After), timed from when the call was sent: "at once"
    this.refusedLatencies = [];
  }

  /**
   * One answer (status) or failure (err) of request `name` that took `ms`. `expected` labels a refusal the
   * harness itself caused (counted under "status label", not as an error). `sentMs` is the time from sending
   * (an open loop times `ms` from when the task was due, so that includes waiting for a free connection).
   */
  add(name, ms, status, err, body, retryAfter = false, expected = null, sentMs = ms) {
    this.latencies.push(ms);
    if (!err && retryAfter && status === 503) this.refusedLatencies.push(sentMs);
    const key = err
      ? err.timeout
        ? 'timeout'
        : 'socket'
      : retryAfter
        ? `${status} retry-after`
        : expected
          ? `${status} ${expected}`
          : String(status);
    this.statuses[key] = (this.statuses[key] ?? 0) + 1;
    const bad = err !== undefined || (status >= 400 && !expected);
    if (bad) {
      this.errors++;
      if (err?.timeout) this.timeouts++;
      if (this.firstErrors.length < 5) {
        this.firstErrors.push(
          `${name}: ${err ? err.message : status} ${body ? body.toString().slice(0, 160) : ''}`,
        );
      }
    }
    this.byName[name] ??= { latencies: [], errors: 0 };
    const n = this.byName[name];
    n.latencies.push(ms);
    if (bad) n.errors++;
  }

  summary(seconds) {
    const all = summarize(this.latencies);
    const byName = Object.fromEntries(
      Object.entries(this.byName).map(([name, v]) => [name, { ...summarize(v.latencies), errors: v.errors }]),
    );
    return {
      ...all,
      rps: seconds ? all.count / seconds : undefined,
      errors: this.errors,
      timeouts: this.timeouts,
      statuses: this.statuses,
      refused: summarize(this.refusedLatencies),
      firstErrors: this.firstErrors,
      byName,
    };
  }
}
