import type { z } from 'zod';
import type {
  addApplicantStudentsResponseSchema,
  adminCourseLimitedSchema,
  adminCourseSchema,
  adminUserSchema,
  adminUserWriteResponseSchema,
  admissionResponseSchema,
  categorySchema,
  countResponseSchema,
  courseApplicantDetailLimitedSchema,
  courseApplicantDetailSchema,
  courseApplicantRowLimitedSchema,
  courseApplicantRowSchema,
  courseCancelViewResponseSchema,
  courseCategoryItemSchema,
  courseListResponseSchema,
  isExpireResponseSchema,
  loginIdExistResponseSchema,
  loginIdNextResponseSchema,
  lotteryResponseSchema,
  mypageAppliedItemSchema,
  mypageAppliedListResponseSchema,
  mypageAttendedListResponseSchema,
  mypageCourseDetailResponseSchema,
  mypageCourseListResponseSchema,
  mypageCourseSearchItemSchema,
  mypageUserResponseSchema,
  newsDetailResponseSchema,
  newsListResponseSchema,
  noticeListResponseSchema,
  noticeRowSchema,
  noticeSchema,
  passwordCheckResponseSchema,
  periodDefaultsResponseSchema,
  publisherListResponseSchema,
  resultResponseSchema,
  sessionInfoSchema,
  sessionUserSchema,
  studentAppliedCourseListResponseSchema,
  studentApprovalResponseSchema,
  studentDuplicatesResponseSchema,
  studentListResponseSchema,
  studentSchema,
  studentWriteResponseSchema,
  topResponseSchema,
  unapprovalCountResponseSchema,
  validResultResponseSchema,
  writtenResponseSchema,
} from './schemas/responses';
/**
 * Request/response types of the API calls (SPEC §7). JSON names keep the spec's spelling.
 * Dates travel as ISO-8601 strings; business dates (YYYY-MM-DD) are Asia/Tokyo.
 */

/** Every non-2xx validation answer: field-level Japanese messages. */
import type { ErrItem } from './schemas/common';

export type { ErrItem, ErrorBody } from './schemas/common';

export interface ValidationErrorBody {
  is_valid: false;
  err_list: ErrItem[];
}
// ---- Auth (SPEC §7 Auth, §3 Session user) ----
export interface LoginBody {
  login_id: string;
  password: string;
}
/** §3 "Session user" (stored locally as userData for display only). */
export type SessionUser = z.output<typeof sessionUserSchema>;
/** GET /api/auth/{admin|mypage}/session/?touch=0|1 — current session (401 when none). */
export type SessionInfo = z.output<typeof sessionInfoSchema>;

// ---- Code master (SPEC §7 Shared) ----
export interface CodeEntry {
  d_value: string;
  d_text: string;
  is_init: boolean;
}

// ---- Notice categories (SPEC §7 Admin notices) ----
export type Category = z.output<typeof categorySchema>;
export interface CategoryListQuery {
  category_name?: string;
}
export interface CategoryAddBody {
  category_name: string;
  sort_number: string | number;
}
export interface CategoryUpdateBody extends CategoryAddBody {
  id: number;
  updated_at: string;
}
export type WriteResult = z.output<typeof writtenResponseSchema>;

// ---- My-page news (SPEC §7 Student area) ----
export type TopData = z.output<typeof topResponseSchema>;
/** GET /api/mypage/newslist/?type=1|2&keyword&date_from&date_to&page — server-paged, 8 a page (SPEC §9); no type = both. */
export interface NewsListQuery {
  type?: '' | '1' | '2';
  keyword?: string;
  date_from?: string;
  date_to?: string;
  page?: string;
}
export type NewsListItem = NewsList['data_list'][number];
export type NewsList = z.output<typeof newsListResponseSchema>;
export type NewsDetail = z.output<typeof newsDetailResponseSchema>;
export interface AddReadBody {
  notice_id: number;
}

// =====================================================================================================
// The remaining calls of SPEC §7. Shapes are best guesses from SPEC §3 where §7 is silent; names and
// spellings are the spec's (refarence_url1, unapploval, emereletion, is_dont_canncel).
// Conventions: ids are numbers in responses and `number | string` in requests (query strings carry text);
// code values are strings (see codes.ts); form fields are strings; a yes/no a form edits is a Flag,
// a computed one a boolean; dates are 'YYYY-MM-DD', timestamps ISO-8601.
// =====================================================================================================

export type Id = number;
/** An id as a request carries it: JSON number or query-string text. */
export type IdParam = number | string;
/** A yes/no edited through a form (radio or checkbox). */
export type Flag = '0' | '1';
/** SPEC §9: 15 sessions per applicant. */
export type SessionNo = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;
/** attendance1..attendance15, each a CD006 value. */
export type SessionAttendance = { [K in `attendance${SessionNo}`]: string };

