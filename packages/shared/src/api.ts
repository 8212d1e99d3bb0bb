import type { z } from 'zod';
import type { addressDecisionBodySchema, addressRequestBodySchema } from './schemas/address-change';
import type {
  adminUserAddBodySchema,
  adminUserDetailQuerySchema,
  adminUserListQuerySchema,
  adminUserPasswordBodySchema,
  adminUserUpdateBodySchema,
} from './schemas/admin-user';
import type { admissionBodySchema } from './schemas/admission';
import type {
  APPLICANT_ROW_FIELDS,
  addApplicantBodySchema,
  addApplicantResponseSchema,
  addApplicantStudentQuerySchema,
  applicantCancelBodySchema,
  applicantDetailQuerySchema,
  applicantListQuerySchema,
  applicantUpdateBodySchema,
  lotteryBodySchema,
} from './schemas/applicant';
import type { adminLoginBodySchema } from './schemas/auth';
import type {
  categoryAddBodySchema,
  categoryDetailQuerySchema,
  categoryListQuerySchema,
  categoryUpdateBodySchema,
} from './schemas/category';
import type { codeMasterQuerySchema, ErrItem } from './schemas/common';
import type {
  courseDetailQuerySchema,
  courseListQuerySchema,
  coursePickerQuerySchema,
} from './schemas/course';
import type { courseFeeResponseSchema, courseFeeUpdateBodySchema } from './schemas/course-fee';
import type { courseApplicantUploadBodySchema } from './schemas/course-upload';
import type { inquiryBodySchema } from './schemas/inquiry';
import type {
  intakeResponseSchema,
  intakeUpdateBodySchema,
  lotteryRecordSchema,
  lotteryRunListResponseSchema,
  lotteryVerifyResponseSchema,
  promoteBodySchema,
} from './schemas/intake';
import type {
  courseApplicationBodySchema,
  courseCancelBodySchema,
  mypageCourseListQuerySchema,
  mypageCourseQuerySchema,
} from './schemas/mypage-course';
import type { contactsUpdateBodySchema, passwordUpdateBodySchema } from './schemas/mypage-user';
import type { addReadBodySchema, newsDetailQuerySchema, newsListQuerySchema } from './schemas/news';
import type {
  noticeAddBodySchema,
  noticeAudienceQuerySchema,
  noticeCourseQuerySchema,
  noticeDetailQuerySchema,
  noticeListQuerySchema,
  noticeUpdateBodySchema,
  publisherListQuerySchema,
} from './schemas/notice';
import type {
  isExpireQuerySchema,
  passwordSettingBodySchema,
  sendMailBodySchema,
} from './schemas/password-reset';
import type {
  addApplicantStudentsResponseSchema,
  addressRequestListResponseSchema,
  addressRequestSchema,
  adminAddressRequestResponseSchema,
  adminCourseLimitedSchema,
  adminCourseSchema,
  adminUserSchema,
  adminUserWriteResponseSchema,
  admissionResponseSchema,
  categorySchema,
  countResponseSchema,
  courseApplicantDetailLimitedSchema,
  courseApplicantDetailSchema,
  courseApplicantListResponseSchema,
  courseApplicantRowLimitedSchema,
  courseApplicantRowSchema,
  courseCancelViewResponseSchema,
  courseCategoryItemSchema,
  courseListResponseSchema,
  coursePickerResponseSchema,
  coursePreviewResponseSchema,
  isExpireResponseSchema,
  loginIdExistResponseSchema,
  loginIdNextResponseSchema,
  lotteryPreviewResponseSchema,
  lotteryResponseSchema,
  mypageAddressResponseSchema,
  mypageAppliedItemSchema,
  mypageAppliedListResponseSchema,
  mypageAttendedListResponseSchema,
  mypageCourseDetailResponseSchema,
  mypageCourseListResponseSchema,
  mypageCourseSearchItemSchema,
  mypageUserResponseSchema,
  newsDetailResponseSchema,
  newsListResponseSchema,
  noticeAudienceResponseSchema,
  noticeCourseListResponseSchema,
  noticeListResponseSchema,
  noticeRowSchema,
  noticeSchema,
  noticeWrittenResponseSchema,
  passwordCheckResponseSchema,
  periodDefaultsResponseSchema,
  publisherListResponseSchema,
  resultResponseSchema,
  seatReceiptSchema,
  sessionInfoSchema,
  sessionUserSchema,
  studentAppliedCourseListResponseSchema,
  studentApprovalResponseSchema,
  studentDuplicatesResponseSchema,
  studentListResponseSchema,
  studentPreviewResponseSchema,
  studentSchema,
  studentWriteResponseSchema,
  topResponseSchema,
  unapprovalCountResponseSchema,
  uploadResponseSchema,
  validResultResponseSchema,
  writtenResponseSchema,
} from './schemas/responses';
import type {
  loginIdExistQuerySchema,
  studentAddBodySchema,
  studentApprovalBodySchema,
  studentDetailQuerySchema,
  studentUpdateBodySchema,
} from './schemas/student';
import type { STUDENT_COURSE_ROW_FIELDS, studentCourseListQuerySchema } from './schemas/student-course';
import type { studentListQuerySchema, studentUploadBodySchema } from './schemas/student-list';

