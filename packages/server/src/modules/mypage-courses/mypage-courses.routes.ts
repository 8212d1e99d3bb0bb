import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import { getCourse, searchCourses } from './mypage-courses.service';
import { applyCourse, cancelCourse, getCancelView } from './mypage-courses-apply.service';
import { listApplied, listAttended } from './mypage-courses-history.service';

/**
 * My-page courses (SPEC §7 "Student area"): the four lists (`/api/mypage/{kind}courselist/`, decision 010),
 * the detail, apply, the cancel view and cancel. Student sessions only, and always the session's own
 * student: no body or query names one.
 */
export async function mypageCourseRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { mypage } = api;

  route(app, mypage.acceptingCourseList, async (req) =>
    searchCourses(db, studentOf(req), 'accepting', req.query),
  );
  route(app, mypage.beforeCourseList, async (req) => searchCourses(db, studentOf(req), 'before', req.query));
  route(app, mypage.appliedCourseList, async (req) => listApplied(db, studentOf(req), req.query));
  route(app, mypage.attendedCourseList, async (req) => listAttended(db, studentOf(req), req.query));

  route(app, mypage.course, async (req) => getCourse(db, studentOf(req), Number(req.query.id)));
  route(app, mypage.courseApplication, async (req) => applyCourse(db, config, studentOf(req), req.body), {
    mail: true,
  });

  route(app, mypage.courseCancelView, async (req) => getCancelView(db, studentOf(req), Number(req.query.id)));
  route(app, mypage.courseCancel, async (req) => cancelCourse(db, config, studentOf(req), req.body), {
    mail: true,
  });
}
