import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/course — SPEC §2 Courses: search form, sortable paged table, CSV download, CSV upload (authority 1).
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'講座管理'} backTo={paths.admin.top()} />;
}
