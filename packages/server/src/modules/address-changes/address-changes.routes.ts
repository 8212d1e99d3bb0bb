import {
  addressDecisionBodySchema,
  addressRequestBodySchema,
  addressRequestDetailQuerySchema,
  addressRequestListQuerySchema,
} from '@manabi/shared/schemas/address-change';
import {
  addressRequestListResponseSchema,
  adminAddressRequestResponseSchema,
  mypageAddressResponseSchema,
  resultResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOf, studentOf } from '../../platform/context';
import {
  decideAddressRequest,
  getMypageAddress,
  getPendingRequest,
  listPendingRequests,
  requestAddressChange,
} from './address-changes.service';

/**
 * 住所変更の届出 (decision 040). The student's calls act on the session's own student only (the body names
 * no one); the office's are authority 1 only, as every student call is (SPEC §6), refused before the body
 * is read.
 */
export async function addressChangeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const student = { onRequest: app.guards.student };
  const authority1 = { onRequest: app.guards.authority1 };

  r.get(
    '/mypage/user/address/',
    { ...student, schema: { response: { 200: mypageAddressResponseSchema } } },
    async (req) => getMypageAddress(db, config, studentOf(req).id),
  );
  r.post(
    '/mypage/user/address/request/',
    { ...student, schema: { body: addressRequestBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => {
      const result = await requestAddressChange(db, config, studentOf(req).id, req.body);
      // the office's mail now rather than on the next tick (it stays queued if SMTP is down)
      void app.deps.mailer.flush();
      return result;
    },
  );
  r.get(
    '/admin/student/address/',
    {
      ...authority1,
      schema: {
        querystring: addressRequestDetailQuerySchema,
        response: { 200: adminAddressRequestResponseSchema },
      },
    },
    async (req) => getPendingRequest(db, req.query.user_id),
  );
  r.get(
    '/admin/student/address/list/',
    {
      ...authority1,
      schema: {
        querystring: addressRequestListQuerySchema,
        response: { 200: addressRequestListResponseSchema },
      },
    },
    async (req) => listPendingRequests(db, req.query.page),
  );
  r.post(
    '/admin/student/address/decide/',
    { ...authority1, schema: { body: addressDecisionBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => decideAddressRequest(db, { kind: 'admin', id: adminOf(req).id }, req.body),
  );
}
