import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { timestamps, trgm, tstz } from './columns';
import { courseApplications, courses } from './courses';
import { students } from './students';

export const noticeCategories = pgTable(
  'notice_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    sortNumber: integer('sort_number').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('notice_categories_sort_idx').on(t.sortNumber, t.id)],
);

/**
 * Notices. Audience by published_to (CD008): 1 everyone, 2 one generation (generation_id),
 * 3 the applicants of one course (course_id), optionally only those with lottery_status; 4 one student
 * (student_id: the system's personal notices, never written by the notice form).
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => noticeCategories.id),
    title: varchar('title', { length: 120 }).notNull(),
    content: text('content').notNull(),
    referenceUrl1: varchar('reference_url1', { length: 250 }).notNull().default(''),
    referenceUrl2: varchar('reference_url2', { length: 250 }).notNull().default(''),
    referenceUrl3: varchar('reference_url3', { length: 250 }).notNull().default(''),
    remarks: varchar('remarks', { length: 250 }).notNull().default(''),
    periodFrom: tstz('period_from'),
    periodTo: tstz('period_to'),
    /** CD007: '1' published, '2' not */
    isControl: varchar('is_control', { length: 1 }).notNull().default('1'),
    publishedTo: smallint('published_to').notNull().default(1),
    generationId: varchar('generation_id', { length: 4 }),
    courseId: integer('course_id').references(() => courses.id),
    lotteryStatus: varchar('lottery_status', { length: 1 }),
    isEmail: boolean('is_email').notNull().default(false),
    emailTitle: varchar('email_title', { length: 30 }).notNull().default(''),
    /**
     * 「重要」 (decision 065): the my-page marks it, and the office follows who has read it, whom its mail
     * reached and whom to post it to, as for a personal result.
     */
    isImportant: boolean('is_important').notNull().default(false),
    createdBy: integer('created_by').references(() => adminUsers.id),
    /** published_to 4: a personal notice to this one student (the intake cycle's results, decision 015) */
    studentId: integer('student_id').references(() => students.id),
    /**
     * The application a personal result is about (a draw's result, a promotion, a lapse; decision 065): how
     * the office sees whether the student has read it, and the letter printed for it.
     */
    applicationId: integer('application_id').references(() => courseApplications.id),
    /** what made a system notice ('lottery:{run}:{application}', ...): unique, so it is made once */
    sourceKey: varchar('source_key', { length: 60 }).unique(),
    ...timestamps,
  },
  (t) => [
    index('notices_visible_idx').on(t.publishedTo, t.periodFrom).where(sql`${t.isControl} = '1'`),
    index('notices_generation_idx').on(t.generationId),
    index('notices_course_idx').on(t.courseId),
    index('notices_title_trgm_idx').using('gin', trgm(t.title)),
    index('notices_category_idx').on(t.categoryId),
    index('notices_student_idx').on(t.studentId).where(sql`${t.studentId} IS NOT NULL`),
    index('notices_application_idx').on(t.applicationId, t.id).where(sql`${t.applicationId} IS NOT NULL`),
    // the work list's important notices still in their period: few, newest first
    index('notices_important_idx').on(t.id).where(sql`${t.isImportant}`),
  ],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    readAt: tstz('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.noticeId] }),
    index('notice_reads_notice_idx').on(t.noticeId),
  ],
);

/**
 * Who was mailed a notice (decision 008): a notice's mail is queued at most once per student, whatever
 * later saves of the notice do. Written in the transaction that queues the mail.
 */
export const noticeMails = pgTable(
  'notice_mails',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    queuedAt: tstz('queued_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.studentId] })],
);

/**
 * A notice printed and posted to a student (decision 065): who printed it and when, so the contact list knows
 * the letter went.
 */
export const noticeLetters = pgTable(
  'notice_letters',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    printedAt: tstz('printed_at').notNull().defaultNow(),
    printedBy: integer('printed_by').references(() => adminUsers.id),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.studentId] })],
);

/**
 * A telephone call to a student (電話連絡の記録, decision 065): who called, when, how it went and a note. Part of
 * the student's record; the call list shows the newest.
 */
export const studentCalls = pgTable(
  'student_calls',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => adminUsers.id),
    courseId: integer('course_id').references(() => courses.id),
    /** CALL_OUTCOMES: '1' 本人と話した, '2' 不在, '3' 伝言, '4' 番号違い */
    outcome: varchar('outcome', { length: 1 }).notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    calledAt: tstz('called_at').notNull().defaultNow(),
  },
  (t) => [index('student_calls_student_idx').on(t.studentId, t.calledAt, t.id)],
);
