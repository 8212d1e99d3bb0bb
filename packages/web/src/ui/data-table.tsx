import { type ReactNode, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { useSearchState } from '../lib/search-state';
import { cx } from './cx';
import { LoadingOverlay } from './loading-overlay';
import { Pager } from './pager';
import { SelectBox } from './select-box';
import { stickyCell, useStickyColumns } from './sticky-columns';

export type SortDirection = 'asc' | 'desc';

/** One column of a DataTable. */
export interface Column<Row> {
  /** Unique key; also the default property read for display and sorting. */
  key: string;
  header: ReactNode;
  /** Header click sorts by this column (toggles ▲ ascending / ▼ descending). */
  sortable?: boolean;
  /** Value to sort by (default `row[key]`). Numbers sort numerically, everything else by `localeCompare(…, 'ja')`. */
  sortValue?: (row: Row) => unknown;
  /** Cell content (default `row[key]` as text). */
  render?: (row: Row) => ReactNode;
  /** Extra classes for the header and cells (e.g. 'whitespace-nowrap', 'text-right', 'min-w-[12rem]'). */
  className?: string;
  /** Render the cells as row headers (`<th scope="row">`), e.g. the name column. */
  isRowHeader?: boolean;
  /**
   * Stays in view while the table scrolls sideways (who the row is, beside the 15 attendance sessions).
   * Only the first columns can be sticky: the sticky ones are the leading run of columns that say so.
   */
  sticky?: boolean;
}

/** Sort, page and page size of a table (page is 1-based). */
export interface TableState {
  page: number;
  pageSize: number;
  sortKey: string | null;
  sortDir: SortDirection;
}

export interface DataTableProps<Row> {
  /** Table name (caption), also used to name the scroll region. */
  caption: string;
  /** Hide the caption visually (still read by screen readers). */
  hideCaption?: boolean;
  columns: Column<Row>[];
  /** All rows (client mode) or the current page's rows (server mode, with `total`). */
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shows the LoadingOverlay over the previous rows. */
  isLoading?: boolean;
  loadingLabel?: string;
  emptyText?: string;
  pageSizeOptions?: number[];
  defaultPageSize?: number;
  /** Numbered pages either side of the current one (SPEC §9: 3). */
  pagerWindow?: number;
  /** Controlled state (e.g. from useTableUrlState); missing parts fall back to the internal state. */
  state?: Partial<TableState>;
  onStateChange?: (state: TableState) => void;
  /** Server-paged mode: the total row count. Rows are shown as given; sort/page changes go to onStateChange. */
  total?: number;
  /** Extra content on the count line (e.g. a CsvDownload button). */
  toolbar?: ReactNode;
  /**
   * Background class for a body row instead of the zebra stripes (e.g. {@link TICKED_ROW}). Keep it opaque:
   * sticky cells take the row's background to hide the cells scrolling under them.
   */
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
}

/** A ticked row's tint (the highlight at 40 % over the page), opaque so sticky cells can carry it. */
export const TICKED_ROW = 'bg-[color-mix(in_srgb,var(--color-highlight)_40%,var(--color-canvas))]';

function defaultValue(row: unknown, key: string): unknown {
  return row && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined;
}

/** Compares two sort values: numbers numerically, else `String(a).localeCompare(String(b), 'ja')`; empty last. */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'ja', { numeric: true });
}

/** 「x - y件 / 全z件」 */
export function countText(page: number, pageSize: number, total: number): string {
  if (total === 0) return '全0件';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `${from} - ${to}件 / 全${total}件`;
}

/**
 * Sortable, paged table (SPEC §2 course list rules): header buttons toggle ascending/descending with
 * ▲ / ▼ and `aria-sort`; page size 10/50/100 (page back to 1 on change); Pager with a window of 3;
 * count 「x - y件 / 全z件」. A real `<table>` inside a focusable, named, horizontally scrollable region
 * (readable at 375 px). While loading, the previous rows stay visible under the LoadingOverlay.
 *
 * Client mode sorts and slices `rows`; server mode (`total` given) shows `rows` as the current page and
 * reports state changes through `onStateChange`. Keep state in the URL with `useTableUrlState()`.
 */
