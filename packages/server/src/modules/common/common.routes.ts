import { CODE_LISTS, codeMasterQuerySchema } from '@manabi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkHealth } from './common.service';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the code lists hold only labels (SPEC §7 Shared); answered from memory, no query.
  r.get('/common/codemasterlist/', { schema: { querystring: codeMasterQuerySchema } }, async (req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return CODE_LISTS[req.query.code];
  });

  r.get('/health', async (_req, reply) => {
    const health = await checkHealth(app.deps.db);
    return reply.code(health.database === 'ok' ? 200 : 503).send(health);
  });
}
