import { MSG } from '@manabi/shared';
import fp from 'fastify-plugin';
import type { PoolStats } from '../../db/client';
import { type AppMetrics, createMetrics, metricsAccess, NO_METRICS } from '../../platform/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** what the plugins, routes and jobs report to /metrics (a no-op when it is not configured) */
    metrics: AppMetrics;
  }
}

/**
 * `GET /metrics` in Prometheus's text format, and the hook that counts every answered request by its route's
 * pattern (decision 075). It is outside /api: no session, no CSRF check, never refused by the load shedder.
 * With neither METRICS_TOKEN nor METRICS_ALLOW it does not exist — nothing is collected and it answers 404 as
 * an unknown path does — and a caller that is neither answers the same 404, so a scan learns nothing.
 */
export default fp<{ poolStats?: () => PoolStats }>(
  async (app, { poolStats }) => {
    const { config, db } = app.deps;
    const access = metricsAccess(config);
    const metrics = access.configured ? createMetrics({ db, poolStats }) : NO_METRICS;
    app.decorate('metrics', metrics);
    if (metrics.enabled) {
      app.addHook('onResponse', async (req, reply) => {
        metrics.request(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime);
      });
    }
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!metrics.enabled || !access.allows(req.headers.authorization, req.socket.remoteAddress)) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: MSG.notFound });
      }
      const page = await metrics.render();
      return reply.header('cache-control', 'no-store').type(page.contentType).send(page.body);
    });
  },
  { name: 'metrics', dependencies: ['deps'] },
);
