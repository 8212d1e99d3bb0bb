import { MSG } from '@manabi/shared/validation/messages';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';
import { Button, ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';

/**
 * /mypage/apierror (SPEC §2, §8): system error. With forbidden=1 it offers logging out (the session may
 * belong to someone without access); otherwise a way back to the top page.
 */
export function Component() {
  // a plain read of one flag (?forbidden=1), not a list's search: lib/search-state.ts is for lists
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isForbidden = params.get('forbidden') === '1';
  return (
    <ErrorPanel
      title={isForbidden ? 'この画面は表示できません' : 'システムエラー'}
      actions={
        isForbidden ? (
          <Button
            onPress={async () => {
              await logout('mypage');
              navigate(paths.mypage.login(), { replace: true });
            }}
          >
            ログアウトする
          </Button>
        ) : (
          <ButtonLink to={paths.mypage.top()} variant="secondary">
            トップページへ戻る
          </ButtonLink>
        )
      }
    >
      {isForbidden && <p>{MSG.forbidden}</p>}
      <p>{MSG.internal}</p>
    </ErrorPanel>
  );
}
