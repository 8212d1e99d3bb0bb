/** The answers of the office's calls on people (SPEC §3, §7): a course's applicants and the students. */
import { z } from 'zod';
import { flag, id, iso, serverPage, ymd } from './responses-parts';

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
  // the seat's payment, by the payment screens' rule (decision 086)
  /** 'none' (nothing charged nor paid), 'unpaid', 'partial', 'paid' or 'over' (a refund is owed) */
  payment_state: z.enum(['none', 'unpaid', 'partial', 'paid', 'over']),
  /** yen still owed */
  outstanding: z.number().int(),
  /** yen owed back to the student */
  refund_owed: z.number().int(),
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
  /** units carried from before, as the office entered them (SPEC §3 total_units; decision 089) */
  total_units: z.number().nullable(),
  /**
   * units earned in the programme's courses: the 受講済み applications' units, the figure the student's
   * my-page shows (decision 039); additive to SPEC §3 (decision 089)
   */
  earned_units: z.number().int(),
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
