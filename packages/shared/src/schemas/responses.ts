/**
 * Response schemas: what each call answers, written once. Fastify serialises every answer
 * through its route's schema (a presenter that drifts from the contract fails, and nothing it does not list
 * leaves the server); the OpenAPI document and the client's types come from the same schemas. Grouped by
 * SPEC §7 area; error bodies are `errorBodySchema` (common.ts) for every route.
 */
import { z } from 'zod';
import { COURSE_STATES } from '../domain/course-state';
import { errItemSchema } from './common';
import { mailState } from './contact';

const id = z.number().int();
const ymd = z.string().describe('YYYY-MM-DD');
const iso = z.string().describe('ISO 8601 (UTC)');

// ---- results ----

/** `{ result: true }` — a write that has nothing else to say. */
export const resultResponseSchema = z.object({ result: z.literal(true) });
/** `{ is_valid, err_list }` — a check whose refusal is an answer, not an error (SPEC §7 password calls). */
export const validResultResponseSchema = z.object({
  is_valid: z.boolean(),
  err_list: z.array(errItemSchema),
});

// ---- auth, session (SPEC §3 Session user) ----

export const sessionUserSchema = z.object({
  name: z.string(),
  login_id: z.string(),
  birthday: ymd.nullable(),
  date_issue_num: ymd.nullable(),
  expiration_date: ymd.nullable(),
  authority: z.union([z.literal(1), z.literal(2)]).nullable(),
  university_id: z.string().nullable(),
  is_admin: z.boolean(),
});
export const sessionInfoSchema = z.object({
  user: sessionUserSchema,
  idle_remaining_sec: z.number().int(),
  idle_timeout_sec: z.number().int(),
  /** the office's phone (OFFICE_PHONE), for the pages that send the student to the office (an expired card) */
  office_phone: z.string(),
});

// ---- common ----

export const codeListResponseSchema = z.array(
  z.object({ d_value: z.string(), d_text: z.string(), is_init: z.boolean() }),
);
export const postcodeResponseSchema = z.object({
  results: z.array(z.object({ prefecture: z.string(), city: z.string(), town: z.string() })),
});
export const healthResponseSchema = z.object({ status: z.string(), database: z.string() });
/** Why a process is not ready: going away, its database silent or failing, or behind the code's migrations. */
export const NOT_READY_REASONS = [
  'shutting_down',
  'database_timeout',
  'database_unreachable',
  'migrations_behind',
] as const;
export const readyResponseSchema = z.union([
  z.object({ status: z.literal('ready') }),
  z.object({ status: z.literal('not_ready'), reason: z.enum(NOT_READY_REASONS) }),
]);

// ---- my-page news ----

const publishedTo = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const paged = { total: z.number().int(), page: z.number().int(), page_size: z.number().int() };
export const newsListResponseSchema = z.object({
  data_list: z.array(
    z.object({
      id,
      date: ymd,
      title: z.string(),
      category_name: z.string().nullable(),
      is_read: z.boolean(),
      published_to: publishedTo,
      /** 「重要」 (decision 065) */
      is_important: z.boolean(),
    }),
  ),
  ...paged,
});
export const newsDetailResponseSchema = z.object({
  id,
  title: z.string(),
  content: z.string(),
  category_name: z.string().nullable(),
  refarence_url1: z.string().nullable(),
  refarence_url2: z.string().nullable(),
  refarence_url3: z.string().nullable(),
  date: ymd,
  published_to: publishedTo,
  is_read: z.boolean(),
  is_important: z.boolean(),
});

// ---- my-page user ----

export const mypageUserResponseSchema = z.object({
  login_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  birthday: ymd.nullable(),
  phone1: z.string(),
  mail1: z.string(),
  phone2: z.string(),
  mail2: z.string(),
  contact_updated_at1: iso,
  contact_updated_at2: iso,
  app_user_updated_at: iso,
  postcode: z.string(),
  address: z.string(),
  emergency_name: z.string(),
  emergency_emereletion: z.string(),
  emergency_phone: z.string(),
  /** (additive) mail to mail1 was refused by its mail server: the screen asks the student to check it */
  mail_undeliverable: z.boolean(),
});

// ---- 住所変更の届出 (decision 040) ----

