import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After an in-app navigation (not the first load) moves focus to the page's h1 (PageTitle), so screen
 * reader and keyboard users start at the new content (WCAG 2.4.3). Mount once per layout.
 * Changes of only the query string (table paging, filters) keep focus where it is.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    // The route module may still be rendering: wait a frame for its h1.
    const frame = window.requestAnimationFrame(() => {
      const title = document.querySelector<HTMLElement>('[data-page-title]');
      title?.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
