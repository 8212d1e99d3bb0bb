import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/notification — search, sortable table, download, links to new notice and categories.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'お知らせ管理'} backTo={paths.admin.top()} />;
}
