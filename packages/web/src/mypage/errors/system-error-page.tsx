import { MSG } from '@manabi/shared/validation/messages';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';

/** /error (SPEC §8): the system-error page used when no user is stored. */
export function Component() {
  return (
    <ErrorPanel
      title="システムエラー"
      actions={
        <ButtonLink to={paths.mypage.login()} variant="secondary">
          ログイン画面へ
        </ButtonLink>
      }
    >
      <p>{MSG.internal}</p>
    </ErrorPanel>
  );
}
