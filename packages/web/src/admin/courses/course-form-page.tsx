import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/course/new, /admin/course/edit/:id — course create/edit form (ARCHITECTURE: courses are authored in Manabi).
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  const { id } = useParams();
  const title = id ? '講座の編集' : '講座の登録';
  return <ComingSoon title={title} backTo={paths.admin.top()} />;
}
