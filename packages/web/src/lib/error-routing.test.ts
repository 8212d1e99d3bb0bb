import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { errorDestination, isHeldByQueryClient, routeApiError } from './error-routing';
import { createQueryClient } from './query-client';
import { sessionQueryKey } from './session-key';
import { USER_DATA_KEY } from './stored-user';

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    has: (k: string) => data.has(k),
  };
}
const student = JSON.stringify({ name: '山田', login_id: '24040001', is_admin: false });
const NOT_FOUND = '/admin/404';

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
  vi.restoreAllMocks();
});

describe('[web][lib] errorDestination: a record’s own not-found page', () => {
  it('a 404 goes to notFoundTo; a 403 only with forbiddenIsNotFound', () => {
    expect(errorDestination('admin', new ApiError(404, null), { notFoundTo: NOT_FOUND })).toBe(NOT_FOUND);
    expect(errorDestination('admin', new ApiError(403, null), { notFoundTo: NOT_FOUND })).toBe(
      '/admin/apierror?forbidden=1',
    );
    expect(
      errorDestination('admin', new ApiError(403, null), {
        notFoundTo: NOT_FOUND,
        forbiddenIsNotFound: true,
      }),
    ).toBe(NOT_FOUND);
    expect(errorDestination('admin', new ApiError(401, null), { notFoundTo: NOT_FOUND })).toBe(
      '/admin/login?sessionexp=1',
    );
  });
});

describe('[web][lib] errorDestination: an admin refusal is not an outage', () => {
  it('a 403 carries forbidden=1 (the page says a permission is missing); other failures do not', () => {
    expect(errorDestination('admin', new ApiError(403, null))).toBe('/admin/apierror?forbidden=1');
    expect(errorDestination('admin', new ApiError(500, null))).toBe('/admin/apierror');
    expect(errorDestination('admin', new ApiError(503, null))).toBe('/admin/apierror');
    expect(errorDestination('admin', new ApiError(0, null))).toBe('/admin/apierror');
  });

  it('a mutation or a plain call refused with 403 goes there too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    routeApiError(new ApiError(403, null), { area: 'admin' }, { navigate });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/admin/apierror?forbidden=1', { replace: true });
  });
});

describe('[web][lib] errorDestination: a my-page 404 is a missing page, never the system-error page', () => {
  it('the my-page sends a 404 to its not-found page, with or without a stored user; the admin keeps SPEC §8', () => {
    expect(errorDestination('mypage', new ApiError(404, null))).toBe('/mypage/notfound');
    const storage = fakeStorage({ [USER_DATA_KEY]: student });
    Object.assign(globalThis, { localStorage: storage });
    expect(errorDestination('mypage', new ApiError(404, null))).toBe('/mypage/notfound');
    // the system-error pages stay for what is a fault; SPEC §8 sends every admin error but 401 to apierror
    expect(errorDestination('mypage', new ApiError(500, null))).toBe('/mypage/apierror');
    expect(errorDestination('admin', new ApiError(404, null))).toBe('/admin/apierror');
    expect(errorDestination('admin', new ApiError(500, null))).toBe('/admin/apierror');
  });
});

describe('[web][lib] routeApiError', () => {
  it('navigates once with replace; a missing record is not logged as a fault', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    routeApiError(new ApiError(404, null), { area: 'admin', notFoundTo: NOT_FOUND }, { navigate });
    expect(navigate).toHaveBeenCalledExactlyOnceWith(NOT_FOUND, { replace: true });
    expect(log).not.toHaveBeenCalled();
    routeApiError(new ApiError(500, null), { area: 'admin' }, { navigate });
    expect(navigate).toHaveBeenLastCalledWith('/admin/apierror', { replace: true });
    expect(log).toHaveBeenCalledOnce();
  });

  it('a 401 forgets the cached session and the stored my-page user', () => {
    const storage = fakeStorage({ [USER_DATA_KEY]: student });
    Object.assign(globalThis, { localStorage: storage });
    const queryClient = createQueryClient(vi.fn());
    queryClient.setQueryData(sessionQueryKey('mypage'), { user: {} });
    const navigate = vi.fn();
    routeApiError(new ApiError(401, null), { area: 'mypage' }, { navigate, queryClient });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/mypage/login?sessionexp=1', { replace: true });
    expect(queryClient.getQueryData(sessionQueryKey('mypage'))).toBeUndefined();
    expect(storage.has(USER_DATA_KEY)).toBe(false);
  });
});

describe('[web][lib] the query client routes query and mutation errors from meta', () => {
  const failWith =
    (status: number, body: unknown = null) =>
    () =>
      Promise.reject(new ApiError(status, body));

  it('a query: meta.notFoundTo and forbiddenIsNotFound, once per failure', async () => {
    const navigate = vi.fn();
    const client = createQueryClient(navigate);
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: failWith(403),
        meta: { area: 'admin', notFoundTo: NOT_FOUND, forbiddenIsNotFound: true },
      })
      .catch(() => undefined);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(NOT_FOUND, { replace: true });
  });

  it('a mutation: field errors and 409 stay with the form, meta.shows stays with the screen, others are routed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const navigate = vi.fn();
    const client = createQueryClient(navigate);
    const run = (status: number, body: unknown, shows?: number[]) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: failWith(status, body), meta: { area: 'admin', shows } })
        .execute(undefined)
        .catch((error: unknown) => error);
    await run(422, { err_list: [{ name: 'a', msg: 'm' }] });
    await run(409, null);
    await run(422, null, [422]);
    expect(navigate).not.toHaveBeenCalled();
    const error = await run(500, null);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/admin/apierror', { replace: true });
    // the error caught from the mutation is held by the client, so a plain-call handler leaves it alone
    expect(isHeldByQueryClient(client, error)).toBe(true);
    expect(isHeldByQueryClient(client, new ApiError(500, null))).toBe(false);
  });
});
