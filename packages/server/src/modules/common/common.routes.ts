import { CODE_LISTS, codeMasterQuerySchema } from '@manabi/shared';
import { postcodeParamsSchema } from '@manabi/shared/schemas/postcode';
import {
  codeListResponseSchema,
  healthResponseSchema,
  postcodeResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkHealth, lookupPostcode } from './common.service';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the code lists hold only labels (SPEC §7 Shared); answered from memory, no query.
  r.get(
    '/common/codemasterlist/',
    { schema: { querystring: codeMasterQuerySchema, response: { 200: codeListResponseSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return [...CODE_LISTS[req.query.code]];
    },
  );

  // Public: the admin student form and the my-page admission form fill the address from it (SPEC §5
  // "Postcode"). Offline Japan Post data bundled with the server: nothing leaves the machine.
  r.get(
    '/common/postcode/:code',
    { schema: { params: postcodeParamsSchema, response: { 200: postcodeResponseSchema } } },
    async (req, reply) => {
      const result = lookupPostcode(req.params.code);
      reply.header('cache-control', 'public, max-age=86400');
      return result;
    },
  );

  r.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_req, reply) => {
      const health = await checkHealth(app.deps.db);
      return reply.code(health.database === 'ok' ? 200 : 503).send(health);
    },
  );
}
