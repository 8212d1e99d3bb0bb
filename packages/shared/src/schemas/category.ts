/** Notice categories (SPEC §5 Category: name required max 30; sort_number required, max 5 digits, 0 or more). */
import { z } from 'zod';
import { recordId, text, timestamp, zeroOrPositiveInt } from '../validation/rules';

export const CATEGORY_NAME_MAX = 30;
export const SORT_NUMBER_MAX_DIGITS = 5;
export const CATEGORY_SEARCH_NAME_MAX = 100;

export const categoryFormSchema = z.object({
  category_name: text({ required: true, max: CATEGORY_NAME_MAX }),
  sort_number: zeroOrPositiveInt({ required: true, maxDigits: SORT_NUMBER_MAX_DIGITS }),
});
export type CategoryForm = z.infer<typeof categoryFormSchema>;

/** The form's fields (a JSON number in sort_number is read as its digits: validation/json-input.ts). */
export const categoryAddBodySchema = categoryFormSchema;

export const categoryUpdateBodySchema = categoryAddBodySchema.extend({
  id: recordId(),
  updated_at: timestamp(),
});

export const categoryListQuerySchema = z.object({
  category_name: text({ max: CATEGORY_SEARCH_NAME_MAX }),
});

export const categoryDetailQuerySchema = z.object({ id: recordId() });
