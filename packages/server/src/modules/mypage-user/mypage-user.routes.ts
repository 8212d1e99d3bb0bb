import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { studentOf } from '../../platform/context';
import { route } from '../../platform/route';
import { COOKIE, sessionKey } from '../../platform/sessions';
import { getUser, updateContacts, updatePassword } from './mypage-user.service';

/**
 * My-page user info (SPEC §7 "Student area" mypage/user, user/contacts/update, user/password/update):
 * student sessions only, and always the session's own student (the body names no one).
 */
export async function mypageUserRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { mypage } = api;

  route(app, mypage.user, async (req) => getUser(db, studentOf(req).id));
  route(app, mypage.contactsUpdate, async (req) => updateContacts(db, studentOf(req).id, req.body));
  route(app, mypage.passwordUpdate, async (req) =>
    updatePassword(
      db,
      config,
      // the guard has read this cookie's live session, so its hash is there
      { id: studentOf(req).id, sessionHash: sessionKey(req.cookies[COOKIE.student]) ?? '' },
      req.body,
    ),
  );
}
