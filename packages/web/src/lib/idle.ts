import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { Area } from './api';
import { idleTracker } from './idle-tracker';
import { paths } from './paths';
import { fetchSession, logout } from './session';
import { sessionQueryKey } from './session-key';

/** Seconds before the idle deadline at which the warning dialog opens (WCAG 2.2.1: at least 20 s). */
export const IDLE_WARNING_SEC = 60;
/** While the warning is open, how often to re-read the session (another tab may have been active). */
const RECHECK_WHILE_WARNING_MS = 15_000;

export interface IdleTimeoutState {
  /** true while the warning dialog should be shown */
  isWarning: boolean;
  /** whole seconds left until automatic logout (only meaningful while warning) */
  secondsLeft: number;
  /** true while 「ログインを続ける」 or 「ログアウトする」 is in progress */
  isBusy: boolean;
  /** 「ログインを続ける」: extends the session (session?touch=1) and closes the warning */
  extend: () => Promise<void>;
  /** 「ログアウトする」: logs out and goes to the area's login page */
  logoutNow: () => Promise<void>;
}

/**
 * Drives the idle-timeout warning of a guarded area (used by ui/idle-timeout-dialog.tsx).
 * 60 s before the client-side deadline it first re-reads `session?touch=0` (another tab may have kept the
 * session alive); only if really ≤ 60 s remain does it warn. At 0 it goes to the login page with
 * sessionexp=1.
 */
export function useIdleTimeout(area: Area, warnBeforeSecMax: number = IDLE_WARNING_SEC): IdleTimeoutState {
  // a short idle timeout (tests, a kiosk set-up) warns at half of it rather than before the session began
  const timeoutSec = useSyncExternalStore(idleTracker.subscribe, () => idleTracker.getTimeoutSec(area));
  const warnBeforeSec = Math.min(warnBeforeSecMax, Math.floor(timeoutSec / 2));
  const deadline = useSyncExternalStore(idleTracker.subscribe, () => idleTracker.getDeadline(area));
  const [now, setNow] = useState(() => Date.now());
  const [isWarning, setIsWarning] = useState(false);
  const checking = useRef(false);
  const lastCheck = useRef(0);
  const leave = useLeaveArea(area, setIsWarning);
  const { isBusy, extend, logoutNow } = useWarningActions(area, leave, setIsWarning);

  const check = useCallback(async () => {
    if (checking.current) return;
    checking.current = true;
    lastCheck.current = Date.now();
    try {
      const info = await fetchSession(area, { touch: false });
      if (!info) {
        await leave(true);
        return;
      }
      setIsWarning(info.idle_remaining_sec <= warnBeforeSec);
    } catch {
      // A failing check must not log the user out early: keep counting down on the local deadline.
      setIsWarning(true);
    } finally {
      checking.current = false;
    }
  }, [area, leave, warnBeforeSec]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (deadline === null) {
      setIsWarning(false);
      return;
    }
    const remainingMs = deadline - now;
    if (remainingMs <= 0) {
      void leave(true);
      return;
    }
    if (remainingMs > warnBeforeSec * 1000) {
      if (isWarning) setIsWarning(false);
      return;
    }
    if (!isWarning || now - lastCheck.current >= RECHECK_WHILE_WARNING_MS) void check();
  }, [deadline, now, isWarning, warnBeforeSec, leave, check]);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { isWarning, secondsLeft, isBusy, extend, logoutNow };
}

/**
 * Leaves the area once (the countdown, a failed check and the dialog's buttons may all try): logs out, goes
 * to the area's login page (with sessionexp=1 when the session ran out) and forgets the session's answer.
 */
function useLeaveArea(area: Area, setIsWarning: (isWarning: boolean) => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const expired = useRef(false);

  useEffect(() => {
    expired.current = false;
  }, []);

  return useCallback(
    async (expiredSession: boolean) => {
      if (expired.current) return;
      expired.current = true;
      setIsWarning(false);
      await logout(area);
      await navigate(
        area === 'admin'
          ? paths.admin.login({ expired: expiredSession })
          : paths.mypage.login({ expired: expiredSession }),
        {
          replace: true,
        },
      );
      queryClient.removeQueries({ queryKey: sessionQueryKey(area) });
    },
    [area, navigate, queryClient, setIsWarning],
  );
}

/** The warning's two buttons: 「ログインを続ける」 (the session touched, or left when it is gone) and 「ログアウトする」. */
function useWarningActions(
  area: Area,
  leave: (expiredSession: boolean) => Promise<void>,
  setIsWarning: (isWarning: boolean) => void,
) {
  const [isBusy, setIsBusy] = useState(false);

  const extend = useCallback(async () => {
    setIsBusy(true);
    try {
      const info = await fetchSession(area, { touch: true });
      if (!info) {
        await leave(true);
        return;
      }
      setIsWarning(false);
    } catch {
      await leave(true);
    } finally {
      setIsBusy(false);
    }
  }, [area, leave, setIsWarning]);

  const logoutNow = useCallback(async () => {
    setIsBusy(true);
    try {
      await leave(false);
    } finally {
      setIsBusy(false);
    }
  }, [leave]);

  return { isBusy, extend, logoutNow };
}
