import type { ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { type ChartProps, StatChart } from './chart';

/** One column of a figure's table: the first column names the row (a row header). */
export interface StatColumn<Row> {
  label: string;
  cell: (row: Row) => string | number;
}

export interface StatFigureProps<Row> {
  id: string;
  /** What is counted (「年齢別の受講者」): the small line above the finding and the table's caption. */
  subject: string;
  /** The finding in words, computed from the rows (the heading). */
  finding: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly StatColumn<Row>[];
  /** The chart of the same rows; none for tables a chart would not make clearer. */
  chart?: Omit<ChartProps<Row>, 'title' | 'rows'>;
  /** Rows shown in the chart when they differ from the table's (the ten largest of a long list). */
  chartRows?: readonly Row[];
  /** The CSV links: the server's table, and whether it has a public version (demographic tables). */
  csv?: { href: string; publicHref?: string };
  /** Under the table: a pager, a note. */
  children?: ReactNode;
  emptyText?: string;
}

function CsvLinks({ subject, href, publicHref }: { subject: string; href: string; publicHref?: string }) {
  return (
    <p className="flex flex-wrap gap-3" data-print="hide">
      <a href={href} download className={buttonClass('secondary')}>
        CSVでダウンロード<span className="sr-only">（{subject}）</span>
      </a>
      {publicHref && (
        <a href={publicHref} download className={buttonClass('secondary')}>
          公開用（3人未満を伏せる）<span className="sr-only">（{subject}のCSV）</span>
        </a>
      )}
    </p>
  );
}

/** The cells of one table row: the first is the row's header. */
function StatRow<Row>({ row, columns }: { row: Row; columns: readonly StatColumn<Row>[] }) {
  return (
    <tr className="border-t border-line">
      {columns.map((column, i) =>
        i === 0 ? (
          <th key={column.label} scope="row" className="px-3 py-2 text-left text-std-16B-170">
            {column.cell(row)}
          </th>
        ) : (
          <td key={column.label} className="px-3 py-2 text-right tabular-nums">
            {column.cell(row)}
          </td>
        ),
      )}
    </tr>
  );
}

/**
 * A figure of the report: its finding as the heading, the chart, and the table of the same numbers under it
 * (a real table with a caption and headers, in a labelled region that scrolls sideways on a phone), then the
 * CSV links. The table, not the chart, is what a screen reader and the printed report rely on.
 */
export function StatFigure<Row>(props: StatFigureProps<Row>) {
  const { id, subject, finding, rows, rowKey, columns, chart, chartRows, csv, children } = props;
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="m-figure space-y-4">
      <h3 id={headingId} className="text-std-20B-150">
        <span className="block text-std-16B-170 text-ink-muted">{subject}</span>
        {finding}
      </h3>
      {chart && rows.length > 0 && (
        <div className="m-chart-box">
          <StatChart title={`${subject}：${finding}`} rows={chartRows ?? rows} {...chart} />
        </div>
      )}
      <section
        aria-label={`${subject}の表（横にスクロールできます）`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        className="overflow-x-auto rounded-8 border-2 border-line"
      >
        <table className="w-full min-w-max border-collapse text-std-16N-170 text-ink">
          <caption className="px-3 py-2 text-left text-std-16B-170">{subject}</caption>
          <thead>
            <tr className="bg-surface">
              {columns.map((column, i) => (
                <th
                  key={column.label}
                  scope="col"
                  className={cx('px-3 py-2 text-std-16B-170', i === 0 ? 'text-left' : 'text-right')}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="border-t border-line">
                <td colSpan={columns.length} className="px-3 py-2">
                  {props.emptyText ?? 'この期間のデータはありません。'}
                </td>
              </tr>
            ) : (
              rows.map((row) => <StatRow key={rowKey(row)} row={row} columns={columns} />)
            )}
          </tbody>
        </table>
      </section>
      {children}
      {csv && <CsvLinks subject={subject} {...csv} />}
    </section>
  );
}
