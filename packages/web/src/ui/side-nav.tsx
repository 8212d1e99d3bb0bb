import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NewWindowHint } from './button';
import { cx } from './cx';
import { MenuIcon } from './icons';

/** One menu entry: an app route (`to`) or a file/other site (`href`, usually with `newWindow`). */
export interface NavItem {
  label: string;
  to?: string;
  href?: string;
  newWindow?: boolean;
  /** Paths that count as "this section" (prefix match); default `[to]`. */
  matchPrefixes?: string[];
}

export interface SideNavProps {
  /** Names the nav landmark, e.g. 「メインメニュー」. */
  label: string;
  items: NavItem[];
  className?: string;
}

function isCurrentItem(item: NavItem, pathname: string): boolean {
  const prefixes = item.matchPrefixes ?? (item.to ? [item.to] : []);
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Side menu. From 768 px it is always shown; narrower (375 px phones) it folds behind a 「メニュー」
 * button (aria-expanded). The current section is marked with aria-current="page" and a bar.
 */
export function SideNav({ label, items, className }: SideNavProps) {
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();

  // Fold the menu again after moving to another page.
  useEffect(() => {
    if (pathname) setIsOpen(false);
  }, [pathname]);

  return (
    <nav aria-label={label} className={className}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-8 border-2 border-line bg-canvas px-4 text-std-17B-170 text-ink md:hidden"
      >
        <MenuIcon />
        {isOpen ? 'メニューを閉じる' : 'メニュー'}
      </button>
      <ul id={listId} className={cx('mt-2 space-y-1 md:mt-0 md:block', isOpen ? 'block' : 'hidden')}>
        {items.map((item) => {
          const isCurrent = isCurrentItem(item, pathname);
          const itemClass = cx(
            'flex min-h-12 items-center gap-2 rounded-8 border-l-8 px-4 py-2 text-std-17B-170 no-underline',
            isCurrent
              ? 'border-primary bg-highlight text-ink'
              : 'border-transparent text-link underline underline-offset-4 hover:bg-highlight hover:text-link-hover',
          );
          return (
            <li key={item.label}>
              {item.to ? (
                <Link
                  to={item.to}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={itemClass}
                  {...(item.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {item.label}
                  {item.newWindow && <NewWindowHint />}
                </Link>
              ) : (
                <a
                  href={item.href}
                  className={itemClass}
                  {...(item.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {item.label}
                  {item.newWindow && <NewWindowHint />}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
