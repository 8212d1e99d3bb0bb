import { type ReactNode, type Ref, useEffect } from 'react';
import { cx } from './cx';

export const SITE_NAME = 'まなび';

/** Sets `document.title` to `${title} | まなび` while mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}

export interface PageTitleProps {
  /** The page name: the h1 text and the first part of the document title. */
  children: string;
  /** Extra content after the h1 text (e.g. a badge); not part of document.title. */
  after?: ReactNode;
  className?: string;
  ref?: Ref<HTMLHeadingElement>;
}

/** The page's single h1; also sets the document title (WCAG 2.4.2). Focusable for route changes. */
export function PageTitle({ children, after, className, ref }: PageTitleProps) {
  useDocumentTitle(children);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      data-page-title=""
      className={cx('text-std-28B-150 text-ink outline-offset-4 max-sm:text-std-24B-150', className)}
    >
      {children}
      {after}
    </h1>
  );
}
