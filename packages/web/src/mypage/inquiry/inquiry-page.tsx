import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/inquiry — StepForm; router state prevlink/isMypage.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'お問い合わせ'} backTo={paths.mypage.login()} />;
}
