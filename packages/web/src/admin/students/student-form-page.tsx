import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/student/detail/:mode/:userId — StepForm (login id check in onBeforeConfirm).
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  const { mode } = useParams();
  const title = mode === 'update' ? '学生情報の変更' : '学生の登録';
  return <ComingSoon title={title} backTo={paths.admin.top()} />;
}
