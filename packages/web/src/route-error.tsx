import { MSG } from '@manabi/shared/validation/messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, TextLink } from './ui/button';
import { ErrorPanel } from './ui/error-panel';
import { MAIN_ID, SkipLink } from './ui/skip-link';

/**
 * Last-resort error screen for errors React Router catches (a crash while rendering, or a screen chunk
 * that failed to load — e.g. right after a new release). API errors never end here: they are routed by
 * lib/error-routing.ts (the query client, or useRouteApiError for plain calls).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error('[manabi] route error', error);
  const home = window.location.pathname.startsWith('/admin') ? '/admin/top' : '/mypage/top';
  // a 404 thrown by a loader is a page that is not there, said as such (not as a fault)
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <SkipLink />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-[60rem] p-6">
        <ErrorPanel
          title={isNotFound ? 'ページが見つかりません' : 'エラーが発生しました'}
          actions={
            <>
              {!isNotFound && <Button onPress={() => window.location.reload()}>ページを読み込み直す</Button>}
              <TextLink href={home}>トップページへ戻る</TextLink>
            </>
          }
        >
          <p>{isNotFound ? MSG.notFound : MSG.internal}</p>
        </ErrorPanel>
      </main>
    </>
  );
}
