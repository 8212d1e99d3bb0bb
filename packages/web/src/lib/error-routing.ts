import type { QueryClient } from '@tanstack/react-query';
import { type Area, isApiError } from './api';
import { paths } from './paths';
import { sessionQueryKey } from './session-key';
import { storedUser } from './stored-user';

/**
 * SPEC §8 error routing, once for the whole web app. Errors of queries and mutations are routed by the
 * QueryClient (lib/query-client.ts) from their declarative `meta`; the few calls made outside TanStack
 * Query (StepForm's submit, the login form, CSV upload and download) route through the same
 * {@link routeApiError}, via `useRouteApiError` (lib/area.tsx).
 *
 * Every error has exactly one owner: the query or mutation that holds it (routed by the QueryClient), or
 * the caller of a plain API call. A caller that catches an error a mutation already holds (e.g. from
 * `mutateAsync`) hands it back to its owner instead of routing it again ({@link isHeldByQueryClient}).
 */

/** How an error of one query, mutation or call is routed (also the shape of TanStack Query's `meta`). */
export interface ErrorRouting {
  /** The area whose rules apply; default: the area of the current URL. */
  area?: Area;
  /** Where a 404 goes instead of the area's default, e.g. `paths.admin.notFound()` for a missing record. */
  notFoundTo?: string;
  /** A 403 means "not one of yours" and goes where a 404 goes (authority 2, another university: SPEC §6). */
  forbiddenIsNotFound?: boolean;
  /** Statuses the screen shows itself (never routed), beyond the form errors a mutation always keeps. */
  shows?: readonly number[];
}

/** Anything that can move to a path: react-router's `navigate`, or `router.navigate`. */
export type NavigateTo = (to: string, options?: { replace?: boolean }) => unknown;

const statusOf = (error: unknown) => (isApiError(error) ? error.status : -1);

/**
 * Errors a form shows on itself and that a mutation never routes: field errors (400/422 with err_list)
 * and the optimistic-locking conflict (409, shown as MSG.stale).
 */
export function isFormError(error: unknown): boolean {
  return isApiError(error) && (error.isFieldError || error.isStale);
}

/**
 * Where an error goes (pure), SPEC §8:
 * - admin: 401 → /admin/login?sessionexp=1; 403 → /admin/apierror?forbidden=1 (the page then says a
 *   permission is missing, not that the system failed); anything else → /admin/apierror.
 * - mypage: 401 → /mypage/login?sessionexp=1; 403 → /mypage/apierror?forbidden=1 (or /mypage/login when
 *   the stored user is an admin); 404 → /mypage/notfound; anything else → /mypage/apierror, or /error
 *   when no user is stored.
 * A record's `notFoundTo` (and, with `forbiddenIsNotFound`, a 403) goes before these (SPEC §2, §6).
 */
export function errorDestination(area: Area, error: unknown, routing: ErrorRouting = {}): string {
  return recordNotFoundTo(error, routing) ?? areaDestination(area, error);
}

/** The record's own not-found page when the error means "no such record" (SPEC §2, §6), else null. */
function recordNotFoundTo(error: unknown, { notFoundTo, forbiddenIsNotFound }: ErrorRouting): string | null {
  const status = statusOf(error);
  const isNotFound = status === 404 || (forbiddenIsNotFound === true && status === 403);
  return isNotFound && notFoundTo ? notFoundTo : null;
}

function areaDestination(area: Area, error: unknown): string {
  const status = statusOf(error);
  if (area === 'admin') {
    if (status === 401) return paths.admin.login({ expired: true });
    return paths.admin.apiError({ forbidden: status === 403 });
  }
  const user = storedUser.get();
  if (status === 401) return '/mypage/login?sessionexp=1';
  if (status === 403) return user?.is_admin ? '/mypage/login' : '/mypage/apierror?forbidden=1';
  if (status === 404) return '/mypage/notfound';
  return user ? '/mypage/apierror' : '/error';
}

/** True when a query or mutation of `queryClient` holds `error`: the QueryClient has routed it. */
export function isHeldByQueryClient(queryClient: QueryClient, error: unknown): boolean {
  return (
    queryClient
      .getMutationCache()
      .getAll()
      .some((mutation) => mutation.state.error === error) ||
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.error === error)
  );
}

/**
 * Routes an error as SPEC §8 says ({@link errorDestination}). On a 401 the area's cached session is
 * forgotten (so the login page does not bounce back) and the stored display copy of the user is cleared
 * when it belongs to the area whose session ended (one key for both areas: SPEC §4). Admin details go to
 * the console.
 */
export function routeApiError(
  error: unknown,
  routing: ErrorRouting & { area: Area },
  { navigate, queryClient }: { navigate: NavigateTo; queryClient?: QueryClient },
): void {
  const { area } = routing;
  const notFoundTo = recordNotFoundTo(error, routing);
  // a missing record is an expected answer, not a fault: no console entry
  if (notFoundTo) {
    navigate(notFoundTo, { replace: true });
    return;
  }
  const status = statusOf(error);
  if (area === 'admin' && status !== 401) console.error('[manabi] API error', error);
  const destination = areaDestination(area, error);
  if (status === 401) {
    queryClient?.removeQueries({ queryKey: sessionQueryKey(area) });
    if (area === 'mypage' || storedUser.get()?.is_admin) storedUser.clear();
  }
  navigate(destination, { replace: true });
}
