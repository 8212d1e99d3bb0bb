import { addReadBodySchema, newsDetailQuerySchema, newsListQuerySchema } from '@manabi/shared';
import {
  newsDetailResponseSchema,
  newsListResponseSchema,
  resultResponseSchema,
  topResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentOf } from '../../platform/context';
import { addRead, getNews, getTop, listNews } from './mypage-news.service';

export async function mypageNewsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const guard = { onRequest: app.guards.student };
  const me = (req: Parameters<typeof studentOf>[0]) => {
    const s = studentOf(req);
    return { id: s.id, generationId: s.generationId };
  };

  r.get('/mypage/top/', { ...guard, schema: { response: { 200: topResponseSchema } } }, async (req) =>
    getTop(db, me(req)),
  );
  r.get(
    '/mypage/newslist/',
    { ...guard, schema: { querystring: newsListQuerySchema, response: { 200: newsListResponseSchema } } },
    async (req) => listNews(db, me(req), req.query),
  );
  r.get(
    '/mypage/news/',
    { ...guard, schema: { querystring: newsDetailQuerySchema, response: { 200: newsDetailResponseSchema } } },
    async (req) => getNews(db, me(req), req.query.id),
  );
  r.post(
    '/mypage/news/addread/',
    { ...guard, schema: { body: addReadBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => addRead(db, me(req), req.body.notice_id),
  );
}
