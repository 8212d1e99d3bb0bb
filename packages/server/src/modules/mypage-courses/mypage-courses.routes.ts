import {
  courseApplicationBodySchema,
  courseCancelBodySchema,
  mypageCourseListQuerySchema,
  mypageCourseQuerySchema,
} from '@manabi/shared/schemas/mypage-course';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentOf } from '../../platform/context';
import {
  applyCourse,
  cancelCourse,
  getCancelView,
  getCourse,
  listApplied,
  listAttended,
  searchCourses,
} from './mypage-courses.service';

/**
 * My-page courses (SPEC §7 "Student area"): the four lists (`/api/mypage/{kind}courselist/`, decision 010),
 * the detail, apply, the cancel view and cancel. Student sessions only, and always the session's own
 * student: no body or query names one.
 */
export async function mypageCourseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const guard = { onRequest: app.guards.student };
  const list = { ...guard, schema: { querystring: mypageCourseListQuerySchema } };
  const byId = { ...guard, schema: { querystring: mypageCourseQuerySchema } };

  r.get('/mypage/acceptingcourselist/', list, async (req) =>
    searchCourses(db, studentOf(req), 'accepting', req.query),
  );
  r.get('/mypage/beforecourselist/', list, async (req) =>
    searchCourses(db, studentOf(req), 'before', req.query),
  );
  r.get('/mypage/appliedcourselist/', list, async (req) => listApplied(db, studentOf(req), req.query));
  r.get('/mypage/attendedcourselist/', list, async (req) => listAttended(db, studentOf(req), req.query));

  r.get('/mypage/course/', byId, async (req) => getCourse(db, studentOf(req), Number(req.query.id)));
  r.post(
    '/mypage/courseapplication/',
    { ...guard, schema: { body: courseApplicationBodySchema } },
    async (req) => {
      const result = await applyCourse(db, config, studentOf(req), req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );

  r.get('/mypage/coursecancel/', byId, async (req) =>
    getCancelView(db, studentOf(req), Number(req.query.id)),
  );
  r.post(
    '/mypage/coursecancel/cancel/',
    { ...guard, schema: { body: courseCancelBodySchema } },
    async (req) => {
      const result = await cancelCourse(db, config, studentOf(req), req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );
}
