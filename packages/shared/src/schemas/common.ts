/** GET /api/common/codemasterlist/ (SPEC §7 Shared). */
import { z } from 'zod';
import { CODE_LIST_IDS } from '../codes';
import { MSG } from '../validation/messages';

export const codeMasterQuerySchema = z.object({
  code: z.enum(CODE_LIST_IDS, { error: MSG.invalidValue }),
});

/** One field's message in a refused input (SPEC §5 messages, Japanese). */
export const errItemSchema = z.object({ name: z.string(), msg: z.string() });

/**
 * The body of every non-2xx answer (decision 012): `message` is Japanese and safe to show; a refused input
 * adds `is_valid: false` and the field messages.
 */
export const errorBodySchema = z
  .object({
    code: z.enum([
      'VALIDATION',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'LOCKED',
      'RATE_LIMITED',
      'INTERNAL',
    ]),
    message: z.string(),
    is_valid: z.literal(false).optional(),
    err_list: z.array(errItemSchema).optional(),
    /** the CSV uploads' refusal, as SPEC §7 writes it (`result: false`, `msg` for the file field) */
    result: z.literal(false).optional(),
    msg: z.string().optional(),
    /** a refusal that asks the caller to phone the office (a withdrawn student's login): its number */
    office_phone: z.string().optional(),
  })
  .meta({ id: 'Error', description: 'エラーの本文。message は画面にそのまま出せる日本語' });
export type ErrorBody = z.output<typeof errorBodySchema>;
export type ErrItem = z.output<typeof errItemSchema>;
