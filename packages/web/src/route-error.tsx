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
  return (
    <>
      <SkipLink />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-[60rem] p-6">
        <ErrorPanel
          title="エラーが発生しました"
          actions={
            <>
              <Button onPress={() => window.location.reload()}>ページを読み込み直す</Button>
              <TextLink href={home}>トップページへ戻る</TextLink>
            </>
          }
        >
          <p>{MSG.internal}</p>
        </ErrorPanel>
      </main>
    </>
  );
}
