import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { isExpired, requestReset, setPassword } from './password-reset.service';

/**
 * The my-page password reset (SPEC §4, §7 "Student area" login/sendmail, login/isexpire,
 * login/passwordsetting): public calls, rate-limited per client address like the login; the reset mail
 * is further limited per student (RESET_MAILS_PER_HOUR).
 */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { publicForms } = api;
  const limited = { config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } } };

  // the answer is the same whether a mail was queued or not; the mail goes out once it is sent
  route(
    app,
    publicForms.sendResetMail,
    async (req) => {
      await requestReset(db, config, req.body);
      return { result: true as const };
    },
    { ...limited, mail: true },
  );
  route(app, publicForms.isExpire, async (req) => isExpired(db, req.query.token), limited);
  route(app, publicForms.passwordSetting, async (req) => setPassword(db, req.body), limited);
}