/** `{ result: true }` — a write that answers nothing more (my-page apply, cancel, inquiry, reset mail). */
export type ResultTrue = z.output<typeof resultResponseSchema>;
/** Answers of writes that return `result` (SPEC §7 my-page calls, uploads). */
export interface ResultBody {
  result: boolean;
}
/** Upload answers (SPEC §7): a failed upload's msg goes on the file field. */
export interface UploadResult {
  result: boolean;
  msg: string;
  /** rows registered, when result is true */
  count?: number;
}
/** Password checks and changes (SPEC §7 adminuser/password, login/passwordsetting). */
export type PasswordCheckResult = z.output<typeof passwordCheckResponseSchema>;
/** Paged fetches (offset_num, site_id): the client asks again until is_end (SPEC §4). */
export interface PagedList<T> {
  data_list: T[];
  is_end: boolean;
}
export interface PagedQuery {
  offset_num?: string;
  site_id?: string;
}

// ---- Auth ----
export interface LogoutResult {
  result: true;
}

// ---- Admin courses (SPEC §3 Course list row, Course search conditions, Course (admin)) ----
export interface CourseSearchQuery extends PagedQuery {
  course_name?: string;
  course_content?: string;
  organ?: string;
  period_f_s?: string;
  period_f_e?: string;
  period_t_s?: string;
  period_t_e?: string;
  period?: string;
  keyword?: string;
  /** CD007 */
  control?: string;
}
export type CourseListRow = z.output<typeof courseListResponseSchema>['data_list'][number];
export type CourseList = PagedList<CourseListRow>;
/** GET /api/admin/courselist/period/ — defaults of period_f_s and period_t_e. */
export type PeriodDefaults = z.output<typeof periodDefaultsResponseSchema>;
export interface CourseQuery {
  id: IdParam;
}
export type CourseCategoryItem = z.output<typeof courseCategoryItemSchema>;
export type AdminCourse = z.output<typeof adminCourseSchema>;
/** What authority 2 sees (SPEC §6: a reduced course detail, no fees, units, cancel or authoring fields). */
export type AdminCourseLimited = z.output<typeof adminCourseLimitedSchema>;
/** POST /api/admin/course/add/ and /update/ answer. */
export type CourseWriteResult = z.output<typeof writtenResponseSchema>;

// ---- Admin course applicants (SPEC §3 Course applicant (admin)) ----
export interface CourseApplicantListQuery {
  id: IdParam;
  login_id?: string;
  name?: string;
  name_kana?: string;
  /** CD003 checkboxes, '1' when ticked (SPEC §4: all unchecked by default) */
  lottery_status_1?: string;
  lottery_status_2?: string;
  lottery_status_3?: string;
  lottery_status_4?: string;
  /** CD004 (SPEC §4: default 1) */
  attendance_status?: string;
}
export type CourseApplicantRow = z.output<typeof courseApplicantRowSchema>;
/** Authority 2 gets only name_kana of the person (SPEC §6), with the ids a row needs. */
export type CourseApplicantRowLimited = z.output<typeof courseApplicantRowLimitedSchema>;
/** GET /api/admin/courseapplicantlist/ */
export interface CourseApplicantList {
  data_list: CourseApplicantRow[] | CourseApplicantRowLimited[];
}
export interface CourseApplicantDetailQuery {
  id: IdParam;
  user_id: IdParam;
  /** '1' when loading the update form */
  is_edit?: Flag;
}
export type CourseApplicantDetail = z.output<typeof courseApplicantDetailSchema>;
/**
 * Authority 2: no birthday, age, units, attendance or cancel (SPEC §6), and no contact data, emergency
 * contact or remarks (the server's APPLICANT_DETAIL_LIMITED_FIELDS).
 */
