import type { LoginBody, SessionInfo, SessionUser } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { type Area, call, isApiError } from './api';
import { idleTracker } from './idle-tracker';
import { paths } from './paths';
import { sessionQueryKey } from './session-key';
import { storedUser } from './stored-user';

/**
 * Sessions (SPEC §4 Auth, §7 Auth). The server is the authority: the guarded layouts ask
 * `GET /api/auth/{area}/session/` and render only for a 200; roles and authority come from that answer.
 * localStorage `userData` is a display copy only (lib/stored-user.ts).
 */

export type { LoginBody, SessionInfo, SessionUser };
export { storedUser };

const AUTH = {
  admin: {
    session: endpoints.auth.adminSession,
    login: endpoints.auth.adminLogin,
    logout: endpoints.auth.adminLogout,
  },
  mypage: {
    session: endpoints.auth.mypageSession,
    login: endpoints.auth.mypageLogin,
    logout: endpoints.auth.mypageLogout,
  },
} as const;

/**
 * Reads the area's session. `touch: true` counts as activity (extends the session), `false` only looks.
 * Resolves null when there is no valid session (401). Keeps the idle tracker and the display copy in step.
 * @throws ApiError for any other failure
 */
export async function fetchSession(area: Area, { touch }: { touch: boolean }): Promise<SessionInfo | null> {
  try {
    const info = await call(AUTH[area].session, { touch: touch ? 1 : 0 }, { countsAsActivity: false });
    idleTracker.sync(area, info);
    storedUser.set(info.user);
    return info;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      idleTracker.clear(area);
      forgetStoredUser(area);
      return null;
    }
    throw error;
  }
}

/**
 * Logs in. Resolves the user and stores the display copy.
 * @throws ApiError 422 = wrong ID or password (a quiet failure the login screen shows),
 *   429 = locked or throttled (show `error.message`, Japanese from the server), others as usual.
 */
export async function login(area: Area, body: LoginBody): Promise<SessionUser> {
  const user = await call(AUTH[area].login, body);
  storedUser.set(user);
  return user;
}

/** Logs out of one area (SPEC §4: admin and my-page logout are separate); never throws. */
export async function logout(area: Area): Promise<void> {
  try {
    await call(AUTH[area].logout, undefined, { countsAsActivity: false });
  } catch {
    // Logging out of an already-ended session is fine.
  }
  idleTracker.clear(area);
  forgetStoredUser(area);
}

/** Clears the display copy when it is this area's user (one key for both areas: SPEC §4). */
function forgetStoredUser(area: Area): void {
  const user = storedUser.get();
  if (!user || user.is_admin === (area === 'admin')) storedUser.clear();
}

/**
 * Returns `loginAndRemember(body)`: {@link login} plus forgetting any cached session answer, so the
 * guarded layout asks the server again after the login screen navigates.
 */
export function useLogin(area: Area) {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: LoginBody) => {
      const user = await login(area, body);
      queryClient.removeQueries({ queryKey: sessionQueryKey(area) });
      return user;
    },
    [area, queryClient],
  );
}

/**
 * Query for the guarded layouts: one `session?touch=1` when the area is entered (entering is activity).
 * Data is `SessionInfo | null` (null = not logged in). Errors other than 401 are routed as SPEC §8.
 */
export const sessionQueryOptions = (area: Area) =>
  queryOptions({
    queryKey: sessionQueryKey(area),
    queryFn: () => fetchSession(area, { touch: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The area's session query (see {@link sessionQueryOptions}). */
export function useSessionQuery(area: Area) {
  return useQuery(sessionQueryOptions(area));
}

/**
 * The logged-in user of the current guarded area, provided by the area layout after its session check.
 * Read it with {@link useSessionUser}.
 */
export const SessionUserContext = createContext<SessionUser | null>(null);

/** The session user of the guarded area around this component (throws outside a guarded layout). */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser() must be used inside a guarded area layout');
  return user;
}

/**
 * Returns `logoutAndLeave(opts?)`: logs out of the area, forgets the cached session and goes to the
 * area's login page (with `sessionexp=1` when `expired`).
 */
export function useLogout(area: Area) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (opts: { expired?: boolean } = {}) => {
      await logout(area);
      const to = area === 'admin' ? paths.admin.login(opts) : paths.mypage.login(opts);
      // Leave the guarded layout first, then forget the session: clearing it while the layout is still
      // mounted would make the guard redirect on its own (with a `next`).
      await navigate(to, { replace: true });
      queryClient.removeQueries({ queryKey: sessionQueryKey(area) });
    },
    [area, navigate, queryClient],
  );
}
