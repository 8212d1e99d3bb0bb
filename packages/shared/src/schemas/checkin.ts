/**
 * QR check-in at the venue: the student ID's check-in code, today's sessions the office checks
 * students in to, and one check-in (a scanned code, or the 学生番号 typed by hand when there is no camera).
 * The code's format is in packages/server/src/modules/checkin/checkin.code.ts.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { digitsOnly, recordId, text } from '../validation/rules';
import { SESSION_COUNT } from './applicant';

/** Longer than any code of ours (about 45 characters); a longer scan is another kind of QR code. */
export const CHECKIN_CODE_MAX = 200;
export const CHECKIN_LOGIN_ID_LENGTH = 8;

/** What the office is told when a check-in is refused (422, on `code` or `login_id`). */
export const CHECKIN_MSG = {
  expired: 'このコードは期限切れです。学生証の画面を開き直してもらってください',
  unreadable: '学生証のQRコードとして読み取れませんでした。マイページの学生証の画面を見せてもらってください',
  notApplicant: 'この講座の申込者ではありません',
  notWon: (status: string) => `この講座の当選者ではありません（抽選状況：${status || '不明'}）`,
  notConfirmed:
    '受講の確定がまだです。マイページで「受講を確定する」を押してもらってから、もう一度読み取ってください',
  noSession: 'この講座は今日の授業日がありません。講座の選択をお確かめください',
} as const;

const id = z.number().int();
const ymd = z.string().describe('YYYY-MM-DD');
const iso = z.string().describe('ISO 8601 (UTC)');
const hm = z.string().describe("'HH:MM' (Asia/Tokyo)");

// ---- my-page: the student ID's code ----

/** GET /api/mypage/checkin-code/: the code to show as a QR code, and when it stops being accepted. */
export const checkinCodeResponseSchema = z.object({ code: z.string(), expires_at: iso });
export type CheckinCode = z.output<typeof checkinCodeResponseSchema>;

// ---- admin: today's sessions ----

export const checkinCourseSchema = z.object({
  course_id: id,
  course_name: z.string(),
  /** session n = attendance n */
  session_no: id,
  day: ymd,
  start: hm,
  end: hm,
  room: z.string(),
  venue: z.string(),
  /** seat holders (当選, confirmed or needing no confirmation) recorded 出席 for this session */
  checked_in: id,
  /** seat holders */
  expected: id,
});
export type CheckinCourse = z.output<typeof checkinCourseSchema>;

/** GET /api/admin/checkin/courses/: today's (Asia/Tokyo) sessions, by start time. */
export const checkinCoursesResponseSchema = z.object({
  today: ymd,
  data_list: z.array(checkinCourseSchema),
});
export type CheckinCourses = z.output<typeof checkinCoursesResponseSchema>;

// ---- admin: one check-in ----

/** The manual entry form (学生番号で記録). */
export const checkinManualFormSchema = z.object({
  login_id: digitsOnly({ required: true, length: CHECKIN_LOGIN_ID_LENGTH, msg: MSG.digits8 }),
});
export type CheckinManualForm = z.input<typeof checkinManualFormSchema>;

/**
 * POST /api/admin/checkin/: `{ course_id, code }` from the scanner or `{ course_id, login_id }` typed by
 * hand; a code wins when both come.
 */
export const checkinBodySchema = z
  .object({
    course_id: recordId(),
    code: text({ max: CHECKIN_CODE_MAX }),
    login_id: digitsOnly({ length: CHECKIN_LOGIN_ID_LENGTH, msg: MSG.digits8 }),
  })
  .superRefine((v, ctx) => {
    if (v.code === '' && v.login_id === '')
      ctx.addIssue({ code: 'custom', path: ['login_id'], message: MSG.required, input: v.login_id });
  });
export type CheckinBody = z.input<typeof checkinBodySchema>;
export type CheckinInput = z.output<typeof checkinBodySchema>;

export const checkinResponseSchema = z.object({
  /** 'already': the student was recorded 出席 for this session before; nothing changed */
  result: z.enum(['ok', 'already']),
  session_no: id,
  student: z.object({ login_id: z.string(), name: z.string(), name_kana: z.string() }),
});
export type CheckinResult = z.output<typeof checkinResponseSchema>;

// ---- admin: who is still missing ----

/**
 * The most rows the missing list answers. A course seats a few hundred at most: the desk gets them all, in
 * kana order, and `total` says how many there are beyond this should a course ever seat more.
 */
export const CHECKIN_MISSING_MAX = 500;

/** GET /api/admin/checkin/missing/: the session is one of today's, as /admin/checkin/courses/ lists them. */
export const checkinMissingQuerySchema = z.object({
  course_id: recordId(),
  session_no: recordId().refine((n) => n <= SESSION_COUNT, { error: MSG.invalidValue }),
});
export type CheckinMissingQuery = z.input<typeof checkinMissingQuerySchema>;

export const checkinMissingRowSchema = z.object({
  login_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  /**
   * 電話番号1, else 電話番号2 ('' when neither). Authority 1 only: a partner university (authority 2) gets
   * the names to check against, not the students' contact details (SPEC §6).
   */
  phone: z.string().optional(),
});
export type CheckinMissingRow = z.output<typeof checkinMissingRowSchema>;

/**
 * The seat holders (当選, confirmed or needing no confirmation) not yet recorded 出席 for the session, in
 * kana order, at most CHECKIN_MISSING_MAX; `total` counts them all.
 */
export const checkinMissingResponseSchema = z.object({
  session_no: id,
  total: id,
  data_list: z.array(checkinMissingRowSchema),
});
export type CheckinMissing = z.output<typeof checkinMissingResponseSchema>;
