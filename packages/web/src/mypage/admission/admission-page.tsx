import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/admission — StepForm; logged-in users are redirected to their top page.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'入学申込み'} backTo={paths.mypage.login()} />;
}
