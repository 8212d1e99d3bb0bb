/**
 * The answers of the office's calls for categories, admin users, notices and courses (SPEC §3, §7), with the
 * CSV uploads' answers and previews (decision 070).
 */
import { z } from 'zod';
import { COURSE_STATES } from '../domain/course-state';
import { mailState } from './contact';
import { courseSessionOutSchema } from './responses-mypage';
import { flag, id, iso, serverPage, ymd } from './responses-parts';

// ---- notice categories ----

export const categorySchema = z.object({
  id,
  category_name: z.string(),
  sort_number: z.number().int(),
  updated_at: iso,
});
export const categoryListResponseSchema = z.array(categorySchema);
/** `{ result: true, id }` — a record written (categories, applicants, courses). */
export const writtenResponseSchema = z.object({ result: z.literal(true), id });

// ---- admin users (SPEC §3 Admin user; never the password) ----

export const adminUserSchema = z.object({
  id,
  login_id: z.string(),
  name: z.string(),
  mail: z.string(),
  authority: z.string(),
  authority_text: z.string(),
  university_id: z.string(),
  is_rejection: flag,
  is_email: flag,
  updated_at: iso,
});
export const adminUserListResponseSchema = z.array(adminUserSchema);
export const adminUserWriteResponseSchema = z.object({ result: z.literal(true), id, login_id: z.string() });

// ---- notices (SPEC §3 Notice, Publisher list row, Notice course search result) ----

export const noticeCourseListResponseSchema = z.object({
  data_list: z.array(
    z.object({
      id,
      course_name: z.string(),
      period: z.string(),
      organ: z.string(),
      univ_id: z.string().nullable(),
      keyword: z.string(),
    }),
  ),
  is_end: z.boolean(),
});
export const noticeRowSchema = z.object({
  id,
  title: z.string(),
  category_name: z.string().nullable(),
  period_from: z.string().nullable(),
  period_from_str: z.string(),
  period_to: z.string().nullable(),
  period_to_str: z.string(),
  is_control: z.string(),
  published_to: z.string(),
  created_at: z.string(),
  /** 「重要」 (decision 065): '1' or '0' */
  is_important: flag,
});
export const noticeListResponseSchema = z.object({ data_list: z.array(noticeRowSchema), ...serverPage });
export const noticeSchema = z.object({
  id,
  category_id: id.nullable(),
  category_name: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  refarence_url1: z.string(),
  refarence_url2: z.string(),
  refarence_url3: z.string(),
  remarks: z.string(),
  period_from: z.string().nullable(),
  period_from_str: z.string(),
  period_to: z.string().nullable(),
  period_to_str: z.string(),
  created_at: z.string(),
  is_control: z.string(),
  published_to: z.string(),
  generation_id: z.string().nullable(),
  course_id: id.nullable(),
  course_name: z.string().nullable(),
  lottery_status: z.string().nullable(),
  is_email: flag,
  email_title: z.string(),
  is_important: flag,
  updated_at: iso,
});
/**
 * How many a notice reaches: `target_count` students it is addressed to (who can use the my-page), of whom
 * `mail_count` are mailed (published, mail on, the period not ended; an address, mail accepted, not mailed
 * this notice before). The preview counts what a save would do; add and update answer what they did.
 */
const audienceCounts = { target_count: z.number().int(), mail_count: z.number().int() };
export const noticeAudienceResponseSchema = z.object(audienceCounts);
/** POST /api/admin/notice/add/ and /update/: SPEC's `{ result, id }` and (additive) the counts it reached. */
export const noticeWrittenResponseSchema = writtenResponseSchema.extend(audienceCounts);
export const publisherListResponseSchema = z.object({
  data_list: z.array(
    z.object({
      id,
      login_id: z.string(),
      name: z.string(),
      name_kana: z.string(),
      lottery_status: z.string().nullable(),
      read_time: z.string().nullable(),
      /** how the notice's mail went to the student (decision 065): 'none' when none was sent */
      mail: mailState,
      /** when its letter was printed for the student, else null */
      letter_printed_at: iso.nullable(),
    }),
  ),
  ...serverPage,
});

// ---- admin courses (SPEC §3 Course list row, Course (admin); authority 2 gets the limited shape) ----

