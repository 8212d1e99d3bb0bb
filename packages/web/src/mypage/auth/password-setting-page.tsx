import { paths } from '../../lib/paths';
import { ComingSoon } from '../../ui';

/**
 * /mypage/passwordsetting/:token — token check, form, completion.
 * Placeholder until the screen is built: replace `Component` (keep the name; router.tsx lazy-loads it).
 */
export function Component() {
  return <ComingSoon title={'新しいパスワードの設定'} backTo={paths.mypage.login()} />;
}
