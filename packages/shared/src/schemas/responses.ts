/**
 * Response schemas: what each call answers, written once. Fastify serialises every answer
 * through its route's schema (a presenter that drifts from the contract fails, and nothing it does not list
 * leaves the server); the OpenAPI document and the client's types come from the same schemas. Grouped by
 * SPEC §7 area; error bodies are `errorBodySchema` (common.ts) for every route.
 *
 * This file holds the results, the session and the common calls, and re-exports every area's answers, so an
 * importer names this file alone: responses-mypage.ts (the my-page), responses-admin.ts (categories, admin
 * users, notices, courses and the uploads), responses-students.ts (a course's applicants and the students).
 */
import { z } from 'zod';
import { errItemSchema } from './common';
import { ymd } from './responses-parts';

export * from './responses-admin';
export * from './responses-mypage';
export * from './responses-students';

// ---- results ----

/** `{ result: true }` — a write that has nothing else to say. */
export const resultResponseSchema = z.object({ result: z.literal(true) });
/** `{ is_valid, err_list }` — a check whose refusal is an answer, not an error (SPEC §7 password calls). */
export const validResultResponseSchema = z.object({
  is_valid: z.boolean(),
  err_list: z.array(errItemSchema),
});

// ---- auth, session (SPEC §3 Session user) ----

export const sessionUserSchema = z.object({
  name: z.string(),
  login_id: z.string(),
  birthday: ymd.nullable(),
  date_issue_num: ymd.nullable(),
  expiration_date: ymd.nullable(),
  authority: z.union([z.literal(1), z.literal(2)]).nullable(),
  university_id: z.string().nullable(),
  is_admin: z.boolean(),
});
export const sessionInfoSchema = z.object({
  user: sessionUserSchema,
  idle_remaining_sec: z.number().int(),
  idle_timeout_sec: z.number().int(),
  /** the office's phone (OFFICE_PHONE), for the pages that send the student to the office (an expired card) */
  office_phone: z.string(),
  /** the hours that phone is answered (OFFICE_HOURS), said beside it */
  office_hours: z.string(),
});

// ---- common ----

export const codeListResponseSchema = z.array(
  z.object({ d_value: z.string(), d_text: z.string(), is_init: z.boolean() }),
);
export const postcodeResponseSchema = z.object({
  results: z.array(z.object({ prefecture: z.string(), city: z.string(), town: z.string() })),
});
export const healthResponseSchema = z.object({ status: z.string(), database: z.string() });
/** Why a process is not ready: going away, its database silent or failing, or behind the code's migrations. */
export const NOT_READY_REASONS = [
  'shutting_down',
  'database_timeout',
  'database_unreachable',
  'migrations_behind',
] as const;
export const readyResponseSchema = z.union([
  z.object({ status: z.literal('ready') }),
  z.object({ status: z.literal('not_ready'), reason: z.enum(NOT_READY_REASONS) }),
]);

// ---- public my-page forms ----

/** GET /api/mypage/login/isexpire/: `result` true = the link can no longer be used (decision 011). */
export const isExpireResponseSchema = z.object({ result: z.boolean(), is_expire: z.boolean() });
/** `{ is_valid, name, msg }` — a check naming the one field it refused (SPEC §7 passwordsetting, adminuser/password). */
export const passwordCheckResponseSchema = z.object({
  is_valid: z.boolean(),
  name: z.string(),
  msg: z.string(),
});
export const admissionResponseSchema = z.object({ result: z.literal(true), office_phone: z.string() });
