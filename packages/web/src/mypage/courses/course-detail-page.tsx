import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/course/detail/:id — course detail with apply / cancel link.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'講座詳細'} backTo={paths.mypage.top()} />;
}
