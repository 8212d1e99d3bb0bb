import {
  countResponseSchema,
  studentAppliedCourseListResponseSchema,
  studentSchema,
} from '@manabi/shared/schemas/responses';
import { studentDetailQuerySchema } from '@manabi/shared/schemas/student';
import {
  studentCourseListQuerySchema,
  studentCourseUpdateBodySchema,
} from '@manabi/shared/schemas/student-course';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import { getStudentDetail, listStudentCourses, updateStudentCourses } from './students-detail.service';

/**
 * Admin students, the detail screen (SPEC §7 "Admin students"): the student and their applied courses.
 * Every student call is authority 1 only (SPEC §6: authority 2 gets 403), refused before the body is read.
 */
export async function studentDetailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const authority1 = { onRequest: app.guards.authority1 };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });

  r.get(
    '/admin/student/detail/',
    { ...authority1, schema: { querystring: studentDetailQuerySchema, response: { 200: studentSchema } } },
    async (req) => getStudentDetail(db, req.query.user_id),
  );
  r.get(
    '/admin/student/applicantCourse/list/',
    {
      ...authority1,
      schema: {
        querystring: studentCourseListQuerySchema,
        response: { 200: studentAppliedCourseListResponseSchema },
      },
    },
    async (req) => listStudentCourses(db, req.query),
  );
  r.post(
    '/admin/student/applicantCourse/update/',
    {
      ...authority1,
      schema: { body: studentCourseUpdateBodySchema, response: { 200: countResponseSchema } },
    },
    async (req) => updateStudentCourses(db, actor(req), req.body),
  );
}
