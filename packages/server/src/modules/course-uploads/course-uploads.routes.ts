import {
  courseApplicantUploadBodySchema,
  courseUploadBodySchema,
} from '@manabi/shared/schemas/course-upload';
import { uploadResponseSchema } from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import { CSV_UPLOAD_BODY_LIMIT, uploadReply } from '../../platform/csv-upload';
import { uploadCourseApplicants, uploadCourses } from './course-uploads.service';

/**
 * CSV uploads of the course list (SPEC §2, §7 courseapplicantupload; issue 3 course import): authority 1
 * only (SPEC §6), refused before the body is read. A 20 MB file is about 28 MB of JSON: these two routes
 * alone take that much (ARCHITECTURE: the global limit stays 1 MB).
 */
export async function courseUploadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const upload = { onRequest: app.guards.authority1, bodyLimit: CSV_UPLOAD_BODY_LIMIT };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });

  r.post(
    '/admin/course/courseapplicantupload',
    { ...upload, schema: { body: courseApplicantUploadBodySchema, response: { 200: uploadResponseSchema } } },
    async (req, reply) =>
      uploadReply(
        reply,
        'course_applicant',
        await uploadCourseApplicants(db, actor(req), req.body.course_applicant),
      ),
  );
  r.post(
    '/admin/course/courseupload',
    { ...upload, schema: { body: courseUploadBodySchema, response: { 200: uploadResponseSchema } } },
    async (req, reply) => uploadReply(reply, 'course', await uploadCourses(db, actor(req), req.body.course)),
  );
}
