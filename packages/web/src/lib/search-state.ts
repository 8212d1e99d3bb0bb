import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/**
 * The one way a list keeps its search in the URL (documenso: table state in the URL), so reload, 戻る and a
 * shared link show the same results. The URL is read through the list's zod object schema from
 * @manabi/shared (its `xxxQuerySchema`), field by field: a value the schema refuses (a hand-edited date, an
 * overlong keyword, an unknown code) falls back to the field's default instead of failing the whole
 * search, and unknown parameters are ignored.
 */

/** `?tab=` of a detail page whose second tab is a list (routed tabs): '1' or '2', anything else '1'. */
export const detailTabSchema = z.object({ tab: z.enum(['1', '2']).default('1') });

/** A zod object schema of a list's query (only its fields are used: whole-object refinements are not). */
export type SearchSchema = z.ZodObject;

/** A value as a search form hands it over: empty ones ('' / null / undefined / []) stay out of the URL. */
type UrlValue = string | number | boolean | readonly string[] | null | undefined;

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
 * default is a list reads every value of its repeated key (what {@link searchParamsOf} writes).
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

export interface SearchUrlOptions {
  /** Parameters put first whatever the search (e.g. the detail page's `tab`). */
  base?: Record<string, string>;
  /** Parameters copied from the current URL after the search (e.g. the table's page size and sort). */
  keep?: readonly string[];
  /** Fields written even when empty, because '' is a choice that differs from their default (「すべて」). */
  keepEmpty?: readonly string[];
}

/**
 * The URL of a new search (pure): `base`, then the non-empty values (an array repeats its key), then the
 * `keep` parameters of `current`. No page: a new search starts on page 1.
 */
export function searchParamsOf(
  values: Record<string, UrlValue>,
  current: URLSearchParams,
  { base, keep = [], keepEmpty = [] }: SearchUrlOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) next.append(key, item);
    else if (value === '' && keepEmpty.includes(key)) next.set(key, '');
    else if (value !== null && value !== undefined && value !== '') next.set(key, String(value));
  }
  for (const key of keep) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/** A change of some parameters (null removes one), the rest of the URL kept (pure). */
export function patchedParams(
  current: URLSearchParams,
  patch: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * A list's search in the URL, typed by its schema:
 * - `values`: the parsed search (see {@link parseSearch}); `has(key)` tells whether the URL carries it.
 * - `submit(values, options?)`: a new search on page 1 ({@link searchParamsOf}); returns false when the URL
 *   would not change (the same search again), so the caller can read the rows again.
 * - `clear()`: no conditions at all. `goTo(page)`: another page of the same search, from the top.
 * - `patch(changes)`: the table's own state (sort, page size…), replacing the history entry.
 */
export function useSearchState<S extends SearchSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => parseSearch(schema, params), [schema, params]);
  const has = useCallback((key: keyof z.output<S> & string) => params.has(key), [params]);
  const submit = useCallback(
    (next: SearchInput<S>, options?: SearchUrlOptions): boolean => {
      const url = searchParamsOf(next as Record<string, UrlValue>, params, options);
      if (url.toString() === params.toString()) return false;
      setParams(url);
      return true;
    },
    [params, setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  const goTo = useCallback(
    (page: number) => {
      setParams(patchedParams(params, { page: String(page) }));
      window.scrollTo({ top: 0 });
    },
    [params, setParams],
  );
  const patch = useCallback(
    (changes: Record<string, string | null>) =>
      // functional update: several patches in one event all land
      setParams((prev) => patchedParams(prev, changes), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return { values, has, submit, clear, goTo, patch };
}