/**
 * The types of the API calls (SPEC §7), all derived from the zod schemas the server validates and
 * serialises with: a request type is the `z.input` of the call's body or query schema, an answer
 * type the `z.output` of its response schema. Nothing here is written by hand twice. JSON names keep the
 * spec's spelling (refarence_url1, unapploval, emereletion, is_dont_canncel).
 * Dates are 'YYYY-MM-DD' (Asia/Tokyo), timestamps ISO 8601; code values are strings (codes.ts).
 */

export type { ErrItem, ErrorBody } from './schemas/common';

/**
 * A text field as JSON may carry it: the server reads a JSON number as its digits and a boolean as the flag
 * 1/0 (validation/json-input.ts), so a client may send back the `id: 1` or `is_read: true` it was given.
 */
type JsonText<V> = V extends string
  ? V | number | (string extends V ? never : '1' extends V ? boolean : never)
  : V;
/** What a call accepts: the input of its body or query schema, each text field as JSON may carry it. */
export type ApiInput<S extends z.ZodType> = { [K in keyof z.input<S>]: JsonText<z.input<S>[K]> };
type Out<S extends z.ZodType> = z.output<S>;

/** The table updates' flattened rows (SPEC §7): `{field}_{n}` per row n and `attendance_{n}_{1..15}`. */
type FlattenedRows<F extends string> = { [K in F as `${K}_${number}`]?: string | number } & {
  [k: `attendance_${number}_${number}`]: string | undefined;
};

export type { SessionAttendance, SessionNo } from './domain/session-no';
/** A yes/no edited through a form (radio or checkbox). */
export type Flag = '0' | '1';

/** Every non-2xx validation answer: field-level Japanese messages. */
export interface ValidationErrorBody {
  is_valid: false;
  err_list: ErrItem[];
}

// ---- Auth, session, shared (SPEC §7 Auth, Shared; §3 Session user) ----
export type LoginBody = ApiInput<typeof adminLoginBodySchema>;
/** §3 "Session user" (stored locally as userData for display only). */
export type SessionUser = Out<typeof sessionUserSchema>;
/** GET /api/auth/{admin|mypage}/session/?touch=0|1 — current session (401 when none). */
export type SessionInfo = Out<typeof sessionInfoSchema>;
export type CodeMasterQuery = ApiInput<typeof codeMasterQuerySchema>;
export type { CodeEntry } from './codes';
/** `{ result: true }`: a write with nothing else to say (logout, my-page writes, cancel, inquiry). */
export type ResultTrue = Out<typeof resultResponseSchema>;
export type WriteResult = Out<typeof writtenResponseSchema>;
/**
 * A CSV upload's answer as SPEC §7 writes it: `{ result: true, msg, count }`, or a refused file's 422 body
 * `{ result: false, msg }` (errorBodySchema) whose msg goes on the file field.
 */
