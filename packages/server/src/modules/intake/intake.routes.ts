import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { adminOf, studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import {
  confirmSeat,
  decideForStudent,
  declineSeat,
  getIntake,
  getRun,
  listRuns,
  promoteByHand,
  updateIntake,
  verifyRun,
} from './intake.service';

/**
 * The intake cycle (decision 015), beyond SPEC §7: the course's settings and counts, the lottery
 * records, promotion by hand (authority 1 only: the draw is the office's, SPEC §6), and the student's
 * confirm / decline of a seat (the session's own application) — or the office's for the student.
 */
export async function intakeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { adminIntake: intake, mypage } = api;
  const mail = { mail: true };

  route(app, intake.settings, async (req) => getIntake(db, adminOf(req), req.query.id));
  route(app, intake.update, async (req) => updateIntake(db, config, req.actor, req.body), mail);
  route(app, intake.runs, async (req) => listRuns(db, adminOf(req), req.query.id));
  route(app, intake.run, async (req) => getRun(db, adminOf(req), req.query.id));
  route(app, intake.verify, async (req) => verifyRun(db, adminOf(req), req.query.id));
  route(app, intake.promote, async (req) => promoteByHand(db, config, req.actor, req.body), mail);
  route(app, mypage.courseConfirm, async (req) => confirmSeat(db, config, studentOf(req), req.body));
  route(app, mypage.courseDecline, async (req) => declineSeat(db, config, studentOf(req), req.body), mail);
  // the office's decision for a student goes the student's own way (decision 065)
  route(
    app,
    api.adminContact.decide,
    async (req) => decideForStudent(db, config, adminOf(req), req.body),
    mail,
  );
}
