import { STUDENT_LIST_CSV } from '@manabi/shared/domain/csv-exports';
import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { sendCsv } from '../../platform/csv-download';
import { CSV_UPLOAD_BODY_LIMIT, previewReply, uploadReply } from '../../platform/csv-upload';
import { bodyTextPieces } from '../../platform/json-body';
import { route } from '../../platform/route';
import { findDuplicates } from './students-duplicates.service';
import { countUnapproved, exportStudents, listStudents } from './students-list.service';
import { uploadStudents } from './students-upload.service';
import { previewStudentUpload } from './students-upload-preview.service';

/**
 * Admin students: the list (and its CSV download), the unapproved count, the CSV upload and the duplicate search (SPEC §7 "Admin
 * students"). Authority 1 only (SPEC §6: authority 2 gets 403), refused before the body is read. The upload
 * takes a 20 MB file as a data URL: that route alone raises the body limit (ARCHITECTURE), and reads the file
 * from the pieces the body arrived in (platform/json-body.ts).
 */
export async function studentListRoutes(app: FastifyInstance): Promise<void> {
  const { db, readDb } = app.deps;
  const { adminStudents: students } = api;

  route(app, students.list, async (req) => listStudents(db, req.query));
  // an addition to SPEC §7 (decision 021): the list's whole search as the CSV file, streamed; the whole
  // roster, so from the replica when there is one (decision 073: the list itself stays on the primary)
  route(
    app,
    students.csv,
    async (req, reply) => sendCsv(reply, STUDENT_LIST_CSV, exportStudents(readDb, req.query)),
    {
      exposeHeadRoute: false,
    },
  );
  route(app, students.unapprovalCount, async () => countUnapproved(db));
  route(app, students.duplicate, async (req) => findDuplicates(db, req.query.user_id));
  route(
    app,
    students.upload,
    async (req, reply) =>
      uploadReply(
        reply,
        'student',
        await uploadStudents(
          db,
          req.actor,
          bodyTextPieces(req, 'student', req.body.student),
          req.body.student_type,
          req.body.preview_hash,
        ),
      ),
    { bodyLimit: CSV_UPLOAD_BODY_LIMIT },
  );
  // an addition to SPEC §7 (decision 070): what the upload would do, nothing written
  route(
    app,
    students.uploadPreview,
    async (req, reply) =>
      previewReply(
        reply,
        'student',
        await previewStudentUpload(
          db,
          bodyTextPieces(req, 'student', req.body.student),
          req.body.student_type,
        ),
      ),
    { bodyLimit: CSV_UPLOAD_BODY_LIMIT },
  );
}
