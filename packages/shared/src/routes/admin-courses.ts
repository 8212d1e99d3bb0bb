import {
  addApplicantBodySchema,
  addApplicantResponseSchema,
  addApplicantStudentQuerySchema,
  applicantCancelBodySchema,
  applicantDetailQuerySchema,
  applicantListQuerySchema,
  applicantListUpdateBodySchema,
  applicantUpdateBodySchema,
  lotteryBodySchema,
  lotteryPreviewQuerySchema,
} from '../schemas/applicant';
import { certificateQuerySchema, courseCertificatesResponseSchema } from '../schemas/certificate';
import {
  checkinBodySchema,
  checkinCoursesResponseSchema,
  checkinMissingQuerySchema,
  checkinMissingResponseSchema,
  checkinResponseSchema,
} from '../schemas/checkin';
import {
  courseAddBodySchema,
  courseDetailQuerySchema,
  courseListQuerySchema,
  coursePickerQuerySchema,
  courseUpdateBodySchema,
} from '../schemas/course';
import {
  courseFeeQuerySchema,
  courseFeeResponseSchema,
  courseFeeUpdateBodySchema,
} from '../schemas/course-fee';
import {
  courseApplicantUploadBodySchema,
  courseUploadBodySchema,
  courseUploadPreviewBodySchema,
} from '../schemas/course-upload';
import {
  intakeQuerySchema,
  intakeResponseSchema,
  intakeUpdateBodySchema,
  lotteryRecordSchema,
  lotteryRunListQuerySchema,
  lotteryRunListResponseSchema,
  lotteryRunQuerySchema,
  lotteryVerifyResponseSchema,
  promoteBodySchema,
} from '../schemas/intake';
import {
  addApplicantStudentsResponseSchema,
  adminCourseResponseSchema,
  countResponseSchema,
  courseApplicantDetailResponseSchema,
  courseApplicantListResponseSchema,
  courseCategoriesResponseSchema,
  courseListResponseSchema,
  coursePickerResponseSchema,
  coursePreviewResponseSchema,
  csvResponseSchema,
  lotteryPreviewResponseSchema,
  lotteryResponseSchema,
  periodDefaultsResponseSchema,
  resultResponseSchema,
  uploadResponseSchema,
  writtenResponseSchema,
} from '../schemas/responses';
import { defineRoute } from './define';
import { endpoints } from './endpoints';

/**
 * Courses and their applicants (SPEC §7 "Admin courses"). Reads: any admin, authority 2 only on its own
 * university's courses (checked once the course is loaded). Writes: authority 1 only (SPEC §6).
 */
export const adminCourses = {
  list: defineRoute(endpoints.adminCourses.list, {
    query: courseListQuerySchema,
    response: courseListResponseSchema,
  }),
  period: defineRoute(endpoints.adminCourses.period, { response: periodDefaultsResponseSchema }),
  detail: defineRoute(endpoints.adminCourses.detail, {
    query: courseDetailQuerySchema,
    response: adminCourseResponseSchema,
  }),
  /** choosing a course by name or code (decision 035) */
  picker: defineRoute(endpoints.adminCourses.picker, {
    query: coursePickerQuerySchema,
    response: coursePickerResponseSchema,
  }),
  categories: defineRoute(endpoints.adminCourses.categories, { response: courseCategoriesResponseSchema }),
  add: defineRoute(endpoints.adminCourses.add, {
    body: courseAddBodySchema,
    response: writtenResponseSchema,
  }),
  update: defineRoute(endpoints.adminCourses.update, {
    body: courseUpdateBodySchema,
    response: writtenResponseSchema,
  }),
  // the CSV uploads (SPEC §7 writes these two without the final slash)
  applicantUpload: defineRoute(endpoints.adminCourses.applicantUpload, {
    body: courseApplicantUploadBodySchema,
    response: uploadResponseSchema,
  }),
  courseUpload: defineRoute(endpoints.adminCourses.courseUpload, {
    body: courseUploadBodySchema,
    response: uploadResponseSchema,
  }),
  /** beyond SPEC §7 (decision 070): what the course import of this file would do, nothing written */
  courseUploadPreview: defineRoute(endpoints.adminCourses.courseUploadPreview, {
    body: courseUploadPreviewBodySchema,
    response: coursePreviewResponseSchema,
  }),
  certificates: defineRoute(endpoints.adminCourses.certificates, {
    query: certificateQuerySchema,
    response: courseCertificatesResponseSchema,
  }),
};

