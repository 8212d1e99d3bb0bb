import { lazy, Suspense, useEffect, useState } from 'react';
import type { Area } from '../lib/api';
import { useIdleTimeout } from '../lib/idle';

/** The dialog's code (react-aria's modal, focus scope): not needed to show a page. */
const loadWarning = () => import('./idle-timeout-warning');
const IdleTimeoutWarning = lazy(() => loadWarning().then((m) => ({ default: m.IdleTimeoutWarning })));
/** Fetched this long after the layout mounts, well before any session's warning. */
const PRELOAD_AFTER_MS = 5_000;

/**
 * The inactivity warning (WCAG 2.2.1 Timing Adjustable; ARCHITECTURE "Idle timeout is announced").
 * Mounted once in each guarded layout. 60 s before the session's idle deadline it opens an alert dialog
 * 「まもなく自動的にログアウトします」 with a live countdown and 「ログインを続ける」 / 「ログアウトする」.
 * At 0 the user is taken to the login page with the inactivity notice. The dialog itself
 * (idle-timeout-warning.tsx) is a chunk of its own, fetched a few seconds after the page has shown and
 * kept mounted once it has been shown.
 */
export function IdleTimeoutDialog({ area }: { area: Area }) {
  const idle = useIdleTimeout(area);
  const [hasWarned, setHasWarned] = useState(false);
  if (idle.isWarning && !hasWarned) setHasWarned(true);

  useEffect(() => {
    const timer = window.setTimeout(() => void loadWarning().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!idle.isWarning && !hasWarned) return null;
  return (
    <Suspense fallback={null}>
      <IdleTimeoutWarning {...idle} />
    </Suspense>
  );
}
