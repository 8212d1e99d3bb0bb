/**
 * The intake cycle's calls (docs/decisions/015-intake-cycle.md): the course's intake settings,
 * the lottery records and their re-verification, promotion by hand, and the student's confirm / decline.
 */
import { z } from 'zod';
import { LOTTERY_TIERS } from '../domain/intake';
import { MSG } from '../validation/messages';
import { dateYmd, recordId, timestamp } from '../validation/rules';
import { intakeOptionFields } from './applicant';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');
const flag = () => z.enum(['0', '1', ''], { error: MSG.invalidChoice }).prefault('');

// ---- admin: settings ----
export const intakeQuerySchema = z.object({ id: recordId() });

/** The settings form: the draw's options, automatic promotion and its last day. */
export const intakeFormSchema = z.object({
  ...intakeOptionFields(),
  /** '1': a freed seat goes to the top 補欠 by itself */
  auto_promote: flag(),
  /** the last Tokyo day of automatic promotion (e.g. the first class); '' = no end */
  promote_until: dateYmd(),
});
export type IntakeForm = z.output<typeof intakeFormSchema>;

export const intakeUpdateBodySchema = intakeFormSchema.extend({
  course_id: recordId(),
  /** the settings' updated_at as read ('' when the course had none yet) */
  updated_at: timestamp({ emptyMeansNone: true }),
});
export type IntakeUpdateInput = z.output<typeof intakeUpdateBodySchema>;

/** Counts of a course's applications by where they stand in the cycle. */
export const intakeCountsSchema = z.object({
  applied: z.number().int(),
  pending: z.number().int(),
  won: z.number().int(),
  confirmed: z.number().int(),
  waiting: z.number().int(),
  declined: z.number().int(),
  lost: z.number().int(),
  cancelled: z.number().int(),
});

export const intakeResponseSchema = z.object({
  course_id: id,
  is_lottery: z.boolean(),
  waitlist: z.enum(['0', '1']),
  confirm_days: z.string(),
  auto_promote: z.enum(['0', '1']),
  promote_until: z.string(),
  tiers: z.array(z.enum(LOTTERY_TIERS)),
  /** seats a freed place is refilled up to (the last draw's winners), null before any draw */
  seats: z.number().int().nullable(),
  /** '' when the course has no settings row yet */
  updated_at: z.string(),
  counts: intakeCountsSchema,
});

// ---- admin: lottery records ----
export const lotteryRunListQuerySchema = z.object({ id: recordId() });
export const lotteryRunQuerySchema = z.object({ id: recordId() });

const runSummary = {
  id,
  course_id: id,
  drawn_at: iso,
  admin_name: z.string(),
  win_num: z.number().int(),
  waitlist: z.boolean(),
  confirm_days: z.number().int().nullable(),
  tiers: z.array(z.string()),
  pool_size: z.number().int(),
  win_count: z.number().int(),
  wait_count: z.number().int(),
  lose_count: z.number().int(),
  /** why authority 1 drew while the application period was open; null for a draw after it */
  override_reason: z.string().nullable(),
};
/**
 * A promotion (繰り上げ) of one of the draw's 補欠 (decision 086): no draw of its own, it is listed under the
 * draw it came from. Not part of the record `npm run lottery:verify` reads.
 */
const runPromotion = z.object({
  application_id: id,
  /** the place this draw gave (補欠n番) */
  drawn_rank: z.number().int().nullable(),
  /** the place it had moved up to when promoted */
  waitlist_rank: z.number().int().nullable(),
  promoted_at: iso,
  /** 'office': by hand on the applicant tab; 'auto': a seat freed by a cancel, a decline or a lapse */
  by: z.enum(['office', 'auto']),
  /** the admin who promoted by hand, else '' */
  admin_name: z.string(),
});
export const lotteryRunListResponseSchema = z.object({
  data_list: z.array(z.object({ ...runSummary, promotions: z.array(runPromotion) })),
});

/** The record as downloaded: what `npm run lottery:verify` reads. */
export const lotteryRecordSchema = z.object({
  ...runSummary,
  course_name: z.string(),
  algorithm: z.string(),
  rank_offset: z.number().int(),
  pool_hash: z.string(),
  seed_hash: z.string(),
  seed: z.string(),
  entries: z.array(
    z.object({
      application_id: id,
      tier: z.number().int(),
      key: z.string(),
      place: z.number().int(),
      outcome: z.enum(['2', '3', '5']),
      waitlist_rank: z.number().int().nullable(),
    }),
  ),
});

export const lotteryVerifyResponseSchema = z.object({
  match: z.boolean(),
  checks: z.array(z.object({ name: z.string(), label: z.string(), ok: z.boolean() })),
});

// ---- admin: promotion by hand ----
export const promoteBodySchema = z.object({
  course_id: recordId(),
  user_id: recordId(),
  updated_at: timestamp(),
});

// ---- my-page: confirm or decline a seat ----
export const seatDecisionBodySchema = z.object({
  course_id: recordId(),
  /** the application's updated_at as shown */
  updated_at: timestamp(),
});
export type SeatDecisionInput = z.output<typeof seatDecisionBodySchema>;

export const INTAKE_MSG = {
  notWaitlisted: 'この方は補欠ではないため、繰り上げできません',
  noSeat: '定員に達しているため、繰り上げできません',
  nothingToConfirm: '確定が必要な当選ではありません',
  notAWinner: '当選している講座ではないため、辞退できません',
} as const;
