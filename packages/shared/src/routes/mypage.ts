import { z } from 'zod';
import { addressRequestBodySchema } from '../schemas/address-change';
import { certificateQuerySchema, certificateSchema, transcriptResponseSchema } from '../schemas/certificate';
import { checkinCodeResponseSchema } from '../schemas/checkin';
import { seatDecisionBodySchema } from '../schemas/intake';
import {
  mypageWithdrawBodySchema,
  withdrawPreviewResponseSchema,
  withdrawResponseSchema,
} from '../schemas/lifecycle';
import {
  courseApplicationBodySchema,
  courseCancelBodySchema,
  mypageCourseListQuerySchema,
  mypageCourseQuerySchema,
} from '../schemas/mypage-course';
import { contactsUpdateBodySchema, passwordUpdateBodySchema } from '../schemas/mypage-user';
import { addReadBodySchema, newsDetailQuerySchema, newsListQuerySchema } from '../schemas/news';
import { myReceiptsResponseSchema, receiptQuerySchema, receiptResponseSchema } from '../schemas/payments';
import {
  calendarFeedIssuedResponseSchema,
  courseCancelViewResponseSchema,
  icsResponseSchema,
  mypageAddressResponseSchema,
  mypageAppliedListResponseSchema,
  mypageAttendedListResponseSchema,
  mypageCourseDetailResponseSchema,
  mypageCourseListResponseSchema,
  mypageScheduleResponseSchema,
  mypageUserResponseSchema,
  newsDetailResponseSchema,
  newsListResponseSchema,
  resultResponseSchema,
  topResponseSchema,
  validResultResponseSchema,
} from '../schemas/responses';
import { defineRoute } from './define';
import { endpoints } from './endpoints';

/** A POST that carries nothing: the session says whose it is. */
export const noFieldsBodySchema = z.object({});

/**
 * The student area (SPEC §7 "Student area"): always the session's own student, no body or query names one.
 */
export const mypage = {
  top: defineRoute(endpoints.mypage.top, { response: topResponseSchema }),
  newsList: defineRoute(endpoints.mypage.newsList, {
    query: newsListQuerySchema,
    response: newsListResponseSchema,
  }),
  news: defineRoute(endpoints.mypage.news, {
    query: newsDetailQuerySchema,
    response: newsDetailResponseSchema,
  }),
  addRead: defineRoute(endpoints.mypage.addRead, { body: addReadBodySchema, response: resultResponseSchema }),

  // the four course lists (decision 010), the detail, apply, the cancel view and cancel
  acceptingCourseList: defineRoute(endpoints.mypage.acceptingCourseList, {
    query: mypageCourseListQuerySchema,
    response: mypageCourseListResponseSchema,
  }),
  beforeCourseList: defineRoute(endpoints.mypage.beforeCourseList, {
    query: mypageCourseListQuerySchema,
    response: mypageCourseListResponseSchema,
  }),
  appliedCourseList: defineRoute(endpoints.mypage.appliedCourseList, {
    query: mypageCourseListQuerySchema,
    response: mypageAppliedListResponseSchema,
  }),
  attendedCourseList: defineRoute(endpoints.mypage.attendedCourseList, {
    query: mypageCourseListQuerySchema,
    response: mypageAttendedListResponseSchema,
  }),
  course: defineRoute(endpoints.mypage.course, {
    query: mypageCourseQuerySchema,
    response: mypageCourseDetailResponseSchema,
  }),
  courseApplication: defineRoute(endpoints.mypage.courseApplication, {
    body: courseApplicationBodySchema,
    response: resultResponseSchema,
  }),
  courseCancelView: defineRoute(endpoints.mypage.courseCancelView, {
    query: mypageCourseQuerySchema,
    response: courseCancelViewResponseSchema,
  }),
  courseCancel: defineRoute(endpoints.mypage.courseCancel, {
    body: courseCancelBodySchema,
    response: resultResponseSchema,
  }),
  // a winner's seat (decision 015)
  courseConfirm: defineRoute(endpoints.mypage.courseConfirm, {
    body: seatDecisionBodySchema,
    response: resultResponseSchema,
  }),
  courseDecline: defineRoute(endpoints.mypage.courseDecline, {
    body: seatDecisionBodySchema,
    response: resultResponseSchema,
  }),

  user: defineRoute(endpoints.mypage.user, { response: mypageUserResponseSchema }),
  contactsUpdate: defineRoute(endpoints.mypage.contactsUpdate, {
    body: contactsUpdateBodySchema,
    response: resultResponseSchema,
  }),
  passwordUpdate: defineRoute(endpoints.mypage.passwordUpdate, {
    body: passwordUpdateBodySchema,
    response: validResultResponseSchema,
  }),
  // 住所変更の届出 (decision 040)
  address: defineRoute(endpoints.mypage.address, { response: mypageAddressResponseSchema }),
  addressRequest: defineRoute(endpoints.mypage.addressRequest, {
    body: addressRequestBodySchema,
    response: resultResponseSchema,
  }),

  // class days: the schedule, its calendar feed, a course's .ics, the check-in code, the certificates
  schedule: defineRoute(endpoints.mypage.schedule, { response: mypageScheduleResponseSchema }),
  scheduleFeed: defineRoute(endpoints.mypage.scheduleFeed, {
    body: noFieldsBodySchema,
    response: calendarFeedIssuedResponseSchema,
  }),
  scheduleFeedDelete: defineRoute(endpoints.mypage.scheduleFeedDelete, {
    body: noFieldsBodySchema,
    response: resultResponseSchema,
  }),
  courseIcs: defineRoute(endpoints.mypage.courseIcs, {
    query: mypageCourseQuerySchema,
    response: icsResponseSchema,
  }),
  checkinCode: defineRoute(endpoints.mypage.checkinCode, { response: checkinCodeResponseSchema }),
  certificate: defineRoute(endpoints.mypage.certificate, {
    query: certificateQuerySchema,
    response: certificateSchema,
  }),
  transcript: defineRoute(endpoints.mypage.transcript, { response: transcriptResponseSchema }),
  // 退会 (decision 072): what it would cancel, then the withdrawal, confirmed twice
  withdrawView: defineRoute(endpoints.mypage.withdrawView, { response: withdrawPreviewResponseSchema }),
  withdraw: defineRoute(endpoints.mypage.withdraw, {
    body: mypageWithdrawBodySchema,
    response: withdrawResponseSchema,
  }),
  // 領収書 (decision 078): the student's own receipts only
  receipts: defineRoute(endpoints.mypage.receipts, { response: myReceiptsResponseSchema }),
  receipt: defineRoute(endpoints.mypage.receipt, {
    query: receiptQuerySchema,
    response: receiptResponseSchema,
  }),
};
