import { STUDENT_LIST_CSV } from '@manabi/shared/domain/csv-exports';
import {
  csvResponseSchema,
  studentDuplicatesResponseSchema,
  studentListResponseSchema,
  unapprovalCountResponseSchema,
  uploadResponseSchema,
} from '@manabi/shared/schemas/responses';
import {
  studentDuplicateQuerySchema,
  studentListQuerySchema,
  studentUploadBodySchema,
} from '@manabi/shared/schemas/student-list';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
import { sendCsv } from '../../platform/csv-download';
import { CSV_UPLOAD_BODY_LIMIT, uploadReply } from '../../platform/csv-upload';
import {
  countUnapproved,
  exportStudents,
  findDuplicates,
  listStudents,
  uploadStudents,
} from './students-list.service';

/**
 * Admin students: the list (and its CSV download), the unapproved count, the CSV upload and the duplicate search (SPEC §7 "Admin
 * students"). Authority 1 only (SPEC §6: authority 2 gets 403), refused before the body is read. The upload
 * takes a 20 MB file as a data URL: that route alone raises the body limit (ARCHITECTURE).
 */
export async function studentListRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const authority1 = { onRequest: app.guards.authority1 };

  r.get(
    '/admin/student/list/',
    {
      ...authority1,
      schema: { querystring: studentListQuerySchema, response: { 200: studentListResponseSchema } },
    },
    async (req) => listStudents(db, req.query),
  );
  // an addition to SPEC §7 (decision 021): the list's whole search as the CSV file, streamed
  r.get(
    '/admin/student/list/csv/',
    {
      ...authority1,
      exposeHeadRoute: false,
      schema: { querystring: studentListQuerySchema, response: { 200: csvResponseSchema } },
    },
    async (req, reply) => sendCsv(reply, STUDENT_LIST_CSV, exportStudents(db, req.query)),
  );
  r.get(
    '/admin/student/unapploval/count/',
    { ...authority1, schema: { response: { 200: unapprovalCountResponseSchema } } },
    async () => countUnapproved(db),
  );
  r.get(
    '/admin/student/duplicate/',
    {
      ...authority1,
      schema: {
        querystring: studentDuplicateQuerySchema,
        response: { 200: studentDuplicatesResponseSchema },
      },
    },
    async (req) => findDuplicates(db, req.query.user_id),
  );
  r.post(
    '/admin/student/upload/',
    {
      ...authority1,
      bodyLimit: CSV_UPLOAD_BODY_LIMIT,
      schema: { body: studentUploadBodySchema, response: { 200: uploadResponseSchema } },
    },
    async (req, reply) =>
      uploadReply(
        reply,
        'student',
        await uploadStudents(
          db,
          { kind: 'admin', id: adminOf(req).id },
          req.body.student,
          req.body.student_type,
        ),
      ),
  );
}
