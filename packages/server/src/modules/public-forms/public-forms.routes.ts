import { api } from '@manabi/shared/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
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
 * Invalid bodies get 422 with the shared schemas' Japanese messages; mails go through the outbox and are delivered once
 * the answer is sent (plugins/app/mail-delivery.ts).
 */
export async function publicFormRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { publicForms } = api;
  const limits = {
    bodyLimit: PUBLIC_FORM_BODY_LIMIT,
    config: { rateLimit: PUBLIC_FORM_RATE_LIMIT },
    mail: true,
  };

  route(
    app,
    publicForms.admission,
    async (req) => {
      // per client address, in the database (every process shares it); per mail address in applyAdmission
      await countAdmissionFrom(db, req.ip);
      return applyAdmission(db, config, req.body);
    },
    limits,
  );
  route(app, publicForms.inquiry, async (req) => sendInquiry(db, config, req.body), limits);
}
