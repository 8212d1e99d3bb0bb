import { MSG } from '@manabi/shared/validation/messages';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';

/** /admin/apierror: the admin system-error page (SPEC §8). */
export function Component() {
  return (
    <ErrorPanel
      title="システムエラー"
      actions={
        <ButtonLink to={paths.admin.top()} variant="secondary">
          管理画面トップへ戻る
        </ButtonLink>
      }
    >
      <p>{MSG.internal}</p>
      <p>何度も表示される場合は、システム管理者にお問い合わせください。</p>
    </ErrorPanel>
  );
}
