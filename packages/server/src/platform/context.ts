import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from './mail';

export interface Deps {
  /** the primary: every write, and every read that decides or shows what was just written */
  db: Db;
  /**
   * The reads that may be a few seconds old (decision 073): statistics, the roster's and the audit log's CSV,
   * the audit viewer. A streaming replica's handle when REPLICA_DATABASE_URL is set, else `db`. Only the
   * routes of modules/statistics, modules/audit and students-list's CSV take it (read-replica.test.ts holds
   * the list).
   */
  readDb: Db;
  config: Config;
  mailer: Mailer;
  /** set by the server's stop(): /api/ready answers 503 from then on, so a load balancer drains us */
  lifecycle: { draining: boolean };
}

export interface AdminPrincipal {
  id: number;
  loginId: string;
  name: string;
  authority: 1 | 2;
  universityId: string | null;
}

export interface StudentPrincipal {
  id: number;
  loginId: string;
  name: string;
  generationId: string | null;
  /**
   * Read with the session (the guard's one statement, decision 023): the course catalogue's version and the
   * student's live applications (course id → application id) at that moment, so a course search or detail
   * needs no statement of its own. Absent when a service is called without the guard.
   */
  courses?: StudentCourses;
}

export interface StudentCourses {
  catalogVersion: number;
  live: ReadonlyMap<number, number>;
}

/** One API route as registered (tests walk them; the OpenAPI document is built from the same schemas). */
export interface RouteEntry {
  method: string;
  url: string;
  /** which session the route demands: its onRequest guard */
  guard: 'admin' | 'authority1' | 'student' | 'public';
  schema: { body?: unknown; querystring?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** every /api route, filled while the modules register */
    apiRoutes: RouteEntry[];
    guards: {
      admin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
      authority1: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
      student: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    };
  }
  interface FastifyRequest {
    admin?: AdminPrincipal;
    student?: StudentPrincipal;
  }
}

/** The admin a guarded route runs for (the guard has already refused anyone else). */
export function adminOf(req: FastifyRequest): AdminPrincipal {
  if (!req.admin) throw new Error('admin guard missing on this route');
  return req.admin;
}

export function studentOf(req: FastifyRequest): StudentPrincipal {
  if (!req.student) throw new Error('student guard missing on this route');
  return req.student;
}
