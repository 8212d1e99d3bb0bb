import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Timestamps are timestamptz(3): JavaScript dates carry milliseconds, so the updated_at a client echoes
 * back compares exactly in optimistic locking (ARCHITECTURE.md, "How a request flows" 4).
 */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const timestamps = {
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
};

/** `column gin_trgm_ops` for contains-searches (`ILIKE '%x%'`) that stay indexed. */
export const trgm = (column: { name: string }) => sql.raw(`"${column.name}" gin_trgm_ops`);

/**
 * `manabi_bigrams(column)`: the column's lower-cased character pairs (a function of migration 0007), for a
 * GIN index that serves contains-searches of two characters or more, which a trigram index cannot
 * (decision 020).
 */
export const bigrams = (column: { name: string }) => sql.raw(`manabi_bigrams("${column.name}")`);
