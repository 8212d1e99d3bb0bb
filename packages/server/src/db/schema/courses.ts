import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { timestamps, trgm, tstz } from './columns';
import { students } from './students';
import { universities } from './universities';

export const courseCategories = pgTable('course_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull().unique(),
  sortNumber: integer('sort_number').notNull().default(0),
  ...timestamps,
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    /** the office's own course code (SPEC §3 course_id), unique when given */
    code: varchar('code', { length: 10 }).unique(),
    name: varchar('name', { length: 100 }).notNull(),
    /** plain text; any HTML is stripped on the way in */
    content: text('content').notNull().default(''),
    /** implementing body as shown to students */
    organ: varchar('organ', { length: 100 }).notNull().default(''),
    universityId: varchar('university_id', { length: 30 }).references(() => universities.id),
    /** application period */
    periodFrom: tstz('period_from'),
    periodTo: tstz('period_to'),
    capacity: integer('capacity'),
    minimum: integer('minimum'),
    /** class dates/times as the office writes them (free text) */
    period: varchar('period', { length: 100 }).notNull().default(''),
    /** first class day: orders the applied/attended history by date */
    startDate: varchar('start_date', { length: 10 }),
    allTimes: smallint('all_times').notNull().default(15),
    tuitionFee: integer('tuition_fee'),
    tuitionFee1: integer('tuition_fee1'),
    materialCost: integer('material_cost'),
    venue: varchar('venue', { length: 100 }).notNull().default(''),
    streetAddress: varchar('street_address', { length: 200 }).notNull().default(''),
    /** cancellation allowed after the application period */
    isCancelable: boolean('is_cancelable').notNull().default(true),
    /** units a student acquires per attended session */
    unit: integer('unit').notNull().default(0),
    imageUrl: varchar('image_url', { length: 500 }).notNull().default(''),
    /** CD007: '1' public, '2' non-public */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    attendee: varchar('attendee', { length: 200 }).notNull().default(''),
    keyword: varchar('keyword', { length: 100 }).notNull().default(''),
    permalink: varchar('permalink', { length: 500 }).notNull().default(''),
    howToApply: text('how_to_apply').notNull().default(''),
    applyUrl: varchar('apply_url', { length: 500 }).notNull().default(''),
    applyUrlText: varchar('apply_url_text', { length: 100 }).notNull().default(''),
    /** seats go by lottery (otherwise first come) */
    isLottery: boolean('is_lottery').notNull().default(true),
    // ---- class days (decision 028) ----
    /** the day-before reminder (mail and my-page notice) of each dated session; the office may switch it off */
    remind: boolean('remind').notNull().default(true),
    /** 持ち物: what to bring, said in the reminder */
    bring: varchar('bring', { length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('courses_name_trgm_idx').using('gin', trgm(t.name)),
    index('courses_organ_trgm_idx').using('gin', trgm(t.organ)),
    index('courses_keyword_trgm_idx').using('gin', trgm(t.keyword)),
    // the code found by part (keyword 「C2610」) or from its start (the list's 講座ID, the course picker)
    index('courses_code_trgm_idx').using('gin', trgm(t.code)),
    index('courses_period_from_idx').on(t.periodFrom),
    index('courses_period_to_idx').on(t.periodTo),
    index('courses_university_idx').on(t.universityId),
    // the statistics' period (decision 059): a course's first class day, manabi_course_day (migration 0019);
    // its statistics tell the planner how many courses a year holds
    index('courses_first_day_idx').on(
      sql`manabi_course_day(${t.startDate}, ${t.periodFrom}, ${t.createdAt})`,
    ),
  ],
);

export const courseCategoryLinks = pgTable(
  'course_category_links',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => courseCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.categoryId] }),
    index('course_category_links_cat_idx').on(t.categoryId),
  ],
);

/**
 * A course's dated sessions (decision 028): session n is attendance n of the 15 the spec has.
 * Day and times are Asia/Tokyo wall-clock values; `period` stays the display text.
 */
