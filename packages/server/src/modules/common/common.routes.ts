import { CODE_LISTS } from '@manabi/shared';
import { api } from '@manabi/shared/routes';
import { healthResponseSchema, readyResponseSchema } from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import { migrationsDir } from '../../platform/paths';
import { route } from '../../platform/route';
import { checkHealth, checkReadiness, lookupPostcode } from './common.service';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const { common } = api;

  // Public: the code lists hold only labels (SPEC §7 Shared); answered from memory, no query.
  route(app, common.codeMasterList, async (req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return [...CODE_LISTS[req.query.code]];
  });

  // Public: the admin student form and the my-page admission form fill the address from it (SPEC §5
  // "Postcode"). Offline Japan Post data bundled with the server: nothing leaves the machine.
  route(app, common.postcode, async (req, reply) => {
    const result = lookupPostcode(req.params.code);
    reply.header('cache-control', 'public, max-age=86400');
    return result;
  });

  route(
    app,
    common.health,
    async (_req, reply) => {
      const health = await checkHealth(app.deps.db);
      return reply.code(health.database === 'ok' ? 200 : 503).send(health);
    },
    { responses: { 503: healthResponseSchema } },
  );

  // Readiness beside liveness (decision 075): /api/health says the process answers (its database too);
  // /api/ready says a load balancer may send it calls — not while it shuts down, nor with its database
  // silent or behind the code's migrations. Neither is refused by the load shedder.
  const migrations = migrationsDir(app.deps.config.migrationsDir);
  route(
    app,
    common.ready,
    async (_req, reply) => {
      const ready = app.deps.lifecycle.draining
        ? ({ status: 'not_ready', reason: 'shutting_down' } as const)
        : await checkReadiness(app.deps.db, migrations);
      return reply
        .code(ready.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(ready);
    },
    { responses: { 503: readyResponseSchema } },
  );
}
