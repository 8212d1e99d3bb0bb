import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider, I18nProvider } from 'react-aria-components';
import { type NavigateOptions, useHref, useNavigate } from 'react-router';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Lets react-aria's links navigate through React Router and sets the Japanese locale for react-aria's
 * built-in strings. Each area layout wraps its pages in it, so react-aria is fetched with the layouts
 * that draw its components rather than with the entry every page evaluates first (decision 092).
 */
export function AriaProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <I18nProvider locale="ja-JP">{children}</I18nProvider>
    </AriaRouterProvider>
  );
}
