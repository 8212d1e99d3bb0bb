import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunction, type RouteObject, redirect } from 'react-router';
import { AppHydrateFallback, AppRoot } from './app-root';
import { nextTask } from './lib/next-task';
import { paths } from './lib/paths';
import { sessionQueryOptions } from './lib/session';
import { topQuery } from './mypage/news/api/news';
import { RouteErrorBoundary } from './route-error';

/**
 * The whole route tree of SPEC §2. Every screen is a lazy module exporting `Component` (one chunk per
 * screen; the admin and my-page layouts are separate chunks, and admin never imports mypage or the
 * reverse). To build a screen, replace the `Component` of its module (the file named in `lazy`).
 *
 * Layout routes:
 * - admin/layout/admin-public-layout   /admin/login, /admin/apierror (no session needed)
 * - admin/layout/admin-layout          every other /admin page: admin session guard, header, menu, idle dialog
 * - admin/layout/require-full-authority  student, admin-user and notice sections (authority 1 only)
 * - mypage/layout/mypage-public-layout /mypage/login, password, passwordsetting, admission, inquiry, error,
 *                                      apierror, and /error
 * - mypage/layout/mypage-layout        every other /mypage page: student session guard, header, sidebar,
 *                                      student ID card, idle dialog
 * Route params are checked here (loaders) so a later screen cannot forget: bad ones redirect to 404.
 * Loaders also start the requests a page is sure to make, so they run beside the fetching of its chunks
 * rather than after them: the student's session check for every guarded my-page, and
 * GET /api/mypage/top/ for the top page. They never wait for them, so no page waits longer than before.
 */

/** Element of routes that only redirect in their loader (React Router wants every leaf to render something). */
function RedirectOnly() {
  return null;
}

/** Loader that redirects unless `params[name]` is one of `allowed`. */
function allow(name: string, allowed: readonly string[], to: string): LoaderFunction {
  return ({ params }) => (allowed.includes(params[name] ?? '') ? null : redirect(to));
}

/**
 * Starts the guarded my-page's session check (the same query the layout reads, so it is asked once).
 * Its answers are handled where they were: the layout sends a visitor without a session to the login.
 */
function prefetchStudentSession(queryClient: QueryClient): LoaderFunction {
  return () => {
    void queryClient.prefetchQuery(sessionQueryOptions('mypage'));
    return null;
  };
}

/**
 * Starts the top page's GET /api/mypage/top/ together with the session check. A 401/403 here means no
 * student session: the layout's session check sends the visitor to the login (with the SPEC §2 rules for
 * `next`), so this request does not route it as well. Any other failure is routed when the page reads it.
 */
function prefetchTop(queryClient: QueryClient): LoaderFunction {
  return () => {
    void queryClient.prefetchQuery({ ...topQuery(), meta: { shows: [401, 403] } });
    return null;
  };
}

const ADMIN_404 = paths.admin.notFound();
const MYPAGE_404 = paths.mypage.notFound();
const FORM_MODES = ['new', 'update'] as const;

