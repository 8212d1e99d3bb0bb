/**
 * The office's work list on the back-office top page (decision 057): one read that answers every card's
 * number at request time, and the retry of one mail that could not be delivered.
 */
import { z } from 'zod';
import { recordId } from '../validation/rules';
import { checkinCourseSchema } from './checkin';

const id = z.number().int();
const count = z.number().int().min(0);
const ymd = z.string().describe('YYYY-MM-DD');
const iso = z.string().describe('ISO 8601 (UTC)');

/** Courses a card lists, so each can be opened where the work is done (the most pressing first). */
export const WORKLIST_COURSES_MAX = 5;
/** Undelivered mails listed with their reason (the number is always the full count). */
export const WORKLIST_MAILS_MAX = 5;

/** One course of a card and how many of its applications the card counts. */
const worklistCourseSchema = z.object({ course_id: id, course_name: z.string(), count });

/** One class of today or tomorrow with 出席 n / m: checked in / expected, as the door's list counts them. */
const worklistSessionSchema = checkinCourseSchema.omit({ room: true, venue: true });

/** One mail the outbox gave up on: when it was written, its subject and the mail server's reason. */
const worklistMailSchema = z.object({
  id,
  subject: z.string(),
  created_at: iso,
  reason: z.string(),
  /** a mail whose body carried a secret (a password-reset link) was erased and cannot be sent again */
  can_retry: z.boolean(),
});

/** The background jobs, by the name job_runs keeps them under, and what the office calls them. */
export const JOB_LABELS = {
  deadlines: '確定期限の処理（期限切れの辞退・繰り上げ・抽選結果の通知）',
  reminders: '授業前日のお知らせメール',
  duplicates: '重複の疑いがある学生の確認',
  retention: '保存期間を過ぎた個人情報の消去（月に一度）',
} as const;
export type JobName = keyof typeof JOB_LABELS;

/** A background job whose last round failed: when, how many rounds in a row, and why. */
const worklistJobSchema = z.object({
  job: z.enum(Object.keys(JOB_LABELS) as [JobName, ...JobName[]]),
  failed_at: iso,
  failures: z.number().int().min(1),
  /** the error's message, with no personal data (the statement's values and mail addresses taken out) */
  reason: z.string(),
  /** the last round that went well, null if none did since the record began */
  last_success_at: iso.nullable(),
});

/**
 * GET /api/admin/worklist/. Authority 2 gets its university's courses only and none of `unapproved`, `mail`
 * and `jobs` (students and the outbox are authority 1's; null there).
 */
export const worklistResponseSchema = z.object({
  /** Asia/Tokyo */
  today: ymd,
  tomorrow: ymd,
  /** students awaiting approval (the student list's 未承認) */
  unapproved: count.nullable(),
  /** lottery courses whose application period has ended and that are not drawn (the list's 抽選待ち) */
  awaiting_draw: z.object({
    count,
    /** of them, courses not shown to students (CD007 非公開): the course list shows them under 非公開 */
    private_count: count,
    courses: z.array(worklistCourseSchema),
  }),
  /**
   * the contact list's people by reason (decisions 065, 087): unread winners near their deadline; students whose
   * mail is refused and those with results waiting for a letter (authority 1 only: null for authority 2); and
   * how many people the list holds (one row each, whatever her reasons)
   */
  contact: z.object({ deadline: count, mail: count.nullable(), letter: count.nullable(), people: count }),
  /** live winners whose confirm-by deadline ends within 2 days, not confirmed */
  deadlines: z.object({ count, unread: count, until: iso, courses: z.array(worklistCourseSchema) }),
  /** live 補欠 on courses with free seats whose automatic promotion is off (or its period has ended) */
  waitlist: z.object({ count, courses: z.array(worklistCourseSchema) }),
  /**
   * live winners unpaid past their pay-by deadline on courses whose fee rule does not lapse them by itself
   * (decision 077): the office decides (未入金・期限切れ)
   */
  unpaid: z.object({ count, courses: z.array(worklistCourseSchema) }),
  /** today's and tomorrow's dated classes */
  sessions: z.array(worklistSessionSchema),
  /** mail that could not be delivered */
  mail: z.object({ count, mails: z.array(worklistMailSchema) }).nullable(),
  /** background jobs whose last round failed (authority 1 only: they work on every course) */
  jobs: z.array(worklistJobSchema).nullable(),
});
export type Worklist = z.output<typeof worklistResponseSchema>;

/** POST /api/admin/worklist/mail/retry/: one failed mail put back in line for delivery. */
export const mailRetryBodySchema = z.object({ id: recordId() });
export type MailRetryBody = z.input<typeof mailRetryBodySchema>;
