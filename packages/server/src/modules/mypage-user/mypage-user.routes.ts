import { contactsUpdateBodySchema, passwordUpdateBodySchema } from '@manabi/shared/schemas/mypage-user';
import {
  mypageUserResponseSchema,
  resultResponseSchema,
  validResultResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentOf } from '../../platform/context';
import { COOKIE, sessionKey } from '../../platform/sessions';
import { getUser, updateContacts, updatePassword } from './mypage-user.service';

/**
 * My-page user info (SPEC §7 "Student area" mypage/user, user/contacts/update, user/password/update):
 * student sessions only, and always the session's own student (the body names no one).
 */
export async function mypageUserRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const guard = { onRequest: app.guards.student };

  r.get('/mypage/user/', { ...guard, schema: { response: { 200: mypageUserResponseSchema } } }, async (req) =>
    getUser(db, studentOf(req).id),
  );
  r.post(
    '/mypage/user/contacts/update/',
    { ...guard, schema: { body: contactsUpdateBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => updateContacts(db, studentOf(req).id, req.body),
  );
  r.post(
    '/mypage/user/password/update/',
    { ...guard, schema: { body: passwordUpdateBodySchema, response: { 200: validResultResponseSchema } } },
    async (req) =>
      updatePassword(
        db,
        config,
        // the guard has read this cookie's live session, so its hash is there
        { id: studentOf(req).id, sessionHash: sessionKey(req.cookies[COOKIE.student]) ?? '' },
        req.body,
      ),
  );
}
