import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigrams, timestamps, tstz } from './columns';

/**
 * Students, including pending admissions (approval_status CD002: '0' pending, '1' approved, '2' rejected).
 * A pending admission has no login_id or password until the office approves it.
 */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    loginId: varchar('login_id', { length: 8 }).unique(),
    generationId: varchar('generation_id', { length: 4 }),
    name: varchar('name', { length: 30 }).notNull(),
    nameKana: varchar('name_kana', { length: 30 }).notNull().default(''),
    /** name with width and spaces normalised: duplicate detection compares this */
    nameKey: varchar('name_key', { length: 60 }).notNull().default(''),
    /**
     * name and name_kana keyed as the name searches compare them (decision 036): NFKC, no whitespace, and
     * for the reading hiragana folded to katakana. Kept by PostgreSQL from the columns, so no writer can
     * forget them; `manabi_name_key` is the SQL twin of normalizeName, which name_key is made with.
     */
    nameSearch: text('name_search').generatedAlwaysAs(sql.raw('manabi_name_key("name")')),
    nameKanaSearch: text('name_kana_search').generatedAlwaysAs(sql.raw('manabi_kana_key("name_kana")')),
    postcode: varchar('postcode', { length: 8 }).notNull().default(''),
    pref: varchar('pref', { length: 10 }).notNull().default('東京都'),
    /** town (町名) */
    streetName1: varchar('street_name1', { length: 30 }).notNull().default(''),
    /** block (丁目) */
    streetName2: varchar('street_name2', { length: 30 }).notNull().default(''),
    /** number (番地) */
    address: varchar('address', { length: 30 }).notNull().default(''),
    /** building */
    streetName3: varchar('street_name3', { length: 60 }).notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    /** 1 male, 2 female, null unknown */
    gender: smallint('gender'),
    phone1: varchar('phone1', { length: 20 }).notNull().default(''),
    mail1: varchar('mail1', { length: 100 }).notNull().default(''),
    phone2: varchar('phone2', { length: 20 }).notNull().default(''),
    mail2: varchar('mail2', { length: 100 }).notNull().default(''),
    emergencyName: varchar('emergency_name', { length: 30 }).notNull().default(''),
    emergencyRelation: varchar('emergency_relation', { length: 30 }).notNull().default(''),
    emergencyPhone: varchar('emergency_phone', { length: 20 }).notNull().default(''),
    totalUnits: integer('total_units').notNull().default(0),
    filingDate: date('filing_date', { mode: 'string' }),
    isGraduation: boolean('is_graduation').notNull().default(false),
    isRejection: boolean('is_rejection').notNull().default(false),
    isEmail: boolean('is_email').notNull().default(true),
    /** CD009 */
    studentType: varchar('student_type', { length: 2 }).notNull().default('1'),
    /** CD002 */
    approvalStatus: varchar('approval_status', { length: 1 }).notNull().default('0'),
    /** student ID card issue date */
    dateIssue: date('date_issue', { mode: 'string' }),
    remarks: text('remarks').notNull().default(''),
    /** attends the admission briefing */
    isAttendance: boolean('is_attendance'),
    passwordHash: text('password_hash'),
    /**
     * The address the mail server refused outright (a hard bounce, decision 065), when and why. The student is
     * 「メールが届きません」 while it is still their mail1: changing the address clears it, whoever changes it.
     */
    mailBouncedAddress: varchar('mail_bounced_address', { length: 100 }).notNull().default(''),
    mailBouncedAt: tstz('mail_bounced_at'),
    mailBounceReason: varchar('mail_bounce_reason', { length: 300 }).notNull().default(''),
    contactsUpdatedAt1: tstz('contacts_updated_at1').notNull().defaultNow(),
    contactsUpdatedAt2: tstz('contacts_updated_at2').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    // contains-searches of two characters or more (decisions 020, 036): the character pairs of the keyed name
    index('students_name_search_bigram_idx').using('gin', bigrams(t.nameSearch)),
    index('students_name_kana_search_bigram_idx').using('gin', bigrams(t.nameKanaSearch)),
    index('students_name_key_idx').on(t.nameKey),
    index('students_pending_idx').on(t.createdAt).where(sql`${t.approvalStatus} <> '1'`),
    // each sort order of the admin list, ties broken by id (decision 020): read forwards for ASC (empty
    // values last) and backwards for DESC; a nullable column's DESC NULLS LAST reads its filled values
    // backwards, then its empty ones. login_id is its unique index; street_name1 is the duplicate index's.
    index('students_name_sort_idx').on(t.name, t.id),
    index('students_name_kana_sort_idx').on(t.nameKana, t.id),
    index('students_approval_status_sort_idx').on(t.approvalStatus, t.id),
    index('students_student_type_sort_idx').on(t.studentType, t.id),
    index('students_generation_sort_idx').on(t.generationId, t.id),
    index('students_birthday_sort_idx').on(t.birthday, t.id),
    index('students_filing_date_sort_idx').on(t.filingDate, t.id),
    // an applicant list's look-up of each application's student by id, answered from the index alone (no
    // visit to the row): the columns that list sorts and filters by (decision 020)
    index('students_roster_idx').on(t.id, t.loginId, t.name, t.nameKana),
    // the contact list's students to reach by other means (decision 065): few rows each
    index('students_mail_bounced_idx').on(t.id).where(sql`${t.mailBouncedAddress} <> ''`),
    index('students_no_mail_idx').on(t.id).where(sql`(NOT ${t.isEmail} OR ${t.mail1} = '')`),
    // the duplicate screen's town groups: listed in login_id order, counted from the index alone
    index('students_town_duplicate_idx').on(t.streetName1, t.loginId, t.id, t.nameKey, t.birthday),
  ],
);

/**
 * How many students have each approval status and type, kept exact by statement triggers on students
 * (migration 0007, decision 020): the admin list's total without a text search is a sum of these rows
 * instead of a count over the whole roll.
 */
export const studentCounts = pgTable(
  'student_counts',
  {
    approvalStatus: varchar('approval_status', { length: 1 }).notNull(),
    studentType: varchar('student_type', { length: 2 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.approvalStatus, t.studentType] })],
);
