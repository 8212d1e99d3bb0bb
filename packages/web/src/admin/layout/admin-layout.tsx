import type { SessionUser } from '@manabi/shared/api';
import { Navigate, Outlet } from 'react-router';
import { AreaProvider } from '../../lib/area';
import { paths } from '../../lib/paths';
import { useStandardLook } from '../../lib/prefs';
import { SessionUserContext, useLogout, useSessionQuery } from '../../lib/session';
import { AriaProviders } from '../../ui/aria-providers';
import { Button } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { IdleTimeoutDialog } from '../../ui/idle-timeout-dialog';
import { SideNav } from '../../ui/side-nav';
import { MAIN_ID, SkipLink } from '../../ui/skip-link';
import { AdminHeader } from './admin-header';
import { adminMenuFor } from './admin-menu';

/**
 * Guarded admin layout (SPEC §2 "Admin area"): asks the server for the admin session; without one goes to
 * /admin/login. Header (name, ログアウト), menu by authority, main landmark, skip link, idle dialog.
 */
export function Component() {
  useStandardLook();
  const session = useSessionQuery('admin');
  if (session.isPending || session.isError) {
    // Errors other than 401 are routed to /admin/apierror by the query client.
    return <FullPageSpinner label="ログイン状態を確認しています..." />;
  }
  const info = session.data;
  if (!info?.user.is_admin) return <Navigate to={paths.admin.login()} replace />;

  return (
    <AreaProvider area="admin">
      <AriaProviders>
        <SessionUserContext.Provider value={info.user}>
          <AdminShell user={info.user} />
          <IdleTimeoutDialog area="admin" />
        </SessionUserContext.Provider>
      </AriaProviders>
    </AreaProvider>
  );
}

function AdminShell({ user }: { user: SessionUser }) {
  const logout = useLogout('admin');
  return (
    <div className="flex min-h-screen flex-col bg-canvas text-std-16N-170 text-ink">
      <SkipLink />
      <AdminHeader>
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-std-16N-170">
            ログイン中：<span className="text-std-16B-170">{user.name}</span> さん
          </p>
          <Button variant="secondary" onPress={() => void logout()}>
            ログアウト
          </Button>
        </div>
      </AdminHeader>
      <div
        data-print="flow"
        className="mx-auto grid w-full max-w-[80rem] flex-1 gap-6 px-4 py-6 sm:px-6 md:grid-cols-[15rem_minmax(0,1fr)]"
      >
        <SideNav
          label="管理メニュー"
          items={[
            { label: 'トップ', to: paths.admin.top() },
            ...adminMenuFor(user).map((entry) => ({ label: entry.label, to: entry.to })),
          ]}
        />
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 outline-none">
          <Outlet />
        </main>
      </div>
      <footer className="border-t-2 border-line-subtle px-4 py-4 text-center text-std-16N-170 text-ink-muted">
        © 2024 まなび市民大学
      </footer>
    </div>
  );
}
