import { RouterProvider as AriaRouterProvider, I18nProvider } from 'react-aria-components';
import { type NavigateOptions, Outlet, ScrollRestoration, useHref, useNavigate } from 'react-router';
import { FullPageSpinner } from './ui/full-page-spinner';
import { RouteFocus } from './ui/route-focus';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Root route: lets react-aria links and tabs navigate through React Router, sets the Japanese locale
 * for react-aria's built-in strings, resets scroll and moves focus to the new page's h1 on navigation (one
 * RouteFocus for every layout, so logging in, which changes layouts, moves focus too).
 */
export function AppRoot() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <I18nProvider locale="ja-JP">
        <RouteFocus />
        <Outlet />
        <ScrollRestoration />
      </I18nProvider>
    </AriaRouterProvider>
  );
}

/** Shown while the first route module loads. */
export function AppHydrateFallback() {
  return <FullPageSpinner />;
}
