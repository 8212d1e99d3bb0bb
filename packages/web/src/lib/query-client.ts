import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { areaOfLocation, isApiError } from './api';
import { type ErrorRouting, isFormError, type NavigateTo, routeApiError } from './error-routing';

/**
 * `meta` accepted by queries and mutations (TanStack Query v5 `Register`): how their errors are routed
 * ({@link ErrorRouting}: `area`, `notFoundTo`, `forbiddenIsNotFound`, `shows`).
 */
export type ManabiMeta = ErrorRouting;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ManabiMeta;
    mutationMeta: ManabiMeta;
  }
}

/** True when the screen shows this error itself, so the QueryClient must not route it. */
function isShownByScreen(error: unknown, meta: ManabiMeta | undefined): boolean {
  return isApiError(error) && (meta?.shows?.includes(error.status) ?? false);
}

/**
 * Creates the app's QueryClient, the one place that routes the errors of queries and mutations (SPEC §8,
 * lib/error-routing.ts) from their `meta`. A mutation's field errors and 409 are left to the form that
 * shows them (StepForm puts them on the fields). No refetch on window focus: a background fetch would
 * count as activity and defeat the idle timeout.
 */
export function createQueryClient(navigate: NavigateTo): QueryClient {
  let client: QueryClient;
  const route = (error: unknown, meta: ManabiMeta | undefined) => {
    if (isShownByScreen(error, meta)) return;
    routeApiError(
      error,
      { ...meta, area: meta?.area ?? areaOfLocation() },
      { navigate, queryClient: client },
    );
  };

  client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => route(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isFormError(error)) route(error, mutation.meta);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // A network failure is worth one more try, and a 503 (the server at capacity) two more
        // after a second each (its Retry-After); any other HTTP answer is final. A read is safe to repeat.
        retry: (failureCount, error) =>
          isApiError(error) &&
          ((error.status === 0 && failureCount < 1) || (error.status === 503 && failureCount < 2)),
        retryDelay: 1000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
