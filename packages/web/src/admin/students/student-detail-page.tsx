import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/student/detail/:userId — two tabs: information and applied courses.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'学生詳細'} backTo={paths.admin.top()} />;
}
