import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/course/detail/applicant/update/:id/:userId — StepForm; authority 2 → /admin/404.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'申込内容の変更'} backTo={paths.admin.top()} />;
}
