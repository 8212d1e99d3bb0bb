import { MSG } from '@manabi/shared/validation/messages';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';

/** /admin/404 and any unknown /admin path (SPEC §2). */
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
      <p>ページが移動または削除されたか、URLに誤りがある可能性があります。</p>
      <p>{MSG.internal}</p>
      <p>解決しない場合は、システム管理者にお問い合わせください。</p>
    </ErrorPanel>
  );
}
