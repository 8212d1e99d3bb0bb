export interface ResultCountStatusProps {
  /** the list's name, e.g. 「受付中の講座」 */
  title: string;
  /** undefined while the first answer is on its way */
  page: { total: number; page: number; page_size: number } | undefined;
  isFetching: boolean;
}

/**
 * Says how many results a search found (and which page is shown) to screen readers: the count in the
 * heading is not announced when it changes. A polite live region that stays in the DOM, emptied while the
 * answer is on its way, so the same count after a new search is read again.
 */
export function ResultCountStatus({ title, page, isFetching }: ResultCountStatusProps) {
  return (
    <p role="status" className="sr-only">
      {page && !isFetching ? countText(title, page) : ''}
    </p>
  );
}

function countText(title: string, page: NonNullable<ResultCountStatusProps['page']>) {
  const pageCount = Math.ceil(page.total / page.page_size);
  const where = pageCount > 1 ? `${page.page}ページ目を表示しています。` : '';
  return `${title}は全${page.total}件です。${where}`;
}
