import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/admin — list with name search, download, 新規登録 → register/new/0.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'管理者管理'} backTo={paths.admin.top()} />;
}
