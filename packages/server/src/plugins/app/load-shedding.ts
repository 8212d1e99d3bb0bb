import fp from 'fastify-plugin';
import { installLoadShedding } from '../../platform/load-shed';

/**
 * A call the app cannot take now is answered 503 at once with Retry-After (platform/load-shed.ts; why
 * ours and not @fastify/under-pressure: decision 045). Its refusals and its count of calls in flight are
 * what the metrics report of it (decision 075).
 */
export default fp(
  async (app) => {
    const { config } = app.deps;
    const shedder = installLoadShedding(app, {
      maxInFlight: config.maxInFlight,
      maxLagMs: config.maxEventLoopLagMs,
      onRefused: (reason) => app.metrics.refused(reason),
    });
    if (config.maxInFlight > 0) {
      app.metrics.watchLoadShedding({ inFlight: shedder.inFlight, limit: config.maxInFlight });
    }
  },
  { name: 'load-shedding', dependencies: ['deps', 'metrics'] },
);
