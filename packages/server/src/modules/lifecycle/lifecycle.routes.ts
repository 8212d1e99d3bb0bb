import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import { getPolicy, listCandidates, runNow, updatePolicy } from './retention.service';
import { withdrawPreview, withdrawSelf, withdrawStudent } from './withdrawal.service';

/**
 * The personal-data lifecycle (decision 072), beyond SPEC §7: a withdrawal by the office (authority 1) or by
 * the student on the my-page (their own record only: the body names no one), and the retention rule
 * (authority 1). A withdrawal may move a waitlist up: its mails go out after the answer, as a cancel's do.
 */
export async function lifecycleRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { adminStudents, adminRetention, mypage } = api;
  const mail = { mail: true };

  route(app, adminStudents.withdrawPreview, async (req) => withdrawPreview(db, req.query.user_id));
  route(
    app,
    adminStudents.withdraw,
    async (req) =>
      withdrawStudent(db, config, req.actor, {
        studentId: req.body.user_id,
        seen: req.body.updated_at,
        by: 'office',
        reason: req.body.reason,
      }),
    mail,
  );
  route(app, mypage.withdrawView, async (req) => withdrawPreview(db, studentOf(req).id));
  route(app, mypage.withdraw, async (req) => withdrawSelf(db, config, studentOf(req).id, req.body), mail);

  route(app, adminRetention.policy, async () => getPolicy(db));
  route(app, adminRetention.update, async (req) => updatePolicy(db, req.actor, req.body));
  route(app, adminRetention.candidates, async (req) => listCandidates(db, Number(req.query.page || 1)));
  route(app, adminRetention.run, async (req) => runNow(db, req.actor, req.body));
}
