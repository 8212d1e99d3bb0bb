import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminUsers, students } from '../db/schema';
import type { AdminPrincipal, StudentPrincipal } from './context';
import { forbidden, unauthorized } from './errors';
import { COOKIE, loadSession } from './sessions';

/**
 * Guards: every permission holds here on the server (SPEC §6), not only in the UI.
 * A session whose user was removed, refused (is_rejection) or un-approved no longer counts.
 */
export function installGuards(app: FastifyInstance): void {
  const { db, config } = app.deps;

  async function loadAdmin(req: FastifyRequest): Promise<AdminPrincipal> {
    const session = await loadSession(db, config, 'admin', req.cookies[COOKIE.admin], true);
    if (!session) throw unauthorized();
    const [row] = await db
      .select({
        id: adminUsers.id,
        loginId: adminUsers.loginId,
        name: adminUsers.name,
        authority: adminUsers.authority,
        universityId: adminUsers.universityId,
        isRejection: adminUsers.isRejection,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, session.userId));
    if (!row || row.isRejection) throw unauthorized();
    return {
      id: row.id,
      loginId: row.loginId,
      name: row.name,
      authority: row.authority === 1 ? 1 : 2,
      universityId: row.universityId,
    };
  }

  async function loadStudent(req: FastifyRequest): Promise<StudentPrincipal> {
    const session = await loadSession(db, config, 'student', req.cookies[COOKIE.student], true);
    if (!session) throw unauthorized();
    const [row] = await db
      .select({
        id: students.id,
        loginId: students.loginId,
        name: students.name,
        generationId: students.generationId,
        isRejection: students.isRejection,
      })
      .from(students)
      .where(
        and(eq(students.id, session.userId), eq(students.approvalStatus, '1'), isNotNull(students.loginId)),
      );
    if (!row || row.isRejection || !row.loginId) throw unauthorized();
    return { id: row.id, loginId: row.loginId, name: row.name, generationId: row.generationId };
  }

  app.decorate('guards', {
    async admin(req) {
      req.admin = await loadAdmin(req);
    },
    async authority1(req) {
      req.admin = await loadAdmin(req);
      if (req.admin.authority !== 1) throw forbidden();
    },
    async student(req) {
      req.student = await loadStudent(req);
    },
  });
}
