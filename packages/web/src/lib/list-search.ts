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
