import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/student — search, unapproved count, CSV upload, download.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'学生管理'} backTo={paths.admin.top()} />;
}
