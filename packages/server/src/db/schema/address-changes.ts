import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { timestamps, tstz } from './columns';
import { students } from './students';

/**
 * A student's 住所変更の届出 (decision 040): the new address as the student gave it, until the office
 * approves it (status '1': copied onto the student, the only address anything else reads) or returns it
 * (status '2', with a reason the student sees). '0' is pending: at most one per student, which a new
 * request replaces in place.
 */
export const addressChangeRequests = pgTable(
  'address_change_requests',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** '0' pending, '1' approved, '2' returned */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    postcode: varchar('postcode', { length: 8 }).notNull().default(''),
    pref: varchar('pref', { length: 10 }).notNull().default(''),
    streetName1: varchar('street_name1', { length: 30 }).notNull().default(''),
    streetName2: varchar('street_name2', { length: 30 }).notNull().default(''),
    address: varchar('address', { length: 30 }).notNull().default(''),
    streetName3: varchar('street_name3', { length: 60 }).notNull().default(''),
    returnReason: text('return_reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => adminUsers.id),
    decidedAt: tstz('decided_at'),
    ...timestamps,
  },
  (t) => [
    // one pending request per student, enforced by the database as well as by the service
    uniqueIndex('address_change_requests_pending_uq').on(t.studentId).where(sql`${t.status} = '0'`),
    // the office's list of pending requests, oldest first, and its count
    index('address_change_requests_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = '0'`),
    // a student's latest request (the my-page shows it)
    index('address_change_requests_student_idx').on(t.studentId, t.id),
  ],
);
