import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/course/detail/:id/:type — type 1 course detail, type 2 applicant list (tabs; type checked in router.tsx).
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  const { type } = useParams();
  const title = type === '2' ? '申込者一覧' : '講座詳細';
  return <ComingSoon title={title} backTo={paths.admin.top()} />;
}
