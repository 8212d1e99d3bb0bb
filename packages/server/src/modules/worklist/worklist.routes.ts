import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../../platform/context';
import { route } from '../../platform/route';
import { getWorklist, retryMail } from './worklist.service';

/**
 * The office's work list on the top page (decision 057), beyond SPEC §7: both authorities read it, each in its
 * own scope (authority 2: its university's courses); authority 1 puts a failed mail back in line.
 */
export async function worklistRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  route(app, api.adminWorklist.list, async (req, reply) => {
    // the numbers are the rows as they stand: no cache may keep an old count
    reply.header('cache-control', 'no-store');
    return getWorklist(db, config, adminOf(req));
  });
  route(app, api.adminWorklist.mailRetry, async (req) => retryMail(db, adminOf(req), req.body), {
    mail: true,
  });
}
