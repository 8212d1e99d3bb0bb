import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LARGE_TARGET } from '../../ui/button';
import { cx } from '../../ui/cx';
import { MAIN_ID, SkipLink } from '../../ui/skip-link';
import { DisplayPrefs, DisplayPrefsMenu } from './display-prefs';

export interface MypageFrameProps {
  /** Where the site name links to. */
  homeTo: string;
  /** Right part of the header (greeting, 学生証, ログアウト) — only when logged in. */
  userArea?: ReactNode;
  /** Side menu (omitted on top and apierror pages, SPEC §2). */
  sidebar?: ReactNode;
  children: ReactNode;
}

/**
 * The my-page page frame shared by public and guarded pages: skip link, header with the display
 * choices, main landmark, footer 「© 2024 まなび市民大学」. Body text is 17px (DADS text-std-17N-170).
 */
export function MypageFrame({ homeTo, userArea, sidebar, children }: MypageFrameProps) {
  return (
    <div className="flex min-h-screen flex-col bg-canvas text-std-17N-170 text-ink">
      <SkipLink />
      <header className="border-b-4 border-primary bg-header text-on-header">
        <div className="mx-auto flex max-w-[72rem] flex-col gap-2 px-4 py-3 sm:px-6">
          {/* on a phone: the site name and 表示設定 on one line, the user area wrapping below them */}
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:gap-x-6">
            <p className="text-std-24B-150 max-sm:text-std-22B-150">
              <Link to={homeTo} className={cx(LARGE_TARGET, 'text-ink no-underline hover:underline')}>
                まなび <span className="text-std-17B-170">マイページ</span>
              </Link>
            </p>
            <DisplayPrefsMenu />
            {userArea}
          </div>
          <DisplayPrefs />
        </div>
      </header>
      <div
        data-print="flow"
        className={
          sidebar
            ? 'mx-auto grid w-full max-w-[72rem] flex-1 gap-4 px-4 py-4 sm:gap-6 sm:px-6 sm:py-6 md:grid-cols-[15rem_minmax(0,1fr)]'
            : 'mx-auto w-full max-w-[72rem] flex-1 px-4 py-4 sm:px-6 sm:py-6'
        }
      >
        {sidebar}
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 outline-none">
          {children}
        </main>
      </div>
      <footer className="border-t-2 border-line-subtle px-4 py-4 text-center text-std-16N-170 text-ink-muted">
        © 2024 まなび市民大学
      </footer>
    </div>
  );
}
