import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { adminUsers } from './admin-users';
import { tstz } from './columns';
import { students } from './students';

/** Code lists CD001–CD009, synced from @manabi/shared at start-up so SQL reports can join them. */
export const codeMaster = pgTable(
  'code_master',
  {
    code: varchar('code', { length: 5 }).notNull(),
    value: varchar('value', { length: 5 }).notNull(),
    text: varchar('text', { length: 50 }).notNull(),
    isInit: boolean('is_init').notNull().default(false),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.value] })],
);

/** Server-side sessions: the cookie holds a random 256-bit id, only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    /** 'admin' | 'student' */
    kind: varchar('kind', { length: 10 }).notNull(),
    adminId: integer('admin_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    /** absolute end, whatever the activity */
    expiresAt: tstz('expires_at').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [
    index('sessions_admin_idx').on(t.adminId),
    index('sessions_student_idx').on(t.studentId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Requests per purpose and key (a client address) in a fixed window, counted in the database so that
 * every app process shares the limit (the admission form's hourly limit per client address).
 */
export const requestCounters = pgTable(
  'request_counters',
  {
    /** what is counted, e.g. 'admission-ip' */
    scope: varchar('scope', { length: 20 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    windowStart: tstz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('request_counters_window_idx').on(t.windowStart)],
);

/** Consecutive failed logins per login id (known or not, so the answer never reveals which ids exist). */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    kind: varchar('kind', { length: 10 }).notNull(),
    loginId: varchar('login_id', { length: 40 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.loginId] })],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    /**
     * null: a request that named no student who may reset (unknown 学生番号, wrong address, past the hourly
     * allowance), written as a real one is so that both take the same time; its token was never sent
     */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('password_reset_tokens_student_idx').on(t.studentId)],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    isRequiredAnswer: boolean('is_required_answer').notNull().default(false),
    content: smallint('content').notNull(),
    detail: varchar('detail', { length: 1000 }).notNull().default(''),
    name: varchar('name', { length: 30 }).notNull(),
    nameKana: varchar('name_kana', { length: 30 }).notNull().default(''),
    ageBand: smallint('age_band'),
    mail: varchar('mail', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    postcode: varchar('postcode', { length: 8 }).notNull().default(''),
    pref: varchar('pref', { length: 10 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    studentId: integer('student_id').references(() => students.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('inquiries_created_idx').on(t.createdAt)],
);

/** Mail is written here inside the transaction that causes it, then delivered (SMTP) or only logged. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 300 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull(),
    /** the body carries a secret (a password-reset link): it is erased once the mail has left */
    holdsSecret: boolean('holds_secret').notNull().default(false),
    /** 'pending' | 'sent' | 'failed' | 'logged' */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** a failed delivery is retried from this time on (growing delay); null = at once */
    nextAttemptAt: tstz('next_attempt_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    /**
     * Whom the mail is to and which notice it carries, when it is a student's (decision 065): how a notice's
     * delivery is read per student and a hard bounce reaches the student's record. No foreign keys: the outbox
     * is a queue, written thousands at a time by a draw, and a hint that outlives its row harms nothing.
     */
    studentId: integer('student_id'),
    noticeId: integer('notice_id'),
    /** why it failed: 'hard' (the address was refused) or 'temporary' (retried with a growing delay) */
    failureKind: varchar('failure_kind', { length: 10 }),
  },
  // The claim takes the lowest due id: read in id order from an index of the pending rows alone, it stops
  // at the first. Every mail passes through pending, so between vacuums such an index holds many
  // entries of mail already sent; an index scan marks those dead as it passes, and the next claim skips
  // them, where a scan in another order had to visit them all on every claim.
  (t) => [
    index('mail_outbox_due_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    // the work list's undelivered mail (decision 057): few rows, newest first
    index('mail_outbox_failed_idx').on(t.id).where(sql`${t.status} = 'failed'`),
    // a notice's delivery per student (the contact list, the student's 連絡の記録)
    index('mail_outbox_notice_idx').on(t.noticeId, t.studentId).where(sql`${t.noticeId} IS NOT NULL`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'admin' | 'student' | 'system' */
    actorKind: varchar('actor_kind', { length: 10 }).notNull(),
    actorId: integer('actor_id'),
    action: varchar('action', { length: 50 }).notNull(),
    entity: varchar('entity', { length: 50 }).notNull(),
    entityId: varchar('entity_id', { length: 50 }),
    detail: jsonb('detail'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** the student the entry is about (their record, one of their applications, their own act), else null */
    studentId: integer('student_id'),
    /** the course the entry is about (the course, one of its applications), else null */
    courseId: integer('course_id'),
    /** how the act came: 'screen' (our pages, a same-origin browser call), 'api' (any other client), 'job' */
    via: varchar('via', { length: 10 }),
    /** the API route the act came through ('/api/admin/student/update/'), null for a job */
    route: varchar('route', { length: 100 }),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
    // the audit viewer (decision 067): newest first, by who it is about or who did it, or by the act
    index('audit_log_student_idx').on(t.studentId, t.id).where(sql`${t.studentId} IS NOT NULL`),
    index('audit_log_course_idx').on(t.courseId, t.id).where(sql`${t.courseId} IS NOT NULL`),
    index('audit_log_actor_idx').on(t.actorKind, t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

/**
 * The personal values an audit entry refers to (decision 081): a note, a remark, a name the office wrote is
 * kept here, and the entry's detail holds `{"$personal": id}` in its place, so the log stays append-only and
 * erasure still reaches the values. A row gone reads 「消去済みの個人」.
 */
export const auditPersonal = pgTable(
  'audit_personal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    value: jsonb('value').notNull(),
  },
  (t) => [index('audit_personal_student_idx').on(t.studentId)],
);

/**
 * A student's calendar feed (decision 028): the secret in its address is random and only its
 * SHA-256 is kept; making a new one replaces the row, so the old address stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastUsedAt: tstz('last_used_at'),
});

/**
 * Server-held keys made at first start and shared by every process on the database (the key
 * that signs the student ID's check-in code). Never sent to a client, never logged.
 */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 30 }).primaryKey(),
  value: varchar('value', { length: 128 }).notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * How each background job's last round went (decision 060): one row per job, written after every round, so
 * the work list can say which automatic work has stopped and why. A success clears nothing but is newer than
 * the failure, which is how a recovered job drops off the card.
 */
export const jobRuns = pgTable('job_runs', {
  /** JOB_LABELS' keys (shared/schemas/worklist.ts) */
  job: varchar('job', { length: 40 }).primaryKey(),
  lastSuccessAt: tstz('last_success_at'),
  lastFailureAt: tstz('last_failure_at'),
  /** the error's message, addresses masked, at most 300 characters */
  failureReason: text('failure_reason').notNull().default(''),
  /** failed rounds since the last success */
  failuresInRow: integer('failures_in_row').notNull().default(0),
});
