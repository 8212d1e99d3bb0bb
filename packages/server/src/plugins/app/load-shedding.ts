import fp from 'fastify-plugin';
import { installLoadShedding } from '../../platform/load-shed';

/**
 * A call the app cannot take now is answered 503 at once with Retry-After (platform/load-shed.ts; why
 * ours and not @fastify/under-pressure: decision 045).
 */
export default fp(
  async (app) => {
    const { config } = app.deps;
    installLoadShedding(app, { maxInFlight: config.maxInFlight, maxLagMs: config.maxEventLoopLagMs });
  },
  { name: 'load-shedding', dependencies: ['deps'] },
);
