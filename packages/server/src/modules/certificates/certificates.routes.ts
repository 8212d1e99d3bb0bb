import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import { getMyCertificate, getTranscript, listCourseCertificates } from './certificates.service';

/**
 * Certificates of completion and the transcript: the student's own (student session; the course
 * is the query's, the student always the session's) and the office's bulk print of a course (authority 1
 * only: a certificate states attendance and units, which SPEC §6 keeps from authority 2).
 */
export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  route(app, api.mypage.certificate, async (req) => getMyCertificate(db, studentOf(req), req.query.id));
  route(app, api.mypage.transcript, async (req) => getTranscript(db, studentOf(req)));
  route(app, api.adminCourses.certificates, async (req) => listCourseCertificates(db, req.query.id));
}
