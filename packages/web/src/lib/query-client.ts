import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type Area, areaOfLocation, handleApiError, isApiError, type NavigateTo } from './api';
import { sessionQueryKey } from './session';

/**
 * `meta` accepted by queries and mutations (TanStack Query v5 `Register`).
 * - `handlesErrors: true` — the screen shows the error itself; the global SPEC §8 routing is skipped.
 * - `notFoundTo` — where a 404 goes instead (e.g. `paths.admin.notFound()` for a missing record).
 * - `area` — the area whose rules apply (default: from the URL).
 */
export type ManabiMeta = {
  handlesErrors?: boolean;
  notFoundTo?: string;
  area?: Area;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ManabiMeta;
    mutationMeta: ManabiMeta;
  }
}

/**
 * Errors a form shows on itself and that must never be routed: field errors (400/422 with err_list)
 * and the optimistic-locking conflict (409, shown as MSG.stale).
 */
export function isFormError(error: unknown): boolean {
  return isApiError(error) && (error.isFieldError || error.isStale);
}

/**
 * Creates the app's QueryClient. Every query or mutation error is routed as SPEC §8 (lib/api.ts
 * handleApiError) unless its `meta.handlesErrors` is set; mutation field errors and 409 are left to the
 * form (StepForm puts them on the fields). No refetch on window focus: a background fetch would count as
 * activity and defeat the idle timeout.
 */
export function createQueryClient(navigate: NavigateTo): QueryClient {
  let client: QueryClient;
  const route = (error: unknown, meta: ManabiMeta | undefined) => {
    const area = meta?.area ?? areaOfLocation();
    if (isApiError(error)) {
      if (error.status === 401) client.removeQueries({ queryKey: sessionQueryKey(area) });
      if (error.status === 404 && meta?.notFoundTo) {
        error.routed = true;
        navigate(meta.notFoundTo, { replace: true });
        return;
      }
    }
    handleApiError(area, error, navigate);
  };

  client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.handlesErrors) return;
        route(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.handlesErrors || isFormError(error)) return;
        route(error, mutation.meta);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Only a network failure is worth one more try; an HTTP answer is final.
        retry: (failureCount, error) => isApiError(error) && error.status === 0 && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
