import { z } from 'zod';
import { admissionBodySchema } from '../schemas/admission';
import { adminLoginBodySchema, mypageLoginBodySchema } from '../schemas/auth';
import { codeMasterQuerySchema } from '../schemas/common';
import { inquiryBodySchema } from '../schemas/inquiry';
import {
  isExpireQuerySchema,
  passwordSettingBodySchema,
  sendMailBodySchema,
} from '../schemas/password-reset';
import { postcodeParamsSchema } from '../schemas/postcode';
import {
  admissionResponseSchema,
  codeListResponseSchema,
  healthResponseSchema,
  icsResponseSchema,
  isExpireResponseSchema,
  passwordCheckResponseSchema,
  postcodeResponseSchema,
  readyResponseSchema,
  resultResponseSchema,
  sessionInfoSchema,
  sessionUserSchema,
} from '../schemas/responses';
import { defineRoute } from './define';
import { endpoints } from './endpoints';

/** touch=0 reads the idle time left without extending it (the idle dialog), touch=1 extends it. */
export const sessionQuerySchema = z.object({ touch: z.enum(['0', '1']).default('1') });
export const calendarFeedParamsSchema = z.object({
  token: z.string().describe('the secret of the address (never logged: platform/logging.ts redactUrl)'),
});

/** Sessions (SPEC §7 Auth): the logins, the logouts and the idle dialog's session read, per area. */
export const auth = {
  adminLogin: defineRoute(endpoints.auth.adminLogin, {
    body: adminLoginBodySchema,
    response: sessionUserSchema,
  }),
  mypageLogin: defineRoute(endpoints.auth.mypageLogin, {
    body: mypageLoginBodySchema,
    response: sessionUserSchema,
  }),
  adminLogout: defineRoute(endpoints.auth.adminLogout, { response: resultResponseSchema }),
  mypageLogout: defineRoute(endpoints.auth.mypageLogout, { response: resultResponseSchema }),
  adminSession: defineRoute(endpoints.auth.adminSession, {
    query: sessionQuerySchema,
    response: sessionInfoSchema,
  }),
  mypageSession: defineRoute(endpoints.auth.mypageSession, {
    query: sessionQuerySchema,
    response: sessionInfoSchema,
  }),
};

/** Shared calls (SPEC §7 Shared) and the public ones beside them. */
export const common = {
  codeMasterList: defineRoute(endpoints.common.codeMasterList, {
    query: codeMasterQuerySchema,
    response: codeListResponseSchema,
  }),
  postcode: defineRoute(endpoints.common.postcode, {
    params: postcodeParamsSchema,
    response: postcodeResponseSchema,
  }),
  health: defineRoute(endpoints.common.health, { response: healthResponseSchema }),
  /** for a load balancer: 503 while shutting down, or while the database is silent or behind the code */
  ready: defineRoute(endpoints.common.ready, { response: readyResponseSchema }),
  /** a student's calendar feed, read by a calendar service: the secret in the path is the only key */
  calendarFeed: defineRoute(endpoints.common.calendarFeed, {
    params: calendarFeedParamsSchema,
    response: icsResponseSchema,
  }),
};

/** The my-page's forms that need no session: admission, inquiry, the password reset. */
export const publicForms = {
  admission: defineRoute(endpoints.publicForms.admission, {
    body: admissionBodySchema,
    response: admissionResponseSchema,
  }),
  inquiry: defineRoute(endpoints.publicForms.inquiry, {
    body: inquiryBodySchema,
    response: resultResponseSchema,
  }),
  sendResetMail: defineRoute(endpoints.publicForms.sendResetMail, {
    body: sendMailBodySchema,
    response: resultResponseSchema,
  }),
  isExpire: defineRoute(endpoints.publicForms.isExpire, {
    query: isExpireQuerySchema,
    response: isExpireResponseSchema,
  }),
  passwordSetting: defineRoute(endpoints.publicForms.passwordSetting, {
    body: passwordSettingBodySchema,
    response: passwordCheckResponseSchema,
  }),
};
