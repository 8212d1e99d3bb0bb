import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { adminOf, studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import { checkIn, checkinCode, listMissing, listTodaySessions } from './checkin.service';

/**
 * QR check-in, beyond SPEC §7: the student ID's code (the session's own student), and the
 * office's check-in page — both authorities, authority 2 on its own university's courses only (SPEC §6;
 * checked in the service once the course is loaded).
 */
export async function checkinRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const { adminCheckin } = api;

  route(app, api.mypage.checkinCode, async (req, reply) => {
    // a code is good for two minutes at most: no cache may keep one
    reply.header('cache-control', 'no-store');
    return checkinCode(db, studentOf(req));
  });
  route(app, adminCheckin.courses, async (req) => listTodaySessions(db, adminOf(req)));
  route(app, adminCheckin.missing, async (req) => listMissing(db, adminOf(req), req.query));
  route(app, adminCheckin.checkIn, async (req) => checkIn(db, adminOf(req), req.body));
}
