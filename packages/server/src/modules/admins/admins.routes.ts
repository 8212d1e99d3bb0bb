import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
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
  const { db, config } = app.deps;
  const { adminUsers } = api;

  route(app, adminUsers.list, async (req) => listAdminUsers(db, req.query));
  route(app, adminUsers.detail, async (req) => getAdminUser(db, req.query.id));
  route(app, adminUsers.password, async (req) => checkAdminUser(db, req.actor, req.body));
  // the registration mail goes out once the answer is sent (it stays queued if SMTP is down)
  route(app, adminUsers.add, async (req) => addAdminUser(db, config, req.actor, req.body), { mail: true });
  route(app, adminUsers.update, async (req) => updateAdminUser(db, config, req.actor, req.body), {
    mail: true,
  });
}
