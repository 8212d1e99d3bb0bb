import {
  isExpireQuerySchema,
  passwordSettingBodySchema,
  sendMailBodySchema,
} from '@manabi/shared/schemas/password-reset';
import {
  isExpireResponseSchema,
  passwordCheckResponseSchema,
  resultResponseSchema,
} from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isExpired, requestReset, setPassword } from './password-reset.service';

/**
 * The my-page password reset (SPEC §4, §7 "Student area" login/sendmail, login/isexpire,
 * login/passwordsetting): public calls, rate-limited per client address like the login; the reset mail
 * is further limited per student (RESET_MAILS_PER_HOUR).
 */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const rateLimit = { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' };

  r.post(
    '/mypage/login/sendmail/',
    { schema: { body: sendMailBodySchema, response: { 200: resultResponseSchema } }, config: { rateLimit } },
    async (req) => {
      // the mail is delivered now rather than on the next tick (it stays queued if SMTP is down)
      if (await requestReset(db, config, req.body)) void app.deps.mailer.flush();
      return { result: true as const };
    },
  );
  r.get(
    '/mypage/login/isexpire/',
    {
      schema: { querystring: isExpireQuerySchema, response: { 200: isExpireResponseSchema } },
      config: { rateLimit },
    },
    async (req) => isExpired(db, req.query.token),
  );
  r.post(
    '/mypage/login/passwordsetting/',
    {
      schema: { body: passwordSettingBodySchema, response: { 200: passwordCheckResponseSchema } },
      config: { rateLimit },
    },
    async (req) => setPassword(db, req.body),
  );
}
