import type {
  AddApplicantStudentRow,
  CourseApplicantDetail,
  CourseApplicantDetailLimited,
  CourseApplicantRow,
  CourseApplicantRowLimited,
} from '@manabi/shared/api';
import { APPROVAL } from '@manabi/shared/codes';
import type { PaymentState } from '@manabi/shared/domain/fees';
import { sessionAttendance } from '@manabi/shared/schemas/applicant';
import type { courseApplications, courses, students } from '../../db/schema';
import { addressLine } from '../common/address';

type Application = typeof courseApplications.$inferSelect;
type Student = typeof students.$inferSelect;
type Course = typeof courses.$inferSelect;

/** A seat's payment as the payment screens work it out (modules/payments/payments-books figuresOf). */
export interface SeatPayment {
  state: PaymentState;
  outstanding: number;
  refundOwed: number;
}

/**
 * SPEC §3 "Course applicant (admin)" row; user_id and student_id are both the students.id (SPEC keeps both).
 * The seat's payment is an addition (decision 086): the applicant tab's 入金状況 column.
 */
export const presentApplicantRow = (
  a: Application,
  s: Pick<Student, 'id' | 'loginId' | 'name' | 'nameKana'>,
  pay: SeatPayment,
): CourseApplicantRow => ({
  course_applicant_id: a.id,
  login_id: s.loginId ?? '',
  student_id: s.id,
  user_id: s.id,
  course_id: a.courseId,
  name: s.name,
  name_kana: s.nameKana,
  lottery_status: a.lotteryStatus,
  how_apply: a.howApply,
  attendance_status: a.attendanceStatus,
  attendance_updated_date: a.attendanceUpdatedAt?.toISOString() ?? null,
  acquisition_unit: a.acquisitionUnit,
  ...sessionAttendance(a.attendance),
  updated_at: a.updatedAt.toISOString(),
  // SPEC §3 Course applicant: the cancellation as a flag beside the キャンセル status
  is_cancel: a.cancelledAt !== null,
  waitlist_rank: a.waitlistRank,
  confirm_by: a.confirmBy?.toISOString() ?? null,
  confirmed_at: a.confirmedAt?.toISOString() ?? null,
  promoted_at: a.promotedAt?.toISOString() ?? null,
  decline_reason: a.declineReason,
  payment_state: pay.state,
  outstanding: pay.outstanding,
  refund_owed: pay.refundOwed,
});

/** SPEC §6: authority 2 sees only name_kana of the person. */
export const presentApplicantRowLimited = (
  a: Application,
  s: Pick<Student, 'id' | 'nameKana'>,
): CourseApplicantRowLimited => ({
  course_applicant_id: a.id,
  student_id: s.id,
  course_id: a.courseId,
  name_kana: s.nameKana,
});

/** The detail without who in the office acted for the student (the service reads that for authority 1). */
type ApplicantDetailBase = Omit<CourseApplicantDetail, 'entered_by' | 'decided'>;

export const presentApplicantDetail = (
  a: Application,
  s: Student,
  c: Pick<Course, 'name' | 'isCancelable'>,
  age: number | null,
  pay: SeatPayment,
): ApplicantDetailBase => ({
  ...presentApplicantRow(a, s, pay),
  course_name: c.name,
  remarks: a.remarks,
  cannot_cancel: !c.isCancelable,
  postcode: s.postcode,
  address: addressLine(s),
  birthday: s.birthday,
  age,
  gender: s.gender === null ? '' : String(s.gender),
  phone1: s.phone1,
  mail1: s.mail1,
  phone2: s.phone2,
  mail2: s.mail2,
  e_name: s.emergencyName,
  e_emereletion: s.emergencyRelation,
  e_phone: s.emergencyPhone,
  aid_tuition_fee: a.aidTuitionFee ? '1' : '0',
  is_student: s.approvalStatus === APPROVAL.APPROVED && !s.isRejection,
  is_email: s.isEmail,
  is_open_applicant: a.cancelledAt === null,
});

/**
 * What an authority-2 admin sees of an applicant: an allowlist, so a field added to the full detail stays
 * hidden until someone decides a partner university needs it. SPEC §6 excludes birthday, age, units,
 * attendance and cancel (is_open_applicant is only the inverse of is_cancel, so it goes too); data
 * minimisation also keeps out the contact data, the emergency contact and the office's remarks.
 */
export const APPLICANT_DETAIL_LIMITED_FIELDS = [
  'course_applicant_id',
  'course_id',
  'user_id',
  'student_id',
  'login_id',
  'name',
  'name_kana',
  'lottery_status',
  'how_apply',
  'updated_at',
  'course_name',
  'gender',
  'aid_tuition_fee',
  'is_student',
  'is_email',
] as const satisfies readonly (keyof CourseApplicantDetail)[];

export function presentApplicantDetailLimited(d: ApplicantDetailBase): CourseApplicantDetailLimited {
  return Object.fromEntries(
    APPLICANT_DETAIL_LIMITED_FIELDS.map((k) => [k, d[k]]),
  ) as CourseApplicantDetailLimited;
}

export const presentStudentCandidate = (
  s: Pick<Student, 'id' | 'loginId' | 'name' | 'nameKana' | 'streetName1' | 'streetName2' | 'birthday'>,
): AddApplicantStudentRow => ({
  user_id: s.id,
  login_id: s.loginId ?? '',
  name: s.name,
  name_kana: s.nameKana,
  street_name1: s.streetName1,
  street_name2: s.streetName2,
  birthday: s.birthday,
});
