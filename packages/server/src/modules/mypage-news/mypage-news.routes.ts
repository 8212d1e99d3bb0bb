import { api } from '@manabi/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import { addRead, getNews, getTop, listNews } from './mypage-news.service';

export async function mypageNewsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const { mypage } = api;
  const me = (req: FastifyRequest) => {
    const s = studentOf(req);
    return { id: s.id, generationId: s.generationId };
  };

  route(app, mypage.top, async (req) => getTop(db, me(req)));
  route(app, mypage.newsList, async (req) => listNews(db, me(req), req.query));
  route(app, mypage.news, async (req) => getNews(db, me(req), req.query.id));
  route(app, mypage.addRead, async (req) => addRead(db, me(req), req.body.notice_id));
}
