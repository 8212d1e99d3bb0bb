import {
  noticeAddBodySchema,
  noticeAudienceQuerySchema,
  noticeCourseQuerySchema,
  noticeDetailQuerySchema,
  noticeListQuerySchema,
  noticeUpdateBodySchema,
  publisherListQuerySchema,
} from '@manabi/shared/schemas/notice';
import {
  noticeAudienceResponseSchema,
  noticeCourseListResponseSchema,
  noticeListResponseSchema,
  noticeSchema,
  noticeWrittenResponseSchema,
  publisherListResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import {
  addNotice,
  getNotice,
  listNoticeCourses,
  listNotices,
  listPublishers,
  previewAudience,
  updateNotice,
} from './notices.service';

/**
 * Admin notices (SPEC §7 "Admin notices"): the form's course search, list, detail, add, update and the
 * publisher list. Authority 1 only, like all notice management (SPEC §6): authority 2 gets 403.
 */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const authority1 = { onRequest: app.guards.authority1 };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });

  r.get(
    '/admin/notice/course/list/',
    {
      ...authority1,
      schema: { querystring: noticeCourseQuerySchema, response: { 200: noticeCourseListResponseSchema } },
    },
    async (req) => listNoticeCourses(db, req.query),
  );
  r.get(
    '/admin/notice/list/',
    {
      ...authority1,
      schema: { querystring: noticeListQuerySchema, response: { 200: noticeListResponseSchema } },
    },
    async (req) => listNotices(db, req.query),
  );
  r.get(
    '/admin/notice/detail/',
    { ...authority1, schema: { querystring: noticeDetailQuerySchema, response: { 200: noticeSchema } } },
    async (req) => getNotice(db, req.query.id),
  );
  r.post(
    '/admin/notice/add/',
    { ...authority1, schema: { body: noticeAddBodySchema, response: { 200: noticeWrittenResponseSchema } } },
    async (req) => {
      const result = await addNotice(db, config, actor(req), req.body);
      // deliver the notice mail now rather than on the next tick (it stays queued if SMTP is down)
      void app.deps.mailer.flush();
      return result;
    },
  );
  r.post(
    '/admin/notice/update/',
    {
      ...authority1,
      schema: { body: noticeUpdateBodySchema, response: { 200: noticeWrittenResponseSchema } },
    },
    async (req) => {
      const result = await updateNotice(db, config, actor(req), req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );
  // beyond SPEC §7: the form's confirm step counts whom a save would reach, by the publish's own rules
  r.get(
    '/admin/notice/audience/',
    {
      ...authority1,
      schema: { querystring: noticeAudienceQuerySchema, response: { 200: noticeAudienceResponseSchema } },
    },
    async (req) => previewAudience(db, req.query),
  );
  r.get(
    '/admin/notice/publisherList/',
    {
      ...authority1,
      schema: { querystring: publisherListQuerySchema, response: { 200: publisherListResponseSchema } },
    },
    async (req) => listPublishers(db, req.query),
  );
}
