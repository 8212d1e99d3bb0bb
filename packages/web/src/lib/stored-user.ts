import type { SessionUser } from '@manabi/shared/api';

/**
 * The logged-in user's display copy in localStorage under `userData` (SPEC §4: "user saved locally").
 * For display only (greeting, student ID card) and for choosing an error page (SPEC §8): roles and
 * authority always come from the server session (lib/session.ts), never from here.
 */
export const USER_DATA_KEY = 'userData';

function read(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_DATA_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object' || typeof (value as SessionUser).name !== 'string') return null;
    return value as SessionUser;
  } catch {
    return null;
  }
}

export const storedUser = {
  /** The stored user, or null (also when storage is unavailable or the value is damaged). */
  get: read,
  /** Saves the user after a successful login or session check. */
  set(user: SessionUser): void {
    try {
      localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
    } catch {
      // storage unavailable: display falls back to the session answer
    }
  },
  /** Removes the stored user (logout, expired session). */
  clear(): void {
    try {
      localStorage.removeItem(USER_DATA_KEY);
    } catch {
      // ignore
    }
  },
};
