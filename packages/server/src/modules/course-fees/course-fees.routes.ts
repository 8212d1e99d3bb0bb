import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../../platform/context';
import { route } from '../../platform/route';
import { getFeeRule, updateFeeRule } from './course-fees.service';

/** A course's fee rule (decision 077): any admin of the course reads it, authority 1 writes it. */
export async function courseFeeRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { adminCourseFee: fee } = api;
  route(app, fee.rule, async (req) => getFeeRule(db, adminOf(req), req.query.course_id));
  route(app, fee.update, async (req) => updateFeeRule(db, config, req.actor, req.body), { mail: true });
}