export type UploadResult = Out<typeof uploadResponseSchema> | { result: false; msg: string };
/** What an upload would do (decision 070): the preview calls' answer. */
export type StudentUploadPreview = Out<typeof studentPreviewResponseSchema>;
export type CourseUploadPreview = Out<typeof coursePreviewResponseSchema>;
/** Password checks and changes (SPEC §7 adminuser/password, login/passwordsetting). */
export type PasswordCheckResult = Out<typeof passwordCheckResponseSchema>;

// ---- Notice categories (SPEC §7 Admin notices) ----
export type Category = Out<typeof categorySchema>;
export type CategoryListQuery = ApiInput<typeof categoryListQuerySchema>;
export type CategoryDetailQuery = ApiInput<typeof categoryDetailQuerySchema>;
export type CategoryAddBody = ApiInput<typeof categoryAddBodySchema>;
export type CategoryUpdateBody = ApiInput<typeof categoryUpdateBodySchema>;

// ---- My-page news (SPEC §7 Student area) ----
export type TopData = Out<typeof topResponseSchema>;
/** GET /api/mypage/newslist/ — server-paged, 8 a page (SPEC §9); no type = both. */
export type NewsListQuery = ApiInput<typeof newsListQuerySchema>;
export type NewsList = Out<typeof newsListResponseSchema>;
export type NewsListItem = NewsList['data_list'][number];
export type NewsDetailQuery = ApiInput<typeof newsDetailQuerySchema>;
export type NewsDetail = Out<typeof newsDetailResponseSchema>;
export type AddReadBody = ApiInput<typeof addReadBodySchema>;

// ---- Admin courses (SPEC §3 Course list row, Course search conditions, Course (admin)) ----
export type CourseSearchQuery = ApiInput<typeof courseListQuerySchema>;
export type CourseList = Out<typeof courseListResponseSchema>;
export type CourseListRow = CourseList['data_list'][number];
export type CoursePicker = Out<typeof coursePickerResponseSchema>;
export type CoursePickerRow = CoursePicker['data_list'][number];
export type CoursePickerQuery = ApiInput<typeof coursePickerQuerySchema>;
/** GET /api/admin/courselist/period/ — defaults of period_f_s and period_t_e. */
export type PeriodDefaults = Out<typeof periodDefaultsResponseSchema>;
export type CourseQuery = ApiInput<typeof courseDetailQuerySchema>;
export type CourseCategoryItem = Out<typeof courseCategoryItemSchema>;
export type AdminCourse = Out<typeof adminCourseSchema>;
/** What authority 2 sees (SPEC §6: a reduced course detail, no fees, units, cancel or authoring fields). */
export type AdminCourseLimited = Out<typeof adminCourseLimitedSchema>;
/** POST /api/admin/course/add/ and /update/ answer. */
export type CourseWriteResult = WriteResult;

// ---- Admin course applicants (SPEC §3 Course applicant (admin)) ----
export type CourseApplicantListQuery = ApiInput<typeof applicantListQuerySchema>;
export type CourseApplicantRow = Out<typeof courseApplicantRowSchema>;
/** Authority 2 gets only name_kana of the person (SPEC §6), with the ids a row needs. */
export type CourseApplicantRowLimited = Out<typeof courseApplicantRowLimitedSchema>;
/** GET /api/admin/courseapplicantlist/ */
export type CourseApplicantList = Out<typeof courseApplicantListResponseSchema>;
export type CourseApplicantDetailQuery = ApiInput<typeof applicantDetailQuerySchema>;
export type CourseApplicantDetail = Out<typeof courseApplicantDetailSchema>;
/**
 * Authority 2: no birthday, age, units, attendance or cancel (SPEC §6), and no contact data, emergency
 * contact or remarks (the server's APPLICANT_DETAIL_LIMITED_FIELDS).
 */
