import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { getStudentDetail, listStudentCourses, updateStudentCourses } from './students-detail.service';

/**
 * Admin students, the detail screen (SPEC §7 "Admin students"): the student and their applied courses.
 * Every student call is authority 1 only (SPEC §6: authority 2 gets 403), refused before the body is read.
 */
export async function studentDetailRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const { adminStudents: students } = api;

  route(app, students.detail, async (req) => getStudentDetail(db, req.query.user_id));
  route(app, students.courseList, async (req) => listStudentCourses(db, req.query));
  route(app, students.courseUpdate, async (req) => updateStudentCourses(db, req.actor, req.body));
}
