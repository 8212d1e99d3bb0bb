/**
 * Admin notices (SPEC §3 Notice, §4 notice form states, §5 "Notice form", §7 "Admin notices").
 * The form spells reference_url1..3; the server answers refarence_url1..3 (SPEC §3, kept as written).
 */
import { z } from 'zod';
import { MSG } from '../validation/messages';
import {
  codeOf,
  dateTimeLocal,
  digitsOnly,
  notBefore,
  positiveInt,
  recordId,
  text,
  timestamp,
  url,
  zeroOrPositiveInt,
} from '../validation/rules';

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_CONTENT_MAX = 1000;
export const NOTICE_URL_MAX = 250;
export const NOTICE_REMARKS_MAX = 250;
export const NOTICE_MAIL_TITLE_MAX = 30;
export const NOTICE_GENERATION_MAX_DIGITS = 4;
export const NOTICE_COURSE_ID_MAX_DIGITS = 10;
/** SPEC §5 search maxima */
export const NOTICE_SEARCH_TITLE_MAX = 100;
export const PUBLISHER_SEARCH_STUDENT_ID_MAX = 8;
export const PUBLISHER_SEARCH_NAME_MAX = 100;
/** SPEC §9 "Default notice email subject is a fixed greeting text". */
export const DEFAULT_NOTICE_MAIL_TITLE = 'まなび市民大学からのお知らせ';

/** CD008 */
export const PUBLISHED_TO = { ALL: '1', GENERATION: '2', COURSE: '3' } as const;

export const NOTICE_MSG = {
  courseNotFound: '選択された講座が見つかりません',
  categoryNotFound: '選択されたカテゴリが見つかりません',
} as const;

const flag = (defaultValue: '0' | '1') =>
  z
    .enum(['0', '1', ''], { error: MSG.invalidChoice })
    .prefault(defaultValue)
    .transform((v): '0' | '1' => (v === '' ? defaultValue : v));

/**
 * The notice form (SPEC §5): category, title ≤ 120, content ≤ 1000, reference URLs ≤ 250 (http/https),
 * remarks ≤ 250, period YYYY-MM-DDTHH:MM with the end not before the start, publish state (CD007), target
 * (CD008): 2 needs generation_id (≤ 4, 0 or positive integer), 3 needs course_id (lottery_status CD003
 * optional: '' = every applicant); is_email 1 needs email_title ≤ 30. is_important (beyond SPEC, decision 065)
 * '1' marks it 「重要」; left out it is '0', so SPEC's form needs nothing new.
 */
export const noticeFormSchema = z
  .object({
    category_id: text(),
    title: text({ required: true, max: NOTICE_TITLE_MAX }),
    content: text({ required: true, max: NOTICE_CONTENT_MAX, multiline: true }),
    reference_url1: url({ max: NOTICE_URL_MAX }),
    reference_url2: url({ max: NOTICE_URL_MAX }),
    reference_url3: url({ max: NOTICE_URL_MAX }),
    remarks: text({ max: NOTICE_REMARKS_MAX, multiline: true }),
    period_from: dateTimeLocal(),
    period_to: dateTimeLocal(),
    is_control: codeOf('CD007'),
    published_to: codeOf('CD008'),
    generation_id: zeroOrPositiveInt({ maxDigits: NOTICE_GENERATION_MAX_DIGITS }),
    course_id: digitsOnly({ max: NOTICE_COURSE_ID_MAX_DIGITS }),
    /** the course's name as the modal chose it (shown on the form and the confirm step; not stored) */
    course_name: text(),
    lottery_status: codeOf('CD003', { required: false }),
    is_email: flag('1'),
    email_title: text({ max: NOTICE_MAIL_TITLE_MAX }),
    is_important: flag('0'),
  })
  .superRefine(notBefore('period_to', 'period_from'))
  .superRefine((value, ctx) => {
    requireTargetFields(value, ctx);
    if (value.is_email === '1' && value.email_title === '') {
      ctx.addIssue({ code: 'custom', message: MSG.required, path: ['email_title'], input: '' });
    }
  });
export type NoticeForm = z.output<typeof noticeFormSchema>;

/** A course target needs its course, a generation target its 期生ID (the form's and the preview's rule). */
function requireTargetFields(
  value: { published_to: string; generation_id: string; course_id: string },
  ctx: z.RefinementCtx,
) {
  if (value.published_to === PUBLISHED_TO.GENERATION && value.generation_id === '') {
    ctx.addIssue({ code: 'custom', message: MSG.required, path: ['generation_id'], input: '' });
  }
  if (value.published_to === PUBLISHED_TO.COURSE && value.course_id === '') {
    ctx.addIssue({ code: 'custom', message: MSG.required, path: ['course_id'], input: '' });
  }
}

/**
 * GET /api/admin/notice/audience/: the confirm step's 「対象：N人（うちメール M人）」, counted by the server
 * with the publish's own rules from the form's target, publish state, mail choice and period end. `id` is
 * the notice being updated ('' for a new one): whom it has mailed before is not mailed again.
 */
