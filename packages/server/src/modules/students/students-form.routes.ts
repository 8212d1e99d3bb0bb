import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import {
  addStudent,
  decideApproval,
  loginIdExists,
  nextLoginIdFor,
  updateStudent,
} from './students-form.service';

/**
 * Admin students, the new/update form and the approval (SPEC §7 "Admin students"): every call is
 * authority 1 only (SPEC §6: authority 2 gets 403), refused before the body is read.
 */
export async function studentFormRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { adminStudents: students } = api;

  route(app, students.loginIdExist, async (req) =>
    loginIdExists(db, req.query.login_id, req.query.id || undefined),
  );
  route(app, students.loginIdNext, async (req) => nextLoginIdFor(db, req.query.generation_id));
  route(app, students.add, async (req) => addStudent(db, req.actor, req.body));
  route(app, students.update, async (req) => updateStudent(db, req.actor, req.body));
  // the approval mail goes out once the answer is sent (it stays queued if SMTP is down)
  route(app, students.approval, async (req) => decideApproval(db, config, req.actor, req.body), {
    mail: true,
  });
}