export function DataTable<Row>({
  caption,
  hideCaption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  loadingLabel,
  emptyText = '該当するデータがありません',
  pageSizeOptions = [10, 50, 100],
  defaultPageSize = 10,
  pagerWindow = 3,
  state,
  onStateChange,
  total,
  toolbar,
  rowClassName,
  className,
}: DataTableProps<Row>) {
  const [current, setInner] = useControlledTableState(state, defaultPageSize);
  const regionRef = useRef<HTMLElement>(null);
  const isServer = total !== undefined;
  const { stickyColumns, phoneSticky } = useStickyLayout(regionRef, columns);

  const update = (patch: Partial<TableState>) => {
    const next = { ...current, ...patch };
    setInner(next);
    onStateChange?.(next);
  };

  const sorted = useSortedRows(rows, columns, isServer ? undefined : current);

  const count = isServer ? total : rows.length;
  const pageCount = Math.max(1, Math.ceil(count / current.pageSize));
  const page = Math.min(Math.max(1, current.page), pageCount);
  const visible = isServer ? rows : sorted.slice((page - 1) * current.pageSize, page * current.pageSize);

  const toggleSort = (key: string) => {
    const sortDir: SortDirection = current.sortKey === key && current.sortDir === 'asc' ? 'desc' : 'asc';
    update({ sortKey: key, sortDir, page: 1 });
  };

  const changePage = (next: number) => {
    update({ page: next });
    const region = regionRef.current;
    if (region && region.getBoundingClientRect().top < 0) region.scrollIntoView({ block: 'start' });
  };

  return (
    <div className={cx('space-y-4', className)}>
      <TableCountBar
        countText={countText(page, current.pageSize, count)}
        pageSize={current.pageSize}
        pageSizeOptions={pageSizeOptions}
        onPageSize={(size) => update({ pageSize: size, page: 1 })}
        toolbar={toolbar}
      />

      <div className="relative">
        <section
          ref={regionRef}
          aria-label={`${caption}（横にスクロールできます）`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
          tabIndex={0}
          className="scroll-pl-(--sticky-width) overflow-x-auto rounded-8 border-2 border-line"
        >
          <table
            className="w-full min-w-max border-collapse text-left text-std-16N-170 text-ink"
            aria-busy={isLoading}
          >
            <caption className={cx('px-4 py-2 text-left text-std-17B-170', hideCaption && 'sr-only')}>
              {caption}
            </caption>
            <TableHead
              columns={columns}
              sortKey={current.sortKey}
              sortDir={current.sortDir}
              stickyColumns={stickyColumns}
              phoneSticky={phoneSticky}
              onSort={toggleSort}
            />
            <TableBody
              columns={columns}
              rows={visible}
              rowKey={rowKey}
              rowClassName={rowClassName}
              emptyText={isLoading ? '\u00a0' : emptyText}
              stickyColumns={stickyColumns}
              phoneSticky={phoneSticky}
            />
          </table>
        </section>
        <LoadingOverlay isVisible={isLoading} label={loadingLabel} />
      </div>

      <Pager page={page} pageCount={pageCount} window={pagerWindow} onChange={changePage} />
    </div>
  );
}

/** How many leading columns stick while the table scrolls sideways, and which one sticks on a phone. */
function useStickyLayout<Row>(regionRef: RefObject<HTMLElement | null>, columns: Column<Row>[]) {
  const stickyCount = columns.findIndex((column) => !column.sticky);
  const stickyColumns = stickyCount === -1 ? columns.length : stickyCount;
  // on a phone only the row's header column sticks (or the first sticky one when none is the header)
  const phoneSticky = Math.max(
    0,
    columns.slice(0, stickyColumns).findIndex((column) => column.isRowHeader),
  );
  useStickyColumns(regionRef, stickyColumns, columns.map((column) => column.key).join());
  return { stickyColumns, phoneSticky };
}

/** The rows in the chosen order (client mode); without a sort (or in server mode, `sort` undefined) as given. */
function useSortedRows<Row>(
  rows: readonly Row[],
  columns: Column<Row>[],
  sort: TableState | undefined,
): readonly Row[] {
  const sortKey = sort?.sortKey;
  const sortDir = sort?.sortDir;
  return useMemo(() => {
    if (!sortKey) return rows;
    const column = columns.find((c) => c.key === sortKey);
    if (!column) return rows;
    const read = column.sortValue ?? ((row: Row) => defaultValue(row, column.key));
    const factor = sortDir === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => factor * compareValues(read(a), read(b)));
  }, [rows, columns, sortKey, sortDir]);
}

