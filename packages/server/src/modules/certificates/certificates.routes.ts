import {
  certificateQuerySchema,
  certificateSchema,
  courseCertificatesResponseSchema,
  transcriptResponseSchema,
} from '@manabi/shared/schemas/certificate';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentOf } from '../../platform/context';
import { getMyCertificate, getTranscript, listCourseCertificates } from './certificates.service';

/**
 * Certificates of completion and the transcript (issue 17): the student's own (student session; the course
 * is the query's, the student always the session's) and the office's bulk print of a course (authority 1
 * only: a certificate states attendance and units, which SPEC §6 keeps from authority 2).
 */
export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const student = { onRequest: app.guards.student };

  r.get(
    '/mypage/certificate/',
    {
      ...student,
      schema: { querystring: certificateQuerySchema, response: { 200: certificateSchema } },
    },
    async (req) => getMyCertificate(db, studentOf(req), req.query.id),
  );
  r.get(
    '/mypage/transcript/',
    { ...student, schema: { response: { 200: transcriptResponseSchema } } },
    async (req) => getTranscript(db, studentOf(req)),
  );
  r.get(
    '/admin/course/certificates/',
    {
      onRequest: app.guards.authority1,
      schema: { querystring: certificateQuerySchema, response: { 200: courseCertificatesResponseSchema } },
    },
    async (req) => listCourseCertificates(db, req.query.id),
  );
}
