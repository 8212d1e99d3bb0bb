import { type Column, getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/** `%value%` for ILIKE with the user's % _ \ taken literally. */
export const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `"table"."column"` always qualified. Drizzle leaves columns unqualified inside `sql` expressions in a
 * single-table select list, where a correlated subquery would then bind them to the inner table.
 */
export const qualified = (table: Table, column: Column): SQL =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

/** One page and the whole count through a window; a page past the end answers the last page. */
export async function paged<R extends { total: number }>(
  page: number,
  size: number,
  fetch: (limit: number, offset: number) => Promise<R[]>,
): Promise<{ rows: R[]; total: number; page: number }> {
  let rows = await fetch(size, (page - 1) * size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // past the end: the count from page 1, then the last page
    const first = await fetch(1, 0);
    total = first[0]?.total ?? 0;
    page = Math.max(1, Math.ceil(total / size));
    rows = total > 0 ? await fetch(size, (page - 1) * size) : [];
  }
  return { rows, total, page };
}
