/** Search conditions and paging of the server-paged admin lists (students, notices, publishers). */

/** Conditions keyed by field, every value a string ('' = not given). */
export type SearchOf<F extends string> = Record<F, string>;

export const emptySearchOf = <F extends string>(fields: readonly F[]): SearchOf<F> =>
  Object.fromEntries(fields.map((f) => [f, ''])) as SearchOf<F>;

/** The conditions as the URL carries them. */
export function searchFromUrl<F extends string>(fields: readonly F[], params: URLSearchParams): SearchOf<F> {
  const search = emptySearchOf(fields);
  for (const key of fields) search[key] = params.get(key) ?? '';
  return search;
}

/** Page, page size and sort of a server-paged list (DataTable's state). */
export interface ListPage {
  page: number;
  size: number;
  sort: string | null;
  dir: 'asc' | 'desc';
}

/** The paging part of a list call's query string (no dir without a sort). */
export const pageQuery = (p: ListPage) => ({
  page: p.page,
  size: p.size,
  sort: p.sort ?? '',
  dir: p.sort ? p.dir : '',
});

/** A DataTable's state (useTableUrlState) as a list call's paging. */
export const listPageOf = (table: {
  page: number;
  pageSize: number;
  sortKey: string | null;
  sortDir: 'asc' | 'desc';
}): ListPage => ({ page: table.page, size: table.pageSize, sort: table.sortKey, dir: table.sortDir });

/**
 * The URL of a new search: `base` first (e.g. the detail page's tab), the conditions given (empty ones
 * left out), then the table's page size and sort kept from `current` — no page, so it starts on page 1.
 * `tablePrefix` names the table's parameters as useTableUrlState({ prefix }) does.
 */
export function searchParamsFor<F extends string>(
  fields: readonly F[],
  values: Partial<Record<F, unknown>>,
  current: URLSearchParams,
  { tablePrefix, base }: { tablePrefix?: string; base?: Record<string, string> } = {},
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of fields) {
    const value = String(values[key] ?? '');
    if (value) next.set(key, value);
  }
  for (const key of ['size', 'sort', 'dir']) {
    const name = tablePrefix ? `${tablePrefix}_${key}` : key;
    const value = current.get(name);
    if (value) next.set(name, value);
  }
  return next;
}
