import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/course/search/:kind — tabs accepting / before, card list.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  const { kind } = useParams();
  const title = kind === 'accepting' ? '講座を探す（受付中）' : '講座を探す（受付前）';
  return <ComingSoon title={title} backTo={paths.mypage.top()} />;
}
