import { MSG } from '@manabi/shared/validation/messages';
import { buttonClass, LARGE_TARGET } from './ui/button-class';
import { ErrorPanel } from './ui/error-panel';
import { MAIN_ID, SkipLink } from './ui/skip-link';

/**
 * Last-resort error screen for a crash while rendering, or a screen chunk that failed to load (e.g. right
 * after a new release). API errors never end here: they are routed by lib/error-routing.ts (the query
 * client, or useRouteApiError for plain calls). Plain elements only: it is part of the entry, which holds
 * no react-aria, and its link loads the top afresh (new chunks after a release).
 */
export function RouteErrorBoundary({ error }: { error: unknown }) {
  console.error('[manabi] route error', error);
  const home = window.location.pathname.startsWith('/admin') ? '/admin/top' : '/mypage/top';
  return (
    <>
      <SkipLink />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-[60rem] p-6">
        <ErrorPanel
          title="エラーが発生しました"
          actions={
            <>
              <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
                ページを読み込み直す
              </button>
              <a
                href={home}
                className={`text-link underline underline-offset-4 hover:text-link-hover ${LARGE_TARGET}`}
              >
                トップページへ戻る
              </a>
            </>
          }
        >
          <p>{MSG.internal}</p>
        </ErrorPanel>
      </main>
    </>
  );
}
