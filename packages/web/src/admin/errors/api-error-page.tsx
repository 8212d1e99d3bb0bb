import { MSG } from '@manabi/shared/validation/messages';
import { useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../ui/button';
import { ErrorPanel } from '../../ui/error-panel';

/**
 * /admin/apierror: the admin system-error page (SPEC §8). With forbidden=1 (a 403, or a section of
 * authority 1 opened by authority 2) the cause is a missing permission, not an outage: the page says so
 * and what to do, so that staff do not call IT about a refusal.
 */
export function Component() {
  // a plain read of one flag (?forbidden=1), as the my-page's apierror does
  const [params] = useSearchParams();
  const isForbidden = params.get('forbidden') === '1';
  const back = (
    <ButtonLink to={paths.admin.top()} variant="secondary">
      管理画面トップへ戻る
    </ButtonLink>
  );
  if (isForbidden) {
    return (
      <ErrorPanel title="この画面を使う権限がありません" actions={back}>
        <p>お使いのアカウントには、この画面や操作の権限がありません。故障ではありません。</p>
        <p>「管理画面トップへ戻る」から、使える画面を選んでください。</p>
        <p>この作業が必要なときは、事務局にご相談ください。</p>
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel title="システムエラー" actions={back}>
      <p>{MSG.internal}</p>
      <p>何度も表示される場合は、システム管理者にお問い合わせください。</p>
    </ErrorPanel>
  );
}