export const courseListResponseSchema = z.object({
  data_list: z.array(
    z.object({
      id,
      course_id: z.string(),
      course_name: z.string(),
      organ: z.string(),
      period_f: z.string(),
      period_t: z.string(),
      period: z.string(),
      c_num: z.number().int(),
      image: z.string(),
      /** where the course stands (shared domain/course-state.ts): additive to SPEC §3's row */
      state: z.enum(COURSE_STATES),
    }),
  ),
  is_end: z.boolean(),
});
/** GET /api/admin/course/picker/: one page of courses matching a name or code, for choosing one. */
export const coursePickerResponseSchema = z.object({
  data_list: z.array(
    z.object({
      id,
      course_id: z.string(),
      course_name: z.string(),
      organ: z.string(),
      state: z.enum(COURSE_STATES),
    }),
  ),
  total: z.number().int(),
  is_end: z.boolean(),
});
export const periodDefaultsResponseSchema = z.object({ date_start: ymd, date_end: ymd });
export const courseCategoryItemSchema = z.object({ id, name: z.string() });
export const courseCategoriesResponseSchema = z.array(courseCategoryItemSchema);
export const adminCourseLimitedSchema = z.object({
  id,
  course_id: z.string(),
  course_name: z.string(),
  content: z.string(),
  organ: z.string(),
  univ_id: z.string().nullable(),
  period_f: z.string(),
  period_t: z.string(),
  capacity: z.number().nullable(),
  application: z.number().int(),
  period: z.string(),
  all_times: z.number(),
  venue: z.string(),
  street_address: z.string(),
  status: z.string(),
  keyword: z.string(),
  /** class days: session n is attendance n; Tokyo day and 'HH:MM' times */
  sessions: z.array(courseSessionOutSchema),
  remind: z.boolean(),
  bring: z.string(),
});
export const adminCourseSchema = adminCourseLimitedSchema.extend({
  minimum: z.number().nullable(),
  tuition_fee: z.number().nullable(),
  cancel: z.boolean(),
  unit: z.number(),
  tuition_fee1: z.number().nullable(),
  material_cost: z.number().nullable(),
  category: z.array(courseCategoryItemSchema),
  image: z.string(),
  attendee: z.string(),
  permalink: z.string(),
  how_to_apply: z.string(),
  apply_url: z.string(),
  apply_url_text: z.string(),
  is_lottery: z.boolean(),
  updated_at: iso,
});
/** GET /api/admin/course/: the full course for authority 1, the limited one for authority 2 (SPEC §6). */
export const adminCourseResponseSchema = z.union([adminCourseSchema, adminCourseLimitedSchema]);

/** A CSV upload that registered its rows (SPEC §7: result, msg); a refused file is a 422 error body. */
export const uploadResponseSchema = z.object({
  result: z.literal(true),
  msg: z.string(),
  count: z.number().int().optional(),
});

// ---- the preview of a CSV upload (decision 070) ----

const tally = z.number().int().nonnegative();
const csvLine = z.number().int().describe('the row as a spreadsheet numbers it (the header is row 1)');

export const previewCountsSchema = z.object({
  /** data rows read */
  rows: tally,
  /** rows that would be registered */
  new: tally,
  /** registered already, stored values differ (not updated) */
  changed: tally,
  /** registered already, same values */
  unchanged: tally,
  /** rows that cannot be registered; one such row refuses the whole file */
  errors: tally,
});

export const previewErrorSchema = z.object({
  line: csvLine,
  /** the column's header as the file writes it; '' when the message is about the row as a whole */
  column: z.string(),
  message: z.string(),
});

export const previewFieldChangeSchema = z.object({
  field: z.string(),
  /** the column's header */
  label: z.string(),
  before: z.string(),
  after: z.string(),
});

const previewCommon = {
  preview_hash: z.string().describe('sha256 (hex) of the file, the options and the outcome of every row'),
  counts: previewCountsSchema,
  errors: z.array(previewErrorSchema),
  errors_truncated: z.boolean(),
  new_rows_truncated: z.boolean(),
  changes_truncated: z.boolean(),
};

export const duplicateSuspectSchema = z.object({
  line: csvLine,
  login_id: z.string(),
  name: z.string(),
  match_user_id: z.number().int(),
  match_login_id: z.string(),
  match_name: z.string(),
  /** 0–100: how alike the two are */
  score: z.number(),
  reasons: z.array(z.string()),
});

export const studentPreviewResponseSchema = z.object({
  ...previewCommon,
  changes: z.array(
    z.object({
      line: csvLine,
      login_id: z.string(),
      name: z.string(),
      fields: z.array(previewFieldChangeSchema),
    }),
  ),
  new_rows: z.array(z.object({ line: csvLine, login_id: z.string(), name: z.string() })),
  /** new rows that look like a student already registered */
  duplicates: z.array(duplicateSuspectSchema),
  duplicates_truncated: z.boolean(),
});

export const coursePreviewResponseSchema = z.object({
  ...previewCommon,
  /** always empty: a registered 講座ID is an error of its row, never an update */
  changes: z.array(
    z.object({
      line: csvLine,
      course_id: z.string(),
      name: z.string(),
      fields: z.array(previewFieldChangeSchema),
    }),
  ),
  new_rows: z.array(z.object({ line: csvLine, course_id: z.string(), name: z.string() })),
});
