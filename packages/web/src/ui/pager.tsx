import { Button } from 'react-aria-components';
import { cx } from './cx';

export interface PagerProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  /** Numbered pages shown on each side of the current one (SPEC §9: 3 for admin lists, 5 for my-page news). */
  window?: number;
  onChange: (page: number) => void;
  className?: string;
}

/** The page numbers to show: current ± window, clamped to 1…pageCount. */
export function pagerPages(page: number, pageCount: number, window: number): number[] {
  const start = Math.max(1, page - window);
  const end = Math.min(pageCount, page + window);
  const pages: number[] = [];
  for (let p = start; p <= end; p += 1) pages.push(p);
  return pages;
}

const itemClass = (isCurrent: boolean) =>
  cx(
    'inline-flex min-h-12 min-w-12 items-center justify-center rounded-8 border-2 px-3 text-std-16B-170 cursor-pointer',
    isCurrent
      ? 'border-selected bg-selected text-on-selected'
      : 'border-line bg-canvas text-link underline underline-offset-4 hover:bg-highlight',
    'data-[disabled]:cursor-not-allowed data-[disabled]:border-line-subtle data-[disabled]:text-ink-muted data-[disabled]:no-underline data-[disabled]:bg-canvas',
  );

/**
 * Page navigation (SPEC §2): « first, ‹ previous, numbered window, › next, » last. A `nav` named
 * 「ページ送り」, the current page marked with aria-current, 48px targets. Hidden when there is one page.
 */
export function Pager({ page, pageCount, window = 3, onChange, className }: PagerProps) {
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    const clamped = Math.min(Math.max(1, target), pageCount);
    if (clamped !== page) onChange(clamped);
  };
  return (
    <nav aria-label="ページ送り" className={className}>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          <Button
            className={itemClass(false)}
            isDisabled={page <= 1}
            onPress={() => go(1)}
            aria-label="最初のページ"
          >
            <span aria-hidden="true">«</span>
          </Button>
        </li>
        <li>
          <Button
            className={itemClass(false)}
            isDisabled={page <= 1}
            onPress={() => go(page - 1)}
            aria-label="前のページ"
          >
            <span aria-hidden="true">‹</span>
          </Button>
        </li>
        {pagerPages(page, pageCount, window).map((p) => (
          <li key={p}>
            <Button
              className={itemClass(p === page)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`${p}ページ目`}
              onPress={() => go(p)}
            >
              {p}
            </Button>
          </li>
        ))}
        <li>
          <Button
            className={itemClass(false)}
            isDisabled={page >= pageCount}
            onPress={() => go(page + 1)}
            aria-label="次のページ"
          >
            <span aria-hidden="true">›</span>
          </Button>
        </li>
        <li>
          <Button
            className={itemClass(false)}
            isDisabled={page >= pageCount}
            onPress={() => go(pageCount)}
            aria-label="最後のページ"
          >
            <span aria-hidden="true">»</span>
          </Button>
        </li>
      </ul>
    </nav>
  );
}