export const noticeAudienceQuerySchema = z
  .object({
    id: digitsOnly({ max: NOTICE_COURSE_ID_MAX_DIGITS }),
    is_control: codeOf('CD007'),
    published_to: codeOf('CD008'),
    generation_id: zeroOrPositiveInt({ maxDigits: NOTICE_GENERATION_MAX_DIGITS }),
    course_id: digitsOnly({ max: NOTICE_COURSE_ID_MAX_DIGITS }),
    lottery_status: codeOf('CD003', { required: false }),
    is_email: flag('1'),
    period_to: dateTimeLocal(),
  })
  .superRefine(requireTargetFields);
export type NoticeAudienceQueryParsed = z.output<typeof noticeAudienceQuerySchema>;

/** POST /api/admin/notice/add/ */
export const noticeAddBodySchema = noticeFormSchema;

/** POST /api/admin/notice/update/ */
export const noticeUpdateBodySchema = z
  .object({ id: recordId(), updated_at: timestamp() })
  .and(noticeFormSchema);

/**
 * Server paging of the notice list and the publisher list (decision 008, as the student list): size 10, 50
 * or 100 (default 10), page from 1, sort one of the list's columns, dir asc|desc.
 */
export const NOTICE_PAGE_SIZES = ['10', '50', '100'] as const;
export const NOTICE_PAGE_SIZE_DEFAULT = 10;
export const NOTICE_LIST_SORTS = [
  'title',
  'category_name',
  'period_from',
  'period_to',
  'is_control',
  'published_to',
  'created_at',
] as const;
export type NoticeListSort = (typeof NOTICE_LIST_SORTS)[number];
export const PUBLISHER_LIST_SORTS = ['login_id', 'name', 'name_kana', 'lottery_status', 'read_time'] as const;
export type PublisherListSort = (typeof PUBLISHER_LIST_SORTS)[number];

const paging = <S extends readonly [string, ...string[]]>(sorts: S) => ({
  page: positiveInt({ maxDigits: 6 }).transform((v) => Number(v || '1')),
  size: z
    .enum(['', ...NOTICE_PAGE_SIZES], { error: MSG.invalidChoice })
    .prefault('')
    .transform((v) => Number(v || NOTICE_PAGE_SIZE_DEFAULT)),
  sort: z.enum(['', ...sorts], { error: MSG.invalidChoice }).prefault(''),
  dir: z.enum(['', 'asc', 'desc'], { error: MSG.invalidChoice }).prefault(''),
});

/** GET /api/admin/notice/list/ (SPEC §5: title ≤ 100, generation_id ≤ 4, course_id ≤ 10) */
export const noticeListQuerySchema = z.object({
  title: text({ max: NOTICE_SEARCH_TITLE_MAX }),
  category_id: digitsOnly({ max: 10 }),
  is_control: codeOf('CD007', { required: false }),
  published_to: codeOf('CD008', { required: false }),
  generation_id: digitsOnly({ max: NOTICE_GENERATION_MAX_DIGITS }),
  course_id: digitsOnly({ max: NOTICE_COURSE_ID_MAX_DIGITS }),
  ...paging(NOTICE_LIST_SORTS),
});
export type NoticeListQueryParsed = z.output<typeof noticeListQuerySchema>;

export const noticeDetailQuerySchema = z.object({ id: recordId() });

/** GET /api/admin/notice/publisherList/ (SPEC §5: student_id ≤ 8, names ≤ 100; is_read '' any, '1', '0') */
export const publisherListQuerySchema = z.object({
  id: recordId(),
  student_id: text({ max: PUBLISHER_SEARCH_STUDENT_ID_MAX }),
  name: text({ max: PUBLISHER_SEARCH_NAME_MAX }),
  name_kana: text({ max: PUBLISHER_SEARCH_NAME_MAX }),
  is_read: z.enum(['', '0', '1'], { error: MSG.invalidChoice }).prefault(''),
  ...paging(PUBLISHER_LIST_SORTS),
});
export type PublisherListQueryParsed = z.output<typeof publisherListQuerySchema>;

/** GET /api/admin/notice/course/list/ (SPEC §5: course_name ≤ 100, univ_id ≤ 30, course search id ≤ 30) */
export const noticeCourseQuerySchema = z.object({
  course_name: text({ max: 100 }),
  univ_id: text({ max: 30 }),
  id: text({ max: 30 }),
  offset_num: digitsOnly({ max: 3 }).transform((v) => Number(v || '0')),
  site_id: z.enum(['', '4', '11'], { error: MSG.invalidChoice }).optional(),
});
/** The notice form's course-selection modal: name, university id, course code (SPEC §5). */
export type NoticeCourseSearch = Pick<
  z.output<typeof noticeCourseQuerySchema>,
  'course_name' | 'univ_id' | 'id'
>;
