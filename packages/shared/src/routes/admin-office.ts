import {
  addressDecisionBodySchema,
  addressRequestDetailQuerySchema,
  addressRequestListQuerySchema,
} from '../schemas/address-change';
import {
  adminUserAddBodySchema,
  adminUserDetailQuerySchema,
  adminUserListQuerySchema,
  adminUserPasswordBodySchema,
  adminUserUpdateBodySchema,
} from '../schemas/admin-user';
import { auditListQuerySchema, auditListResponseSchema, auditSearchSchema } from '../schemas/audit';
import {
  categoryAddBodySchema,
  categoryDetailQuerySchema,
  categoryListQuerySchema,
  categoryUpdateBodySchema,
} from '../schemas/category';
import {
  callAddBodySchema,
  contactListQuerySchema,
  contactListResponseSchema,
  labelsQuerySchema,
  lettersPrintedBodySchema,
  lettersPrintedResponseSchema,
  lettersQuerySchema,
  lettersResponseSchema,
  proxyDecisionBodySchema,
  studentContactQuerySchema,
  studentContactResponseSchema,
} from '../schemas/contact';
import {
  candidatesQuerySchema,
  candidatesResponseSchema,
  dismissPairBodySchema,
  duplicatePairsQuerySchema,
  duplicatePairsResponseSchema,
  duplicateScanResponseSchema,
} from '../schemas/duplicates';
import {
  adminWithdrawBodySchema,
  withdrawPreviewQuerySchema,
  withdrawPreviewResponseSchema,
  withdrawResponseSchema,
} from '../schemas/lifecycle';
import {
  noticeAddBodySchema,
  noticeAudienceQuerySchema,
  noticeCourseQuerySchema,
  noticeDetailQuerySchema,
  noticeListQuerySchema,
  noticeUpdateBodySchema,
  publisherListQuerySchema,
} from '../schemas/notice';
import {
  addressRequestListResponseSchema,
  adminAddressRequestResponseSchema,
  adminUserListResponseSchema,
  adminUserSchema,
  adminUserWriteResponseSchema,
  categoryListResponseSchema,
  categorySchema,
  countResponseSchema,
  csvResponseSchema,
  loginIdExistResponseSchema,
  loginIdNextResponseSchema,
  noticeAudienceResponseSchema,
  noticeCourseListResponseSchema,
  noticeListResponseSchema,
  noticeSchema,
  noticeWrittenResponseSchema,
  passwordCheckResponseSchema,
  publisherListResponseSchema,
  resultResponseSchema,
  studentAppliedCourseListResponseSchema,
  studentApprovalResponseSchema,
  studentDuplicatesResponseSchema,
  studentListResponseSchema,
  studentPreviewResponseSchema,
  studentSchema,
  studentWriteResponseSchema,
  unapprovalCountResponseSchema,
  uploadResponseSchema,
  writtenResponseSchema,
} from '../schemas/responses';
import {
  statisticsCsvQuerySchema,
  statisticsGroupsQuerySchema,
  statisticsGroupsResponseSchema,
  statisticsPeriodSchema,
  statisticsSessionsResponseSchema,
  statisticsStudentsResponseSchema,
  statisticsSummaryResponseSchema,
  statisticsTrendsResponseSchema,
} from '../schemas/statistics';
import {
  loginIdExistQuerySchema,
  loginIdNextQuerySchema,
  studentAddBodySchema,
  studentApprovalBodySchema,
  studentDetailQuerySchema,
  studentUpdateBodySchema,
} from '../schemas/student';
import { studentCourseListQuerySchema, studentCourseUpdateBodySchema } from '../schemas/student-course';
import { disclosureQuerySchema, disclosureResponseSchema } from '../schemas/student-disclosure';
import {
  studentDuplicateQuerySchema,
  studentListQuerySchema,
  studentUploadBodySchema,
  studentUploadPreviewBodySchema,
} from '../schemas/student-list';
import {
  mergeBodySchema,
  mergeDetailResponseSchema,
  mergeIdSchema,
  mergePreviewQuerySchema,
  mergePreviewResponseSchema,
  mergeResponseSchema,
} from '../schemas/student-merge';
import { mailRetryBodySchema, worklistResponseSchema } from '../schemas/worklist';
import { defineRoute } from './define';
import { endpoints } from './endpoints';

