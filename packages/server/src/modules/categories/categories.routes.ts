import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { addCategory, getCategory, listCategories, updateCategory } from './categories.service';

/** Notice categories (SPEC §7 Admin notices): authority 1 only, like all notice management (SPEC §6). */
export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const { adminNotices: notices } = api;

  route(app, notices.categoryListAll, async () => listCategories(db, {}));
  route(app, notices.categoryList, async (req) => listCategories(db, req.query));
  route(app, notices.categoryDetail, async (req) => getCategory(db, req.query.id));
  route(app, notices.categoryAdd, async (req) => addCategory(db, req.actor, req.body));
  route(app, notices.categoryUpdate, async (req) => updateCategory(db, req.actor, req.body));
}
