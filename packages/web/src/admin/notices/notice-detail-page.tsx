import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/notification/detail/:noticeId — tabs: detail and publisher list.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'お知らせ詳細'} backTo={paths.admin.top()} />;
}
