import { admissionBodySchema } from '@manabi/shared/schemas/admission';
import { inquiryBodySchema } from '@manabi/shared/schemas/inquiry';
import { admissionResponseSchema, resultResponseSchema } from '@manabi/shared/schemas/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { applyAdmission, countAdmissionFrom, sendInquiry } from './public-forms.service';

/**
 * Requests per minute and IP of each public form: generous, since a library or community centre may
 * send many applicants through one address, yet enough to stop a script filling the tables.
 */
export const PUBLIC_FORM_RATE_LIMIT = { max: 100, timeWindow: '1 minute' };
/** A filled form is a few KB; the inquiry's 1000-character detail stays well under this. */
export const PUBLIC_FORM_BODY_LIMIT = 32 * 1024;

/**
 * The my-page forms anyone may send without logging in (SPEC §7 "Student area": admission, inquiry).
 * Invalid bodies get 422 with the shared schemas' Japanese messages; mails go through the outbox and the
 * mailer is nudged after the commit.
 */
export async function publicFormRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const limits = { bodyLimit: PUBLIC_FORM_BODY_LIMIT, config: { rateLimit: PUBLIC_FORM_RATE_LIMIT } };

  r.post(
    '/mypage/admission/',
    { ...limits, schema: { body: admissionBodySchema, response: { 200: admissionResponseSchema } } },
    async (req) => {
      // per client address, in the database (every process shares it); per mail address in applyAdmission
      await countAdmissionFrom(db, req.ip);
      const result = await applyAdmission(db, config, req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );
  r.post(
    '/mypage/inquiry/',
    { ...limits, schema: { body: inquiryBodySchema, response: { 200: resultResponseSchema } } },
    async (req) => {
      const result = await sendInquiry(db, config, req.body);
      void app.deps.mailer.flush();
      return result;
    },
  );
}
