import type { ReactNode } from 'react';
import { type AppRouter, RouterView } from './lib/app-router';
import { RouteErrorBoundary } from './route-error';
import { FullPageSpinner } from './ui/full-page-spinner';
import { RouteFocus } from './ui/route-focus';

/**
 * The app: the router's page, with focus moved to the new page's h1 on navigation (one RouteFocus for
 * every layout, so logging in, which changes layouts, moves focus too), the spinner while the first route
 * module loads, and the error screen for a page that failed to load or draw. react-aria's providers are
 * in the area layouts (ui/aria-providers.tsx), not here: the entry holds no react-aria.
 */
export function AppRoot({ router }: { router: AppRouter }) {
  return (
    <RouterView router={router} fallback={<FullPageSpinner />} errorElement={errorScreen}>
      <RouteFocus />
    </RouterView>
  );
}

function errorScreen(error: unknown): ReactNode {
  return <RouteErrorBoundary error={error} />;
}
