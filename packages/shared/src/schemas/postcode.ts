/** GET /api/common/postcode/{code} (SPEC §5 "Postcode", §7 Shared): offline Japan postal-code lookup. */
import { z } from 'zod';
import { MSG } from '../validation/messages';

/** The path parameter: exactly 7 half-width digits (the screens send the code without its hyphen). */
export const postcodeParamsSchema = z.object({
  code: z.string().regex(/^\d{7}$/, { error: MSG.postcode }),
});

/** One town of a postal code; several towns can share a code. `town` is '' for a city-wide code. */
export interface PostcodeAddress {
  prefecture: string;
  city: string;
  town: string;
}

/** The answer: at least one address (an unknown code is 404). */
export interface PostcodeResult {
  results: PostcodeAddress[];
}
