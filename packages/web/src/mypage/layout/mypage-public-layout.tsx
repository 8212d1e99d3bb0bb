import { Outlet } from 'react-router';
import { AreaProvider } from '../../lib/area';
import { paths } from '../../lib/paths';
import { useDisplayPrefs } from '../../lib/prefs';
import { MypageFrame } from './mypage-frame';

/** My-page pages without a session: login, password reset, admission, inquiry, error pages, /error. */
export function Component() {
  useDisplayPrefs();
  return (
    <AreaProvider area="mypage">
      <MypageFrame homeTo={paths.mypage.login()}>
        <Outlet />
      </MypageFrame>
    </AreaProvider>
  );
}
