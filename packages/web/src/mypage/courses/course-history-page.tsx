import { useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/course/applied, /mypage/course/attended — tabs applied / attended.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  const { pathname } = useLocation();
  const title = pathname.endsWith('/attended') ? '受講履歴' : '申込状況';
  return <ComingSoon title={title} backTo={paths.mypage.top()} />;
}
