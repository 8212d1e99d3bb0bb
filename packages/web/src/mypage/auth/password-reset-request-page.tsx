import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/password — request a reset mail; always shows the mail-sent screen.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'パスワードの再設定'} backTo={paths.mypage.login()} />;
}
