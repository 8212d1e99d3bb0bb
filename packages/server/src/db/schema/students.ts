import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigrams, timestamps, tstz } from './columns';

/**
 * Students, including pending admissions (approval_status CD002: '0' pending, '1' approved, '2' rejected,
 * '3' merged into another record, '4' withdrawn).
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
    /**
     * name folded as the duplicate scoring folds it (decision 088): name_search with its 異体字 (髙→高, 齋→斎,
     * 𠮷→吉 …) and variation selectors folded, so that every name search finds 髙橋 for 高橋. name_search is
     * no longer read (kept while the release before this one may still be serving).
     */
    nameFold: text('name_fold').generatedAlwaysAs(sql.raw('manabi_name_fold("name")')),
    /**
     * The keys the same person entered twice is found by (decision 069): folded name and reading, phones'
     * digits, mail addresses. `manabi_match_keys` is the SQL twin of matchKeys (shared/domain/person-match).
     */
    matchKeys: text('match_keys')
      .array()
      .generatedAlwaysAs(
        sql.raw('manabi_match_keys("name", "name_kana", "phone1", "phone2", "mail1", "mail2")'),
      ),
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
    /**
     * The record this one was merged into (decision 071): set with approval_status '3' 統合済み; this record
     * then logs nobody in and is listed nowhere, and an undo of the merge clears it.
     */
    mergedInto: integer('merged_into').references((): AnyPgColumn => students.id),
    /**
     * When the student's participation ended (decision 072): set with approval_status '4' 退会, by the office
     * or by the student on the my-page. The record then logs nobody in and follows the retention rule.
     */
    withdrawnAt: tstz('withdrawn_at'),
    /** the office's words on why (optional; the student's own withdrawal gives none), cleared with the rest */
    withdrawalReason: varchar('withdrawal_reason', { length: 200 }).notNull().default(''),
    /**
     * When the retention job (or the office's 「今すぐ実行」) replaced this record's personal data (decision
     * 072): names, contacts, address below the town, birthday to its school year, remarks. Never undone.
     */
    anonymizedAt: tstz('anonymized_at'),
    contactsUpdatedAt1: tstz('contacts_updated_at1').notNull().defaultNow(),
    contactsUpdatedAt2: tstz('contacts_updated_at2').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    // contains-searches of two characters or more (decisions 020, 036, 088): the character pairs of the folded name
    index('students_name_fold_bigram_idx').using('gin', bigrams(t.nameFold)),
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
    // a student's likely duplicates: the records sharing one of its match keys. Without the pending list
    // (fastupdate off): a 10,000-row upload left there made every look-up read it whole (4 ms instead of
    // 0.02), and the roster scan does 100,000 of them; a student write updates the index at once instead
    index('students_match_keys_idx').using('gin', t.matchKeys).with({ fastupdate: false }),
    // the retention rule's candidates (decision 072): the few records whose participation ended and whose
    // personal data is still held
    index('students_retention_idx')
      .on(t.approvalStatus, t.id)
      .where(
        sql`${t.anonymizedAt} IS NULL AND (${t.approvalStatus} IN ('2', '3', '4') OR ${t.isGraduation})`,
      ),
  ],
);

/**
 * The roster's likely duplicate pairs (decision 069), as the last scan scored them: student_a < student_b,
 * listed newest first (by the newer record). `scan` is the scan that last found the pair; one that no
 * longer scores is deleted by the scan that no longer finds it.
 */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    studentA: integer('student_a')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    studentB: integer('student_b')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    reasons: text('reasons').array().notNull(),
    foundAt: tstz('found_at').notNull().defaultNow(),
    scan: integer('scan').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentA, t.studentB] }),
    index('duplicate_pairs_newest_idx').on(t.studentB, t.studentA),
    index('duplicate_pairs_a_idx').on(t.studentA),
  ],
);

/** Pairs the office has looked at and found to be two people (「別人」): never listed again. */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    studentA: integer('student_a')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    studentB: integer('student_b')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentA, t.studentB] })],
);

/**
 * The roster scan's one row (id 1): when the office last asked for one, when the running one started (a
 * process claims it by setting started_at, so two processes never scan at once) and what the last found.
 */
export const duplicateScan = pgTable('duplicate_scan', {
  id: integer('id').primaryKey(),
  scan: integer('scan').notNull().default(0),
  requestedAt: tstz('requested_at'),
  startedAt: tstz('started_at'),
  finishedAt: tstz('finished_at'),
  pairs: integer('pairs').notNull().default(0),
  compared: integer('compared').notNull().default(0),
});

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

/**
 * A merge of one student record into another (decision 071): who, when, and everything an undo needs —
 * both records as they were, the rows moved, removed or cancelled, and the stamps the moved rows had after
 * the merge (an undo refuses once any has changed). Kept after an undo, marked undone.
 */
export const studentMerges = pgTable(
  'student_merges',
  {
    id: serial('id').primaryKey(),
    keptId: integer('kept_id')
      .notNull()
      .references(() => students.id),
    mergedId: integer('merged_id')
      .notNull()
      .references(() => students.id),
    adminId: integer('admin_id'),
    mergedAt: tstz('merged_at').notNull().defaultNow(),
    record: jsonb('record').notNull(),
    undoneAt: tstz('undone_at'),
    undoneBy: integer('undone_by'),
  },
  (t) => [index('student_merges_kept_idx').on(t.keptId), index('student_merges_merged_idx').on(t.mergedId)],
);

/**
 * How long the personal data of a student whose participation ended is kept (decision 072): one row, id 1.
 * Years after the reference date of each kind (withdrawn, graduated, rejected, merged). `auto` lets the
 * monthly job anonymise those past it; `run_started_at` / `last_run_at` are its claim and its record, so one
 * process of several runs a month's round.
 */
export const retentionPolicy = pgTable('retention_policy', {
  id: smallint('id').primaryKey(),
  withdrawnYears: smallint('withdrawn_years').notNull().default(5),
  graduatedYears: smallint('graduated_years').notNull().default(5),
  rejectedYears: smallint('rejected_years').notNull().default(1),
  mergedYears: smallint('merged_years').notNull().default(1),
  auto: boolean('auto').notNull().default(true),
  runStartedAt: tstz('run_started_at'),
  lastRunAt: tstz('last_run_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
