import { useCallback } from 'react';
import { z } from 'zod';
import { type UrlValue, useUrlSearch } from './url-search';

/**
 * The one way a list keeps its search in the URL (documenso: table state in the URL), so reload, 戻る and a
 * shared link show the same results. The URL is read through the list's zod object schema from
 * @manabi/shared (its `xxxQuerySchema`), field by field: a value the schema refuses (a hand-edited date, an
 * overlong keyword, an unknown code) falls back to the field's default instead of failing the whole
 * search, and unknown parameters are ignored.
 */

/** `?tab=` of a detail page whose second tab is a list (routed tabs): '1' or '2', anything else '1'. */
export const detailTabSchema = z.object({ tab: z.enum(['1', '2', '3']).default('1') });

/** A zod object schema of a list's query (only its fields are used: whole-object refinements are not). */
export type SearchSchema = z.ZodObject;

/** The conditions of a new search of `S` (any of its fields). */
export type SearchInput<S extends SearchSchema> = { [K in keyof z.output<S>]?: UrlValue };

/** The schema's default of a field: what it makes of a missing parameter ('' when it refuses that too). */
function fallbackOf(field: z.ZodType): unknown {
  const missing = field.safeParse(undefined);
  if (missing.success) return missing.data;
  const empty = field.safeParse('');
  return empty.success ? empty.data : undefined;
}

/**
 * The search in `params`, every field parsed by the schema or set to its default (pure). A field whose
 * default is a list reads every value of its repeated key (what url-search's searchParamsOf writes).
 */
export function parseSearch<S extends SearchSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const fallback = fallbackOf(field);
    const raw = Array.isArray(fallback) ? params.getAll(key) : params.get(key);
    const parsed = raw === null || (Array.isArray(raw) && raw.length === 0) ? null : field.safeParse(raw);
    values[key] = parsed?.success ? parsed.data : fallback;
  }
  return values as z.output<S>;
}

/**
 * A list's search in the URL, typed by its schema ({@link useUrlSearch} with {@link parseSearch}): `values`,
 * `has`, `submit`, `clear`, `goTo`, `patch`.
 */
export function useSearchState<S extends SearchSchema>(schema: S) {
  const read = useCallback((params: URLSearchParams) => parseSearch(schema, params), [schema]);
  return useUrlSearch<z.output<S>, SearchInput<S>>(read);
}
