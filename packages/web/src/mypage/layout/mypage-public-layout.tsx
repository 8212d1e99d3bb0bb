import { Outlet, useLocation } from 'react-router';
import { AreaProvider } from '../../lib/area';
import { paths } from '../../lib/paths';
import { useDisplayPrefs } from '../../lib/prefs';
import { AriaProviders } from '../../ui/aria-providers';
import { MypageFrame } from './mypage-frame';

/** My-page pages without a session: login, password reset, admission, inquiry, error pages, /error. */
export function Component() {
  useDisplayPrefs();
  // SPEC §2: the inquiry opened from inside the my-page (router state isMypage) keeps the my-page's header:
  // the site name leads back to the my-page top instead of the login
  const state: unknown = useLocation().state;
  const isMypage =
    typeof state === 'object' && state !== null && (state as { isMypage?: unknown }).isMypage === true;
  return (
    <AreaProvider area="mypage">
      <AriaProviders>
        <MypageFrame homeTo={isMypage ? paths.mypage.top() : paths.mypage.login()}>
          <Outlet />
        </MypageFrame>
      </AriaProviders>
    </AreaProvider>
  );
}
