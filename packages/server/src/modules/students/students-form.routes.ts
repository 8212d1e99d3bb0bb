import {
  loginIdExistResponseSchema,
  loginIdNextResponseSchema,
  studentApprovalResponseSchema,
  studentWriteResponseSchema,
} from '@manabi/shared/schemas/responses';
import {
  loginIdExistQuerySchema,
  loginIdNextQuerySchema,
  studentAddBodySchema,
  studentApprovalBodySchema,
  studentUpdateBodySchema,
} from '@manabi/shared/schemas/student';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf } from '../../platform/context';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const authority1 = { onRequest: app.guards.authority1 };
  const actor = (req: Parameters<typeof adminOf>[0]) => ({ kind: 'admin' as const, id: adminOf(req).id });

  r.get(
    '/admin/student/loginid/exist/',
    {
      ...authority1,
      schema: { querystring: loginIdExistQuerySchema, response: { 200: loginIdExistResponseSchema } },
    },
    async (req) => loginIdExists(db, req.query.login_id, req.query.id || undefined),
  );
  r.get(
    '/admin/student/loginid/next/',
    {
      ...authority1,
      schema: { querystring: loginIdNextQuerySchema, response: { 200: loginIdNextResponseSchema } },
    },
    async (req) => nextLoginIdFor(db, req.query.generation_id),
  );
  r.post(
    '/admin/student/add/',
    { ...authority1, schema: { body: studentAddBodySchema, response: { 200: studentWriteResponseSchema } } },
    async (req) => addStudent(db, actor(req), req.body),
  );
  r.post(
    '/admin/student/update/',
    {
      ...authority1,
      schema: { body: studentUpdateBodySchema, response: { 200: studentWriteResponseSchema } },
    },
    async (req) => updateStudent(db, actor(req), req.body),
  );
  r.post(
    '/admin/student/approval/',
    {
      ...authority1,
      schema: { body: studentApprovalBodySchema, response: { 200: studentApprovalResponseSchema } },
    },
    async (req) => {
      const result = await decideApproval(db, config, actor(req), req.body);
      // deliver the approval mail now rather than on the next tick (it stays queued if SMTP is down)
      void app.deps.mailer.flush();
      return result;
    },
  );
}
