/** GET /api/common/codemasterlist/ (SPEC §7 Shared). */
import { z } from 'zod';
import { CODE_LIST_IDS } from '../codes';
import { MSG } from '../validation/messages';

export const codeMasterQuerySchema = z.object({
  code: z.enum(CODE_LIST_IDS, { error: MSG.invalidValue }),
});
