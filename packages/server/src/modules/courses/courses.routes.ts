import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../../platform/context';
import { route } from '../../platform/route';
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
  const { db, config } = app.deps;
  const { adminCourses: courses } = api;

  route(app, courses.list, async (req) => listCourses(db, adminOf(req), req.query));
  route(app, courses.period, async () => fiscalYearPeriod());
  route(app, courses.detail, async (req) => getCourse(db, adminOf(req), req.query.id));
  // choosing a course by name or code (decision 035): the notice form, the notice search
  route(app, courses.picker, async (req) => pickCourses(db, adminOf(req), req.query));
  route(app, courses.categories, async () => listCourseCategories(db));
  route(app, courses.add, async (req) => addCourse(db, req.actor, req.body));
  route(app, courses.update, async (req) => updateCourse(db, config, req.actor, req.body));
}