export type CourseApplicantDetailLimited = Out<typeof courseApplicantDetailLimitedSchema>;
/** POST /api/admin/course/courseapplicantupload — the file as a data URL. */
export type CourseApplicantUploadBody = ApiInput<typeof courseApplicantUploadBodySchema>;
export type LotteryBody = ApiInput<typeof lotteryBodySchema>;
export type LotteryResult = Out<typeof lotteryResponseSchema>;
/** GET /api/admin/courseapplicantlist/lottery/preview/?id — who a draw would tell, and whether it may run now. */
export type LotteryPreview = Out<typeof lotteryPreviewResponseSchema>;

// ---- The intake cycle (decision 015): settings, lottery records, promotion by hand ----
/** GET /api/admin/course/intake/?id — the course's settings ('' updated_at before any save) and counts. */
export type IntakeSettings = Out<typeof intakeResponseSchema>;
export type IntakeCounts = IntakeSettings['counts'];
/** POST /api/admin/course/intake/update/ (409 stale, 422 err_list). */
export type IntakeUpdateBody = ApiInput<typeof intakeUpdateBodySchema>;
export type CourseFeeUpdateBody = ApiInput<typeof courseFeeUpdateBodySchema>;
export type CourseFeeRule = Out<typeof courseFeeResponseSchema>;
/** GET /api/admin/lottery/runs/?id — a course's draws, newest first. */
export type LotteryRunList = Out<typeof lotteryRunListResponseSchema>;
export type LotteryRunSummary = LotteryRunList['data_list'][number];
/** GET /api/admin/lottery/run/?id — the whole record, as `npm run lottery:verify` reads it. */
export type LotteryRecord = Out<typeof lotteryRecordSchema>;
export type LotteryRecordEntry = LotteryRecord['entries'][number];
/** GET /api/admin/lottery/run/verify/?id — each check and whether all of them held. */
export type LotteryVerify = Out<typeof lotteryVerifyResponseSchema>;
/** POST /api/admin/courseapplicantlist/promote/ — the application's updated_at as shown. */
export type PromoteBody = ApiInput<typeof promoteBodySchema>;
/** Answer of courseapplicantlist/update: rows written. */
export type CourseApplicantListUpdateResult = Out<typeof countResponseSchema>;
/** course_id plus per-row fields, n = row number (SPEC §7; applicantListUpdateBodySchema). */
export type CourseApplicantListUpdateBody = { course_id: string | number } & FlattenedRows<
  (typeof APPLICANT_ROW_FIELDS)[number]
>;
export type AddApplicantStudentQuery = ApiInput<typeof addApplicantStudentQuerySchema>;
export type AddApplicantStudentRow = Out<typeof addApplicantStudentsResponseSchema>[number];
export type AddApplicantResult = Out<typeof addApplicantResponseSchema>;
export type AddApplicantBody = ApiInput<typeof addApplicantBodySchema>;
export type CourseApplicantUpdateBody = ApiInput<typeof applicantUpdateBodySchema>;
export type CourseApplicantCancelBody = ApiInput<typeof applicantCancelBodySchema>;

// ---- Admin users (SPEC §3 Admin user; the email travels as `mail` everywhere) ----
export type AdminUserListQuery = ApiInput<typeof adminUserListQuerySchema>;
export type AdminUserRow = Out<typeof adminUserSchema>;
export type AdminUserDetailQuery = ApiInput<typeof adminUserDetailQuerySchema>;
/** GET /api/admin/adminuser/detail/ — never the password. */
export type AdminUserDetail = AdminUserRow;
export type AdminUserAddBody = ApiInput<typeof adminUserAddBodySchema>;
export type AdminUserUpdateBody = ApiInput<typeof adminUserUpdateBodySchema>;
/** POST /api/admin/adminuser/password/ — the check before the confirm step (SPEC §4), for add and update. */
export type AdminUserPasswordBody = ApiInput<typeof adminUserPasswordBodySchema>;
/** The check's answer: `name` is the refused field, `msg` the message to show on it. */
export type AdminUserPasswordCheck = PasswordCheckResult;
export type AdminUserWriteResult = Out<typeof adminUserWriteResponseSchema>;

