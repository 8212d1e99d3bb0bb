import { MSG } from '@manabi/shared/validation/messages';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';

/**
 * /mypage/notfound and any unknown /mypage path (SPEC §2). It says the page is not there, and nothing of
 * a fault: a missing page is not an outage, and 「時間をおいて」 would send a student to try again in vain.
 */
export function Component() {
  return (
    <ErrorPanel
      title="ページが見つかりません"
      actions={
        <ButtonLink to={paths.mypage.top()} variant="secondary">
          トップページへ戻る
        </ButtonLink>
      }
    >
      <p>{MSG.notFound}</p>
      <p>ページが移動または削除されたか、URLに誤りがある可能性があります。</p>
      <p>「トップページへ戻る」から、目的のページをお探しください。</p>
    </ErrorPanel>
  );
}
