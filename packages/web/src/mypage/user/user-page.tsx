import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/user — student data with links to update and password.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'利用者情報'} backTo={paths.mypage.top()} />;
}