// ---- Admin students (SPEC §3 Student) ----
export type StudentListQuery = ApiInput<typeof studentListQuerySchema>;
/** GET /api/admin/student/list/ — one page of the search and the count of the whole search. */
export type StudentList = Out<typeof studentListResponseSchema>;
export type StudentRow = StudentList['data_list'][number];
export type StudentDetailQuery = ApiInput<typeof studentDetailQuerySchema>;
export type Student = Out<typeof studentSchema>;
export type StudentBody = ApiInput<typeof studentAddBodySchema>;
export type StudentUpdateBody = ApiInput<typeof studentUpdateBodySchema>;
/** The editable fields of the admission plus the decision. */
export type StudentApprovalBody = ApiInput<typeof studentApprovalBodySchema>;
export type StudentUploadBody = ApiInput<typeof studentUploadBodySchema>;
export type UnapprovalCount = Out<typeof unapprovalCountResponseSchema>;
export type LoginIdExistQuery = ApiInput<typeof loginIdExistQuerySchema>;
export type LoginIdExist = Out<typeof loginIdExistResponseSchema>;
/** GET /api/admin/student/loginid/next/ — the new form's default generation and login id. */
export type LoginIdNext = Out<typeof loginIdNextResponseSchema>;
/** POST /api/admin/student/add/ and /update/. */
export type StudentWriteResult = Out<typeof studentWriteResponseSchema>;
/** POST /api/admin/student/approval/ — login_id is the assigned 学生番号 (null when rejected). */
export type StudentApprovalResult = Out<typeof studentApprovalResponseSchema>;
export type StudentAppliedCourseQuery = ApiInput<typeof studentCourseListQuerySchema>;
export type StudentAppliedCourseList = Out<typeof studentAppliedCourseListResponseSchema>;
export type StudentAppliedCourse = StudentAppliedCourseList['data_list'][number];
/** user_id plus per-row fields, n = row number (SPEC §7; studentCourseUpdateBodySchema). */
export type StudentAppliedCourseUpdateBody = { user_id: string | number } & FlattenedRows<
  (typeof STUDENT_COURSE_ROW_FIELDS)[number]
>;
/**
 * GET /api/admin/student/duplicate/ — exclusive groups (a student only in the strongest group it matches),
 * each at most DUPLICATE_GROUP_LIMIT rows; `counts` has each group's full size.
 */
export type StudentDuplicates = Out<typeof studentDuplicatesResponseSchema>;
export type DuplicateRow = StudentDuplicates['user_data'];

// ---- Admin notices (SPEC §3 Notice, Publisher list row, Notice course search result) ----
export type NoticeCourseQuery = ApiInput<typeof noticeCourseQuerySchema>;
export type NoticeCourseList = Out<typeof noticeCourseListResponseSchema>;
export type NoticeCourseRow = NoticeCourseList['data_list'][number];
export type NoticeListQuery = ApiInput<typeof noticeListQuerySchema>;
/** GET /api/admin/notice/list/ — paged on the server (decision 008). */
export type NoticeList = Out<typeof noticeListResponseSchema>;
export type NoticeRow = Out<typeof noticeRowSchema>;
export type NoticeDetailQuery = ApiInput<typeof noticeDetailQuerySchema>;
export type Notice = Out<typeof noticeSchema>;
/** The notice form spells reference_url1..3 (SPEC §3); the server answers refarence_url1..3. */
export type NoticeBody = ApiInput<typeof noticeAddBodySchema>;
export type NoticeUpdateBody = ApiInput<typeof noticeUpdateBodySchema>;
/** GET /api/admin/notice/audience/ — the confirm step's counts (N reached, M of them mailed). */
export type NoticeAudienceQuery = ApiInput<typeof noticeAudienceQuerySchema>;
export type NoticeAudience = Out<typeof noticeAudienceResponseSchema>;
/** POST /api/admin/notice/add/ and /update/ — the written id and the counts the save reached. */
export type NoticeWriteResult = Out<typeof noticeWrittenResponseSchema>;
export type PublisherListQuery = ApiInput<typeof publisherListQuerySchema>;
/** GET /api/admin/notice/publisherList/ — paged on the server (decision 008). */
export type PublisherList = Out<typeof publisherListResponseSchema>;
export type PublisherRow = PublisherList['data_list'][number];

