/**
 * Admin courses (SPEC §3 Course search conditions / Course (admin), §5 Admin course search, §7 Admin courses).
 * The authoring form is ours (SPEC left it to an outside CMS); its limits follow the database columns.
 */
import { z } from 'zod';
import { COURSE_STATES } from '../domain/course-state';
import { MSG } from '../validation/messages';
import {
  asciiMax,
  codeOf,
  dateTimeLocal,
  dateYmd,
  digitsOnly,
  notBefore,
  positiveInt,
  recordId,
  text,
  timestamp,
  url,
  zeroOrPositiveInt,
} from '../validation/rules';
import { courseClassDayFields, SESSION_MSG, sessionsFit } from './course-session';

// ---- search (SPEC §5: course_name, course_content, organ, period, keyword max 100; §9 offset 0..999) ----
export const COURSE_SEARCH_TEXT_MAX = 100;
export const COURSE_LIST_PAGE_SIZE = 100;
export const COURSE_LIST_OFFSET_MAX_DIGITS = 3;
/**
 * SPEC §9 "site ids 4 then 11": '4' = the programme's own courses (no university), '11' = partner-university
 * courses; omitted or '' = both.
 */
export const COURSE_SITE_IDS = ['4', '11'] as const;
/** The columns the server can order the list by (decision 035). */
export const COURSE_LIST_SORTS = ['course_id', 'state'] as const;
export type CourseListSort = (typeof COURSE_LIST_SORTS)[number];

// ---- authoring ----
export const COURSE_CODE_MAX = 10;
export const COURSE_NAME_MAX = 100;
export const COURSE_CONTENT_MAX = 10000;
export const COURSE_ORGAN_MAX = 100;
export const COURSE_UNIV_ID_MAX = 30;
export const COURSE_PERIOD_MAX = 100;
export const COURSE_NUMBER_MAX_DIGITS = 5;
/** yen amounts: up to 9 digits keeps them inside a PostgreSQL integer */
export const COURSE_YEN_MAX_DIGITS = 9;
export const COURSE_ALL_TIMES_MAX = 15;
export const COURSE_VENUE_MAX = 100;
export const COURSE_STREET_ADDRESS_MAX = 200;
export const COURSE_URL_MAX = 500;
export const COURSE_ATTENDEE_MAX = 200;
export const COURSE_KEYWORD_MAX = 100;
export const COURSE_HOW_TO_APPLY_MAX = 2000;
export const COURSE_APPLY_URL_TEXT_MAX = 100;
export const COURSE_CATEGORY_MAX = 50;

const searchText = () => text({ max: COURSE_SEARCH_TEXT_MAX });

export const courseListQuerySchema = z.object({
  course_name: searchText(),
  course_content: searchText(),
  organ: searchText(),
  /** application period FROM between period_f_s and period_f_e (Tokyo dates) */
  period_f_s: dateYmd(),
  period_f_e: dateYmd(),
  /** application period TO between period_t_s and period_t_e */
  period_t_s: dateYmd(),
  period_t_e: dateYmd(),
  period: searchText(),
  keyword: searchText(),
  /** CD007; SPEC §9 default 1 */
  control: codeOf('CD007', { required: false }).transform((v) => v || '1'),
  /** page index 0..999 (SPEC §9) */
  offset_num: digitsOnly({ max: COURSE_LIST_OFFSET_MAX_DIGITS }).transform((v) => Number(v || '0')),
  site_id: z.enum(['', ...COURSE_SITE_IDS], { error: MSG.invalidChoice }).optional(),
  // ---- additive (decision 035) ----
  /** the course code (SPEC §3 course_id) from its start: 「C26」 finds C2601…; case and width do not matter */
  course_id: text({ max: COURSE_CODE_MAX }),
  /** one state of domain/course-state.ts ('' = any) */
  state: z.enum(['', ...COURSE_STATES], { error: MSG.invalidChoice }).prefault(''),
  /** the server's order ('' = application period FROM, newest first); ties go by id */
  sort: z.enum(['', ...COURSE_LIST_SORTS], { error: MSG.invalidChoice }).optional(),
  dir: z.enum(['', 'asc', 'desc'], { error: MSG.invalidChoice }).optional(),
});
export type CourseListQuery = z.input<typeof courseListQuerySchema>;

export const courseDetailQuerySchema = z.object({ id: recordId() });

/**
 * GET /api/admin/course/picker/ (decision 035): the courses whose name contains `q` or whose code starts with
 * it, a page of {@link COURSE_PICKER_PAGE_SIZE} at a time (page from 1); '' lists every course the admin sees.
 */
export const COURSE_PICKER_PAGE_SIZE = 20;
export const COURSE_PICKER_QUERY_MAX = 100;
export const coursePickerQuerySchema = z.object({
  q: text({ max: COURSE_PICKER_QUERY_MAX }),
  page: positiveInt({ maxDigits: 4 }).transform((v) => Number(v || '1')),
});
export type CoursePickerQuery = z.output<typeof coursePickerQuerySchema>;

