import {
  courseAddBodySchema,
  courseDetailQuerySchema,
  courseListQuerySchema,
  coursePickerQuerySchema,
  courseUpdateBodySchema,
} from '@manabi/shared/schemas/course';
import {
  adminCourseResponseSchema,
  courseCategoriesResponseSchema,
  courseListResponseSchema,
  coursePickerResponseSchema,
  periodDefaultsResponseSchema,
  writtenResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import {
  addCourse,
  fiscalYearPeriod,
  getCourse,
  listCourseCategories,
  listCourses,
  pickCourses,
  updateCourse,
} from './courses.service';

/**
 * Admin courses (SPEC §7 "Admin courses"): list, period defaults, detail, authoring.
 * Reading is for any admin (authority 2 limited to their university in the service); authoring is
 * authority 1 only (SPEC §6).
 */
export async function courseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const anyAdmin = { onRequest: app.guards.admin };
  const authority1 = { onRequest: app.guards.authority1 };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });

  r.get(
    '/admin/courselist/',
    {
      ...anyAdmin,
      schema: { querystring: courseListQuerySchema, response: { 200: courseListResponseSchema } },
    },
    async (req) => listCourses(db, adminOf(req), req.query),
  );
  r.get(
    '/admin/courselist/period/',
    { ...anyAdmin, schema: { response: { 200: periodDefaultsResponseSchema } } },
    async () => fiscalYearPeriod(),
  );
  r.get(
    '/admin/course/',
    {
      ...anyAdmin,
      schema: { querystring: courseDetailQuerySchema, response: { 200: adminCourseResponseSchema } },
    },
    async (req) => getCourse(db, adminOf(req), req.query.id),
  );
  // choosing a course by name or code (decision 035): the notice form, the notice search
  r.get(
    '/admin/course/picker/',
    {
      ...anyAdmin,
      schema: { querystring: coursePickerQuerySchema, response: { 200: coursePickerResponseSchema } },
    },
    async (req) => pickCourses(db, adminOf(req), req.query),
  );
  r.get(
    '/admin/course/categories/',
    { ...anyAdmin, schema: { response: { 200: courseCategoriesResponseSchema } } },
    async () => listCourseCategories(db),
  );
  r.post(
    '/admin/course/add/',
    { ...authority1, schema: { body: courseAddBodySchema, response: { 200: writtenResponseSchema } } },
    async (req) => addCourse(db, actor(req), req.body),
  );
  r.post(
    '/admin/course/update/',
    { ...authority1, schema: { body: courseUpdateBodySchema, response: { 200: writtenResponseSchema } } },
    async (req) => updateCourse(db, actor(req), req.body),
  );
}