const addressPartsSchema = z.object({
  postcode: z.string(),
  pref: z.string(),
  street_name1: z.string(),
  street_name2: z.string(),
  address: z.string(),
  street_name3: z.string(),
});
/** One request: the new address, its state ('0' pending, '1' approved, '2' returned) and the return reason. */
export const addressRequestSchema = addressPartsSchema.extend({
  request_id: id,
  status: z.enum(['0', '1', '2']),
  status_text: z.string(),
  /** the new address as one line */
  address_text: z.string(),
  return_reason: z.string(),
  requested_at: iso,
  decided_at: iso.nullable(),
  updated_at: iso,
});
/** GET /api/mypage/user/address/: the address the record holds, the latest request, the office's phone. */
export const mypageAddressResponseSchema = z.object({
  current: addressPartsSchema,
  request: addressRequestSchema.nullable(),
  office_phone: z.string(),
});
/** GET /api/admin/student/address/?user_id=: the student's pending request, or null. */
export const adminAddressRequestResponseSchema = z.object({ request: addressRequestSchema.nullable() });
/** GET /api/admin/student/address/list/: the pending requests, oldest first, paged. */
export const addressRequestListResponseSchema = z.object({
  data_list: z.array(
    z.object({
      request_id: id,
      user_id: id,
      login_id: z.string().nullable(),
      name: z.string(),
      address_text: z.string(),
      requested_at: iso,
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

// ---- my-page courses (SPEC §3 Course search item, Course detail, Applied/attended item) ----

/** A dated session as the API gives it (decision 028). */
export const courseSessionOutSchema = z.object({
  no: z.number().int(),
  day: ymd,
  start: z.string(),
  end: z.string(),
  room: z.string(),
});
export const mypageCourseSearchItemSchema = z.object({
  id,
  categories: z.array(z.string()),
  course_name: z.string(),
  organ: z.string(),
  period_f: z.string(),
  period_t: z.string(),
  period: z.string(),
  image: z.string(),
  keyword: z.string(),
  applicant_id: id.nullable(),
});
export const mypageCourseListResponseSchema = z.object({
  data_list: z.array(mypageCourseSearchItemSchema),
  ...paged,
});
/**
 * A seat charged under its course's fee rule (decision 077): what it costs, what is paid, by when and how,
 * with the words the screens show.
 */
export const seatFeeSchema = z.object({
  /** 受講料＋教材費 of this seat, yen */
  amount: z.number().int(),
  /** payments received less refunds, yen */
  net_paid: z.number().int(),
  /** what is still to pay (0 when paid), yen */
  remaining: z.number().int(),
  state: z.enum(['none', 'unpaid', 'partial', 'paid', 'over']),
  /** 未入金 / 一部入金 / 入金済み / 過入金 */
  state_text: z.string(),
  /** the pay-by deadline, null when the rule names none */
  pay_by: iso.nullable(),
  /** 「12月10日（木）までに」, '' when none */
  pay_by_text: z.string(),
  /** the office's words: bank details, the counter, at the first class */
  how_to_pay: z.string(),
  /** 「あと1,500円」 for a partial payment, else '' */
  remaining_text: z.string(),
  paid_at: iso.nullable(),
  /** 「入金を確認しました（12月3日）」 once paid, else '' */
  paid_text: z.string(),
});
/** Where the student's application stands in the intake cycle (decision 015), and what to do next. */
const seatFields = {
  /** false for a first-come course (先着順): its seat is 「受講が決まりました」, not won in a draw */
  is_lottery: z.boolean(),
  /** CD004 of the student's live application (受講中 stays in 申込状況 until the course ends), else null */
  attendance_status: z.string().nullable(),
  /** 補欠順位 while 補欠 (5), else null */
  waitlist_rank: z.number().int().nullable(),
  /** a winner's confirm-by deadline, null when there is nothing to confirm */
  confirm_by: iso.nullable(),
  confirmed: z.boolean(),
  /** the application's updated_at, which confirm / decline send back */
  application_updated_at: iso.nullable(),
  /** one plain sentence: what happens now or what to do (shared/domain/intake.ts nextStepText) */
  next_step: z.string(),
  /** a live seat charged under the course's fee rule (decision 077); null when nothing is asked */
  fee: seatFeeSchema.nullable(),
};
export const mypageAppliedItemSchema = z.object({
  applicant_id: id,
  course_id: id,
  course_name: z.string(),
  organ: z.string(),
  period_f: z.string(),
  period_t: z.string(),
  period: z.string(),
  in_period: z.boolean(),
  lottery_status: z.string(),
  lottery_status_text: z.string(),
  is_cancelable: z.boolean(),
  status: z.string(),
  /** the units this application counts toward acquisition_unit_sum (受講済み only, decision 039), else null */
  acquisition_unit: z.number().nullable(),
  course_acquisition_unit: z.number().nullable(),
  ...seatFields,
});
/**
 * GET /api/mypage/top/: SPEC's unread count and newest notices, and (additive) the applications whose
 * course has not begun, each with what to do next — so the first screen says where the student stands —
 * and whether mail to the student's address was refused (decision 065).
 */
export const topResponseSchema = z.object({
  not_read_cnt: z.number().int(),
  notice_list: z.array(
    z.object({ id, date: ymd, title: z.string(), is_read: z.boolean(), is_important: z.boolean() }),
  ),
  course_status_list: z.array(mypageAppliedItemSchema),
  /** mail to mail1 was refused by its mail server (「メールが届きません」): the top page asks to check it */
  mail_undeliverable: z.boolean(),
});
/** A receipt of the seat (decision 078): a payment received and not voided, with its number. */
export const seatReceiptSchema = z.object({
  payment_id: id,
  receipt_no: z.string(),
  paid_on: ymd,
  /** yen */
  amount: z.number().int(),
});
/**
 * The rows of 申込状況 and 受講履歴: each seat with its receipts, oldest first (the 領収書 links; a course
 * that has ended keeps them), so the lists need no second call.
 */
const historyItemSchema = mypageAppliedItemSchema.extend({ receipts: z.array(seatReceiptSchema) });
export const mypageAppliedListResponseSchema = z.object({
  data_list: z.array(historyItemSchema),
  ...paged,
});
export const mypageAttendedListResponseSchema = mypageAppliedListResponseSchema.extend({
  acquisition_unit_sum: z.number(),
});
export const mypageCourseDetailResponseSchema = z.object({
  id,
  course_name: z.string(),
  categories: z.array(z.string()),
  applicant_id: id.nullable(),
  image: z.string(),
  period: z.string(),
  period_f: z.string(),
  period_t: z.string(),
  organ: z.string(),
  capacity: z.number().nullable(),
  all_times: z.number().nullable(),
  tuition_fee: z.number().nullable(),
  venue: z.string(),
  unit: z.number().nullable(),
  material_cost: z.number().nullable(),
  keyword: z.string(),
  how_to_apply: z.string(),
  apply_url: z.string(),
  apply_url_text: z.string(),
  permalink: z.string(),
  univ_id: z.string().nullable(),
  in_period: z.boolean(),
  is_cancelable: z.boolean(),
  is_cancelable_pure: z.boolean(),
  is_disp_applybtn: z.boolean(),
  cancel: z.boolean(),
  content: z.string(),
  is_full: z.boolean(),
  lottery_status: z.string().nullable(),
  ...seatFields,
  /** the dated classes: [] when the course has none (then `period` is all there is) */
  sessions: z.array(courseSessionOutSchema),
  /** 持ち物: what to bring to each class; '' when the office says nothing */
  bring: z.string(),
  /** the refund rule in words (refundRuleText) of a course that asks payment before the first class, else '' */
  refund_rule: z.string(),
});
export const courseCancelViewResponseSchema = z.object({
  id,
  is_cancelable: z.boolean(),
  course_name: z.string(),
  updated_at: iso,
  login_id: z.string(),
  name: z.string(),
  phone1: z.string(),
  mail1: z.string(),
  phone2: z.string(),
  mail2: z.string(),
  /** what the seat has been paid, net of refunds (decision 077), yen */
  net_paid: z.number().int(),
  /** what the course's refund rule gives back if cancelled today, yen (0: none) */
  refund_due: z.number().int(),
  /** the refund rule in words, '' when nothing has been paid */
  refund_rule: z.string(),
});

// ---- my calendar (decision 028) ----

/** One upcoming class of a course the student holds a seat in. */
export const mypageScheduleItemSchema = z.object({
  course_id: id,
  course_name: z.string(),
  /** CD007: a non-public course is listed without a link to its detail */
  status: z.string(),
  no: z.number().int(),
  day: ymd,
  start: z.string().describe('HH:MM (Asia/Tokyo)'),
  end: z.string().describe('HH:MM (Asia/Tokyo)'),
  room: z.string(),
  venue: z.string(),
  street_address: z.string(),
  /** the course's 持ち物; '' when the office says nothing */
  bring: z.string(),
});
export type MypageScheduleItem = z.output<typeof mypageScheduleItemSchema>;
/** GET /api/mypage/schedule/: the classes from today on, and whether a calendar feed exists (never its address). */
export const mypageScheduleResponseSchema = z.object({
  data_list: z.array(mypageScheduleItemSchema),
  feed: z.object({
    issued: z.boolean(),
    /** when the address was made; '' without a feed */
    created_at: z.string().describe("ISO 8601 (UTC), or ''"),
    /** when a calendar last read it (at most hourly); '' = not yet */
    last_used_at: z.string().describe("ISO 8601 (UTC), or ''"),
  }),
});
export type MypageSchedule = z.output<typeof mypageScheduleResponseSchema>;
/** POST /api/mypage/schedule/feed/: the new secret address, answered this once. */
export const calendarFeedIssuedResponseSchema = z.object({
  url: z.string().describe('https?:// address of the feed'),
  webcal_url: z.string().describe("the same as webcal://, which opens a phone's calendar"),
});
export type CalendarFeedIssued = z.output<typeof calendarFeedIssuedResponseSchema>;
export const icsResponseSchema = z
  .string()
  .describe('text/calendar; charset=utf-8 — iCalendar (RFC 5545), CRLF, Asia/Tokyo times');

// ---- public my-page forms ----

/** GET /api/mypage/login/isexpire/: `result` true = the link can no longer be used (decision 011). */
export const isExpireResponseSchema = z.object({ result: z.boolean(), is_expire: z.boolean() });
/** `{ is_valid, name, msg }` — a check naming the one field it refused (SPEC §7 passwordsetting, adminuser/password). */
export const passwordCheckResponseSchema = z.object({
  is_valid: z.boolean(),
  name: z.string(),
  msg: z.string(),
});
export const admissionResponseSchema = z.object({ result: z.literal(true), office_phone: z.string() });

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

const flag = z.enum(['0', '1']);
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
const serverPage = { total: z.number().int(), page: z.number().int(), size: z.number().int() };
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

// ---- admin course applicants (SPEC §3 Course applicant (admin)) ----

/** attendance1..attendance15, each a CD006 value */
const SESSION_KEYS = [
  'attendance1',
  'attendance2',
  'attendance3',
  'attendance4',
  'attendance5',
  'attendance6',
  'attendance7',
  'attendance8',
  'attendance9',
  'attendance10',
  'attendance11',
  'attendance12',
  'attendance13',
  'attendance14',
  'attendance15',
] as const;
const sessions = Object.fromEntries(SESSION_KEYS.map((k) => [k, z.string()])) as {
  [K in (typeof SESSION_KEYS)[number]]: z.ZodString;
};
export const courseApplicantRowSchema = z.object({
  course_applicant_id: id,
  course_id: id,
  user_id: id,
  student_id: id,
  login_id: z.string(),
  name: z.string(),
  name_kana: z.string(),
  lottery_status: z.string(),
  how_apply: z.string(),
  attendance_status: z.string(),
  attendance_updated_date: z.string().nullable(),
  acquisition_unit: z.number(),
  ...sessions,
  updated_at: iso,
  is_cancel: z.boolean(),
  // the intake cycle (decision 015)
  waitlist_rank: z.number().int().nullable(),
  confirm_by: iso.nullable(),
  confirmed_at: iso.nullable(),
  promoted_at: iso.nullable(),
  /** why a winner became 辞退: 'declined', 'lapsed' or 'unpaid' (past the pay-by deadline, decision 077) */
  decline_reason: z.string().nullable(),
});
/** SPEC §6: authority 2 sees only name_kana of the person, with the ids a row needs. */
export const courseApplicantRowLimitedSchema = courseApplicantRowSchema.pick({
  course_applicant_id: true,
  course_id: true,
  student_id: true,
  name_kana: true,
});
export const courseApplicantListResponseSchema = z.object({
  data_list: z.union([z.array(courseApplicantRowSchema), z.array(courseApplicantRowLimitedSchema)]),
  // only when the call asked for a page (page or size): the whole search's count and the page answered
  total: z.number().int().optional(),
  page: z.number().int().optional(),
  size: z.number().int().optional(),
});
export const courseApplicantDetailSchema = courseApplicantRowSchema.extend({
  course_name: z.string(),
  remarks: z.string(),
  cannot_cancel: z.boolean(),
  postcode: z.string(),
  address: z.string(),
  birthday: ymd.nullable(),
  age: z.number().nullable(),
  gender: z.string(),
  phone1: z.string(),
  mail1: z.string(),
  phone2: z.string(),
  mail2: z.string(),
  e_name: z.string(),
  e_emereletion: z.string(),
  e_phone: z.string(),
  aid_tuition_fee: z.string(),
  is_student: z.boolean(),
  is_email: z.boolean(),
  is_open_applicant: z.boolean(),
  /** the office acting for the student (decision 065): who entered the application, '' when the student did */
  entered_by: z.string(),
  /** a confirm or decline the office took for the student: by whom, when, how (CD005 2–4) and the note */
  decided: z
    .object({
      decision: z.enum(['confirm', 'decline']),
      admin_name: z.string(),
      at: iso,
      channel: z.string(),
      note: z.string(),
    })
    .nullable(),
});
/** Authority 2's applicant detail: the server's APPLICANT_DETAIL_LIMITED_FIELDS, nothing more. */
export const courseApplicantDetailLimitedSchema = courseApplicantDetailSchema.pick({
  course_applicant_id: true,
  course_id: true,
  user_id: true,
  student_id: true,
  login_id: true,
  name: true,
  name_kana: true,
  lottery_status: true,
  how_apply: true,
  updated_at: true,
  course_name: true,
  gender: true,
  aid_tuition_fee: true,
  is_student: true,
  is_email: true,
});
export const courseApplicantDetailResponseSchema = z.union([
  courseApplicantDetailSchema,
  courseApplicantDetailLimitedSchema,
]);
export const lotteryResponseSchema = z.object({
  result: z.literal(true),
  win_count: z.number().int(),
  lose_count: z.number().int(),
  /** the intake cycle (decision 015): 補欠 made by this draw, and its record */
  wait_count: z.number().int(),
  run_id: id,
});
/** GET /api/admin/courseapplicantlist/lottery/preview/: what a draw of the course would do now. */
export const lotteryPreviewResponseSchema = z.object({
  course_id: id,
  /** applicants still 抽選待ち: each gets a result (a personal notice) */
  notify_count: z.number().int(),
  /** those of them a result mail goes to (a mail address and mail accepted) */
  mail_count: z.number().int(),
  /** true while the application period has not ended: a draw then needs authority 1's stated reason */
  period_open: z.boolean(),
  /** the end of the application period (ISO), '' when the course has none */
  period_t: z.string(),
  /** 定員, null when the course has none */
  capacity: z.number().int().nullable(),
  /** live 当選 now */
  winners: z.number().int(),
});
export const countResponseSchema = z.object({ result: z.literal(true), count: z.number().int() });
export const addApplicantStudentsResponseSchema = z.array(
  z.object({
    user_id: id,
    login_id: z.string(),
    name: z.string(),
    name_kana: z.string(),
    street_name1: z.string(),
    street_name2: z.string(),
    birthday: ymd.nullable(),
  }),
);

// ---- admin students (SPEC §3 Student) ----

/**
 * A CSV download (decision 021): text/csv in UTF-8 with a BOM, streamed; the column definitions are
 * domain/csv-exports.ts.
 */
export const csvResponseSchema = z
  .string()
  .describe('text/csv; charset=utf-8 — BOM, comma, CRLF (SPEC §9); Content-Disposition: attachment');
export const studentListResponseSchema = z.object({
  data_list: z.array(
    z.object({
      user_id: id,
      login_id: z.string().nullable(),
      generation_id: z.string().nullable(),
      name: z.string(),
      name_kana: z.string(),
      street_name1: z.string(),
      birthday: ymd.nullable(),
      approval_status: z.string(),
      approval_status_text: z.string(),
      student_type: z.string(),
      student_type_text: z.string(),
      filing_date: ymd.nullable(),
    }),
  ),
  ...serverPage,
});
export const studentSchema = z.object({
  user_id: id,
  login_id: z.string().nullable(),
  generation_id: z.string().nullable(),
  name: z.string(),
  name_kana: z.string(),
  postcode: z.string(),
  pref: z.string(),
  street_name1: z.string(),
  street_name2: z.string(),
  address: z.string(),
  street_name3: z.string(),
  birthday: ymd.nullable(),
  birthday_str: z.string(),
  age: z.number().nullable(),
  gender: z.string(),
  phone_1: z.string(),
  mail_1: z.string(),
  phone_2: z.string(),
  mail_2: z.string(),
  emergency_name: z.string(),
  emergency_emereletion: z.string(),
  emergency_phone: z.string(),
  total_units: z.number().nullable(),
  filing_date: ymd.nullable(),
  filing_date_str: z.string(),
  is_graduation: flag,
  is_rejection: flag,
  is_email: flag,
  student_type: z.string(),
  student_type_text: z.string(),
  approval_status: z.string(),
  approval_status_text: z.string(),
  date_issue_num: ymd.nullable(),
  date_issue_num_str: z.string(),
  remarks: z.string(),
  is_attendance: flag,
  /** the record this one was merged into (approval_status '3', decision 071); null otherwise */
  merged_into: id.nullable(),
  /**
   * when the record's personal data was erased past its retention period (decision 072), and the rule in
   * words; null while it holds data. An erased record's birthday is null, and its blank fields read 消去済み.
   */
  erased_at: iso.nullable(),
  erased_rule: z.string(),
  contacts_updated_at_1: iso,
  contacts_updated_at_2: iso,
  updated_at: iso,
});
export const unapprovalCountResponseSchema = z.object({ unapploval: z.number().int() });
export const loginIdExistResponseSchema = z.object({ is_exist: z.boolean() });
export const loginIdNextResponseSchema = z.object({ generation_id: z.string(), login_id: z.string() });
export const studentWriteResponseSchema = z.object({
  result: z.literal(true),
  user_id: id,
  login_id: z.string().nullable(),
});
export const studentApprovalResponseSchema = studentWriteResponseSchema.extend({
  approval_status: z.string(),
});
export const studentAppliedCourseListResponseSchema = z.object({
  data_list: z.array(
    z.object({
      id,
      course_id: id,
      course_name: z.string(),
      student_id: id,
      univ_id: z.string().nullable(),
      lottery_status: z.string(),
      lottery_status_text: z.string(),
      how_apply: z.string(),
      how_apply_text: z.string(),
      /** the staff member who entered the application for the student (申込者追加, the upload); '' otherwise */
      entered_by: z.string(),
      attendance_status: z.string(),
      attendance_status_text: z.string(),
      attendance_updated_date: z.string().nullable(),
      acquisition_unit: z.number().nullable(),
      ...sessions,
      updated_at: iso,
    }),
  ),
  is_end: z.boolean(),
});
const duplicateRowSchema = z.object({
  user_id: id,
  login_id: z.string().nullable(),
  name: z.string(),
  street_name1: z.string(),
  birthday: ymd.nullable(),
  approval_status: z.string(),
});
const duplicateGroups = ['nm_sn_bd', 'nm_sn', 'nm_bd', 'sn_bd', 'nm', 'sn', 'bd'] as const;
export const studentDuplicatesResponseSchema = z.object({
  user_data: duplicateRowSchema,
  ...(Object.fromEntries(duplicateGroups.map((g) => [g, z.array(duplicateRowSchema)])) as Record<
    (typeof duplicateGroups)[number],
    z.ZodArray<typeof duplicateRowSchema>
  >),
  counts: z.object(
    Object.fromEntries(duplicateGroups.map((g) => [g, z.number().int()])) as Record<
      (typeof duplicateGroups)[number],
      z.ZodNumber
    >,
  ),
});