export type CourseApplicantDetailLimited = z.output<typeof courseApplicantDetailLimitedSchema>;
/** POST /api/admin/course/courseapplicantupload — the file as a data URL. */
export interface CourseApplicantUploadBody {
  course_applicant: string;
}
export interface LotteryBody {
  id: IdParam;
  win_num: string;
}
export type LotteryResult = z.output<typeof lotteryResponseSchema>;
/** Answer of courseapplicantlist/update: rows written. */
export type CourseApplicantListUpdateResult = z.output<typeof countResponseSchema>;
/** Per-row fields, n = row number: is_update_{n}, attendance_{n}_{1..15}, ... (SPEC §7). */
export type CourseApplicantListUpdateBody = { course_id: IdParam } & {
  [k: `is_update_${number}`]: Flag | undefined;
  [k: `is_update_attendance_${number}`]: Flag | undefined;
  [k: `student_id_${number}`]: IdParam | undefined;
  [k: `lottery_status_${number}`]: string | undefined;
  [k: `attendance_status_${number}`]: string | undefined;
  [k: `acquisition_unit_${number}`]: string | undefined;
  [k: `attendance_${number}_${number}`]: string | undefined;
  [k: `updated_at_${number}`]: string | undefined;
};
export interface AddApplicantStudentQuery {
  id: IdParam;
  login_id?: string;
  name?: string;
  name_kana?: string;
  street_name1?: string;
  street_name2?: string;
  birthday_s?: string;
  birthday_e?: string;
}
export type AddApplicantStudentRow = z.output<typeof addApplicantStudentsResponseSchema>[number];
export type AddApplicantResult = z.output<typeof writtenResponseSchema>;
export interface AddApplicantBody {
  course_id: IdParam;
  user_id: IdParam;
  /** CD005 */
  how_apply: string;
  remarks: string;
}
export interface CourseApplicantUpdateBody extends SessionAttendance {
  course_id: IdParam;
  user_id: IdParam;
  lottery_status: string;
  attendance_status: string;
  acquisition_unit: string;
  remarks: string;
  updated_at: string;
}
export interface CourseApplicantCancelBody {
  course_id: IdParam;
  user_id: IdParam;
  updated_at: string;
}

// ---- Admin users (SPEC §3 Admin user; the email travels as `mail` everywhere) ----
export interface AdminUserListQuery {
  name?: string;
}
export type AdminUserRow = z.output<typeof adminUserSchema>;
export interface AdminUserDetailQuery {
  id: IdParam;
}
/** GET /api/admin/adminuser/detail/ — never the password. */
export type AdminUserDetail = AdminUserRow;
export interface AdminUserAddBody {
  name: string;
  mail: string;
  mail2: string;
  password: string;
  password2: string;
  /** CD001 */
  authority: string;
  /** required for authority 2 (a known university); ignored for authority 1 */
  university_id: string;
  is_email: Flag;
  is_rejection: Flag;
}
export interface AdminUserUpdateBody extends AdminUserAddBody {
  id: IdParam;
  updated_at: string;
}
/**
 * POST /api/admin/adminuser/password/ — the check before the confirm step (SPEC §4), for add (id '' or 0)
 * and update: the form's fields plus id.
 */
export interface AdminUserPasswordBody extends AdminUserAddBody {
  id?: IdParam | '' | 0;
}
/** The check's answer: `name` is the refused field, `msg` the message to show on it. */
export type AdminUserPasswordCheck = z.output<typeof passwordCheckResponseSchema>;
export type AdminUserWriteResult = z.output<typeof adminUserWriteResponseSchema>;

