import {
  checkinBodySchema,
  checkinCodeResponseSchema,
  checkinCoursesResponseSchema,
  checkinMissingQuerySchema,
  checkinMissingResponseSchema,
  checkinResponseSchema,
} from '@manabi/shared/schemas/checkin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf, studentOf } from '../../platform/context';
import { checkIn, checkinCode, listMissing, listTodaySessions } from './checkin.service';

/**
 * QR check-in (issue 17), beyond SPEC §7: the student ID's code (the session's own student), and the
 * office's check-in page — both authorities, authority 2 on its own university's courses only (SPEC §6;
 * checked in the service once the course is loaded).
 */
export async function checkinRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get(
    '/mypage/checkin-code/',
    { onRequest: app.guards.student, schema: { response: { 200: checkinCodeResponseSchema } } },
    async (req, reply) => {
      // a code is good for two minutes at most: no cache may keep one
      reply.header('cache-control', 'no-store');
      return checkinCode(db, studentOf(req));
    },
  );
  r.get(
    '/admin/checkin/courses/',
    { onRequest: app.guards.admin, schema: { response: { 200: checkinCoursesResponseSchema } } },
    async (req) => listTodaySessions(db, adminOf(req)),
  );
  r.get(
    '/admin/checkin/missing/',
    {
      onRequest: app.guards.admin,
      schema: { querystring: checkinMissingQuerySchema, response: { 200: checkinMissingResponseSchema } },
    },
    async (req) => listMissing(db, adminOf(req), req.query),
  );
  r.post(
    '/admin/checkin/',
    {
      onRequest: app.guards.admin,
      schema: { body: checkinBodySchema, response: { 200: checkinResponseSchema } },
    },
    async (req) => checkIn(db, adminOf(req), req.body),
  );
}
