/**
 * The answers of the my-page's calls (SPEC §3, §7 "Student area"): news, the user, the address requests
 * (decision 040, the office's side too), courses and the calendar.
 */
import { z } from 'zod';
import { id, iso, ymd } from './responses-parts';

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
  /** 未入金 / 一部入金 / 入金済み / 払いすぎ（返金が必要） */
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
  /** once paid, the Tokyo day the money came in — the day its receipt is dated (decision 085) —, else null */
  paid_on: ymd.nullable(),
  /** 「入金を確認しました（12月3日）」 once paid (that day), else '' */
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
  /**
   * why a 辞退 (6) came (decision 087): 'declined' by the student (or the office on her word), 'lapsed' past the
   * confirm-by deadline, 'unpaid' past the pay-by deadline; null for any other status
   */
  decline_reason: z.enum(['declined', 'lapsed', 'unpaid']).nullable(),
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
  /** units earned in the programme's courses (受講済み only, decision 039) */
  acquisition_unit_sum: z.number(),
  /** units carried from before, as the office entered them (total_units; additive, decision 089) */
  carried_units: z.number().int(),
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
