import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /admin/student/approval/:userId — approve or reject an applicant.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'学生の承認'} backTo={paths.admin.top()} />;
}
