import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button, FieldErrorSummary, FieldRegistryProvider, LoadingOverlay, Pager } from '../../ui';
import { ResultCountStatus } from './result-count-status';

/**
 * The search-and-results pattern of the my-page lists (news, course search, application history): the
 * conditions and the page live in the URL (lib/search-state.ts, so 戻る and a reload keep them), 8 a page
 * from the server, a pager with 5 neighbouring pages (SPEC §9).
 */

export interface SearchBoxProps<T extends FieldValues> {
  /** the heading, e.g. 「講座を検索する」 */
  title: string;
  id: string;
  form: UseFormReturn<T>;
  /** the form's handleSubmit(...) */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onClear: () => void;
  children: ReactNode;
}

/** The bordered search form with its heading, error summary and 検索する / 条件をクリア. */
export function SearchBox<T extends FieldValues>({
  title,
  id,
  form,
  onSubmit,
  onClear,
  children,
}: SearchBoxProps<T>) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-8 border border-line p-4"
      data-print="hide"
    >
      <h2 id={`${id}-heading`} className="text-std-20B-150">
        {title}
      </h2>
      <FieldRegistryProvider>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FieldErrorSummary form={form} />
          {children}
          <div className="flex flex-wrap gap-4">
            <Button type="submit">検索する</Button>
            <Button variant="tertiary" onPress={onClear}>
              条件をクリア
            </Button>
          </div>
        </form>
      </FieldRegistryProvider>
    </section>
  );
}

export interface ResultsSectionProps {
  title: string;
  id: string;
  /** undefined while the first answer is on its way */
  page: { total: number; page: number; page_size: number } | undefined;
  isFetching: boolean;
  onPage: (page: number) => void;
  /** shown when the search finds nothing */
  emptyText: string;
  /** shown above the list (notes, totals) */
  before?: ReactNode;
  /** the list itself (a <ul>), rendered only when there are rows */
  children: ReactNode;
}

/** The results: heading with （全N件）, a loading overlay, the empty text or the list, the pager. */
export function ResultsSection({
  title,
  id,
  page,
  isFetching,
  onPage,
  emptyText,
  before,
  children,
}: ResultsSectionProps) {
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.page_size)) : 1;
  return (
    <section aria-labelledby={`${id}-heading`} className="relative space-y-4">
      <h2 id={`${id}-heading`} className="text-std-20B-150">
        {title}
        {page && <span className="ml-4 text-std-16N-170">（全{page.total}件）</span>}
      </h2>
      <LoadingOverlay isVisible={isFetching} label="読み込み中..." />
      <ResultCountStatus title={title} page={page} isFetching={isFetching} />
      {before}
      {page && page.total === 0 && <p>{emptyText}</p>}
      {page && page.total > 0 && children}
      {page && pageCount > 1 && <Pager page={page.page} pageCount={pageCount} window={5} onChange={onPage} />}
    </section>
  );
}