/** Students (SPEC §7 "Admin students"): authority 1 only. */
export const adminStudents = {
  list: defineRoute(endpoints.adminStudents.list, {
    query: studentListQuerySchema,
    response: studentListResponseSchema,
  }),
  /** an addition to SPEC §7 (decision 021): the list's whole search as the CSV file */
  csv: defineRoute(endpoints.adminStudents.csv, {
    query: studentListQuerySchema,
    response: csvResponseSchema,
  }),
  unapprovalCount: defineRoute(endpoints.adminStudents.unapprovalCount, {
    response: unapprovalCountResponseSchema,
  }),
  duplicate: defineRoute(endpoints.adminStudents.duplicate, {
    query: studentDuplicateQuerySchema,
    response: studentDuplicatesResponseSchema,
  }),
  /** beyond SPEC §7 (decision 069): likely duplicates, scored with their reasons */
  candidates: defineRoute(endpoints.adminStudents.candidates, {
    query: candidatesQuerySchema,
    response: candidatesResponseSchema,
  }),
  pairs: defineRoute(endpoints.adminStudents.pairs, {
    query: duplicatePairsQuerySchema,
    response: duplicatePairsResponseSchema,
  }),
  dismiss: defineRoute(endpoints.adminStudents.dismiss, {
    body: dismissPairBodySchema,
    response: resultResponseSchema,
  }),
  scan: defineRoute(endpoints.adminStudents.scan, { response: duplicateScanResponseSchema }),
  /** beyond SPEC §7 (decision 071): one person entered twice becomes one record, and back */
  mergePreview: defineRoute(endpoints.adminStudents.mergePreview, {
    query: mergePreviewQuerySchema,
    response: mergePreviewResponseSchema,
  }),
  merge: defineRoute(endpoints.adminStudents.merge, { body: mergeBodySchema, response: mergeResponseSchema }),
  mergeDetail: defineRoute(endpoints.adminStudents.mergeDetail, {
    query: mergeIdSchema,
    response: mergeDetailResponseSchema,
  }),
  mergeUndo: defineRoute(endpoints.adminStudents.mergeUndo, {
    body: mergeIdSchema,
    response: resultResponseSchema,
  }),
  /** beyond SPEC §7 (decision 076): everything held about one student, as one document (or its file) */
  disclosure: defineRoute(endpoints.adminStudents.disclosure, {
    query: disclosureQuerySchema,
    response: disclosureResponseSchema,
  }),
  upload: defineRoute(endpoints.adminStudents.upload, {
    body: studentUploadBodySchema,
    response: uploadResponseSchema,
  }),
  detail: defineRoute(endpoints.adminStudents.detail, {
    query: studentDetailQuerySchema,
    response: studentSchema,
  }),
  courseList: defineRoute(endpoints.adminStudents.courseList, {
    query: studentCourseListQuerySchema,
    response: studentAppliedCourseListResponseSchema,
  }),
  courseUpdate: defineRoute(endpoints.adminStudents.courseUpdate, {
    body: studentCourseUpdateBodySchema,
    response: countResponseSchema,
  }),
  loginIdExist: defineRoute(endpoints.adminStudents.loginIdExist, {
    query: loginIdExistQuerySchema,
    response: loginIdExistResponseSchema,
  }),
  loginIdNext: defineRoute(endpoints.adminStudents.loginIdNext, {
    query: loginIdNextQuerySchema,
    response: loginIdNextResponseSchema,
  }),
  add: defineRoute(endpoints.adminStudents.add, {
    body: studentAddBodySchema,
    response: studentWriteResponseSchema,
  }),
  update: defineRoute(endpoints.adminStudents.update, {
    body: studentUpdateBodySchema,
    response: studentWriteResponseSchema,
  }),
  approval: defineRoute(endpoints.adminStudents.approval, {
    body: studentApprovalBodySchema,
    response: studentApprovalResponseSchema,
  }),
  // 住所変更の届出 (decision 040)
  address: defineRoute(endpoints.adminStudents.address, {
    query: addressRequestDetailQuerySchema,
    response: adminAddressRequestResponseSchema,
  }),
  addressList: defineRoute(endpoints.adminStudents.addressList, {
    query: addressRequestListQuerySchema,
    response: addressRequestListResponseSchema,
  }),
  addressDecide: defineRoute(endpoints.adminStudents.addressDecide, {
    body: addressDecisionBodySchema,
    response: resultResponseSchema,
  }),
  /** beyond SPEC §7 (decision 070): what the upload of this file would do, nothing written */
  uploadPreview: defineRoute(endpoints.adminStudents.uploadPreview, {
    body: studentUploadPreviewBodySchema,
    response: studentPreviewResponseSchema,
  }),
  /** beyond SPEC §7 (decision 072): what withdrawing the student would cancel, and the withdrawal */
  withdrawPreview: defineRoute(endpoints.adminStudents.withdrawPreview, {
    query: withdrawPreviewQuerySchema,
    response: withdrawPreviewResponseSchema,
  }),
  withdraw: defineRoute(endpoints.adminStudents.withdraw, {
    body: adminWithdrawBodySchema,
    response: withdrawResponseSchema,
  }),
};

