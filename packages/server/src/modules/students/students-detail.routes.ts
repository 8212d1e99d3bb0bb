import { studentDetailQuerySchema } from '@manabi/shared/schemas/student';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getStudentDetail } from './students-detail.service';

/**
 * Admin students, the detail screen (SPEC §7 "Admin students"): every student call is authority 1 only
 * (SPEC §6: authority 2 gets 403), refused before the body is read.
 */
export async function studentDetailRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const authority1 = { onRequest: app.guards.authority1 };

  r.get(
    '/admin/student/detail/',
    { ...authority1, schema: { querystring: studentDetailQuerySchema } },
    async (req) => getStudentDetail(db, req.query.user_id),
  );
}