export const adminApplicants = {
  list: defineRoute(endpoints.adminApplicants.list, {
    query: applicantListQuerySchema,
    response: courseApplicantListResponseSchema,
  }),
  /** an addition to SPEC §7 (decision 021): the list's rows as the CSV file */
  csv: defineRoute(endpoints.adminApplicants.csv, {
    query: applicantListQuerySchema,
    response: csvResponseSchema,
  }),
  lottery: defineRoute(endpoints.adminApplicants.lottery, {
    body: lotteryBodySchema,
    response: lotteryResponseSchema,
  }),
  /** beyond SPEC §7: what the draw would do (the modal's last step) */
  lotteryPreview: defineRoute(endpoints.adminApplicants.lotteryPreview, {
    query: lotteryPreviewQuerySchema,
    response: lotteryPreviewResponseSchema,
  }),
  tableUpdate: defineRoute(endpoints.adminApplicants.tableUpdate, {
    body: applicantListUpdateBodySchema,
    response: countResponseSchema,
  }),
  studentList: defineRoute(endpoints.adminApplicants.studentList, {
    query: addApplicantStudentQuerySchema,
    response: addApplicantStudentsResponseSchema,
  }),
  add: defineRoute(endpoints.adminApplicants.add, {
    body: addApplicantBodySchema,
    response: addApplicantResponseSchema,
  }),
  detail: defineRoute(endpoints.adminApplicants.detail, {
    query: applicantDetailQuerySchema,
    response: courseApplicantDetailResponseSchema,
  }),
  update: defineRoute(endpoints.adminApplicants.update, {
    body: applicantUpdateBodySchema,
    response: resultResponseSchema,
  }),
  cancel: defineRoute(endpoints.adminApplicants.cancel, {
    body: applicantCancelBodySchema,
    response: resultResponseSchema,
  }),
};

/** The intake cycle (decision 015): a course's settings, its draws' records, promotion by hand. */
export const adminIntake = {
  settings: defineRoute(endpoints.adminIntake.settings, {
    query: intakeQuerySchema,
    response: intakeResponseSchema,
  }),
  update: defineRoute(endpoints.adminIntake.update, {
    body: intakeUpdateBodySchema,
    response: resultResponseSchema,
  }),
  runs: defineRoute(endpoints.adminIntake.runs, {
    query: lotteryRunListQuerySchema,
    response: lotteryRunListResponseSchema,
  }),
  run: defineRoute(endpoints.adminIntake.run, {
    query: lotteryRunQuerySchema,
    response: lotteryRecordSchema,
  }),
  verify: defineRoute(endpoints.adminIntake.verify, {
    query: lotteryRunQuerySchema,
    response: lotteryVerifyResponseSchema,
  }),
  promote: defineRoute(endpoints.adminIntake.promote, {
    body: promoteBodySchema,
    response: resultResponseSchema,
  }),
};

/** A course's fee rule (decision 077): read by any admin of the course, written by authority 1. */
export const adminCourseFee = {
  rule: defineRoute(endpoints.adminCourseFee.rule, {
    query: courseFeeQuerySchema,
    response: courseFeeResponseSchema,
  }),
  update: defineRoute(endpoints.adminCourseFee.update, {
    body: courseFeeUpdateBodySchema,
    response: resultResponseSchema,
  }),
};

/** The desk's check-in on a class day: any admin, authority 2 on its own university's courses. */
export const adminCheckin = {
  courses: defineRoute(endpoints.adminCheckin.courses, { response: checkinCoursesResponseSchema }),
  missing: defineRoute(endpoints.adminCheckin.missing, {
    query: checkinMissingQuerySchema,
    response: checkinMissingResponseSchema,
  }),
  checkIn: defineRoute(endpoints.adminCheckin.checkIn, {
    body: checkinBodySchema,
    response: checkinResponseSchema,
  }),
};
