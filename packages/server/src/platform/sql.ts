import { type Column, getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/** `%value%` for ILIKE with the user's % _ \ taken literally. */
export const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `"table"."column"` always qualified. Drizzle leaves columns unqualified inside `sql` expressions in a
 * single-table select list, where a correlated subquery would then bind them to the inner table.
 */
export const qualified = (table: Table, column: Column): SQL =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