export const courseSessions = pgTable(
  'course_sessions',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** 1..15: which attendance value it is */
    no: smallint('no').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'HH:MM' */
    startsAt: varchar('starts_at', { length: 5 }).notNull(),
    endsAt: varchar('ends_at', { length: 5 }).notNull(),
    room: varchar('room', { length: 100 }).notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.no] }),
    // the reminder job and the calendar read sessions by day
    index('course_sessions_day_idx').on(t.day),
    check('course_sessions_no_range', sql`${t.no} BETWEEN 1 AND 15`),
    check(
      'course_sessions_times',
      sql`${t.startsAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.endsAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/** A student's application to a course, with lottery, attendance per session (15) and units. */
export const courseApplications = pgTable(
  'course_applications',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** CD003 */
    lotteryStatus: varchar('lottery_status', { length: 1 }).notNull().default('1'),
    /** CD005 */
    howApply: varchar('how_apply', { length: 1 }).notNull().default('1'),
    /** CD004 */
    attendanceStatus: varchar('attendance_status', { length: 1 }).notNull().default('1'),
    attendanceUpdatedAt: tstz('attendance_updated_at'),
    acquisitionUnit: integer('acquisition_unit').notNull().default(0),
    /** CD006 value per session 1..15 */
    attendance: varchar('attendance', { length: 1 })
      .array()
      .notNull()
      .default(sql`ARRAY['0','0','0','0','0','0','0','0','0','0','0','0','0','0','0']::varchar(1)[]`),
    remarks: text('remarks').notNull().default(''),
    /** tuition aid applies */
    aidTuitionFee: boolean('aid_tuition_fee').notNull().default(false),
    cancelledAt: tstz('cancelled_at'),
    // ---- the intake cycle (decision 015) ----
    /** 補欠順位 while lottery_status is 5 (1 = next to move up), else null */
    waitlistRank: integer('waitlist_rank'),
    /** a winner's confirm-by deadline; null = nothing to confirm */
    confirmBy: tstz('confirm_by'),
    confirmedAt: tstz('confirmed_at'),
    /** moved up from the waitlist (繰り上げ当選) */
    promotedAt: tstz('promoted_at'),
    /**
     * why a winner became 辞退 (6): 'declined' by the student, 'lapsed' past confirm_by, 'unpaid' past pay_by
     * (辞退（未入金）)
     */
    declineReason: varchar('decline_reason', { length: 10 }),
    /**
     * the deadline a seat lapsed by (confirm_by when 'lapsed', pay_by when 'unpaid'; decision 087): the
     * student is told which day she missed, though confirm_by is cleared once the seat is given up
     */
    lapsedDeadline: tstz('lapsed_deadline'),
    // ---- fees (decision 077) ----
    /**
     * what this seat costs (受講料 + 教材費, the aid tuition when aid_tuition_fee), fixed when the seat was won
     * or moved up, as an invoice is; null = nothing to pay before the first class
     */
    amountDue: integer('amount_due'),
    /** the pay-by deadline of a winner who owes amount_due; null = no deadline */
    payBy: tstz('pay_by'),
    /** when the recorded payments (less refunds) first covered amount_due; null = not (or no longer) paid */
    paidAt: tstz('paid_at'),
    // ---- the office acting for the student (decision 065) ----
    /** who entered the application for the student (申込者追加, a CSV upload); null when the student applied */
    enteredBy: integer('entered_by').references(() => adminUsers.id),
    /** who confirmed or declined the seat for the student, when, by which channel (CD005 2–4) and why */
    decidedBy: integer('decided_by').references(() => adminUsers.id),
    decidedAt: tstz('decided_at'),
    decidedChannel: varchar('decided_channel', { length: 1 }),
    decisionNote: varchar('decision_note', { length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('course_applications_course_idx').on(t.courseId, t.lotteryStatus),
    index('course_applications_student_idx').on(t.studentId),
    // a student's live applications, read from the index alone: the guard reads them on every my-page call
    // (decision 032)
    index('course_applications_student_live_idx')
      .on(t.studentId, t.courseId, t.id)
      .where(sql`${t.cancelledAt} IS NULL`),
    // one live application per student and course; a cancelled one may be followed by a new one
    uniqueIndex('course_applications_live_uq')
      .on(t.courseId, t.studentId)
      .where(sql`${t.cancelledAt} IS NULL`),
    check('course_applications_attendance_len', sql`cardinality(${t.attendance}) = 15`),
    // the deadline job's scan: live winners still to confirm
    index('course_applications_confirm_by_idx')
      .on(t.confirmBy)
      .where(sql`${t.lotteryStatus} = '2' AND ${t.confirmedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
    // the deadline job's scan: live winners still to pay
    index('course_applications_pay_by_idx')
      .on(t.payBy)
      .where(
        sql`${t.lotteryStatus} = '2' AND ${t.paidAt} IS NULL AND ${t.cancelledAt} IS NULL AND ${t.payBy} IS NOT NULL`,
      ),
    // one live holder of each waitlist place per course
    uniqueIndex('course_applications_waitlist_uq')
      .on(t.courseId, t.waitlistRank)
      .where(sql`${t.waitlistRank} IS NOT NULL AND ${t.cancelledAt} IS NULL`),
    check('course_applications_unit_range', sql`${t.acquisitionUnit} BETWEEN 0 AND 99999`),
  ],
);