/** A yes/no radio ('1' yes, '0' no) as other form values travel. */
const flag = () =>
  text({ required: true }).refine((v) => v === '' || v === '0' || v === '1', { error: MSG.invalidChoice });

const count5 = () => zeroOrPositiveInt({ maxDigits: COURSE_NUMBER_MAX_DIGITS });
const yen = () => zeroOrPositiveInt({ maxDigits: COURSE_YEN_MAX_DIGITS });

const courseFields = {
  /** the office's course code: optional, unique (the server checks) */
  course_id: asciiMax(COURSE_CODE_MAX),
  course_name: text({ required: true, max: COURSE_NAME_MAX }),
  /** plain text; the server strips any HTML */
  content: text({ max: COURSE_CONTENT_MAX, multiline: true }),
  organ: text({ required: true, max: COURSE_ORGAN_MAX }),
  /** university id; '' = the programme's own course (the server checks it exists) */
  univ_id: asciiMax(COURSE_UNIV_ID_MAX),
  /** application period, 'YYYY-MM-DDTHH:MM' in Asia/Tokyo */
  period_f: dateTimeLocal({ required: true }),
  period_t: dateTimeLocal({ required: true }),
  /** class dates/times as free text */
  period: text({ max: COURSE_PERIOD_MAX }),
  capacity: count5(),
  minimum: count5(),
  all_times: positiveInt({ required: true, maxDigits: 2 }).refine(
    (v) => v === '' || Number(v) <= COURSE_ALL_TIMES_MAX,
    { error: MSG.intRange(1, COURSE_ALL_TIMES_MAX) },
  ),
  tuition_fee: yen(),
  tuition_fee1: yen(),
  material_cost: yen(),
  venue: text({ max: COURSE_VENUE_MAX }),
  street_address: text({ max: COURSE_STREET_ADDRESS_MAX }),
  /** '1' = cancellation allowed */
  cancel: flag(),
  /** units per attended session */
  unit: zeroOrPositiveInt({ required: true, maxDigits: COURSE_NUMBER_MAX_DIGITS }),
  /** course category ids (checkboxes) */
  category: z
    .array(z.union([z.string(), z.number()]), { error: MSG.invalidChoice })
    .max(COURSE_CATEGORY_MAX, { error: MSG.invalidChoice })
    .prefault([]),
  image: url({ max: COURSE_URL_MAX }),
  /** CD007 */
  status: codeOf('CD007'),
  attendee: text({ max: COURSE_ATTENDEE_MAX }),
  keyword: text({ max: COURSE_KEYWORD_MAX }),
  permalink: url({ max: COURSE_URL_MAX }),
  how_to_apply: text({ max: COURSE_HOW_TO_APPLY_MAX, multiline: true }),
  apply_url: url({ max: COURSE_URL_MAX }),
  apply_url_text: text({ max: COURSE_APPLY_URL_TEXT_MAX }),
  /** '1' = seats go by lottery */
  is_lottery: flag(),
  // class days: sessions, the reminder switch, what to bring
  ...courseClassDayFields,
};

/** Dated sessions fit the course's 全回数 (session n is attendance n). */
const sessionsWithinAllTimes = (
  v: { sessions?: readonly unknown[]; all_times: string },
  ctx: z.RefinementCtx,
) => {
  if (!sessionsFit(v.sessions, v.all_times))
    ctx.addIssue({
      code: 'custom',
      path: ['sessions'],
      message: SESSION_MSG.moreThanAllTimes,
      input: v.sessions,
    });
};

export const courseFormSchema = z
  .object(courseFields)
  .superRefine(notBefore('period_t', 'period_f'))
  .superRefine(sessionsWithinAllTimes);
export type CourseForm = z.input<typeof courseFormSchema>;

/** POST /api/admin/course/add/: the form's fields, category ids parsed to numbers. */
const bodyFields = {
  ...courseFields,
  category: z
    .array(recordId(MSG.invalidChoice))
    .max(COURSE_CATEGORY_MAX, { error: MSG.invalidChoice })
    .prefault([]),
};

export const courseAddBodySchema = z
  .object(bodyFields)
  .superRefine(notBefore('period_t', 'period_f'))
  .superRefine(sessionsWithinAllTimes);
export type CourseAddBody = z.output<typeof courseAddBodySchema>;

/** POST /api/admin/course/update/: plus id and the updated_at the editor loaded (optimistic locking). */
export const courseUpdateBodySchema = z
  .object({ ...bodyFields, id: recordId(), updated_at: timestamp() })
  .superRefine(notBefore('period_t', 'period_f'))
  .superRefine(sessionsWithinAllTimes);
export type CourseUpdateBody = z.output<typeof courseUpdateBodySchema>;
