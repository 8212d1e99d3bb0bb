import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/course/cancel/:id — cancel confirmation and completion.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'申込の取消し'} backTo={paths.mypage.top()} />;
}
