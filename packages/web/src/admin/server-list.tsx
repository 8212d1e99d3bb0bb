import type { CsvCell } from '@manabi/shared/domain/csv';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { type ListPage, listPageOf } from '../lib/list-search';
import { type SearchInput, type SearchSchema, useSearchState } from '../lib/search-state';
import { CsvDownload, CsvDownloadLink } from '../ui/csv-download';
import { type Column, DataTable, type TableState, useTableUrlState } from '../ui/data-table';
import { SearchPanel, SearchPanelActions } from '../ui/search-panel';

/**
 * The pieces of a server-paged admin list (students, notices, a notice's publishers): search conditions and
 * table state in the URL, the search form, and the results (table, CSV download of the whole search).
 */

interface ServerListOptions<S extends SearchSchema> {
  /** The list's search conditions (its shared query schema without the paging). */
  schema: S;
  /** Prefix of the table's URL parameters, so they never mix with the page's own (useTableUrlState). */
  tablePrefix?: string;
  /** Parameters every search keeps (e.g. the detail page's tab). */
  base?: Record<string, string>;
}

/** The table's parameters a new search keeps (it starts on page 1). */
const TABLE_KEPT = ['size', 'sort', 'dir'] as const;

/**
 * The list's conditions and table state from the URL, the paging for the list call, and `searchWith`: new
 * conditions go to the URL on page 1 with the table's page size and sort kept; the same conditions again
 * call `refetch` (someone may have changed the rows meanwhile).
 */
export function useServerList<S extends SearchSchema>({ schema, tablePrefix, base }: ServerListOptions<S>) {
  const { values: search, submit } = useSearchState(schema);
  const table = useTableUrlState({ prefix: tablePrefix });
  const keep = TABLE_KEPT.map((key) => (tablePrefix ? `${tablePrefix}_${key}` : key));
  const searchWith = (values: SearchInput<S>, refetch: () => void) => {
    if (!submit(values, { base, keep })) refetch();
  };
  const page: ListPage = listPageOf(table.state);
  return { search, table, page, searchWith };
}

export interface ListSearchFormProps<S> {
  /** The screen's form (react-hook-form), reset to `values` whenever the URL's conditions change. */
  form: { reset(values: S): void };
  /** The conditions in the URL. */
  values: S;
  /** No conditions (「条件をクリア」). */
  empty: () => S;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The search fields (laid out two to a row from md). */
  children: ReactNode;
}

/** The collapsible search form with 「検索」 and 「条件をクリア」, kept in step with the URL (back/forward). */
export function ListSearchForm<S>({ form, values, empty, onSubmit, children }: ListSearchFormProps<S>) {
  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for `values`
  useEffect(() => {
    form.reset(values);
  }, [valuesKey, form]);
  return (
    <SearchPanel>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <div className="grid gap-6 md:grid-cols-2">{children}</div>
        <SearchPanelActions onClear={() => form.reset(empty())} />
      </form>
    </SearchPanel>
  );
}

export interface ServerListTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  emptyText?: string;
  /** The list query: the page's rows and the total; while it fetches, the overlay shows and the CSV waits. */
  list: { data: { data_list: readonly Row[]; total: number } | undefined; isFetching: boolean };
  /** From useServerList (useTableUrlState). */
  table: { state: TableState; onStateChange: (state: TableState) => void };
  /** The CSV download: a file the server streams, or one built here from the list's pages. */
  csv: ServerCsv | BrowserCsv<Row>;
}

/** A CSV the server streams for the whole search (decision 021): the list's conditions and sort in `href`. */
interface ServerCsv {
  href: (sort: Pick<ListPage, 'sort' | 'dir'>) => string;
}

/** A CSV built in the browser from the list's pages, at most `maxRows` rows. */
interface BrowserCsv<Row> {
  /** File name prefix. */
  prefix: string;
  header: string[];
  /** Every row of the search in the table's order (`sort`), at most `maxRows`. */
  fetchRows: (sort: Pick<ListPage, 'sort' | 'dir'>) => Promise<readonly Row[]>;
  row: (row: Row) => CsvCell[];
  maxRows: number;
}

/** The results: the server-paged table with the CSV download on its count line, and the CSV's row limit. */
export function ServerListTable<Row>({
  caption,
  columns,
  rowKey,
  emptyText,
  list,
  table,
  csv,
}: ServerListTableProps<Row>) {
  const total = list.data?.total ?? 0;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.data?.data_list ?? []}
        total={total}
        rowKey={rowKey}
        isLoading={list.isFetching}
        loadingLabel="検索中..."
        emptyText={emptyText}
        {...table}
        toolbar={
          'href' in csv ? (
            <CsvDownloadLink
              href={csv.href({ sort: table.state.sortKey, dir: table.state.sortDir })}
              isPreparing={list.isFetching}
              isDisabled={total === 0}
            />
          ) : (
            <CsvDownload
              prefix={csv.prefix}
              header={csv.header}
              isPreparing={list.isFetching}
              isDisabled={total === 0}
              getRows={async () =>
                (await csv.fetchRows({ sort: table.state.sortKey, dir: table.state.sortDir })).map(csv.row)
              }
            />
          )
        }
      />
      {'maxRows' in csv && total > csv.maxRows && (
        <p className="text-std-16N-170 text-ink">
          {`CSVダウンロードは検索結果の先頭${csv.maxRows.toLocaleString('ja-JP')}件までです。すべてを出力するには条件を絞り込んでください。`}
        </p>
      )}
    </>
  );
}
