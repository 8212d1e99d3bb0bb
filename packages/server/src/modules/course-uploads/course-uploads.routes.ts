import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { CSV_UPLOAD_BODY_LIMIT, previewReply, uploadReply } from '../../platform/csv-upload';
import { bodyTextPieces } from '../../platform/json-body';
import { route } from '../../platform/route';
import { previewCourseUpload, uploadCourseApplicants, uploadCourses } from './course-uploads.service';

/**
 * CSV uploads of the course list (SPEC §2, §7 courseapplicantupload; issue 3 course import): authority 1
 * only (SPEC §6), refused before the body is read. A 20 MB file is about 28 MB of JSON: these two routes
 * alone take that much (ARCHITECTURE: the global limit stays 1 MB), and read the file from the pieces the
 * body arrived in (platform/json-body.ts).
 */
export async function courseUploadRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const { adminCourses } = api;
  const upload = { bodyLimit: CSV_UPLOAD_BODY_LIMIT };

  route(
    app,
    adminCourses.applicantUpload,
    async (req, reply) =>
      uploadReply(
        reply,
        'course_applicant',
        await uploadCourseApplicants(
          db,
          req.actor,
          bodyTextPieces(req, 'course_applicant', req.body.course_applicant),
        ),
      ),
    upload,
  );
  route(
    app,
    adminCourses.courseUpload,
    async (req, reply) =>
      uploadReply(
        reply,
        'course',
        await uploadCourses(
          db,
          req.actor,
          bodyTextPieces(req, 'course', req.body.course),
          req.body.preview_hash,
        ),
      ),
    upload,
  );
  // an addition (decision 070): what the course import would do, nothing written
  route(
    app,
    adminCourses.courseUploadPreview,
    async (req, reply) =>
      previewReply(
        reply,
        'course',
        await previewCourseUpload(db, bodyTextPieces(req, 'course', req.body.course)),
      ),
    upload,
  );
}
