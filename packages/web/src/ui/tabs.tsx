import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './cx';

/** One tab: a page of its own, reached by its address. */
export interface TabItem {
  id: string;
  label: ReactNode;
  href: string;
}

export interface TabsProps {
  /** Names the navigation (e.g. 「講座の受付状況」). */
  label: string;
  items: TabItem[];
  /** The tab of the page on screen (from the route). */
  selectedKey: string;
  /** The page's content under the tabs. */
  children: ReactNode;
  className?: string;
}

/**
 * Tabs that look like tabs and are links: every tab of ours is a page of its own (SPEC §2: course
 * search accepting/before, applied/attended, news 1/2, the admin's detail screens), so they are a
 * navigation with the current page marked `aria-current="page"` (decision 061), not an ARIA tab list. A
 * keyboard user tabs through them and presses Enter, as on any link, and the back button returns to the
 * previous tab. The content is an ordinary part of the page; after a change of page, focus goes to the
 * new page's title (RouteFocus).
 */
export function Tabs({ label, items, selectedKey, children, className }: TabsProps) {
  return (
    <div className={cx('flex flex-col', className)}>
      <nav aria-label={label}>
        <ul className="flex flex-wrap gap-1 border-b-4 border-primary">
          {items.map((item) => {
            const current = item.id === selectedKey;
            return (
              <li key={item.id} className="flex">
                <Link
                  to={item.href}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    // narrower on a phone, so two tabs of six characters share a line even with the large font
                    'flex min-h-12 items-center rounded-t-8 border-2 border-b-0 px-5 py-2 text-std-17B-170 max-sm:px-3',
                    current
                      ? 'border-primary bg-primary text-on-primary'
                      : 'border-line bg-canvas text-link underline underline-offset-4 hover:bg-highlight',
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="pt-6">{children}</div>
    </div>
  );
}
