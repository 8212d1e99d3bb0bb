import { Outlet } from 'react-router';
import { AreaProvider } from '../../lib/area';
import { useStandardLook } from '../../lib/prefs';
import { AriaProviders } from '../../ui/aria-providers';
import { MAIN_ID, SkipLink } from '../../ui/skip-link';
import { AdminHeader } from './admin-header';

/** Admin pages that need no session: /admin/login and /admin/apierror. */
export function Component() {
  useStandardLook();
  return (
    <AreaProvider area="admin">
      <AriaProviders>
        <div className="flex min-h-screen flex-col bg-canvas text-std-16N-170 text-ink">
          <SkipLink />
          <AdminHeader />
          <main
            id={MAIN_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-[60rem] flex-1 px-4 py-8 outline-none sm:px-6"
          >
            <Outlet />
          </main>
          <footer className="border-t-2 border-line-subtle px-4 py-4 text-center text-std-16N-170 text-ink-muted">
            © 2024 まなび市民大学
          </footer>
        </div>
      </AriaProviders>
    </AreaProvider>
  );
}