/** Admin users (SPEC §7): authority 1 only. */
export const adminUsers = {
  list: defineRoute(endpoints.adminUsers.list, {
    query: adminUserListQuerySchema,
    response: adminUserListResponseSchema,
  }),
  detail: defineRoute(endpoints.adminUsers.detail, {
    query: adminUserDetailQuerySchema,
    response: adminUserSchema,
  }),
  /** the check before the confirm step (SPEC §4), for add and update */
  password: defineRoute(endpoints.adminUsers.password, {
    body: adminUserPasswordBodySchema,
    response: passwordCheckResponseSchema,
  }),
  add: defineRoute(endpoints.adminUsers.add, {
    body: adminUserAddBodySchema,
    response: adminUserWriteResponseSchema,
  }),
  update: defineRoute(endpoints.adminUsers.update, {
    body: adminUserUpdateBodySchema,
    response: adminUserWriteResponseSchema,
  }),
};

/** Notices and their categories (SPEC §7 "Admin notices"): authority 1 only. */
export const adminNotices = {
  courseList: defineRoute(endpoints.adminNotices.courseList, {
    query: noticeCourseQuerySchema,
    response: noticeCourseListResponseSchema,
  }),
  list: defineRoute(endpoints.adminNotices.list, {
    query: noticeListQuerySchema,
    response: noticeListResponseSchema,
  }),
  detail: defineRoute(endpoints.adminNotices.detail, {
    query: noticeDetailQuerySchema,
    response: noticeSchema,
  }),
  add: defineRoute(endpoints.adminNotices.add, {
    body: noticeAddBodySchema,
    response: noticeWrittenResponseSchema,
  }),
  update: defineRoute(endpoints.adminNotices.update, {
    body: noticeUpdateBodySchema,
    response: noticeWrittenResponseSchema,
  }),
  /** beyond SPEC §7: whom a save would reach, by the publish's own rules */
  audience: defineRoute(endpoints.adminNotices.audience, {
    query: noticeAudienceQuerySchema,
    response: noticeAudienceResponseSchema,
  }),
  publisherList: defineRoute(endpoints.adminNotices.publisherList, {
    query: publisherListQuerySchema,
    response: publisherListResponseSchema,
  }),
  categoryListAll: defineRoute(endpoints.adminNotices.categoryListAll, {
    response: categoryListResponseSchema,
  }),
  categoryList: defineRoute(endpoints.adminNotices.categoryList, {
    query: categoryListQuerySchema,
    response: categoryListResponseSchema,
  }),
  categoryDetail: defineRoute(endpoints.adminNotices.categoryDetail, {
    query: categoryDetailQuerySchema,
    response: categorySchema,
  }),
  categoryAdd: defineRoute(endpoints.adminNotices.categoryAdd, {
    body: categoryAddBodySchema,
    response: writtenResponseSchema,
  }),
  categoryUpdate: defineRoute(endpoints.adminNotices.categoryUpdate, {
    body: categoryUpdateBodySchema,
    response: writtenResponseSchema,
  }),
};

