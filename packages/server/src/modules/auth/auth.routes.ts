import { adminLoginBodySchema, mypageLoginBodySchema } from '@manabi/shared';
import { resultResponseSchema, sessionInfoSchema, sessionUserSchema } from '@manabi/shared/schemas/responses';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../platform/errors';
import {
  COOKIE,
  destroySession,
  idleRemainingSeconds,
  loadSession,
  type SessionKind,
} from '../../platform/sessions';
import { loginAdmin, loginStudent, sessionUserOf } from './auth.service';

const sessionQuerySchema = z.object({ touch: z.enum(['0', '1']).default('1') });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const rateLimit = { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' };

  function setCookie(req: FastifyRequest, reply: FastifyReply, kind: SessionKind, token: string) {
    reply.setCookie(COOKIE[kind], token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure === 'auto' ? req.protocol === 'https' : config.cookieSecure,
    });
  }
  const meta = (req: FastifyRequest, kind: SessionKind) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    previousToken: req.cookies[COOKIE[kind]],
  });

  r.post(
    '/auth/admin/login/',
    { schema: { body: adminLoginBodySchema, response: { 200: sessionUserSchema } }, config: { rateLimit } },
    async (req, reply) => {
      const { token, user } = await loginAdmin(db, config, req.body, meta(req, 'admin'));
      setCookie(req, reply, 'admin', token);
      return user;
    },
  );
  r.post(
    '/auth/mypage/login/',
    { schema: { body: mypageLoginBodySchema, response: { 200: sessionUserSchema } }, config: { rateLimit } },
    async (req, reply) => {
      const { token, user } = await loginStudent(db, config, req.body, meta(req, 'student'));
      setCookie(req, reply, 'student', token);
      return user;
    },
  );

  for (const [area, kind] of [
    ['admin', 'admin'],
    ['mypage', 'student'],
  ] as const) {
    r.get(
      `/auth/${area}/logout/`,
      { schema: { response: { 200: resultResponseSchema } } },
      async (req, reply) => {
        await destroySession(db, req.cookies[COOKIE[kind]]);
        reply.clearCookie(COOKIE[kind], { path: '/' });
        return { result: true as const };
      },
    );
    // The idle-timeout dialog reads the remaining time with touch=0 and extends it with touch=1.
    r.get(
      `/auth/${area}/session/`,
      { schema: { querystring: sessionQuerySchema, response: { 200: sessionInfoSchema } } },
      async (req) => {
        const session = await loadSession(
          db,
          config,
          kind,
          req.cookies[COOKIE[kind]],
          req.query.touch === '1' && 'force',
        );
        if (!session) throw unauthorized();
        const user = await sessionUserOf(db, kind, session.userId);
        if (!user) throw unauthorized();
        return {
          user,
          idle_remaining_sec: idleRemainingSeconds(config, session),
          idle_timeout_sec: config.sessionIdleSeconds,
          office_phone: config.officePhone,
        };
      },
    );
  }
}
