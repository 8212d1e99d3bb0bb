import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/course/detail/add/:id — new application with student search modal; authority 2 → /admin/404.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'申込者の追加'} backTo={paths.admin.top()} />;
}
