import {
  adminUserAddBodySchema,
  adminUserDetailQuerySchema,
  adminUserListQuerySchema,
  adminUserPasswordBodySchema,
  adminUserUpdateBodySchema,
} from '@manabi/shared/schemas/admin-user';
import {
  adminUserListResponseSchema,
  adminUserSchema,
  adminUserWriteResponseSchema,
  passwordCheckResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import {
  addAdminUser,
  checkAdminUser,
  getAdminUser,
  listAdminUsers,
  updateAdminUser,
} from './admins.service';

/**
 * Admin users (SPEC §7 "Admin users"): every call is authority 1 only (SPEC §6: authority 2 gets 403),
 * refused before the body is read.
 */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const authority1 = { onRequest: app.guards.authority1 };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });

  r.get(
    '/admin/adminuser/list/',
    {
      ...authority1,
      schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListResponseSchema } },
    },
    async (req) => listAdminUsers(db, req.query),
  );
  r.get(
    '/admin/adminuser/detail/',
    {
      ...authority1,
      schema: { querystring: adminUserDetailQuerySchema, response: { 200: adminUserSchema } },
    },
    async (req) => getAdminUser(db, req.query.id),
  );
  r.post(
    '/admin/adminuser/password/',
    {
      ...authority1,
      schema: { body: adminUserPasswordBodySchema, response: { 200: passwordCheckResponseSchema } },
    },
    async (req) => checkAdminUser(db, actor(req), req.body),
  );
  r.post(
    '/admin/adminuser/add/',
    {
      ...authority1,
      schema: { body: adminUserAddBodySchema, response: { 200: adminUserWriteResponseSchema } },
    },
    async (req) => {
      const result = await addAdminUser(db, config, actor(req), req.body);
      // deliver the registration mail now rather than on the next tick (it stays queued if SMTP is down)
      void app.deps.mailer.flush();
      return result;
    },
  );
  r.post(
    '/admin/adminuser/update/',
    {
      ...authority1,
      schema: { body: adminUserUpdateBodySchema, response: { 200: adminUserWriteResponseSchema } },
    },
    async (req) => {
      const result = await updateAdminUser(db, config, actor(req), req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );
}
