import type { Endpoint, Guard } from './define';

/** A call written as its method and path, `GET /api/…`, as HTTP spells it. */
type Call = `${Endpoint['method']} ${Endpoint['path']}`;
/** The endpoint a call names, with its method and path kept as literal types for both sides to read. */
type EndpointOf<
  C extends Call,
  G extends Guard,
> = C extends `${infer M extends Endpoint['method']} ${infer P extends Endpoint['path']}`
  ? { readonly method: M; readonly path: P; readonly guard: G }
  : never;

/** The endpoints of one guard, each written `METHOD /path`. */
function guarded<G extends Guard, const T extends Record<string, Call>>(
  guard: G,
  calls: T,
): { readonly [K in keyof T]: EndpointOf<T[K], G> } {
  const out: Record<string, Endpoint> = {};
  for (const [key, call] of Object.entries(calls)) {
    const space = call.indexOf(' ');
    out[key] = {
      method: call.slice(0, space) as Endpoint['method'],
      path: call.slice(space + 1) as Endpoint['path'],
      guard,
    };
  }
  return out as { [K in keyof T]: EndpointOf<T[K], G> };
}

/**
 * Every API call's method, path and guard, and nothing else: what the web needs at run time to make a call
 * (no schema, so no screen's bundle carries the server's validation). The schemas of each call are bound to
 * these in the area files (routes/*.ts); shared/routes.ts holds both, keyed alike.
 */
