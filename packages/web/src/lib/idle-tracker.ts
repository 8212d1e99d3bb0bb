import { type Area, onApiActivity } from './api';

/**
 * Client-side copy of each area's idle deadline (ARCHITECTURE: "Idle timeout is announced", WCAG 2.2.1).
 * The server is the authority (it answers 401 once the idle timeout has passed); this store only lets the
 * UI warn 60 s before. Every successful API call of an area restarts its countdown (the server extends the
 * session on each authenticated request); session calls set it to the server's exact remaining time.
 */

/** Default idle timeout until the server tells us its own (ARCHITECTURE: 30 min). */
export const DEFAULT_IDLE_TIMEOUT_SEC = 30 * 60;
/** Seconds taken off the server's remaining time to absorb network latency and clock drift. */
const SAFETY_MARGIN_MS = 2000;

interface AreaIdleState {
  /** epoch ms when the session ends, or null while not tracked (logged out, public pages) */
  deadline: number | null;
  timeoutSec: number;
}

type Listener = () => void;

const state: Record<Area, AreaIdleState> = {
  admin: { deadline: null, timeoutSec: DEFAULT_IDLE_TIMEOUT_SEC },
  mypage: { deadline: null, timeoutSec: DEFAULT_IDLE_TIMEOUT_SEC },
};
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const idleTracker = {
  /** Current deadline of an area (epoch ms) or null. Stable between changes (useSyncExternalStore). */
  getDeadline(area: Area): number | null {
    return state[area].deadline;
  },
  /** The area's idle timeout in seconds (as last reported by the server). */
  getTimeoutSec(area: Area): number {
    return state[area].timeoutSec;
  },
  /** Sets the deadline from a session answer: `{ idle_remaining_sec, idle_timeout_sec }`. */
  sync(area: Area, info: { idle_remaining_sec: number; idle_timeout_sec: number }): void {
    state[area] = {
      timeoutSec: info.idle_timeout_sec > 0 ? info.idle_timeout_sec : state[area].timeoutSec,
      deadline: Date.now() + Math.max(0, info.idle_remaining_sec * 1000 - SAFETY_MARGIN_MS),
    };
    emit();
  },
  /** Restarts the countdown after activity that the server counted (any successful call of the area). */
  touch(area: Area): void {
    state[area] = {
      ...state[area],
      deadline: Date.now() + Math.max(0, state[area].timeoutSec * 1000 - SAFETY_MARGIN_MS),
    };
    emit();
  },
  /** Stops tracking an area (logout, expiry). */
  clear(area: Area): void {
    if (state[area].deadline === null) return;
    state[area] = { ...state[area], deadline: null };
    emit();
  },
  /** Subscribe to changes; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

onApiActivity((area) => {
  if (area) idleTracker.touch(area);
});
