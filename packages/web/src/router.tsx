import type { QueryClient } from '@tanstack/react-query';
import type { AppRoute } from './lib/app-router';
import { paths } from './lib/paths';
import { sessionQueryOptions } from './lib/session';
import { topQuery } from './mypage/news/api/news';

/**
 * The whole route tree of SPEC §2, as the table lib/app-router.tsx walks (decision 092). Every screen is a
 * lazy module exporting `Component` (one chunk per screen; the admin and my-page layouts are separate
 * chunks, and admin never imports mypage or the reverse). To build a screen, replace the `Component` of
 * its module (the file named in `module`).
 *
 * Layout routes:
 * - admin/layout/admin-public-layout   /admin/login, /admin/apierror (no session needed)
 * - admin/layout/admin-layout          every other /admin page: admin session guard, header, menu, idle dialog
 * - admin/layout/require-full-authority  student, admin-user and notice sections (authority 1 only)
 * - mypage/layout/mypage-public-layout /mypage/login, password, passwordsetting, admission, inquiry, error,
 *                                      apierror, and /error
 * - mypage/layout/mypage-layout        every other /mypage page: student session guard, header, sidebar,
 *                                      student ID card, idle dialog
 * Route params are checked here (`check`) so a later screen cannot forget: bad ones redirect to 404.
 * `prefetch` starts the requests a page is sure to make, so they run beside the fetching of its chunks
 * rather than after them: the student's session check for every guarded my-page, and
 * GET /api/mypage/top/ for the top page. They never wait for them, so no page waits longer than before.
 * The router matches a URL against its area's table only: /admin… the admin's, any other the my-page's.
 */

/** Check that sends the visitor to `to` unless `params[name]` is one of `allowed`. */
function allow(name: string, allowed: readonly string[], to: string): AppRoute['check'] {
  return (params) => (allowed.includes(params[name] ?? '') ? null : to);
}

/**
 * Starts the guarded my-page's session check (the same query the layout reads, so it is asked once).
 * Its answers are handled where they were: the layout sends a visitor without a session to the login.
 */
function prefetchStudentSession(queryClient: QueryClient): () => void {
  return () => void queryClient.prefetchQuery(sessionQueryOptions('mypage'));
}

/**
 * Starts the top page's GET /api/mypage/top/ together with the session check. A 401/403 here means no
 * student session: the layout's session check sends the visitor to the login (with the SPEC §2 rules for
 * `next`), so this request does not route it as well. Any other failure is routed when the page reads it.
 */
function prefetchTop(queryClient: QueryClient): () => void {
  return () => void queryClient.prefetchQuery({ ...topQuery(), meta: { shows: [401, 403] } });
}

const ADMIN_404 = paths.admin.notFound();
const MYPAGE_404 = paths.mypage.notFound();
const FORM_MODES = ['new', 'update'] as const;

