import type { SessionUser } from '@manabi/shared/api';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMatchedRoutes } from '../../lib/app-router';
import { AreaProvider } from '../../lib/area';
import { paths } from '../../lib/paths';
import { useDisplayPrefs } from '../../lib/prefs';
import { SessionUserContext, useLogout, useSessionQuery } from '../../lib/session';
import { AriaProviders } from '../../ui/aria-providers';
import { Button } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { IdleTimeoutDialog } from '../../ui/idle-timeout-dialog';
import { SideNav } from '../../ui/side-nav';
import { MypageFrame } from './mypage-frame';
import { MYPAGE_NAV } from './mypage-nav';

/** The card's code (a react-aria modal) is fetched when the student reaches for the button. */
const loadIdCard = () => import('./student-id-card');
const StudentIdCard = lazy(() => loadIdCard().then((m) => ({ default: m.StudentIdCard })));

/** Paths for which no `next` is added when sending a visitor to the login page (SPEC §2: not for login or root; top is where login goes anyway). */
const NO_NEXT = new Set(['/', '/mypage', '/mypage/', '/mypage/top', '/mypage/login']);

/**
 * Guarded my-page layout: needs a student session (server-checked), otherwise /mypage/login with `next`.
 * Header with display choices, greeting, 学生証, ログアウト; side menu except where the route's
 * `hideSidebar` is set (top); footer; idle dialog.
 */
export function Component() {
  useDisplayPrefs();
  const location = useLocation();
  const session = useSessionQuery('mypage');
  if (session.isPending || session.isError) {
    return <FullPageSpinner label="ログイン状態を確認しています..." />;
  }
  const info = session.data;
  if (!info || info.user.is_admin) {
    const next = NO_NEXT.has(location.pathname) ? undefined : location.pathname + location.search;
    return <Navigate to={paths.mypage.login({ next })} replace />;
  }
  return (
    <AreaProvider area="mypage">
      <AriaProviders>
        <SessionUserContext.Provider value={info.user}>
          <MypageShell user={info.user} officePhone={info.office_phone} />
          <IdleTimeoutDialog area="mypage" />
        </SessionUserContext.Provider>
      </AriaProviders>
    </AreaProvider>
  );
}

function MypageShell({ user, officePhone }: { user: SessionUser; officePhone: string }) {
  const logout = useLogout('mypage');
  const [isCardOpen, setIsCardOpen] = useState(false);
  const [isCardWanted, setIsCardWanted] = useState(false);
  const hideSidebar = useMatchedRoutes().some((route) => route.hideSidebar);

  return (
    <MypageFrame
      homeTo={paths.mypage.top()}
      account={{
        greeting: `${user.name}さん、こんにちは`,
        onLogout: () => void logout(),
        card: (
          <>
            <Button
              variant="secondary"
              className="max-sm:px-3"
              onHoverStart={() => void loadIdCard()}
              onFocus={() => void loadIdCard()}
              onPress={() => {
                setIsCardWanted(true);
                setIsCardOpen(true);
              }}
            >
              学生証
            </Button>
            {isCardWanted && (
              <Suspense fallback={null}>
                <StudentIdCard
                  user={user}
                  officePhone={officePhone}
                  isOpen={isCardOpen}
                  onOpenChange={setIsCardOpen}
                />
              </Suspense>
            )}
          </>
        ),
      }}
      sidebar={hideSidebar ? undefined : <SideNav label="マイページメニュー" items={MYPAGE_NAV} />}
    >
      <Outlet />
    </MypageFrame>
  );
}
