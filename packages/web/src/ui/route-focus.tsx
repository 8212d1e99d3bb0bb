import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Longest wait for a page's h1 (its data may still be loading behind a spinner). */
const TITLE_WAIT_MS = 10_000;

/**
 * After an in-app navigation (not the first load) moves focus to the page's h1 (PageTitle), so screen
 * reader and keyboard users start at the new content (WCAG 2.4.3). Mounted once, in the root route, so a
 * navigation that changes layouts (logging in) is followed too.
 * A page that shows a spinner until its data arrives renders its h1 later: focus waits for it (watching the
 * DOM), unless the user has moved focus meanwhile. Changes of only the query string (table paging,
 * filters) keep focus where it is.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    // where the navigation left focus: on the link pressed (a menu that stays) or nowhere (its page is gone)
    const leftOn = document.activeElement;
    const focusTitle = () => {
      const title = document.querySelector<HTMLElement>('[data-page-title]');
      if (!title) return false;
      const active = document.activeElement;
      if (active === leftOn || active === null || active === document.body) {
        title.focus({ preventScroll: true });
      }
      return true;
    };
    const observer = new MutationObserver(() => {
      if (focusTitle()) stop();
    });
    // The route module may still be rendering: look after a frame, then whenever the page changes.
    const frame = window.requestAnimationFrame(() => {
      if (focusTitle()) stop();
      else observer.observe(document.body, { childList: true, subtree: true });
    });
    const timeout = window.setTimeout(stop, TITLE_WAIT_MS);
    function stop() {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timeout);
      observer.disconnect();
    }
    return stop;
  }, [pathname]);
  return null;
}