const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: () => import('./admin/layout/admin-public-layout'),
    children: [
      { path: 'login', lazy: () => import('./admin/auth/login-page') },
      { path: 'apierror', lazy: () => import('./admin/errors/api-error-page') },
    ],
  },
  {
    path: 'admin',
    lazy: () => import('./admin/layout/admin-layout'),
    children: [
      { index: true, loader: () => redirect(paths.admin.top()), Component: RedirectOnly },
      { path: 'top', lazy: () => import('./admin/top/top-page') },
      { path: '404', lazy: () => import('./admin/errors/not-found-page') },
      { path: 'checkin', lazy: () => import('./admin/checkin/checkin-page') }, // class days
      // both authorities: authority 2 reads its university's deadline rows, 氏名カナ only
      { path: 'contact', lazy: () => import('./admin/contact/contact-list-page') },
      // both authorities: the server scopes authority 2's numbers to its university
      { path: 'statistics', lazy: () => import('./admin/statistics/statistics-page') },
      { path: 'payments/receipt/:paymentId', lazy: () => import('./admin/payments/receipt-page') },
      {
        path: 'course',
        children: [
          { index: true, lazy: () => import('./admin/courses/course-list-page') },
          { path: 'new', lazy: () => import('./admin/courses/course-form-page') },
          { path: 'edit/:id', lazy: () => import('./admin/courses/course-form-page') },
          {
            path: 'detail/:id/:type',
            loader: allow('type', ['1', '2', '3'], ADMIN_404),
            lazy: () => import('./admin/courses/course-detail-page'),
          },
          {
            // the lottery records, the bulk certificates and the result letters: authority 1 only, as
            // the server's calls are
            lazy: () => import('./admin/layout/require-full-authority'),
            children: [
              { path: 'detail/:id/lottery', lazy: () => import('./admin/courses/lottery-record-page') },
              { path: 'detail/:id/letters', lazy: () => import('./admin/courses/letters-page') },
              { path: ':id/certificates', lazy: () => import('./admin/courses/certificates-page') },
            ],
          },
          { path: 'detail/:id/payments', lazy: () => import('./admin/payments/course-payments-page') },
          {
            path: 'detail/add/:id',
            lazy: () => import('./admin/courses/applicant-add-page'),
          },
          {
            path: 'detail/applicant/:id/:userId',
            lazy: () => import('./admin/courses/applicant-detail-page'),
          },
          {
            path: 'detail/applicant/update/:id/:userId',
            lazy: () => import('./admin/courses/applicant-update-page'),
          },
          {
            path: 'detail/applicant/cancel/:id/:userId',
            lazy: () => import('./admin/courses/applicant-cancel-page'),
          },
        ],
      },
      {
        // SPEC §6: authority 2 is sent to /admin/apierror from these sections (the server also answers 403).
        lazy: () => import('./admin/layout/require-full-authority'),
        children: [
          { path: 'audit', lazy: () => import('./admin/audit/audit-page') },
          { path: 'payments', lazy: () => import('./admin/payments/payments-page') },
          { path: 'retention', lazy: () => import('./admin/students/retention-page') },
          {
            path: 'admin',
            children: [
              { index: true, lazy: () => import('./admin/admins/admin-list-page') },
              {
                path: 'register/:mode/:id',
                loader: allow('mode', FORM_MODES, ADMIN_404),
                lazy: () => import('./admin/admins/admin-register-page'),
              },
            ],
          },
          {
            path: 'student',
            children: [
              { index: true, lazy: () => import('./admin/students/student-list-page') },
              {
                path: 'detail/:userId',
                lazy: () => import('./admin/students/student-detail-page'),
              },
              {
                path: 'detail/:mode/:userId',
                loader: allow('mode', FORM_MODES, ADMIN_404),
                lazy: () => import('./admin/students/student-form-page'),
              },
              {
                path: 'approval/:userId',
                lazy: () => import('./admin/students/student-approval-page'),
              },
              {
                path: 'duplicate/:userId',
                lazy: () => import('./admin/students/student-duplicate-page'),
              },
              { path: 'duplicates', lazy: () => import('./admin/students/duplicate-pairs-page') },
              // ranked above merge/:keepId/:otherId: a static segment outranks a parameter
              { path: 'merge/undo/:id', lazy: () => import('./admin/students/merge-undo-page') },
              { path: 'merge/:keepId/:otherId', lazy: () => import('./admin/students/student-merge-page') },
              { path: 'address', lazy: () => import('./admin/students/address-request-list-page') },
              { path: 'withdraw/:userId', lazy: () => import('./admin/students/student-withdraw-page') },
              { path: 'disclosure/:userId', lazy: () => import('./admin/students/disclosure-page') },
            ],
          },
          {
            path: 'notification',
            children: [
              { index: true, lazy: () => import('./admin/notices/notice-list-page') },
              {
                path: 'detail/:noticeId',
                lazy: () => import('./admin/notices/notice-detail-page'),
              },
              // ranked above detail/:mode/:noticeId: a static segment outranks a parameter
              { path: 'detail/:noticeId/letters', lazy: () => import('./admin/notices/notice-letters-page') },
              {
                path: 'detail/:mode/:noticeId',
                loader: allow('mode', FORM_MODES, ADMIN_404),
                lazy: () => import('./admin/notices/notice-form-page'),
              },
              { path: 'category', lazy: () => import('./admin/categories/category-list-page') },
              {
                path: 'category/edit/:mode/:id',
                loader: allow('mode', FORM_MODES, ADMIN_404),
                lazy: () => import('./admin/categories/category-form-page'),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./admin/errors/not-found-page') },
    ],
  },
];

const mypageRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: 'mypage',
    lazy: () => import('./mypage/layout/mypage-public-layout'),
    children: [
      { path: 'login', lazy: () => import('./mypage/auth/login-page') },
      { path: 'password', lazy: () => import('./mypage/auth/password-reset-request-page') },
      { path: 'passwordsetting/:token', lazy: () => import('./mypage/auth/password-setting-page') },
      { path: 'admission', lazy: () => import('./mypage/admission/admission-page') },
      { path: 'inquiry', lazy: () => import('./mypage/inquiry/inquiry-page') },
      { path: 'withdrawn', lazy: () => import('./mypage/auth/withdrawn-page') },
      { path: 'error', lazy: () => import('./mypage/errors/logout-error-page') },
      { path: 'apierror', lazy: () => import('./mypage/errors/api-error-page') },
    ],
  },
  {
    path: 'error',
    lazy: () => import('./mypage/layout/mypage-public-layout'),
    children: [{ index: true, lazy: () => import('./mypage/errors/system-error-page') }],
  },
  {
    path: 'mypage',
    loader: prefetchStudentSession(queryClient),
    lazy: () => import('./mypage/layout/mypage-layout'),
    children: [
      { index: true, loader: () => redirect(paths.mypage.top()), Component: RedirectOnly },
      {
        path: 'top',
        handle: { hideSidebar: true },
        loader: prefetchTop(queryClient),
        lazy: () => import('./mypage/top/top-page'),
      },
      { path: 'news', lazy: () => import('./mypage/news/news-index-page') },
      {
        path: 'news/:type',
        loader: allow('type', ['1', '2'], MYPAGE_404),
        lazy: () => import('./mypage/news/news-list-page'),
      },
      {
        path: 'news/detail/:id',
        lazy: () => import('./mypage/news/news-detail-page'),
      },
      { path: 'user', lazy: () => import('./mypage/user/user-page') },
      { path: 'user/update', lazy: () => import('./mypage/user/user-update-page') },
      { path: 'user/password', lazy: () => import('./mypage/user/user-password-page') },
      { path: 'user/address', lazy: () => import('./mypage/user/user-address-page') },
      { path: 'user/withdraw', lazy: () => import('./mypage/user/user-withdraw-page') },
      {
        path: 'course/search/:kind',
        loader: allow('kind', ['accepting', 'before'], MYPAGE_404),
        lazy: () => import('./mypage/courses/course-search-page'),
      },
      { path: 'course/applied', lazy: () => import('./mypage/courses/course-history-page') },
      { path: 'course/attended', lazy: () => import('./mypage/courses/course-history-page') },
      { path: 'certificate/:courseId', lazy: () => import('./mypage/certificate/certificate-page') }, // class days
      { path: 'transcript', lazy: () => import('./mypage/certificate/transcript-page') }, // class days
      { path: 'receipt/:paymentId', lazy: () => import('./mypage/courses/receipt-page') }, // fees
      {
        path: 'course/detail/:id',
        lazy: () => import('./mypage/courses/course-detail-page'),
      },
      {
        path: 'course/applicant/:id',
        lazy: () => import('./mypage/courses/course-applicant-page'),
      },
      {
        path: 'course/cancel/:id',
        lazy: () => import('./mypage/courses/course-cancel-page'),
      },
      { path: 'schedule', lazy: () => import('./mypage/schedule/schedule-page') }, // class days
      { path: 'notfound', lazy: () => import('./mypage/errors/not-found-page') },
      { path: '*', lazy: () => import('./mypage/errors/not-found-page') },
    ],
  },
];

/** The route objects; `queryClient` is the one the screens use (its cache receives the prefetches). */
const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    Component: AppRoot,
    HydrateFallback: AppHydrateFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { index: true, loader: () => redirect(paths.mypage.top()), Component: RedirectOnly },
      ...adminRoutes,
      ...mypageRoutes(queryClient),
      // Any other path belongs to no area: the my-page 404 (students are the public audience).
      { path: '*', loader: () => redirect(MYPAGE_404), Component: RedirectOnly },
    ],
  },
];

/**
 * The same routes, each route module handed to the router a task after it has been evaluated: evaluating a
 * screen's modules (its schemas, its components) and drawing it are then two tasks instead of one long one
 * on a slow phone.
 */
function withLazyInNextTask(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const next = { ...route } as RouteObject & { children?: RouteObject[] };
    if (typeof lazy === 'function') {
      next.lazy = () =>
        lazy().then(async (module) => {
          await nextTask();
          return module;
        });
    }
    if (children) next.children = withLazyInNextTask(children);
    return next;
  });
}

/** Creates the browser router (main.tsx). */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(withLazyInNextTask(appRoutes(queryClient)));
}
