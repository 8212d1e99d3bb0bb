import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/user/password — StepForm with skipConfirm.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'パスワードの変更'} backTo={paths.mypage.top()} />;
}
