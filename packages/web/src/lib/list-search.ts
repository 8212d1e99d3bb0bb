/**
 * Paging of the server-paged admin lists (students, notices, publishers). Their search conditions live in
 * the URL through lib/search-state.ts.
 */

/** Page, page size and sort of a server-paged list (DataTable's state). */
export interface ListPage {
  page: number;
  size: number;
  sort: string | null;
  dir: 'asc' | 'desc';
}

/** The sort part of a list call's or its CSV's query string (no dir without a sort). */
export const sortQuery = (p: Pick<ListPage, 'sort' | 'dir'>) => ({
  sort: p.sort ?? '',
  dir: p.sort ? p.dir : ('' as const),
});

/** The paging part of a list call's query string. */
export const pageQuery = <Sort extends string = string>(p: ListPage) => ({
  page: p.page,
  size: p.size,
  ...sortQuery(p),
  // a table sorts only by the columns its list call names (the server refuses any other key)
  sort: (p.sort ?? '') as Sort | '',
});

/** A DataTable's state (useTableUrlState) as a list call's paging. */
export const listPageOf = (table: {
  page: number;
  pageSize: number;
  sortKey: string | null;
  sortDir: 'asc' | 'desc';
}): ListPage => ({ page: table.page, size: table.pageSize, sort: table.sortKey, dir: table.sortDir });
