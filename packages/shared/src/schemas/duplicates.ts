/**
 * Likely duplicates, scored (decision 069): one student's candidates, the whole roster's pairs, the office's
 * 「別人」 and the roster scan. Beyond SPEC §7, whose seven exact groups (student/duplicate/) stay as they are.
 */
import { z } from 'zod';
import { MATCH_REASON_CODES, type MatchReason } from '../domain/person-match';
import { MSG } from '../validation/messages';
import { positiveInt, recordId } from '../validation/rules';

const id = z.number().int();
const iso = z.string().describe('ISO 8601 (UTC)');
const ymd = z.string().describe('YYYY-MM-DD');

export const DUPLICATE_PAGE_SIZES = ['10', '50', '100'] as const;
/** One student's candidates listed: the best first. */
export const CANDIDATES_LIMIT = 20;

export const DUPLICATE_MSG = {
  samePerson: '同じ学生どうしは比べられません',
  scanRequested: '重複の確認を始めました。数分で一覧が新しくなります。',
} as const;

/** GET /api/admin/student/duplicate/candidates/ */
export const candidatesQuerySchema = z.object({ user_id: recordId() });

/** GET /api/admin/student/duplicate/pairs/ */
export const duplicatePairsQuerySchema = z.object({
  page: positiveInt({ maxDigits: 5 }).transform((v) => Number(v || '1')),
  size: z
    .enum(['', ...DUPLICATE_PAGE_SIZES], { error: MSG.invalidChoice })
    .prefault('')
    .transform((v) => Number(v || '50')),
});
export type DuplicatePairsQuery = z.output<typeof duplicatePairsQuerySchema>;

/** POST /api/admin/student/duplicate/dismiss/: the office has looked, and they are two people. */
export const dismissPairBodySchema = z
  .object({ user_id: recordId(), other_id: recordId() })
  .refine((b) => b.user_id !== b.other_id, { error: DUPLICATE_MSG.samePerson, path: ['other_id'] });

const reasons = z.array(z.enum(MATCH_REASON_CODES as [MatchReason, ...MatchReason[]]));

/** A student as a pair shows them: enough to tell two people apart at a glance. */
export const matchStudentSchema = z.object({
  user_id: id,
  login_id: z.string().nullable(),
  name: z.string(),
  name_kana: z.string(),
  birthday: ymd.nullable(),
  street_name1: z.string(),
  approval_status: z.string(),
  created_at: iso,
});
export type MatchStudent = z.output<typeof matchStudentSchema>;

export const candidateSchema = matchStudentSchema.extend({
  score: id,
  reasons,
  /** 「氏名（異体字）・生年月日一致」: the reasons in words */
  reason_text: z.string(),
  /** the office has said these two are different people */
  dismissed: z.boolean(),
});
export type Candidate = z.output<typeof candidateSchema>;

export const candidatesResponseSchema = z.object({
  user_data: matchStudentSchema,
  /** the likely duplicates, best first (at most CANDIDATES_LIMIT) */
  candidates: z.array(candidateSchema),
});
export type Candidates = z.output<typeof candidatesResponseSchema>;

export const duplicateScanSchema = z.object({
  /** when the last roster scan finished (null: never yet) */
  finished_at: iso.nullable(),
  /** a scan is asked for or under way */
  pending: z.boolean(),
  /** pairs of records the last scan compared */
  compared: id,
});

export const duplicatePairSchema = z.object({
  a: matchStudentSchema,
  b: matchStudentSchema,
  score: id,
  reasons,
  reason_text: z.string(),
  found_at: iso,
});
export type DuplicatePair = z.output<typeof duplicatePairSchema>;

export const duplicatePairsResponseSchema = z.object({
  total: id,
  page: id,
  size: id,
  scan: duplicateScanSchema,
  data_list: z.array(duplicatePairSchema),
});
export type DuplicatePairs = z.output<typeof duplicatePairsResponseSchema>;

export const duplicateScanResponseSchema = duplicateScanSchema.extend({ msg: z.string() });
