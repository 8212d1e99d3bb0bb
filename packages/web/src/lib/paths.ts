/**
 * Typed builders for every route of SPEC §2 — screens link with these, never with string literals,
 * so a route change is one edit here plus src/router.tsx.
 */

type Id = string | number;

const enc = (value: Id) => encodeURIComponent(String(value));

function withParams(path: string, params: Record<string, string | undefined | false>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) search.set(key, value);
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Tabs of the admin course detail page (SPEC §2: 1 = course detail, 2 = applicant list; 3 = 操作の記録). */
export type CourseDetailType = 1 | 2 | 3;
/** Form modes used by admin register/edit routes. */
export type FormMode = 'new' | 'update';
/** Notice lists of the my-page (SPEC §2: 1 = to everyone, 2 = to the user). */
export type NewsType = 1 | 2;
/** Course searches of the my-page. */
export type CourseSearchKind = 'accepting' | 'before';

export const paths = {
  root: () => '/',
  /** System error page used when no user is stored (SPEC §8). */
  error: () => '/error',

  admin: {
    root: () => '/admin',
    top: () => '/admin/top',
    /** Admin login; `expired` adds sessionexp=1 (inactivity notice). */
    login: (opts: { expired?: boolean } = {}) =>
      withParams('/admin/login', { sessionexp: opts.expired && '1' }),
    /**
     * The admin error page; `forbidden` adds forbidden=1: the cause is a missing permission (a 403), and the
     * page says so instead of speaking of an outage.
     */
    apiError: (opts: { forbidden?: boolean } = {}) =>
      withParams('/admin/apierror', { forbidden: opts.forbidden && '1' }),
    notFound: () => '/admin/404',

    courseList: () => '/admin/course',
    courseNew: () => '/admin/course/new',
    courseEdit: (id: Id) => `/admin/course/edit/${enc(id)}`,
    courseDetail: (id: Id, type: CourseDetailType = 1) => `/admin/course/detail/${enc(id)}/${type}`,
    /** The lottery records of a course (decision 015): each draw, its downloads, re-verification. */
    courseLottery: (id: Id) => `/admin/course/detail/${enc(id)}/lottery`,
    /** Every 受講済み student's 修了証 of a course, one A4 page each (authority 1). */
    courseCertificates: (id: Id) => `/admin/course/${enc(id)}/certificates`,
    /** A course's results as letters for those without mail, one A4 page each (authority 1). */
    courseLetters: (id: Id) => `/admin/course/detail/${enc(id)}/letters`,
    courseApplicantAdd: (id: Id) => `/admin/course/detail/add/${enc(id)}`,
    courseApplicant: (id: Id, userId: Id) => `/admin/course/detail/applicant/${enc(id)}/${enc(userId)}`,
    courseApplicantUpdate: (id: Id, userId: Id) =>
      `/admin/course/detail/applicant/update/${enc(id)}/${enc(userId)}`,
    courseApplicantCancel: (id: Id, userId: Id) =>
      `/admin/course/detail/applicant/cancel/${enc(id)}/${enc(userId)}`,

    /** 「連絡が必要な学生」: whom to call or write to before a result is missed (both authorities). */
    contactList: () => '/admin/contact',
    /** The audit log (authority 1): `student` opens it on one student's entries, `course` on a course's. */
    audit: (opts: { student?: Id; course?: Id } = {}) =>
      withParams('/admin/audit', {
        user_id: opts.student === undefined ? undefined : String(opts.student),
        course_id: opts.course === undefined ? undefined : String(opts.course),
      }),
    /** The door: today's classes, the QR scanner and 学生番号 entry (both authorities). */
    checkin: () => '/admin/checkin',
    /** The programme in numbers and the yearly report (both authorities; authority 2 reads its university's). */
    statistics: () => '/admin/statistics',
    /** 入金・返金 (authority 1): the bank's transfer file and the books of a fiscal year. */
    payments: () => '/admin/payments',
    /** A course's seats and payments (both authorities; authority 2 reads its university's). */
    coursePayments: (id: Id) => `/admin/course/detail/${enc(id)}/payments`,
    /** One payment's 領収書, for print. */
    paymentReceipt: (paymentId: Id) => `/admin/payments/receipt/${enc(paymentId)}`,

    adminList: () => '/admin/admin',
    /** New admin: `adminRegister('new')` (id 0). */
    adminRegister: (mode: FormMode, id: Id = 0) => `/admin/admin/register/${mode}/${enc(id)}`,

    studentList: () => '/admin/student',
    studentDetail: (userId: Id) => `/admin/student/detail/${enc(userId)}`,
    /** New student: `studentForm('new')` (user id 0). */
    studentForm: (mode: FormMode, userId: Id = 0) => `/admin/student/detail/${mode}/${enc(userId)}`,
    studentApproval: (userId: Id) => `/admin/student/approval/${enc(userId)}`,
    studentDuplicate: (userId: Id) => `/admin/student/duplicate/${enc(userId)}`,
    /** 「重複の疑いがある学生」: the roster's likely duplicate pairs, scored (decision 069). */
    duplicatePairs: () => '/admin/student/duplicates',
    /** Two records side by side, `other` to be merged into `keep` (decision 071). */
    studentMerge: (keep: Id, other: Id) => `/admin/student/merge/${enc(keep)}/${enc(other)}`,
    /** One merge, and its undo within 30 days (from the audit viewer). */
    mergeUndo: (id: Id) => `/admin/student/merge/undo/${enc(id)}`,
    /** 保有個人情報の開示: everything held about one student, to print or hand over as a file (decision 076). */
    studentDisclosure: (userId: Id) => `/admin/student/disclosure/${enc(userId)}`,
    /** The pending 住所変更の届出 of every student (decision 040). */
    addressRequests: () => '/admin/student/address',
    /** Ending a student's participation (退会, decision 072). */
    studentWithdraw: (userId: Id) => `/admin/student/withdraw/${enc(userId)}`,
    /** How long personal data is kept, who is past it, and its removal (decision 072). */
    retention: () => '/admin/retention',

    noticeList: () => '/admin/notification',
    noticeDetail: (noticeId: Id) => `/admin/notification/detail/${enc(noticeId)}`,
    /** A notice to many as letters for those it has not reached, one A4 page each. */
    noticeLetters: (noticeId: Id) => `/admin/notification/detail/${enc(noticeId)}/letters`,
    /** New notice: `noticeForm('new')` (notice id 0). */
    noticeForm: (mode: FormMode, noticeId: Id = 0) => `/admin/notification/detail/${mode}/${enc(noticeId)}`,
    categoryList: () => '/admin/notification/category',
    /** New category: `categoryForm('new')` (id 0). */
    categoryForm: (mode: FormMode, id: Id = 0) => `/admin/notification/category/edit/${mode}/${enc(id)}`,
  },

  mypage: {
    root: () => '/mypage',
    /** My-page login; `expired` adds sessionexp=1, `next` is where to go after login (see {@link safeNext}). */
    login: (opts: { expired?: boolean; next?: string } = {}) =>
      withParams('/mypage/login', { sessionexp: opts.expired && '1', next: opts.next }),
    password: () => '/mypage/password',
    passwordSetting: (token: string) => `/mypage/passwordsetting/${enc(token)}`,
    admission: () => '/mypage/admission',
    inquiry: () => '/mypage/inquiry',
    /** After one's own withdrawal: the session has ended (decision 072). */
    withdrawn: () => '/mypage/withdrawn',
    /** Forces logout of whichever session exists (SPEC §2). */
    error: () => '/mypage/error',

    top: () => '/mypage/top',
    news: () => '/mypage/news',
    newsList: (type: NewsType) => `/mypage/news/${type}`,
    newsDetail: (id: Id) => `/mypage/news/detail/${enc(id)}`,
    user: () => '/mypage/user',
    userUpdate: () => '/mypage/user/update',
    userPassword: () => '/mypage/user/password',
    /** 住所変更の届出 (decision 040). */
    userAddress: () => '/mypage/user/address',
    /** 退会 (decision 072): what it cancels, the password, a last check. */
    userWithdraw: () => '/mypage/user/withdraw',
    courseSearch: (kind: CourseSearchKind = 'accepting') => `/mypage/course/search/${kind}`,
    courseApplied: () => '/mypage/course/applied',
    courseAttended: () => '/mypage/course/attended',
    courseDetail: (id: Id) => `/mypage/course/detail/${enc(id)}`,
    courseApplicant: (id: Id) => `/mypage/course/applicant/${enc(id)}`,
    courseCancel: (id: Id) => `/mypage/course/cancel/${enc(id)}`,
    /** 今後の予定: the classes from today on and the calendar feed. */
    schedule: () => '/mypage/schedule',
    /** A finished course's 修了証 and the record of units, both for print. */
    certificate: (courseId: Id) => `/mypage/certificate/${enc(courseId)}`,
    transcript: () => '/mypage/transcript',
    /** One of the student's own 領収書, for print. */
    receipt: (paymentId: Id) => `/mypage/receipt/${enc(paymentId)}`,
    /** `forbidden` adds forbidden=1 (the page then offers logout). */
    apiError: (opts: { forbidden?: boolean } = {}) =>
      withParams('/mypage/apierror', { forbidden: opts.forbidden && '1' }),
    notFound: () => '/mypage/notfound',
  },

  /** The participation guide (opens in a new window; placeholder file in public/). */
  guidePdf: () => '/guide.pdf',
} as const;

/**
 * The `next` target honoured after my-page login (SPEC §2): only same-site my-page paths — it must start
 * with `/mypage`, must not start with `//` and must not contain a backslash; the login page itself is refused
 * (loop). Returns the safe path or null.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith('/mypage') || next.startsWith('//') || next.includes('\\')) return null;
  if (/^\/mypage\/login(?:[/?#]|$)/.test(next)) return null;
  return next;
}
