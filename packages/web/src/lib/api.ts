import type { ErrItem } from '@manabi/shared/api';
import type { ContractOf, Endpoint, RouteAnswer, RouteInput } from '@manabi/shared/routes';

/**
 * The one API client (ARCHITECTURE "How a request flows", STYLE "One error contract").
 *
 * - JSON in and out, same-origin cookies (the Fastify process serves both the app and /api).
 * - Every non-2xx becomes an {@link ApiError}; SPEC §8 routing of it is lib/error-routing.ts, done by the
 *   query client (lib/query-client.ts) for queries and mutations and by `useRouteApiError` for plain calls.
 * - Every successful call is reported to the idle tracker (lib/idle.ts), which restarts the inactivity
 *   countdown of that area: the server extends the session on each authenticated request.
 */

/** The two areas of the product; each has its own session cookie, login page and error pages. */
export type Area = 'admin' | 'mypage';

/** Query-string values: null/undefined/'' are left out, arrays repeat the key, booleans become 1/0. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** Thrown for every non-2xx answer (and for network failures, with status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The parsed JSON body (or the text, or null). */
  readonly body: unknown;
  /** Field errors from `{ is_valid: false, err_list: [{ name, msg }] }`; empty when none. */
  readonly errList: ErrItem[];
  constructor(status: number, body: unknown, fallbackMessage?: string) {
    const obj = (body && typeof body === 'object' ? body : {}) as { message?: unknown; err_list?: unknown };
    const errList = Array.isArray(obj.err_list)
      ? (obj.err_list as unknown[]).filter(
          (e): e is ErrItem =>
            !!e && typeof (e as ErrItem).name === 'string' && typeof (e as ErrItem).msg === 'string',
        )
      : [];
    const message =
      typeof obj.message === 'string' && obj.message !== ''
        ? obj.message
        : (fallbackMessage ?? `${status}error!!!`);
    super(message);
    this.status = status;
    this.body = body;
    this.errList = errList;
  }

  /** `err_list` under the spec's own name. */
  get err_list(): ErrItem[] {
    return this.errList;
  }

  /** True for a validation answer that a form shows on its fields (400/422 with err_list). */
  get isFieldError(): boolean {
    return (this.status === 400 || this.status === 422) && this.errList.length > 0;
  }

  /** True for the optimistic-locking conflict (the record was changed by someone else). */
  get isStale(): boolean {
    return this.status === 409;
  }
}

/** Type guard for ApiError (also across module copies in tests). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError');
}

// ---- activity notification (idle tracker listens) ----

type ActivityListener = (area: Area | null, path: string) => void;
const activityListeners = new Set<ActivityListener>();

/**
 * Subscribe to successful API calls (used by lib/idle.ts). Returns the unsubscribe function.
 * The area is derived from the path (`/api/admin/…`, `/api/auth/admin/…` → admin; mypage likewise).
 */
export function onApiActivity(listener: ActivityListener): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

/** Which area's session a call to `path` touches, or null for public/common calls. */
export function areaOfPath(path: string): Area | null {
  if (/^\/api\/(auth\/)?admin\//.test(path)) return 'admin';
  if (/^\/api\/(auth\/)?mypage\//.test(path)) return 'mypage';
  return null;
}

// ---- requests ----

/** Options for one call. */
export interface ApiOptions {
  /** Abort signal (TanStack Query passes one). */
  signal?: AbortSignal;
  /**
   * false for calls that must not count as user activity (the idle tracker's own `session?touch=0`,
   * logout). Default true.
   */
  countsAsActivity?: boolean;
}

/** Builds `path?query` with the rules of {@link QueryValue}. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) params.append(key, String(v));
    } else if (typeof value === 'boolean') {
      params.append(key, value ? '1' : '0');
    } else {
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: ApiOptions,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        method === 'POST'
          ? { Accept: 'application/json', 'Content-Type': 'application/json' }
          : { Accept: 'application/json' },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, 'サーバーに接続できませんでした。');
  }

  const text = await response.text();
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);

  if (options.countsAsActivity !== false) {
    const area = areaOfPath(path.split('?')[0] ?? path);
    for (const listener of activityListeners) listener(area, path);
  }
  return data as T;
}

/** What a call to `E` takes (for a fetcher that assembles it in steps). */
export type CallInput<E extends Endpoint> = RouteInput<ContractOf<E>>;
/** The sort keys a list call accepts. */
export type SortOf<E extends Endpoint> = CallInput<E> extends { sort?: infer S } ? Extract<S, string> : never;

/** The arguments of a call to `E`: its input (optional when the call needs none), then the options. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends RouteInput<ContractOf<E>>
    ? [input?: RouteInput<ContractOf<E>>, options?: ApiOptions]
    : [input: RouteInput<ContractOf<E>>, options?: ApiOptions];

/**
 * Calls an API route of the shared contract, e.g. `call(endpoints.mypage.course, { id })`: the method and
 * path come from the endpoint, the input is typed by the route's query (GET) or body (POST) and path
 * parameters (`:name`, taken out of the input), and the answer by its response schema.
 * @throws ApiError on any non-2xx answer or network failure
 */
export function call<const E extends Endpoint>(
  endpoint: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<RouteAnswer<ContractOf<E>>> {
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return endpoint.method === 'GET'
    ? request('GET', withQuery(path, fields as Query), undefined, options)
    : request('POST', path, fields, options);
}

/** The area a browser path belongs to (used where no React context is available). */
export function areaOfLocation(pathname: string = window.location.pathname): Area {
  return pathname.startsWith('/admin') ? 'admin' : 'mypage';
}
