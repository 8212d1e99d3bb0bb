import {
  intakeQuerySchema,
  intakeResponseSchema,
  intakeUpdateBodySchema,
  lotteryRecordSchema,
  lotteryRunListQuerySchema,
  lotteryRunListResponseSchema,
  lotteryRunQuerySchema,
  lotteryVerifyResponseSchema,
  promoteBodySchema,
  seatDecisionBodySchema,
} from '@manabi/shared/schemas/intake';
import { resultResponseSchema } from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf, studentOf } from '../../platform/context';
import {
  confirmSeat,
  declineSeat,
  getIntake,
  getRun,
  listRuns,
  promoteByHand,
  updateIntake,
  verifyRun,
} from './intake.service';

/**
 * The intake cycle (issue 14, decision 015), beyond SPEC §7: the course's settings and counts, the lottery
 * records, promotion by hand (authority 1 only: the draw is the office's, SPEC §6), and the student's
 * confirm / decline of a seat (the session's own application).
 */
export async function intakeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const write = { onRequest: app.guards.authority1 };
  const student = { onRequest: app.guards.student };
  const admin = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });
  const flushed = async <T>(result: Promise<T>) => {
    const answer = await result;
    void app.deps.mailer.flush();
    return answer;
  };

  r.get(
    '/admin/course/intake/',
    { ...write, schema: { querystring: intakeQuerySchema, response: { 200: intakeResponseSchema } } },
    async (req) => getIntake(db, adminOf(req), req.query.id),
  );
  r.post(
    '/admin/course/intake/update/',
    { ...write, schema: { body: intakeUpdateBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => flushed(updateIntake(db, config, admin(req), req.body)),
  );
  r.get(
    '/admin/lottery/runs/',
    {
      ...write,
      schema: { querystring: lotteryRunListQuerySchema, response: { 200: lotteryRunListResponseSchema } },
    },
    async (req) => listRuns(db, adminOf(req), req.query.id),
  );
  r.get(
    '/admin/lottery/run/',
    { ...write, schema: { querystring: lotteryRunQuerySchema, response: { 200: lotteryRecordSchema } } },
    async (req) => getRun(db, adminOf(req), req.query.id),
  );
  r.get(
    '/admin/lottery/run/verify/',
    {
      ...write,
      schema: { querystring: lotteryRunQuerySchema, response: { 200: lotteryVerifyResponseSchema } },
    },
    async (req) => verifyRun(db, adminOf(req), req.query.id),
  );
  r.post(
    '/admin/courseapplicantlist/promote/',
    { ...write, schema: { body: promoteBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => flushed(promoteByHand(db, config, admin(req), req.body)),
  );
  r.post(
    '/mypage/courseconfirm/',
    { ...student, schema: { body: seatDecisionBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => confirmSeat(db, studentOf(req), req.body),
  );
  r.post(
    '/mypage/coursedecline/',
    { ...student, schema: { body: seatDecisionBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => flushed(declineSeat(db, config, studentOf(req), req.body)),
  );
}