// ---- Admin students (SPEC §3 Student) ----
export interface StudentListQuery {
  login_id?: string;
  generation_id?: string;
  name?: string;
  name_kana?: string;
  street_name1?: string;
  /** CD002 */
  approval_status?: string;
  /** CD009 */
  student_type?: string;
  /** server paging (1-based page; size 10, 50 or 100) and sort (a column of StudentRow; dir asc|desc) */
  page?: string;
  size?: string;
  sort?: string;
  dir?: string;
}
/** GET /api/admin/student/list/ — one page of the search and the count of the whole search. */
export type StudentList = z.output<typeof studentListResponseSchema>;
export type StudentRow = StudentList['data_list'][number];
export interface StudentDetailQuery {
  user_id: IdParam;
  is_edit?: Flag;
}
export type Student = z.output<typeof studentSchema>;
/** Student form fields (add/update); all strings as the form holds them. */
export interface StudentBody {
  login_id?: string;
  generation_id?: string;
  name: string;
  name_kana: string;
  postcode: string;
  pref: string;
  street_name1: string;
  street_name2: string;
  address: string;
  street_name3: string;
  birthday: string;
  gender: string;
  phone_1: string;
  mail_1: string;
  mail_1_confirm?: string;
  phone_2: string;
  mail_2: string;
  mail_2_confirm?: string;
  password?: string;
  password2?: string;
  emergency_name: string;
  emergency_emereletion: string;
  emergency_phone: string;
  total_units: string;
  filing_date: string;
  /** 学生証発行日 (YYYY-MM-DD); '' = today on add, unchanged on update */
  date_issue_num?: string;
  is_graduation: Flag;
  is_rejection: Flag;
  is_email: Flag;
  is_attendance?: Flag;
  student_type: string;
  remarks: string;
}
export interface StudentUpdateBody extends StudentBody {
  user_id: IdParam;
  updated_at: string;
}
/** The editable fields of the admission plus the decision (see studentApprovalBodySchema). */
export interface StudentApprovalBody
  extends Partial<
    Omit<StudentBody, 'login_id' | 'total_units' | 'date_issue_num' | 'is_graduation' | 'is_rejection'>
  > {
  user_id: IdParam;
  /** CD002: '1' approve, '2' reject */
  approval_status: string;
  generation_id?: string;
  password?: string;
  password2?: string;
  remarks?: string;
  updated_at: string;
}
export interface StudentUploadBody {
  /** the file as a data URL */
  student: string;
  /** CD009 */
  student_type: string;
}
export type UnapprovalCount = z.output<typeof unapprovalCountResponseSchema>;
export interface LoginIdExistQuery {
  login_id: string;
  /** the student being edited (excluded from the check) */
  id?: IdParam;
}
export type LoginIdExist = z.output<typeof loginIdExistResponseSchema>;
/** GET /api/admin/student/loginid/next/ — the new form's default generation and login id. */
export type LoginIdNext = z.output<typeof loginIdNextResponseSchema>;
/** POST /api/admin/student/add/ and /update/. */
export type StudentWriteResult = z.output<typeof studentWriteResponseSchema>;
/** POST /api/admin/student/approval/ — login_id is the assigned 学生番号 (null when rejected). */
export type StudentApprovalResult = z.output<typeof studentApprovalResponseSchema>;
export interface StudentAppliedCourseQuery extends PagedQuery {
  user_id: IdParam;
  course_name?: string;
  organ?: string;
  keyword?: string;
  lottery_status?: string;
  attendance_status?: string;
}
export type StudentAppliedCourse = z.output<
  typeof studentAppliedCourseListResponseSchema
>['data_list'][number];
export type StudentAppliedCourseList = PagedList<StudentAppliedCourse>;
/** Rows keyed by n as in CourseApplicantListUpdateBody, plus student_id_{n}. */
export type StudentAppliedCourseUpdateBody = { user_id: IdParam } & Omit<
  CourseApplicantListUpdateBody,
  'course_id'
> & {
    [k: `course_id_${number}`]: IdParam | undefined;
  };
export type DuplicateRow = StudentDuplicates['user_data'];
/**
 * GET /api/admin/student/duplicate/ — exclusive groups (a student only in the strongest group it matches),
 * each at most DUPLICATE_GROUP_LIMIT rows; `counts` has each group's full size.
 */
export type StudentDuplicates = z.output<typeof studentDuplicatesResponseSchema>;

// ---- Admin notices (SPEC §3 Notice, Publisher list row, Notice course search result) ----
export interface NoticeCourseQuery extends PagedQuery {
  course_name?: string;
  univ_id?: string;
  id?: string;
}
export interface NoticeCourseRow {
  id: Id;
  course_name: string;
  period: string;
  organ: string;
  univ_id: string | null;
  keyword: string;
}
export type NoticeCourseList = PagedList<NoticeCourseRow>;
export interface NoticeListQuery {
  title?: string;
  category_id?: string;
  /** CD007 */
  is_control?: string;
  /** CD008 */
  published_to?: string;
  generation_id?: string;
  course_id?: string;
  /** server paging (decision 008): 1-based page; size 10, 50 or 100; sort a column of NoticeRow; dir asc|desc */
  page?: string;
  size?: string;
  sort?: string;
  dir?: string;
}
/** GET /api/admin/notice/list/ — paged on the server (decision 008). */
export type NoticeList = z.output<typeof noticeListResponseSchema>;
export type NoticeRow = z.output<typeof noticeRowSchema>;
export interface NoticeDetailQuery {
  id: IdParam;
}
export type Notice = z.output<typeof noticeSchema>;
/** The notice form spells reference_url1..3 (SPEC §3); the server answers refarence_url1..3. */
export interface NoticeBody {
  category_id: string;
  title: string;
  content: string;
  reference_url1: string;
  reference_url2: string;
  reference_url3: string;
  remarks: string;
  period_from: string;
  period_to: string;
  is_control: string;
  published_to: string;
  generation_id: string;
  course_id: string;
  lottery_status: string;
  is_email: Flag;
  email_title: string;
}
export interface NoticeUpdateBody extends NoticeBody {
  id: IdParam;
  updated_at: string;
}
export interface CategoryDetailQuery {
  id: IdParam;
}
export interface PublisherListQuery {
  id: IdParam;
  student_id?: string;
  name?: string;
  name_kana?: string;
  /** '' any, '1' read, '0' unread */
  is_read?: string;
  /** server paging as NoticeListQuery; sort one of login_id, name, name_kana, lottery_status, read_time */
  page?: string;
  size?: string;
  sort?: string;
  dir?: string;
}
/** GET /api/admin/notice/publisherList/ — paged on the server (decision 008). */
export type PublisherList = z.output<typeof publisherListResponseSchema>;
export type PublisherRow = PublisherList['data_list'][number];

