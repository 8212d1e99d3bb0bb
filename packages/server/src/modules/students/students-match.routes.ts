import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import {
  dismissPair,
  listDuplicatePairs,
  requestDuplicateScan,
  runDuplicateScan,
  studentCandidates,
} from './students-match.service';

/**
 * Likely duplicates, scored (decision 069), beyond SPEC §7: a student's candidates, the roster's pairs, the
 * office's 「別人」 and a scan asked for now. Authority 1 only, as every student route (the contract's guard).
 */
export async function studentMatchRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const { adminStudents: students } = api;

  route(app, students.candidates, async (req) => studentCandidates(db, req.query.user_id));
  route(app, students.pairs, async (req) => listDuplicatePairs(db, req.query));
  route(app, students.dismiss, async (req) => {
    await dismissPair(db, req.actor, req.body.user_id, req.body.other_id);
    return { result: true as const };
  });
  route(app, students.scan, async () => {
    const answer = await requestDuplicateScan(db);
    // 「今すぐ」: this process starts it at once (the claim keeps another from running it too); the page
    // reads the list again until it is done. A failure is logged and the next job round tries again.
    setImmediate(() =>
      runDuplicateScan(db).catch((err) => app.log.error({ err, job: 'duplicates' }, 'duplicate scan failed')),
    );
    return answer;
  });
}