const adminRoutes: AppRoute[] = [
  {
    path: 'admin',
    module: () => import('./admin/layout/admin-public-layout'),
    children: [
      { path: 'login', module: () => import('./admin/auth/login-page') },
      { path: 'apierror', module: () => import('./admin/errors/api-error-page') },
    ],
  },
  {
    path: 'admin',
    module: () => import('./admin/layout/admin-layout'),
    children: [
      { index: true, redirect: paths.admin.top() },
      { path: 'top', module: () => import('./admin/top/top-page') },
      { path: '404', module: () => import('./admin/errors/not-found-page') },
      { path: 'checkin', module: () => import('./admin/checkin/checkin-page') }, // class days
      // both authorities: authority 2 reads its university's deadline rows, 氏名カナ only
      { path: 'contact', module: () => import('./admin/contact/contact-list-page') },
      // both authorities: the server scopes authority 2's numbers to its university
      { path: 'statistics', module: () => import('./admin/statistics/statistics-page') },
      { path: 'payments/receipt/:paymentId', module: () => import('./admin/payments/receipt-page') },
      {
        path: 'course',
        children: [
          { index: true, module: () => import('./admin/courses/course-list-page') },
          { path: 'new', module: () => import('./admin/courses/course-form-page') },
          { path: 'edit/:id', module: () => import('./admin/courses/course-form-page') },
          {
            path: 'detail/:id/:type',
            check: allow('type', ['1', '2', '3'], ADMIN_404),
            module: () => import('./admin/courses/course-detail-page'),
          },
          {
            // the lottery records, the bulk certificates and the result letters: authority 1 only, as
            // the server's calls are
            module: () => import('./admin/layout/require-full-authority'),
            children: [
              { path: 'detail/:id/lottery', module: () => import('./admin/courses/lottery-record-page') },
              { path: 'detail/:id/letters', module: () => import('./admin/courses/letters-page') },
              { path: ':id/certificates', module: () => import('./admin/courses/certificates-page') },
            ],
          },
          { path: 'detail/:id/payments', module: () => import('./admin/payments/course-payments-page') },
          {
            path: 'detail/add/:id',
            module: () => import('./admin/courses/applicant-add-page'),
          },
          {
            path: 'detail/applicant/:id/:userId',
            module: () => import('./admin/courses/applicant-detail-page'),
          },
          {
            path: 'detail/applicant/update/:id/:userId',
            module: () => import('./admin/courses/applicant-update-page'),
          },
          {
            path: 'detail/applicant/cancel/:id/:userId',
            module: () => import('./admin/courses/applicant-cancel-page'),
          },
        ],
      },
      {
        // SPEC §6: authority 2 is sent to /admin/apierror from these sections (the server also answers 403).
        module: () => import('./admin/layout/require-full-authority'),
        children: [
          { path: 'audit', module: () => import('./admin/audit/audit-page') },
          { path: 'payments', module: () => import('./admin/payments/payments-page') },
          { path: 'retention', module: () => import('./admin/students/retention-page') },
          {
            path: 'admin',
            children: [
              { index: true, module: () => import('./admin/admins/admin-list-page') },
              {
                path: 'register/:mode/:id',
                check: allow('mode', FORM_MODES, ADMIN_404),
                module: () => import('./admin/admins/admin-register-page'),
              },
            ],
          },
          {
            path: 'student',
            children: [
              { index: true, module: () => import('./admin/students/student-list-page') },
              {
                path: 'detail/:userId',
                module: () => import('./admin/students/student-detail-page'),
              },
              {
                path: 'detail/:mode/:userId',
                check: allow('mode', FORM_MODES, ADMIN_404),
                module: () => import('./admin/students/student-form-page'),
              },
              {
                path: 'approval/:userId',
                module: () => import('./admin/students/student-approval-page'),
              },
              {
                path: 'duplicate/:userId',
                module: () => import('./admin/students/student-duplicate-page'),
              },
              { path: 'duplicates', module: () => import('./admin/students/duplicate-pairs-page') },
              // ranked above merge/:keepId/:otherId: a static segment outranks a parameter
              { path: 'merge/undo/:id', module: () => import('./admin/students/merge-undo-page') },
              { path: 'merge/:keepId/:otherId', module: () => import('./admin/students/student-merge-page') },
              { path: 'address', module: () => import('./admin/students/address-request-list-page') },
              { path: 'withdraw/:userId', module: () => import('./admin/students/student-withdraw-page') },
              { path: 'disclosure/:userId', module: () => import('./admin/students/disclosure-page') },
            ],
          },
          {
            path: 'notification',
            children: [
              { index: true, module: () => import('./admin/notices/notice-list-page') },
              {
                path: 'detail/:noticeId',
                module: () => import('./admin/notices/notice-detail-page'),
              },
              // ranked above detail/:mode/:noticeId: a static segment outranks a parameter
              {
                path: 'detail/:noticeId/letters',
                module: () => import('./admin/notices/notice-letters-page'),
              },
              {
                path: 'detail/:mode/:noticeId',
                check: allow('mode', FORM_MODES, ADMIN_404),
                module: () => import('./admin/notices/notice-form-page'),
              },
              { path: 'category', module: () => import('./admin/categories/category-list-page') },
              {
                path: 'category/edit/:mode/:id',
                check: allow('mode', FORM_MODES, ADMIN_404),
                module: () => import('./admin/categories/category-form-page'),
              },
            ],
          },
        ],
      },
      { path: '*', module: () => import('./admin/errors/not-found-page') },
    ],
  },
];

