import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/admin/register/:mode/:id — StepForm (update: password check in onBeforeConfirm).
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  const { mode } = useParams();
  const title = mode === 'update' ? '管理者情報の変更' : '管理者の登録';
  return <ComingSoon title={title} backTo={paths.admin.top()} />;
}
