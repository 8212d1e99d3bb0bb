import {
  courseApplicationBodySchema,
  courseCancelBodySchema,
  mypageCourseListQuerySchema,
  mypageCourseQuerySchema,
} from '@manabi/shared/schemas/mypage-course';
import {
  courseCancelViewResponseSchema,
  mypageAppliedListResponseSchema,
  mypageAttendedListResponseSchema,
  mypageCourseDetailResponseSchema,
  mypageCourseListResponseSchema,
  resultResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
  const list = (response: z.ZodType) => ({
    ...guard,
    schema: { querystring: mypageCourseListQuerySchema, response: { 200: response } },
  });
  const byId = (response: z.ZodType) => ({
    ...guard,
    schema: { querystring: mypageCourseQuerySchema, response: { 200: response } },
  });

  r.get('/mypage/acceptingcourselist/', list(mypageCourseListResponseSchema), async (req) =>
    searchCourses(db, studentOf(req), 'accepting', req.query),
  );
  r.get('/mypage/beforecourselist/', list(mypageCourseListResponseSchema), async (req) =>
    searchCourses(db, studentOf(req), 'before', req.query),
  );
  r.get('/mypage/appliedcourselist/', list(mypageAppliedListResponseSchema), async (req) =>
    listApplied(db, studentOf(req), req.query),
  );
  r.get('/mypage/attendedcourselist/', list(mypageAttendedListResponseSchema), async (req) =>
    listAttended(db, studentOf(req), req.query),
  );

  r.get('/mypage/course/', byId(mypageCourseDetailResponseSchema), async (req) =>
    getCourse(db, studentOf(req), Number(req.query.id)),
  );
  r.post(
    '/mypage/courseapplication/',
    { ...guard, schema: { body: courseApplicationBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => {
      const result = await applyCourse(db, config, studentOf(req), req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );

  r.get('/mypage/coursecancel/', byId(courseCancelViewResponseSchema), async (req) =>
    getCancelView(db, studentOf(req), Number(req.query.id)),
  );
  r.post(
    '/mypage/coursecancel/cancel/',
    { ...guard, schema: { body: courseCancelBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => {
      const result = await cancelCourse(db, config, studentOf(req), req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );
}
