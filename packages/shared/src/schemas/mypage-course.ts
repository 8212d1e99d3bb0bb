/**
 * My-page courses (SPEC §2 course/search, course/detail, course/applicant, course/cancel, course/applied,
 * course/attended; §3 Course detail / search item / Applied-attended item / Course application payload /
 * Cancel view; §4 course application and cancel; §7 Student area; §9 8 a page).
 * One schema per payload, used by the screens and the server alike.
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import { dateYmd, positiveInt, recordId, text, timestamp } from '../validation/rules';

/** SPEC §9: student-area lists show 8 items a page (paged on the server, as the news lists). */
export const MYPAGE_COURSE_PAGE_SIZE = 8;
/** The search form's keyword and organisation, at most 100 characters. */
export const MYPAGE_COURSE_SEARCH_MAX = 100;
export const MYPAGE_COURSE_KINDS = ['accepting', 'before', 'applied', 'attended'] as const;

export const MYPAGE_COURSE_MSG = {
  notInPeriod: 'この講座は申込期間外のため、申し込めません',
  alreadyApplied: 'この講座にはすでに申し込んでいます',
  full: 'この講座は定員に達したため、申込を締め切りました',
  mustAgree: '注意事項を確認し、「同意する」にチェックを入れてください',
  notApplied: 'この講座への申込が見つかりません',
  notCancelable: 'この講座は申込期間が終了したため、キャンセルできません',
  // a screen drawn before the seat moved on (another tab, or the office): what happened, not a conflict
  alreadyCancelled: 'この申込みはすでに取り消されています',
  alreadyConfirmed: 'この講座の受講はすでに確定しています',
  alreadyDeclined: 'この講座はすでに辞退しています',
} as const;

/** '1' ticked, anything else not ticked. */
const tick = () =>
  z
    .enum(['0', '1', ''], { error: MSG.invalidValue })
    .prefault('')
    .transform((v): '0' | '1' => (v === '1' ? '1' : '0'));

const searchFields = {
  keyword: text({ max: MYPAGE_COURSE_SEARCH_MAX }),
  organ: text({ max: MYPAGE_COURSE_SEARCH_MAX }),
  /** first class day from / to (Tokyo dates) */
  date_from: dateYmd(),
  date_to: dateYmd(),
};

/** The search form on the course search and history screens (SPEC §2). */
export const mypageCourseSearchFormSchema = z.object({
  ...searchFields,
  lottery_status_1: tick(),
  lottery_status_2: tick(),
  lottery_status_3: tick(),
  lottery_status_4: tick(),
  // the intake cycle's 補欠 and 辞退 (decision 015)
  lottery_status_5: tick(),
  lottery_status_6: tick(),
});
export type MypageCourseSearchForm = z.input<typeof mypageCourseSearchFormSchema>;

/** GET /api/mypage/{kind}courselist/: the search plus `page` (1-based; past the end → the last page). */
export const mypageCourseListQuerySchema = mypageCourseSearchFormSchema.extend({
  page: positiveInt({ maxDigits: 6 }).transform((v) => v || '1'),
});
export type MypageCourseListInput = z.output<typeof mypageCourseListQuerySchema>;

/** GET /api/mypage/course/?id and GET /api/mypage/coursecancel/?id (the course id). */
export const mypageCourseQuerySchema = z.object({ id: recordId() });

/**
 * POST /api/mypage/courseapplication/ (SPEC §3 Course application payload). The server trusts only
 * course_id and the agree flag: the rest is echoed from the screen and re-read from the course.
 */
export const courseApplicationBodySchema = z.object({
  course_id: recordId(),
  course_name: z.string({ error: MSG.invalidValue }).prefault(''),
  university_id: z.string({ error: MSG.invalidValue }).nullable().prefault(''),
  how_apply: z.string({ error: MSG.invalidValue }).prefault(''),
  cancel: z.string({ error: MSG.invalidValue }).prefault(''),
  /** agreed to the no-cancel warning (SPEC spelling); required when the course forbids late cancelling */
  is_dont_canncel: tick(),
});
export type CourseApplicationInput = z.output<typeof courseApplicationBodySchema>;

/**
 * /mypage/course/applicant/{id}: the agreement to the no-cancel warning. Asked only when the course
 * forbids cancelling after the period (the screen keeps 申込を確定 disabled until it is ticked); the
 * server checks it again (MYPAGE_COURSE_MSG.mustAgree).
 */
export const courseApplicationFormSchema = z.object({ is_dont_canncel: z.boolean() });
export type CourseApplicationForm = z.output<typeof courseApplicationFormSchema>;

/** POST /api/mypage/coursecancel/cancel/: updated_at is the application's, as the cancel view showed it. */
export const courseCancelBodySchema = z.object({
  course_id: recordId(),
  course_name: z.string({ error: MSG.invalidValue }).prefault(''),
  updated_at: timestamp(),
});
export type CourseCancelInput = z.output<typeof courseCancelBodySchema>;
