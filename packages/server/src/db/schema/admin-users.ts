import { boolean, index, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps, trgm } from './columns';
import { universities } from './universities';

export const adminUsers = pgTable(
  'admin_users',
  {
    id: serial('id').primaryKey(),
    loginId: varchar('login_id', { length: 10 }).notNull().unique(),
    name: varchar('name', { length: 30 }).notNull(),
    email: varchar('email', { length: 100 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** CD001: 1 full, 2 restricted to universityId */
    authority: smallint('authority').notNull(),
    universityId: varchar('university_id', { length: 30 }).references(() => universities.id),
    /** login refused */
    isRejection: boolean('is_rejection').notNull().default(false),
    /** send registration/change mail */
    isEmail: boolean('is_email').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('admin_users_name_idx').on(t.name),
    // the list's name search is a contains-search: ILIKE '%x%' stays indexed
    index('admin_users_name_trgm_idx').using('gin', trgm(t.name)),
  ],
);
