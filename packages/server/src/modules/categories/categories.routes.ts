import {
  categoryAddBodySchema,
  categoryDetailQuerySchema,
  categoryListQuerySchema,
  categoryUpdateBodySchema,
} from '@manabi/shared';
import {
  categoryListResponseSchema,
  categorySchema,
  writtenResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import { addCategory, getCategory, listCategories, updateCategory } from './categories.service';

/** Notice categories (SPEC §7 Admin notices): authority 1 only, like all notice management (SPEC §6). */
export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const guard = { onRequest: app.guards.authority1 };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });

  r.get(
    '/admin/notice/category/list/all/',
    { ...guard, schema: { response: { 200: categoryListResponseSchema } } },
    async () => listCategories(db, {}),
  );
  r.get(
    '/admin/notice/category/list/',
    {
      ...guard,
      schema: { querystring: categoryListQuerySchema, response: { 200: categoryListResponseSchema } },
    },
    async (req) => listCategories(db, req.query),
  );
  r.get(
    '/admin/notice/category/detail/',
    { ...guard, schema: { querystring: categoryDetailQuerySchema, response: { 200: categorySchema } } },
    async (req) => getCategory(db, req.query.id),
  );
  r.post(
    '/admin/notice/category/add/',
    { ...guard, schema: { body: categoryAddBodySchema, response: { 200: writtenResponseSchema } } },
    async (req) => addCategory(db, actor(req), req.body),
  );
  r.post(
    '/admin/notice/category/update/',
    { ...guard, schema: { body: categoryUpdateBodySchema, response: { 200: writtenResponseSchema } } },
    async (req) => updateCategory(db, actor(req), req.body),
  );
}