// ---- Student area courses (SPEC §3 Course search item, Course detail, Applied/attended item) ----
export type MypageCourseListKind = 'accepting' | 'before' | 'applied' | 'attended';
export type MypageCourseListQuery = ApiInput<typeof mypageCourseListQuerySchema>;
export type MypageCourseSearchItem = Out<typeof mypageCourseSearchItemSchema>;
export type MypageCourseList = Out<typeof mypageCourseListResponseSchema>;
export type MypageAppliedItem = Out<typeof mypageAppliedItemSchema>;
export type MypageAppliedList = Out<typeof mypageAppliedListResponseSchema>;
export type SeatReceipt = Out<typeof seatReceiptSchema>;
export type MypageAttendedList = Out<typeof mypageAttendedListResponseSchema>;
export type MypageCourseQuery = ApiInput<typeof mypageCourseQuerySchema>;
/** GET /api/mypage/course/ — {} means not found (SPEC §8). */
export type MypageCourseDetail = Out<typeof mypageCourseDetailResponseSchema>;
/** SPEC §3 Course application payload. */
export type CourseApplicationBody = ApiInput<typeof courseApplicationBodySchema>;
/** GET /api/mypage/coursecancel/?id — {} means not found. */
export type CourseCancelView = Out<typeof courseCancelViewResponseSchema>;
export type CourseCancelBody = ApiInput<typeof courseCancelBodySchema>;

// ---- Student area user (SPEC §3 My-page user) ----
/** GET /api/mypage/user/ — {} means not found. */
export type MypageUser = Out<typeof mypageUserResponseSchema>;
export type ContactsUpdateBody = ApiInput<typeof contactsUpdateBodySchema>;
export type PasswordUpdateBody = ApiInput<typeof passwordUpdateBodySchema>;
export type ValidResult = Out<typeof validResultResponseSchema>;

// ---- 住所変更の届出 (decision 040) ----
export type AddressRequest = Out<typeof addressRequestSchema>;
export type MypageAddress = Out<typeof mypageAddressResponseSchema>;
export type AdminAddressRequest = Out<typeof adminAddressRequestResponseSchema>;
export type AddressRequestList = Out<typeof addressRequestListResponseSchema>;
export type AddressRequestBodyInput = ApiInput<typeof addressRequestBodySchema>;
export type AddressDecisionBodyInput = ApiInput<typeof addressDecisionBodySchema>;

// ---- Public my-page forms (SPEC §3 Inquiry, Admission, Reset mail, Password setting) ----
export type InquiryBody = ApiInput<typeof inquiryBodySchema>;
export type AdmissionBody = ApiInput<typeof admissionBodySchema>;
/** POST /api/mypage/admission/ — office_phone for the completion screen. */
export type AdmissionResult = Out<typeof admissionResponseSchema>;
export type SendMailBody = ApiInput<typeof sendMailBodySchema>;
export type IsExpireQuery = ApiInput<typeof isExpireQuerySchema>;
/** GET /api/mypage/login/isexpire/ — true when the link can no longer be used. */
export type IsExpireResult = Out<typeof isExpireResponseSchema>;
export type PasswordSettingBody = ApiInput<typeof passwordSettingBodySchema>;
