import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from './mail';

export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
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
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
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