/** The office's work list on the top page (decision 057): both authorities read; authority 1 retries mail. */
export const adminWorklist = {
  list: defineRoute(endpoints.adminWorklist.list, { response: worklistResponseSchema }),
  mailRetry: defineRoute(endpoints.adminWorklist.mailRetry, {
    body: mailRetryBodySchema,
    response: resultResponseSchema,
  }),
};

/**
 * The programme in numbers (decision 059): both authorities read, authority 2 its university's courses only.
 */
export const adminStatistics = {
  summary: defineRoute(endpoints.adminStatistics.summary, {
    query: statisticsPeriodSchema,
    response: statisticsSummaryResponseSchema,
  }),
  groups: defineRoute(endpoints.adminStatistics.groups, {
    query: statisticsGroupsQuerySchema,
    response: statisticsGroupsResponseSchema,
  }),
  sessions: defineRoute(endpoints.adminStatistics.sessions, {
    query: statisticsPeriodSchema,
    response: statisticsSessionsResponseSchema,
  }),
  students: defineRoute(endpoints.adminStatistics.students, {
    query: statisticsPeriodSchema,
    response: statisticsStudentsResponseSchema,
  }),
  trends: defineRoute(endpoints.adminStatistics.trends, {
    query: statisticsPeriodSchema,
    response: statisticsTrendsResponseSchema,
  }),
  csv: defineRoute(endpoints.adminStatistics.csv, {
    query: statisticsCsvQuerySchema,
    response: csvResponseSchema,
  }),
};

/**
 * Reaching every student (decision 065): the contact list (both authorities, authority 2 its university's
 * courses and 氏名カナ only); the calls, decisions for the student, letters and labels (authority 1).
 */
export const adminContact = {
  list: defineRoute(endpoints.adminContact.list, {
    query: contactListQuerySchema,
    response: contactListResponseSchema,
  }),
  csv: defineRoute(endpoints.adminContact.csv, {
    query: contactListQuerySchema,
    response: csvResponseSchema,
  }),
  student: defineRoute(endpoints.adminContact.student, {
    query: studentContactQuerySchema,
    response: studentContactResponseSchema,
  }),
  callAdd: defineRoute(endpoints.adminContact.callAdd, {
    body: callAddBodySchema,
    response: writtenResponseSchema,
  }),
  decide: defineRoute(endpoints.adminContact.decide, {
    body: proxyDecisionBodySchema,
    response: resultResponseSchema,
  }),
  letters: defineRoute(endpoints.adminContact.letters, {
    query: lettersQuerySchema,
    response: lettersResponseSchema,
  }),
  lettersPrinted: defineRoute(endpoints.adminContact.lettersPrinted, {
    body: lettersPrintedBodySchema,
    response: lettersPrintedResponseSchema,
  }),
  labels: defineRoute(endpoints.adminContact.labels, {
    query: labelsQuerySchema,
    response: csvResponseSchema,
  }),
};

/** The audit log, readable (decision 067): authority 1 only, paged on the server; the CSV of a search, streamed. */
export const adminAudit = {
  list: defineRoute(endpoints.adminAudit.list, {
    query: auditListQuerySchema,
    response: auditListResponseSchema,
  }),
  csv: defineRoute(endpoints.adminAudit.csv, {
    query: auditSearchSchema,
    response: csvResponseSchema,
  }),
};
