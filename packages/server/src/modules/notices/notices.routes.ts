import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { getNotice, listNoticeCourses, listNotices, listPublishers } from './notices.service';
import { addNotice, previewAudience, updateNotice } from './notices-form.service';

/**
 * Admin notices (SPEC §7 "Admin notices"): the form's course search, list, detail, add, update and the
 * publisher list. Authority 1 only, like all notice management (SPEC §6): authority 2 gets 403.
 */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { adminNotices: notices } = api;

  route(app, notices.courseList, async (req) => listNoticeCourses(db, req.query));
  route(app, notices.list, async (req) => listNotices(db, req.query));
  route(app, notices.detail, async (req) => getNotice(db, req.query.id));
  // the notice mail goes out once the answer is sent (it stays queued if SMTP is down)
  route(app, notices.add, async (req) => addNotice(db, config, req.actor, req.body), { mail: true });
  route(app, notices.update, async (req) => updateNotice(db, config, req.actor, req.body), { mail: true });
  // beyond SPEC §7: the form's confirm step counts whom a save would reach, by the publish's own rules
  route(app, notices.audience, async (req) => previewAudience(db, req.query));
  route(app, notices.publisherList, async (req) => listPublishers(db, req.query));
}
