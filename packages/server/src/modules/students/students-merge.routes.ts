import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { mergePreview, mergeStudents } from './students-merge.service';
import { mergeDetail, undoMerge } from './students-merge-undo.service';

/**
 * One person entered twice becomes one record, and back (decision 071), beyond SPEC §7: authority 1 only,
 * as every student route (the contract's guard). A merge or an undo may move a waitlist up: its mails go
 * out after the answer, as a cancel's do.
 */
export async function studentMergeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { adminStudents: students } = api;
  const mail = { mail: true };

  route(app, students.mergePreview, async (req) => mergePreview(db, req.query.keep_id, req.query.other_id));
  route(app, students.merge, async (req) => mergeStudents(db, config, req.actor, req.body), mail);
  route(app, students.mergeDetail, async (req) => mergeDetail(db, req.query.id));
  route(app, students.mergeUndo, async (req) => undoMerge(db, config, req.actor, req.body.id), mail);
}
