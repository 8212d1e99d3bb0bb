import { api } from '@manabi/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors';
import type { ThrottleOutcome } from '../../platform/login-throttle';
import { route } from '../../platform/route';
import {
  COOKIE,
  destroySession,
  idleRemainingSeconds,
  loadSession,
  type SessionKind,
} from '../../platform/sessions';
import { loginAdmin, loginStudent, sessionUserOf } from './auth.service';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = api;
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
    observe: (outcome: ThrottleOutcome) => app.metrics.login(kind, outcome),
  });

  for (const [login, kind, signIn] of [
    [auth.adminLogin, 'admin', loginAdmin],
    [auth.mypageLogin, 'student', loginStudent],
  ] as const) {
    route(
      app,
      login,
      async (req, reply) => {
        const { token, user } = await signIn(db, config, req.body, meta(req, kind));
        setCookie(req, reply, kind, token);
        return user;
      },
      { config: { rateLimit } },
    );
  }

  for (const [logout, session, kind] of [
    [auth.adminLogout, auth.adminSession, 'admin'],
    [auth.mypageLogout, auth.mypageSession, 'student'],
  ] as const) {
    route(app, logout, async (req, reply) => {
      await destroySession(db, req.cookies[COOKIE[kind]]);
      reply.clearCookie(COOKIE[kind], { path: '/' });
      return { result: true as const };
    });
    // The idle-timeout dialog reads the remaining time with touch=0 and extends it with touch=1.
    route(app, session, async (req) => {
      const live = await loadSession(
        db,
        config,
        kind,
        req.cookies[COOKIE[kind]],
        req.query.touch === '1' && 'force',
      );
      if (!live) throw unauthorized();
      const user = await sessionUserOf(db, kind, live.userId);
      if (!user) throw unauthorized();
      return {
        user,
        idle_remaining_sec: idleRemainingSeconds(config, live),
        idle_timeout_sec: config.sessionIdleSeconds,
        office_phone: config.officePhone,
        office_hours: config.officeHours,
      };
    });
  }
}
