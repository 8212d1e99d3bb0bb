import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, LARGE_TARGET } from '../../ui/button';
import { cx } from '../../ui/cx';
import { MAIN_ID, SkipLink } from '../../ui/skip-link';
import { DisplayPrefs, DisplayPrefsMenu } from './display-prefs';

export interface MypageFrameProps {
  /** Where the site name links to. */
  homeTo: string;
  /** Logged in: the greeting, the 学生証 button and ログアウト of the header's right part. */
  account?: {
    greeting: string;
    card: ReactNode;
    onLogout: () => void;
  };
  /** Side menu (omitted on top and apierror pages, SPEC §2). */
  sidebar?: ReactNode;
  children: ReactNode;
}

/**
 * The my-page page frame shared by public and guarded pages: skip link, header with the display
 * choices, main landmark, footer 「© 2024 まなび市民大学」. Body text is 17px (DADS text-std-17N-170).
 * Below 640 px the header is one line, whatever the font size: the site name, 学生証 (shown at the desk, so
 * never folded) and one button whose dialog holds the rest — the display choices and, logged in, the
 * greeting and ログアウト. Two lines of header on a 320 px screen with large text took 40 % of it.
 */
export function MypageFrame({ homeTo, account, sidebar, children }: MypageFrameProps) {
  return (
    <div className="flex min-h-screen flex-col bg-canvas text-std-17N-170 text-ink">
      <SkipLink />
      <header className="border-b-4 border-primary bg-header text-on-header">
        <div className="mx-auto flex max-w-[72rem] flex-col gap-2 px-4 py-3 sm:px-6">
          <div className="flex items-center justify-between gap-x-2 sm:flex-wrap sm:gap-x-6 sm:gap-y-2">
            <p className="min-w-0 text-std-24B-150 max-sm:text-std-22B-150">
              <Link to={homeTo} className={cx(LARGE_TARGET, 'text-ink no-underline hover:underline')}>
                {/* the h1 says マイページ on every page: a phone keeps the word for screen readers only */}
                まなび <span className="text-std-17B-170 max-sm:sr-only">マイページ</span>
              </Link>
            </p>
            {account ? (
              <div className="flex shrink-0 items-center gap-x-2 sm:flex-wrap sm:gap-x-3 sm:gap-y-3">
                <p className="text-std-17B-170 max-sm:hidden">{account.greeting}</p>
                {account.card}
                <Button variant="secondary" className="max-sm:hidden" onPress={account.onLogout}>
                  ログアウト
                </Button>
                <DisplayPrefsMenu
                  label="設定"
                  before={<p className="text-std-17B-170">{account.greeting}</p>}
                  after={
                    <Button variant="secondary" className="w-full" onPress={account.onLogout}>
                      ログアウト
                    </Button>
                  }
                />
              </div>
            ) : (
              <DisplayPrefsMenu />
            )}
          </div>
          <DisplayPrefs />
        </div>
      </header>
      {/* content-start: on a phone the menu and the page are two rows of a grid as tall as the screen; a
          short page (still loading) would stretch the menu's row and then jump up when its data arrives.
          min-h-svh: the footer starts below the first screen, so a list drawn after the frame does not push
          it down the screen (a layout shift) */}
      <div
        data-print="flow"
        className={
          sidebar
            ? 'mx-auto grid min-h-svh w-full max-w-[72rem] flex-1 content-start gap-4 px-4 py-4 sm:gap-6 sm:px-6 sm:py-6 md:grid-cols-[15rem_minmax(0,1fr)]'
            : 'mx-auto min-h-svh w-full max-w-[72rem] flex-1 px-4 py-4 sm:px-6 sm:py-6'
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