/**
 * A course's intake settings (decision 015): whether losers wait on a ranked list, how long a
 * winner has to confirm, and whether a freed seat moves the next one up by itself. No row = the defaults.
 */
export const courseIntake = pgTable(
  'course_intake',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** seats filled from the waitlist: the last draw's win_num (lottery) or the capacity (first come) */
    seats: integer('seats'),
    /** losers of a draw (or latecomers of a full first-come course) wait on a ranked list */
    waitlist: boolean('waitlist').notNull().default(false),
    /** days a winner has to confirm; null = winners need not confirm */
    confirmDays: smallint('confirm_days'),
    autoPromote: boolean('auto_promote').notNull().default(true),
    /** last Tokyo day on which a freed seat is filled automatically (e.g. the first class); null = always */
    promoteUntil: varchar('promote_until', { length: 10 }),
    /** the priority tiers of the next draw, highest first (LOTTERY_TIERS) */
    tiers: varchar('tiers', { length: 20 }).array().notNull().default(sql`'{}'::varchar(20)[]`),
    ...timestamps,
  },
  (t) => [
    // the work list's 補欠 card (decision 057): courses whose freed seats wait for the office's hand
    index('course_intake_manual_promote_idx').on(t.courseId).where(sql`NOT ${t.autoPromote}`),
    index('course_intake_promote_until_idx').on(t.promoteUntil).where(sql`${t.promoteUntil} IS NOT NULL`),
  ],
);

/**
 * What a course's seat costs and by when it is paid (decision 077). The amounts are the course's own
 * (tuition_fee, tuition_fee1 for aided students, material_cost); this row says whether they must be paid before
 * the first class, how, by when, whether an unpaid seat lapses by itself, and the refund rule. No row = no
 * payment asked before the first class.
 */
export const courseFees = pgTable(
  'course_fees',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** a winner pays before the first class (bank transfer, counter); false = free, or paid at the first class */
    required: boolean('required').notNull().default(false),
    /** how to pay, in the office's words (bank account, counter hours, at the first class) */
    howToPay: text('how_to_pay').notNull().default(''),
    /** pay within N days of the 当選 or 繰り上げ (end of that Tokyo day) */
    payDays: smallint('pay_days'),
    /** or by a fixed Tokyo day 'YYYY-MM-DD' (end of that day) */
    payByDate: varchar('pay_by_date', { length: 10 }),
    /** an unpaid seat past its deadline lapses by itself (辞退（未入金）); false = the work list shows it */
    autoLapse: boolean('auto_lapse').notNull().default(true),
    /** full refund when cancelled at least N days before the first class; null = no refund */
    refundDays: smallint('refund_days'),
    /** the refund rule in the office's words, shown when a paid seat is cancelled */
    refundNote: text('refund_note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('course_fees_one_rule', sql`${t.payDays} IS NULL OR ${t.payByDate} IS NULL`),
    check('course_fees_pay_days_range', sql`${t.payDays} BETWEEN 1 AND 90`),
    check('course_fees_refund_days_range', sql`${t.refundDays} BETWEEN 0 AND 365`),
    // the work list's 「未入金・期限切れ」: courses whose unpaid seats wait for the office's hand
    index('course_fees_manual_lapse_idx').on(t.courseId).where(sql`${t.required} AND NOT ${t.autoLapse}`),
  ],
);

/** The numbers of the receipts Manabi gives (領収書番号 R-000001…) when the office leaves it blank. */
export const paymentReceiptSeq = pgSequence('payment_receipt_seq');

