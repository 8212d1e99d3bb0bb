import { APPROVAL } from '@manabi/shared/codes';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { adminUsers, courseApplications, courseCatalogVersion, sessions, students } from '../db/schema';
import { batchedLookup } from './batch';
import type { AdminPrincipal, StudentPrincipal } from './context';
import { forbidden, notLoggedIn, unauthorized } from './errors';
import { COOKIE, checkSession, loadSession, type SessionKind, sessionKey } from './sessions';
import { qualified, unplanned } from './sql';

/** "course:application,…" as the guard's statement aggregates it, to a map. */
function liveApplications(list: string | null): Map<number, number> {
  const live = new Map<number, number>();
  for (const pair of list ? list.split(',') : []) {
    const [course, application] = pair.split(':');
    live.set(Number(course), Number(application));
  }
  return live;
}

/**
 * The sessions whose hashes are in the placeholder `idHashes`, hidden from the planner ({@link unplanned}): a
 * plan cannot know how many there are, so PostgreSQL keeps the one plan it makes for every call. Compared as a
 * constant list (`= any($1)`), each call's count gave its own cheaper estimate, and every call was planned anew
 * (0.4–0.9 ms, as long as running it).
 */
const sessionIn = sql`${sessions.idHash} = any(${unplanned(sql.placeholder('idHashes'), 'text[]')}::text[])`;

/** The admin sessions of `idHashes`, each joined with its admin. */
const adminSessionsRead = (db: DbOrTx) =>
  db
    .select({
      idHash: sessions.idHash,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: adminUsers.id,
      loginId: adminUsers.loginId,
      name: adminUsers.name,
      authority: adminUsers.authority,
      universityId: adminUsers.universityId,
      isRejection: adminUsers.isRejection,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.adminId))
    .where(and(sessionIn, eq(sessions.kind, 'admin')));

/**
 * The student sessions of `idHashes`, each joined with its approved student, with the catalogue's version and
 * the student's live applications (decision 023).
 */
const studentSessionsRead = (db: DbOrTx) =>
  db
    .select({
      idHash: sessions.idHash,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: students.id,
      loginId: students.loginId,
      name: students.name,
      generationId: students.generationId,
      isRejection: students.isRejection,
      catalogVersion:
        sql<number>`(select ${courseCatalogVersion.version} from ${courseCatalogVersion})`.mapWith(Number),
      // "course:application,…" of the live applications, from course_applications_student_live_idx alone
      live: sql<
        string | null
      >`(select string_agg(${qualified(courseApplications, courseApplications.courseId)} || ':' || ${qualified(courseApplications, courseApplications.id)}, ',') from ${courseApplications} where ${qualified(courseApplications, courseApplications.studentId)} = ${qualified(students, students.id)} and ${qualified(courseApplications, courseApplications.cancelledAt)} is null)`,
    })
    .from(sessions)
    .innerJoin(students, eq(students.id, sessions.studentId))
    .where(
      and(
        sessionIn,
        eq(sessions.kind, 'student'),
        eq(students.approvalStatus, APPROVAL.APPROVED),
        isNotNull(students.loginId),
      ),
    );

/**
 * Guards: every permission holds here on the server (SPEC §6), not only in the UI.
 * A session whose user was removed, refused (is_rejection) or un-approved no longer counts.
 */
export function installGuards(app: FastifyInstance): void {
  const { db, config } = app.deps;
  /**
   * Why a request without a live session of this area is refused (SPEC §8): a live session of the *other*
   * area is 403 (the my-page sends a stored admin to its login); no cookie at all is 401 「ログインして
   * ください」; a cookie whose session ended is 401 with the inactivity message.
   */
  async function refusal(req: FastifyRequest, kind: SessionKind, presented: boolean) {
    if (presented) return unauthorized();
    const other: SessionKind = kind === 'admin' ? 'student' : 'admin';
    const otherSession = await loadSession(db, config, other, req.cookies[COOKIE[other]], false);
    return otherSession ? forbidden() : notLoggedIn();
  }

  // Named prepared statements: built once, planned once per connection. The sessions asked for in
  // one turn of the event loop are read by one statement (decision 032).
  const adminSessions = adminSessionsRead(db).prepare('guard_admin_sessions');
  const adminSession = batchedLookup(
    (idHashes) => adminSessions.execute({ idHashes }),
    (row) => row.idHash,
  );
  const studentSessions = studentSessionsRead(db).prepare('guard_student_sessions');
  const studentSession = batchedLookup(
    (idHashes) => studentSessions.execute({ idHashes }),
    (row) => row.idHash,
  );

  async function loadAdmin(req: FastifyRequest): Promise<AdminPrincipal> {
    const idHash = sessionKey(req.cookies[COOKIE.admin]);
    if (!idHash) throw await refusal(req, 'admin', false);
    const row = await adminSession(idHash);
    if (!row || row.isRejection || !(await checkSession(db, config, row, true))) throw unauthorized();
    return {
      id: row.id,
      loginId: row.loginId,
      name: row.name,
      authority: row.authority === 1 ? 1 : 2,
      universityId: row.universityId,
    };
  }

  async function loadStudent(req: FastifyRequest): Promise<StudentPrincipal> {
    const idHash = sessionKey(req.cookies[COOKIE.student]);
    if (!idHash) throw await refusal(req, 'student', false);
    const row = await studentSession(idHash);
    if (!row?.loginId || row.isRejection || !(await checkSession(db, config, row, true)))
      throw unauthorized();
    return {
      id: row.id,
      loginId: row.loginId,
      name: row.name,
      generationId: row.generationId,
      courses: { catalogVersion: row.catalogVersion, live: liveApplications(row.live) },
    };
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

/**
 * SPEC §6: an authority-2 admin may touch only the courses of their own university (403 otherwise);
 * authority 1 may touch all. Services call this after loading the course.
 */
export function assertUniversityAccess(admin: AdminPrincipal, universityId: string | null): void {
  if (admin.authority === 1) return;
  if (!universityId || universityId !== admin.universityId) throw forbidden();
}
