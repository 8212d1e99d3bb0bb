import { MSG } from '@manabi/shared/validation/messages';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';

/**
 * /admin/404, any unknown /admin path, and a record or call that answered 404 (SPEC §2). It says the page
 * or record is not there, and nothing of a fault: staff would otherwise call IT about a mistyped URL.
 */
export function Component() {
  return (
    <ErrorPanel
      title="ページが見つかりません"
      actions={
        <ButtonLink to={paths.admin.top()} variant="secondary">
          管理画面トップへ戻る
        </ButtonLink>
      }
    >
      <p>{MSG.notFound}</p>
      <p>ページや記録が移動または削除されたか、URLに誤りがある可能性があります。</p>
      <p>「管理画面トップへ戻る」から、目的の画面をお探しください。</p>
    </ErrorPanel>
  );
}
