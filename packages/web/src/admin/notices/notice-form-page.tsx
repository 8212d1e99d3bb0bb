import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/notification/detail/:mode/:noticeId — StepForm with course-selection modal.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  const { mode } = useParams();
  const title = mode === 'update' ? 'お知らせの変更' : 'お知らせの登録';
  return <ComingSoon title={title} backTo={paths.admin.top()} />;
}