export const endpoints = {
  auth: guarded('public', {
    adminLogin: 'POST /api/auth/admin/login/',
    mypageLogin: 'POST /api/auth/mypage/login/',
    adminLogout: 'GET /api/auth/admin/logout/',
    mypageLogout: 'GET /api/auth/mypage/logout/',
    adminSession: 'GET /api/auth/admin/session/',
    mypageSession: 'GET /api/auth/mypage/session/',
  }),
  common: guarded('public', {
    codeMasterList: 'GET /api/common/codemasterlist/',
    postcode: 'GET /api/common/postcode/:code',
    health: 'GET /api/health',
    ready: 'GET /api/ready',
    calendarFeed: 'GET /api/calendar/:token.ics',
  }),
  publicForms: guarded('public', {
    admission: 'POST /api/mypage/admission/',
    inquiry: 'POST /api/mypage/inquiry/',
    sendResetMail: 'POST /api/mypage/login/sendmail/',
    isExpire: 'GET /api/mypage/login/isexpire/',
    passwordSetting: 'POST /api/mypage/login/passwordsetting/',
  }),
  mypage: guarded('student', {
    top: 'GET /api/mypage/top/',
    newsList: 'GET /api/mypage/newslist/',
    news: 'GET /api/mypage/news/',
    addRead: 'POST /api/mypage/news/addread/',
    acceptingCourseList: 'GET /api/mypage/acceptingcourselist/',
    beforeCourseList: 'GET /api/mypage/beforecourselist/',
    appliedCourseList: 'GET /api/mypage/appliedcourselist/',
    attendedCourseList: 'GET /api/mypage/attendedcourselist/',
    course: 'GET /api/mypage/course/',
    courseApplication: 'POST /api/mypage/courseapplication/',
    courseCancelView: 'GET /api/mypage/coursecancel/',
    courseCancel: 'POST /api/mypage/coursecancel/cancel/',
    courseConfirm: 'POST /api/mypage/courseconfirm/',
    courseDecline: 'POST /api/mypage/coursedecline/',
    user: 'GET /api/mypage/user/',
    contactsUpdate: 'POST /api/mypage/user/contacts/update/',
    passwordUpdate: 'POST /api/mypage/user/password/update/',
    address: 'GET /api/mypage/user/address/',
    addressRequest: 'POST /api/mypage/user/address/request/',
    schedule: 'GET /api/mypage/schedule/',
    scheduleFeed: 'POST /api/mypage/schedule/feed/',
    scheduleFeedDelete: 'POST /api/mypage/schedule/feed/delete/',
    courseIcs: 'GET /api/mypage/course/ics/',
    checkinCode: 'GET /api/mypage/checkin-code/',
    certificate: 'GET /api/mypage/certificate/',
    transcript: 'GET /api/mypage/transcript/',
    withdrawView: 'GET /api/mypage/user/withdraw/',
    withdraw: 'POST /api/mypage/user/withdraw/',
    receipts: 'GET /api/mypage/receipts/',
    receipt: 'GET /api/mypage/receipt/',
  }),
  adminCourses: {
    ...guarded('admin', {
      list: 'GET /api/admin/courselist/',
      period: 'GET /api/admin/courselist/period/',
      detail: 'GET /api/admin/course/',
      picker: 'GET /api/admin/course/picker/',
      categories: 'GET /api/admin/course/categories/',
    }),
    ...guarded('authority1', {
      add: 'POST /api/admin/course/add/',
      update: 'POST /api/admin/course/update/',
      applicantUpload: 'POST /api/admin/course/courseapplicantupload',
      courseUpload: 'POST /api/admin/course/courseupload',
      courseUploadPreview: 'POST /api/admin/course/courseupload/preview/',
      certificates: 'GET /api/admin/course/certificates/',
    }),
  },
  adminApplicants: {
    ...guarded('admin', {
      list: 'GET /api/admin/courseapplicantlist/',
      csv: 'GET /api/admin/courseapplicantlist/csv/',
      detail: 'GET /api/admin/courseapplicantdetail/',
    }),
    ...guarded('authority1', {
      lottery: 'POST /api/admin/courseapplicantlist/lottery/',
      lotteryPreview: 'GET /api/admin/courseapplicantlist/lottery/preview/',
      tableUpdate: 'POST /api/admin/courseapplicantlist/update/',
      studentList: 'GET /api/admin/addcourseapplicant/studentlist/',
      add: 'POST /api/admin/addcourseapplicant/add/',
      update: 'POST /api/admin/courseapplicantdetail/update/',
      cancel: 'POST /api/admin/courseapplicantdetail/cancel/',
    }),
  },
  adminIntake: guarded('authority1', {
    settings: 'GET /api/admin/course/intake/',
    update: 'POST /api/admin/course/intake/update/',
    runs: 'GET /api/admin/lottery/runs/',
    run: 'GET /api/admin/lottery/run/',
    verify: 'GET /api/admin/lottery/run/verify/',
    promote: 'POST /api/admin/courseapplicantlist/promote/',
  }),
  /** a course's fee rule (decision 077): any admin reads (authority 2 its own university's), authority 1 writes */
  adminCourseFee: {
    ...guarded('admin', { rule: 'GET /api/admin/course/fee/' }),
    ...guarded('authority1', { update: 'POST /api/admin/course/fee/update/' }),
  },
  adminCheckin: guarded('admin', {
    courses: 'GET /api/admin/checkin/courses/',
    missing: 'GET /api/admin/checkin/missing/',
    checkIn: 'POST /api/admin/checkin/',
  }),
  adminStudents: guarded('authority1', {
    list: 'GET /api/admin/student/list/',
    csv: 'GET /api/admin/student/list/csv/',
    unapprovalCount: 'GET /api/admin/student/unapploval/count/',
    duplicate: 'GET /api/admin/student/duplicate/',
    candidates: 'GET /api/admin/student/duplicate/candidates/',
    pairs: 'GET /api/admin/student/duplicate/pairs/',
    dismiss: 'POST /api/admin/student/duplicate/dismiss/',
    scan: 'POST /api/admin/student/duplicate/scan/',
    mergePreview: 'GET /api/admin/student/merge/preview/',
    merge: 'POST /api/admin/student/merge/',
    mergeDetail: 'GET /api/admin/student/merge/detail/',
    mergeUndo: 'POST /api/admin/student/merge/undo/',
    disclosure: 'GET /api/admin/student/disclosure/',
    upload: 'POST /api/admin/student/upload/',
    detail: 'GET /api/admin/student/detail/',
    courseList: 'GET /api/admin/student/applicantCourse/list/',
    courseUpdate: 'POST /api/admin/student/applicantCourse/update/',
    loginIdExist: 'GET /api/admin/student/loginid/exist/',
    loginIdNext: 'GET /api/admin/student/loginid/next/',
    add: 'POST /api/admin/student/add/',
    update: 'POST /api/admin/student/update/',
    approval: 'POST /api/admin/student/approval/',
    address: 'GET /api/admin/student/address/',
    addressList: 'GET /api/admin/student/address/list/',
    addressDecide: 'POST /api/admin/student/address/decide/',
    uploadPreview: 'POST /api/admin/student/upload/preview/',
    withdrawPreview: 'GET /api/admin/student/withdraw/preview/',
    withdraw: 'POST /api/admin/student/withdraw/',
  }),
  adminRetention: guarded('authority1', {
    policy: 'GET /api/admin/retention/',
    update: 'POST /api/admin/retention/update/',
    candidates: 'GET /api/admin/retention/candidates/',
    run: 'POST /api/admin/retention/run/',
  }),
  adminPayments: {
    // authority 2 reads its university's courses' seats by 氏名カナ (SPEC §6); a receipt, which names the
    // payer and carries the office's seal, is the office's to issue (decision 085)
    ...guarded('admin', { list: 'GET /api/admin/payment/list/' }),
    ...guarded('authority1', {
      receipt: 'GET /api/admin/payment/receipt/',
      add: 'POST /api/admin/payment/add/',
      bulk: 'POST /api/admin/payment/add/bulk/',
      update: 'POST /api/admin/payment/update/',
      void: 'POST /api/admin/payment/void/',
      refund: 'POST /api/admin/payment/refund/',
      bankPreview: 'POST /api/admin/payment/bank/preview/',
      bankApply: 'POST /api/admin/payment/bank/apply/',
      report: 'GET /api/admin/payment/report/',
      reportCsv: 'GET /api/admin/payment/report/csv/',
    }),
  },
  adminWorklist: {
    ...guarded('admin', { list: 'GET /api/admin/worklist/' }),
    ...guarded('authority1', { mailRetry: 'POST /api/admin/worklist/mail/retry/' }),
  },
  adminContact: {
    ...guarded('admin', {
      list: 'GET /api/admin/contact/list/',
      csv: 'GET /api/admin/contact/list/csv/',
    }),
    ...guarded('authority1', {
      student: 'GET /api/admin/contact/student/',
      callAdd: 'POST /api/admin/contact/call/add/',
      decide: 'POST /api/admin/courseapplicantlist/decide/',
      letters: 'GET /api/admin/contact/letters/',
      lettersPrinted: 'POST /api/admin/contact/letters/printed/',
      labels: 'GET /api/admin/contact/labels/csv/',
    }),
  },
  adminAudit: guarded('authority1', {
    list: 'GET /api/admin/audit/list/',
    csv: 'GET /api/admin/audit/list/csv/',
  }),
  adminStatistics: guarded('admin', {
    summary: 'GET /api/admin/statistics/summary/',
    groups: 'GET /api/admin/statistics/groups/',
    sessions: 'GET /api/admin/statistics/sessions/',
    students: 'GET /api/admin/statistics/students/',
    trends: 'GET /api/admin/statistics/trends/',
    csv: 'GET /api/admin/statistics/csv/',
  }),
  adminUsers: guarded('authority1', {
    list: 'GET /api/admin/adminuser/list/',
    detail: 'GET /api/admin/adminuser/detail/',
    password: 'POST /api/admin/adminuser/password/',
    add: 'POST /api/admin/adminuser/add/',
    update: 'POST /api/admin/adminuser/update/',
  }),
  adminNotices: guarded('authority1', {
    courseList: 'GET /api/admin/notice/course/list/',
    list: 'GET /api/admin/notice/list/',
    detail: 'GET /api/admin/notice/detail/',
    add: 'POST /api/admin/notice/add/',
    update: 'POST /api/admin/notice/update/',
    audience: 'GET /api/admin/notice/audience/',
    publisherList: 'GET /api/admin/notice/publisherList/',
    categoryListAll: 'GET /api/admin/notice/category/list/all/',
    categoryList: 'GET /api/admin/notice/category/list/',
    categoryDetail: 'GET /api/admin/notice/category/detail/',
    categoryAdd: 'POST /api/admin/notice/category/add/',
    categoryUpdate: 'POST /api/admin/notice/category/update/',
  }),
} as const satisfies Record<string, Record<string, Endpoint>>;
