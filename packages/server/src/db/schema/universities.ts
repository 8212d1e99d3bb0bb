import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Partner universities / implementing organisations; an authority-2 admin is tied to one. */
export const universities = pgTable('universities', {
  id: varchar('id', { length: 30 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  ...timestamps,
});
