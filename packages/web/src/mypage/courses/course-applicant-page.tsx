import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/course/applicant/:id — application confirmation and completion.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'講座の申込み'} backTo={paths.mypage.top()} />;
}
