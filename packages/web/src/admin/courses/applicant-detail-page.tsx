import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/course/detail/applicant/:id/:userId — applicant detail with links to update/cancel (authority 1).
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'申込者詳細'} backTo={paths.admin.top()} />;
}
