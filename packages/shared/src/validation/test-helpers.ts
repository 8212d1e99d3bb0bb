import type { z } from 'zod';

/** Messages of a failed parse ([] on success), for compact assertions. */
export function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

/** Issues as [path, message]. */
export function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** The parsed value; throws with the messages when the parse fails. */
export function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(r.error.issues.map((i) => i.message).join(' / '));
  return r.data;
}
