import { formatDateJa } from '@manabi/shared/domain/dates';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { ChevronDownIcon } from '../../ui/icons';
import { LoadingOverlay } from '../../ui/loading-overlay';
import { Pager } from '../../ui/pager';
import { ResultCountStatus } from './result-count-status';
import type { SearchFormEvents } from './search-form';

/**
 * The search-and-results pattern of the my-page lists (news, course search, application history): the
 * conditions and the page live in the URL (lib/search-state.ts, so 戻る and a reload keep them), 8 a page
 * from the server, a pager with 5 neighbouring pages (SPEC §9).
 */

/** Below Tailwind's `sm` (640 px): a phone held upright, where the search form starts folded. */
const NARROW_SCREEN = '(max-width: 39.99rem)';
const isNarrowScreen = () => window.matchMedia(NARROW_SCREEN).matches;

/** One condition of the search in force, e.g. `{ label: 'キーワード', value: '写真' }`. */
export interface SearchCondition {
  label: string;
  value: string;
}

/** The conditions in force among `[label, value]` rows read from the URL: the empty ones are dropped. */
export function activeConditions(rows: readonly (readonly [string, string])[]): SearchCondition[] {
  return rows.filter(([, value]) => value !== '').map(([label, value]) => ({ label, value }));
}

/** A from–to date condition as one phrase (「2025年4月1日から」, 「…から…まで」), '' when neither is set. */
export function dateRangeText(from: string, to: string): string {
  if (!from && !to) return '';
  return `${from ? `${formatDateJa(from)}から` : ''}${to ? `${formatDateJa(to)}まで` : ''}`;
}

export interface SearchBoxProps {
  /** the heading, e.g. 「講座を検索する」 */
  title: string;
  id: string;
  /**
   * The form, drawn when the box is first open: a lazy module's component (its code is fetched then) built
   * on `SearchForm` (./search-form.tsx), which reports to `events`.
   */
  form: (events: SearchFormEvents) => ReactNode;
  onClear: () => void;
  /** the search in force, read from the URL (see {@link activeConditions}) */
  conditions: readonly SearchCondition[];
  /** the ResultsSection's `id`: its heading takes focus after a search on a phone */
  resultsId: string;
}

/**
 * The search form behind a 「絞り込み」 button (aria-expanded) that says how many conditions are in force,
 * so a phone's first screen shows results rather than a screenful of fields. The form starts
 * folded on narrow screens and open on wide ones — the usual filter pattern: a desktop has room for the
 * fields, and its users search with the keyboard; either can be folded or opened. While folded, the
 * conditions in force are listed with 「条件をクリア」, so nobody takes a filtered list for the whole one.
 * A search on a phone folds the form again and moves focus to the results' heading. The form stays
 * mounted when folded (`hidden`), so what was typed is kept. Opened by 「絞り込み」, focus moves to the form's
 * heading (the next Tab is its first field, and no on-screen keyboard jumps up on a touch), and where the
 * drawn form does not fit below the button (a phone with large text) the page scrolls the button to the top
 * so the form is seen to open. A form that starts folded is drawn, and its code fetched, when first opened
 * (then kept): a phone's first screen needs neither (decision 056).
 */
export function SearchBox({ title, id, form, onClear, conditions, resultsId }: SearchBoxProps) {
  const [isOpen, setIsOpen] = useState(() => !isNarrowScreen());
  const [isDrawn, setIsDrawn] = useState(isOpen);
  const [isFormDrawn, setIsFormDrawn] = useState(false);
  const bodyId = `${id}-body`;
  const count = conditions.length;
  const sectionRef = useRef<HTMLElement>(null);
  /** set by the button's opening press (not by the first render), read once the form is on the page */
  const revealRef = useRef(false);

  useEffect(() => {
    if (!isOpen || !revealRef.current) return;
    document.getElementById(`${id}-heading`)?.focus({ preventScroll: true });
  }, [isOpen, id]);
  useEffect(() => {
    if (!isOpen || !isFormDrawn || !revealRef.current) return;
    revealRef.current = false;
    const body = document.getElementById(bodyId);
    if (body && body.getBoundingClientRect().bottom > window.innerHeight) {
      sectionRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [isOpen, isFormDrawn, bodyId]);

  const onSearched = useCallback(() => {
    if (isNarrowScreen()) {
      setIsOpen(false);
      document.getElementById(`${resultsId}-heading`)?.focus();
    }
  }, [resultsId]);
  const onDrawn = useCallback(() => setIsFormDrawn(true), []);
  const clearFolded = () => {
    onClear();
    // the button pressed goes away with the conditions
    document.getElementById(`${id}-toggle`)?.focus();
  };

  return (
    <section ref={sectionRef} aria-labelledby={`${id}-heading`} className="space-y-3" data-print="hide">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          id={`${id}-toggle`}
          variant="secondary"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onPress={() => {
            revealRef.current = !isOpen;
            setIsOpen(!isOpen);
            setIsDrawn(true);
          }}
        >
          絞り込み{count > 0 && `（条件${count}件）`}
          <ChevronDownIcon className={cx('size-5 transition-transform', isOpen && 'rotate-180')} />
        </Button>
        {!isOpen && count > 0 && (
          <div className="flex flex-wrap items-center gap-x-2">
            <p className="text-std-16N-170">
              <span className="text-std-16B-170">絞り込み中：</span>
              {conditions.map((condition) => `${condition.label}「${condition.value}」`).join('、')}
            </p>
            <Button variant="tertiary" className="max-sm:px-2" onPress={clearFolded}>
              条件をクリア
            </Button>
          </div>
        )}
      </div>
      <div id={bodyId} hidden={!isOpen} className="space-y-4 rounded-8 border border-line p-4">
        <h2 id={`${id}-heading`} tabIndex={-1} className="text-std-20B-150 outline-offset-4">
          {title}
        </h2>
        {isDrawn && (
          <Suspense fallback={<p className="text-std-16N-170 text-ink-muted">読み込み中...</p>}>
            {form({ onSearched, onDrawn })}
          </Suspense>
        )}
      </div>
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
      <h2 id={`${id}-heading`} tabIndex={-1} className="text-std-20B-150 outline-offset-4">
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