// ---- Student area courses (SPEC §3 Course search item, Course detail, Applied/attended item) ----
export type MypageCourseListKind = 'accepting' | 'before' | 'applied' | 'attended';
export interface MypageCourseListQuery {
  keyword?: string;
  organ?: string;
  date_from?: string;
  date_to?: string;
  lottery_status_1?: string;
  lottery_status_2?: string;
  lottery_status_3?: string;
  lottery_status_4?: string;
}
export type MypageCourseSearchItem = z.output<typeof mypageCourseSearchItemSchema>;
export type MypageCourseList = z.output<typeof mypageCourseListResponseSchema>;
export type MypageAppliedItem = z.output<typeof mypageAppliedItemSchema>;
export type MypageAppliedList = z.output<typeof mypageAppliedListResponseSchema>;
export type MypageAttendedList = z.output<typeof mypageAttendedListResponseSchema>;
export interface MypageCourseQuery {
  id: IdParam;
}
/** GET /api/mypage/course/ — {} means not found (SPEC §8). */
export type MypageCourseDetail = z.output<typeof mypageCourseDetailResponseSchema>;
/** SPEC §3 Course application payload. */
export interface CourseApplicationBody {
  course_id: IdParam;
  course_name: string;
  university_id: string;
  how_apply: string;
  cancel: string;
  /** agreed to the no-cancel warning (SPEC spelling) */
  is_dont_canncel: Flag;
}
/** GET /api/mypage/coursecancel/?id — {} means not found. */
export type CourseCancelView = z.output<typeof courseCancelViewResponseSchema>;
export interface CourseCancelBody {
  course_id: IdParam;
  course_name: string;
  updated_at: string;
}

// ---- Student area user (SPEC §3 My-page user) ----
/** GET /api/mypage/user/ — {} means not found. */
export type MypageUser = z.output<typeof mypageUserResponseSchema>;
export interface ContactsUpdateBody {
  phone1: string;
  mail1: string;
  phone2: string;
  mail2: string;
  updated_at1: string;
  updated_at2: string;
}
export interface PasswordUpdateBody {
  current_password: string;
  password: string;
  password2: string;
  login_id: string;
  updated_at: string;
}
export type ValidResult = z.output<typeof validResultResponseSchema>;

// ---- Public my-page forms (SPEC §3 Inquiry, Admission, Reset mail, Password setting) ----
export interface InquiryBody {
  is_required_answer: string;
  content: string;
  detail: string;
  name: string;
  name_kana: string;
  age: string;
  mail: string;
  mail_confirm: string;
  phone: string;
  postcode: string;
  pref: string;
  address: string;
}
export interface AdmissionBody {
  name_l: string;
  name_f: string;
  name_kana_l: string;
  name_kana_f: string;
  postcode: string;
  pref: string;
  street_name1: string;
  street_name2: string;
  address: string;
  street_name3: string;
  birthday: string;
  gender: string;
  phone1: string;
  phone2: string;
  mail1: string;
  mail2: string;
  mail1_confirm: string;
  mail2_confirm: string;
  emergency_contacts_name: string;
  emergency_contacts_emereletion: string;
  emergency_contacts_phone: string;
  is_attendance: Flag;
}
export interface SendMailBody {
  login_id: string;
  mail_address: string;
}
export interface IsExpireQuery {
  token: string;
}
/** GET /api/mypage/login/isexpire/ — true when the link can no longer be used. */
export type IsExpireResult = z.output<typeof isExpireResponseSchema>;
/** POST /api/mypage/admission/ — office_phone for the completion screen. */
export type AdmissionResult = z.output<typeof admissionResponseSchema>;
export interface PasswordSettingBody {
  password: string;
  password2: string;
  token: string;
}
export interface NewsDetailQuery {
  id: IdParam;
}

// ---- Shared ----
export interface CodeMasterQuery {
  code: string;
}
/** GET /api/common/postcode/{7 digits}/ — our own offline lookup (ARCHITECTURE.md). */
export interface PostcodeResult {
  postcode: string;
  prefecture: string;
  city: string;
  suburb: string;
  /** what fills the form: pref, street_name1 (city + town) */
  pref: string;
  street_name1: string;
}
