import { type Column, getTableName, type SQL, sql, type Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%value%` for ILIKE with the user's % _ \ taken literally. */
export const likeContains = (value: string) => `%${escapeLike(value)}%`;

/** `value%` (starts with), the user's % _ \ taken literally; an index on the column can serve it. */
export const likePrefix = (value: string) => `${escapeLike(value)}%`;

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

/**
 * A unique index refused the write (SQLSTATE 23505), optionally that one index; the error may be wrapped
 * (Drizzle wraps the driver's, PGlite and node-postgres nest differently), so every `cause` is looked at.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let x: unknown = err; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    const e = x as { code?: unknown; constraint?: unknown };
    if (e.code === '23505' && (constraint === undefined || e.constraint === constraint)) return true;
  }
  return false;
}

/** column = any(array): one parameter however many values (an IN list of 300 000 would pass PostgreSQL's limit). */
export const anyOf = (
  column: AnyPgColumn,
  values: readonly (string | number)[],
  type: 'text' | 'int',
): SQL =>
  type === 'text'
    ? sql`${column} = any(${sql.param(values)}::text[])`
    : sql`${column} = any(${sql.param(values)}::int[])`;

/**
 * A constant as an SQL literal, not a bind parameter (e.g. a code value in a raw fragment): the statement
 * text stays the same for every call and the planner sees the value.
 */
export const sqlLiteral = (value: string): SQL => sql.raw(`'${value.replaceAll("'", "''")}'`);
