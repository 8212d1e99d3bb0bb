import { sql } from 'drizzle-orm';
import { check, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Partner universities / implementing organisations; an authority-2 admin is tied to one. '*' is not an id:
 * the statistics tables key the whole programme by it (decision 063).
 */
export const universities = pgTable(
  'universities',
  {
    id: varchar('id', { length: 30 }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    ...timestamps,
  },
  (t) => [check('universities_id_not_all', sql`${t.id} <> '*'`)],
);