/**
 * Money received for a seat, or paid back (decision 077). A payment is recorded by the office, one by one,
 * several at once, or from the bank's transfer file; a correction updates the row (checked by updated_at,
 * audited with its reason); a mistaken row is voided, never deleted, so the books can be read back.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => courseApplications.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** PAYMENT_KIND: '1' received, '2' refunded */
    kind: varchar('kind', { length: 1 }).notNull().default('1'),
    /** yen, always positive; a refund's row says so by its kind */
    amount: integer('amount').notNull(),
    /** the Tokyo day the money moved ('YYYY-MM-DD'): the fiscal year is read from it */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** PAYMENT_METHOD: 'bank' | 'counter' | 'class' | 'other' */
    method: varchar('method', { length: 10 }).notNull(),
    /**
     * the receipt's number (領収書番号): the office's own, or given when left blank (the sequence's next, also
     * this column's default); unique. Every payment received has one, so every payment has its receipt
     * (decision 085); a refund has none.
     */
    receiptNo: varchar('receipt_no', { length: 20 }).default(
      sql`'R-' || lpad(nextval('payment_receipt_seq')::text, 6, '0')`,
    ),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** 'manual' | 'bank' (the bank's transfer file) */
    source: varchar('source', { length: 10 }).notNull().default('manual'),
    /** the transfer's 振込依頼人名 as the bank wrote it */
    payerName: varchar('payer_name', { length: 100 }).notNull().default(''),
    /** the bank line's identity (decision 085: sha-256 of where it came from and what the payer wrote) */
    bankRef: varchar('bank_ref', { length: 64 }),
    recordedBy: integer('recorded_by').references(() => adminUsers.id),
    voidedAt: tstz('voided_at'),
    voidReason: varchar('void_reason', { length: 200 }),
    ...timestamps,
  },
  (t) => [
    index('payments_application_idx').on(t.applicationId),
    index('payments_course_idx').on(t.courseId, t.paidOn),
    index('payments_student_idx').on(t.studentId),
    index('payments_paid_on_idx').on(t.paidOn),
    uniqueIndex('payments_receipt_no_uq').on(t.receiptNo).where(sql`${t.receiptNo} IS NOT NULL`),
    uniqueIndex('payments_bank_ref_uq')
      .on(t.bankRef)
      .where(sql`${t.bankRef} IS NOT NULL AND ${t.voidedAt} IS NULL`),
    check('payments_amount_range', sql`${t.amount} BETWEEN 1 AND 10000000`),
    check('payments_kind', sql`${t.kind} IN ('1', '2')`),
    check('payments_receipt_for_received', sql`${t.kind} = '2' OR ${t.receiptNo} IS NOT NULL`),
  ],
);

/**
 * One draw, recorded so anyone can check it (decision 015): the pool and the seed are committed by their
 * SHA-256 hashes; the order is HMAC-SHA256(seed, application id) within priority tiers.
 */
export const lotteryRuns = pgTable(
  'lottery_runs',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    /** the admin who drew (no foreign key: the record outlives the account) */
    adminId: integer('admin_id'),
    adminName: varchar('admin_name', { length: 100 }).notNull().default(''),
    drawnAt: tstz('drawn_at').notNull(),
    algorithm: varchar('algorithm', { length: 40 }).notNull(),
    /** as the office asked (SPEC §5 allows 10 digits) */
    winNum: bigint('win_num', { mode: 'number' }).notNull(),
    waitlist: boolean('waitlist').notNull(),
    confirmDays: smallint('confirm_days'),
    tiers: varchar('tiers', { length: 20 }).array().notNull(),
    poolHash: varchar('pool_hash', { length: 64 }).notNull(),
    seedHash: varchar('seed_hash', { length: 64 }).notNull(),
    seed: varchar('seed', { length: 64 }).notNull(),
    /** the course's highest 補欠順位 before this draw: this draw's places continue after it */
    rankOffset: integer('rank_offset').notNull().default(0),
    /**
     * the pool in canonical order with each one's tier, key, place and outcome (LotteryEntry[]). Written once
     * under the course lock and read whole: json keeps the text as sent, stored uncompressed (migration 0017,
     * decision 050), where jsonb's conversion and the compression of a large pool cost the lock's time.
     */
    entries: json('entries').notNull(),
    /** authority 1's stated reason for drawing while the application period was open; null otherwise */
    overrideReason: varchar('override_reason', { length: 200 }),
    /**
     * When the applicants were sent their personal results (decision 050). The draw writes null and the
     * results follow in a transaction of their own; null afterwards means a crash came between the two, and
     * the deadline job tells the run. A run written by anything but the draw counts as told.
     */
    toldAt: tstz('told_at').defaultNow(),
  },
  (t) => [
    index('lottery_runs_course_idx').on(t.courseId, t.id),
    // the deadline job's look for runs whose results are still to be told
    index('lottery_runs_untold_idx').on(t.id).where(sql`${t.toldAt} IS NULL`),
  ],
);

/**
 * The my-page course catalogue's version (decision 023): one row, raised by statement triggers
 * (migration 0008) whenever courses, their categories, their links or their intake settings change, in the
 * writer's transaction. A process holding the catalogue in memory reads it with each my-page course call
 * and reloads when it moved, so every process sees a change as soon as it is committed.
 */
export const courseCatalogVersion = pgTable(
  'course_catalog_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('course_catalog_version_one_row', sql`${t.id} = 1`)],
);
