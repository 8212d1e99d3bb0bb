import { z } from 'zod';

/** Lets a string field also take a JSON number (12 → '12'), for bodies whose api.ts type allows both. */
export function numberAsString<T extends z.ZodType<string, string | undefined>>(schema: T) {
  return z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
}
