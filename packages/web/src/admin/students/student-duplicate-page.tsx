import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/student/duplicate/:userId — seven groups of possible duplicates.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'重複の確認'} backTo={paths.admin.top()} />;
}