/**
 * The table's sort, page and size. The internal state answers clicks at once; a controlled `state` (e.g.
 * from the URL, which React Router updates in a transition) is copied in whenever it changes from outside
 * (reload, back button).
 */
function useControlledTableState(state: Partial<TableState> | undefined, defaultPageSize: number) {
  const [inner, setInner] = useState<TableState>(() => ({
    page: state?.page ?? 1,
    pageSize: state?.pageSize ?? defaultPageSize,
    sortKey: state?.sortKey ?? null,
    sortDir: state?.sortDir ?? 'asc',
  }));
  const stateKey = state ? JSON.stringify([state.page, state.pageSize, state.sortKey, state.sortDir]) : '';
  const [seenStateKey, setSeenStateKey] = useState(stateKey);
  if (stateKey !== seenStateKey) {
    setSeenStateKey(stateKey);
    if (state) {
      setInner((prev) => ({
        page: state.page ?? prev.page,
        pageSize: state.pageSize ?? prev.pageSize,
        sortKey: state.sortKey !== undefined ? state.sortKey : prev.sortKey,
        sortDir: state.sortDir ?? prev.sortDir,
      }));
    }
  }
  return [inner, setInner] as const;
}

interface TableHeadProps<Row> {
  columns: Column<Row>[];
  sortKey: string | null;
  sortDir: SortDirection;
  stickyColumns: number;
  phoneSticky: number;
  onSort: (key: string) => void;
}

