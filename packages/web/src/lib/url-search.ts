import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search kept in the URL, read by any reader of the URL's parameters: the zod schemas' (search-state.ts)
 * or a plain one where a page's first paint must not wait for zod (decision 068). Nothing here imports zod.
 */

/** A value as a search form hands it over: empty ones ('' / null / undefined / []) stay out of the URL. */
export type UrlValue = string | number | boolean | readonly string[] | null | undefined;

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
 * A list's search in the URL, as `read` makes it of the parameters:
 * - `values`: the search read; `has(key)` tells whether the URL carries it.
 * - `submit(values, options?)`: a new search on page 1 ({@link searchParamsOf}); returns false when the URL
 *   would not change (the same search again), so the caller can read the rows again.
 * - `clear()`: no conditions at all. `goTo(page)`: another page of the same search, from the top.
 * - `patch(changes)`: the table's own state (sort, page size…), replacing the history entry.
 * `read` must be stable (a module function, or memoised): the values are read again when it changes.
 */
export function useUrlSearch<V extends object, I = { [K in keyof V]?: UrlValue }>(
  read: (params: URLSearchParams) => V,
) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => read(params), [read, params]);
  const has = useCallback((key: keyof V & string) => params.has(key), [params]);
  const submit = useCallback(
    (next: I, options?: SearchUrlOptions): boolean => {
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
