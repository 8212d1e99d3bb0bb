import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/user/update — StepForm (phone formatted on blur).
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'連絡先の変更'} backTo={paths.mypage.top()} />;
}