/** The header row: a sortable column's header is a button with ▲ / ▼ and `aria-sort`. */
function TableHead<Row>({
  columns,
  sortKey,
  sortDir,
  stickyColumns,
  phoneSticky,
  onSort,
}: TableHeadProps<Row>) {
  return (
    <thead className="bg-surface">
      <tr>
        {columns.map((column, index) => {
          const isSorted = sortKey === column.key;
          const sticky = stickyCell(index, stickyColumns, 'bg-surface', phoneSticky);
          return (
            <th
              key={column.key}
              scope="col"
              style={sticky.style}
              aria-sort={
                column.sortable && isSorted ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined
              }
              className={cx(
                'border-b-2 border-line px-4 py-2 align-bottom text-std-16B-170',
                sticky.className,
                column.className,
              )}
            >
              {column.sortable ? (
                <button
                  type="button"
                  onClick={() => onSort(column.key)}
                  className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-4 text-left text-link hover:text-link-hover"
                >
                  <span className="underline underline-offset-4">{column.header}</span>
                  <span aria-hidden="true" className="text-std-16N-170">
                    {isSorted ? (sortDir === 'asc' ? '▲' : '▼') : '△▽'}
                  </span>
                </button>
              ) : (
                column.header
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

interface TableBodyProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowClassName: ((row: Row) => string | undefined) | undefined;
  /** The one cell's text when there are no rows. */
  emptyText: string;
  stickyColumns: number;
  phoneSticky: number;
}

/** The body rows (zebra stripes unless `rowClassName` says otherwise); the row-header column is a `<th>`. */
function TableBody<Row>({
  columns,
  rows,
  rowKey,
  rowClassName,
  emptyText,
  stickyColumns,
  phoneSticky,
}: TableBodyProps<Row>) {
  return (
    <tbody>
      {rows.length === 0 ? (
        <tr>
          <td colSpan={columns.length} className="px-4 py-6 text-center text-ink">
            {emptyText}
          </td>
        </tr>
      ) : (
        rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={cx('border-b border-line-subtle', rowClassName?.(row) ?? 'bg-canvas even:bg-surface')}
          >
            {columns.map((column, index) => {
              const content = column.render
                ? column.render(row)
                : (defaultValue(row, column.key) as ReactNode | null | undefined);
              const sticky = stickyCell(index, stickyColumns, 'bg-inherit', phoneSticky);
              return column.isRowHeader ? (
                <th
                  key={column.key}
                  scope="row"
                  style={sticky.style}
                  className={cx('px-4 py-3 align-top text-std-16B-170', sticky.className, column.className)}
                >
                  {content}
                </th>
              ) : (
                <td
                  key={column.key}
                  style={sticky.style}
                  className={cx('px-4 py-3 align-top', sticky.className, column.className)}
                >
                  {content}
                </td>
              );
            })}
          </tr>
        ))
      )}
    </tbody>
  );
}

/** The line above the table: 「x - y件 / 全z件」 (announced), the toolbar and 表示件数. */
function TableCountBar({
  countText,
  pageSize,
  pageSizeOptions,
  onPageSize,
  toolbar,
}: {
  countText: string;
  pageSize: number;
  pageSizeOptions: number[];
  onPageSize: (size: number) => void;
  toolbar: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p aria-live="polite" className="text-std-17B-170 text-ink">
        {countText}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {toolbar}
        <SelectBox
          label="表示件数"
          value={String(pageSize)}
          onChange={(value) => onPageSize(Number(value))}
          options={pageSizeOptions.map((n) => ({ value: String(n), label: `${n}件` }))}
        />
      </div>
    </div>
  );
}

export interface TableUrlStateOptions {
  /** Prefix for the URL parameter names when a page has several tables (e.g. 'a' → a_page, a_size…). */
  prefix?: string;
  defaultPageSize?: number;
  pageSizeOptions?: number[];
}

/**
 * Keeps a DataTable's sort, page and page size in the URL (`?page=2&size=50&sort=course_name&dir=desc`),
 * so reload, back from a detail page and shared links show the same view. Spread the result on DataTable:
 * `const table = useTableUrlState(); <DataTable {...table} … />`.
 */
export function useTableUrlState({
  prefix,
  defaultPageSize = 10,
  pageSizeOptions = [10, 50, 100],
}: TableUrlStateOptions = {}): { state: TableState; onStateChange: (state: TableState) => void } {
  const name = useCallback((key: string) => (prefix ? `${prefix}_${key}` : key), [prefix]);
  const sizesKey = pageSizeOptions.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: sizesKey stands for pageSizeOptions
  const schema = useMemo(
    () => tableStateSchema(name, pageSizeOptions, defaultPageSize),
    [name, sizesKey, defaultPageSize],
  );
  const { values, patch } = useSearchState(schema);
  const state: TableState = {
    page: values[name('page')] as number,
    pageSize: values[name('size')] as number,
    sortKey: values[name('sort')] as string | null,
    sortDir: values[name('dir')] as SortDirection,
  };
  const onStateChange = useCallback(
    (next: TableState) =>
      patch({
        [name('page')]: next.page > 1 ? String(next.page) : null,
        [name('size')]: next.pageSize !== defaultPageSize ? String(next.pageSize) : null,
        [name('sort')]: next.sortKey,
        [name('dir')]: next.sortKey && next.sortDir === 'desc' ? 'desc' : null,
      }),
    [patch, name, defaultPageSize],
  );
  return { state, onStateChange };
}

/** A table's URL parameters (named by `name`); anything else falls back to page 1, the default size, no sort. */
export function tableStateSchema(name: (key: string) => string, sizes: number[], defaultSize: number) {
  return z.object({
    [name('page')]: z
      .string()
      .regex(/^[1-9]\d*$/)
      .transform(Number)
      .default(1),
    [name('size')]: z
      .string()
      .transform(Number)
      .refine((n) => sizes.includes(n))
      .default(defaultSize),
    [name('sort')]: z
      .string()
      .transform((v) => v || null)
      .default(null),
    [name('dir')]: z.enum(['asc', 'desc']).default('asc'),
  });
}