const mypageRoutes = (queryClient: QueryClient): AppRoute[] => [
  {
    path: 'mypage',
    module: () => import('./mypage/layout/mypage-public-layout'),
    children: [
      { path: 'login', module: () => import('./mypage/auth/login-page') },
      { path: 'password', module: () => import('./mypage/auth/password-reset-request-page') },
      { path: 'passwordsetting/:token', module: () => import('./mypage/auth/password-setting-page') },
      { path: 'admission', module: () => import('./mypage/admission/admission-page') },
      { path: 'inquiry', module: () => import('./mypage/inquiry/inquiry-page') },
      { path: 'withdrawn', module: () => import('./mypage/auth/withdrawn-page') },
      { path: 'error', module: () => import('./mypage/errors/logout-error-page') },
      { path: 'apierror', module: () => import('./mypage/errors/api-error-page') },
    ],
  },
  {
    path: 'error',
    module: () => import('./mypage/layout/mypage-public-layout'),
    children: [{ index: true, module: () => import('./mypage/errors/system-error-page') }],
  },
  {
    path: 'mypage',
    prefetch: prefetchStudentSession(queryClient),
    module: () => import('./mypage/layout/mypage-layout'),
    children: [
      { index: true, redirect: paths.mypage.top() },
      {
        path: 'top',
        hideSidebar: true,
        prefetch: prefetchTop(queryClient),
        module: () => import('./mypage/top/top-page'),
      },
      { path: 'news', module: () => import('./mypage/news/news-index-page') },
      {
        path: 'news/:type',
        check: allow('type', ['1', '2'], MYPAGE_404),
        module: () => import('./mypage/news/news-list-page'),
      },
      {
        path: 'news/detail/:id',
        module: () => import('./mypage/news/news-detail-page'),
      },
      { path: 'user', module: () => import('./mypage/user/user-page') },
      { path: 'user/update', module: () => import('./mypage/user/user-update-page') },
      { path: 'user/password', module: () => import('./mypage/user/user-password-page') },
      { path: 'user/address', module: () => import('./mypage/user/user-address-page') },
      { path: 'user/withdraw', module: () => import('./mypage/user/user-withdraw-page') },
      {
        path: 'course/search/:kind',
        check: allow('kind', ['accepting', 'before'], MYPAGE_404),
        module: () => import('./mypage/courses/course-search-page'),
      },
      { path: 'course/applied', module: () => import('./mypage/courses/course-history-page') },
      { path: 'course/attended', module: () => import('./mypage/courses/course-history-page') },
      { path: 'certificate/:courseId', module: () => import('./mypage/certificate/certificate-page') }, // class days
      { path: 'transcript', module: () => import('./mypage/certificate/transcript-page') }, // class days
      { path: 'receipt/:paymentId', module: () => import('./mypage/courses/receipt-page') }, // fees
      {
        path: 'course/detail/:id',
        module: () => import('./mypage/courses/course-detail-page'),
      },
      {
        path: 'course/applicant/:id',
        module: () => import('./mypage/courses/course-applicant-page'),
      },
      {
        path: 'course/cancel/:id',
        module: () => import('./mypage/courses/course-cancel-page'),
      },
      { path: 'schedule', module: () => import('./mypage/schedule/schedule-page') }, // class days
      { path: 'notfound', module: () => import('./mypage/errors/not-found-page') },
      { path: '*', module: () => import('./mypage/errors/not-found-page') },
    ],
  },
];

/**
 * The table of the URL's area (`pathname`); `queryClient` is the one the screens use (its cache receives
 * the prefetches). Any path of neither area gets the my-page 404 (students are the public audience).
 */
export function appRoutes(queryClient: QueryClient): (pathname: string) => readonly AppRoute[] {
  const elsewhere: AppRoute = { path: '*', redirect: MYPAGE_404 };
  const admin: AppRoute[] = [...adminRoutes, elsewhere];
  const mypage: AppRoute[] = [
    { index: true, redirect: paths.mypage.top() },
    ...mypageRoutes(queryClient),
    elsewhere,
  ];
  return (pathname) => (/^\/admin(?:\/|$)/.test(pathname) ? admin : mypage);
}
