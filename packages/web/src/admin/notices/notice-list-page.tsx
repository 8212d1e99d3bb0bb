import { zodResolver } from '@hookform/resolvers/zod';
import type { NoticeRow } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { formatDateJa } from '@manabi/shared/domain/dates';
import {
  NOTICE_COURSE_ID_MAX_DIGITS,
  NOTICE_GENERATION_MAX_DIGITS,
  NOTICE_SEARCH_TITLE_MAX,
  noticeListQuerySchema,
} from '@manabi/shared/schemas/notice';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import {
  Button,
  ButtonLink,
  type Column,
  CsvDownload,
  DataTable,
  type Option,
  PageTitle,
  SearchPanel,
  Select,
  TextInput,
  TextLink,
  useTableUrlState,
} from '../../ui';
import { categoryListQuery } from '../categories/api/categories';
import {
  emptyNoticeSearch,
  fetchNoticesForCsv,
  NOTICE_CSV_MAX_ROWS,
  NOTICE_SEARCH_FIELDS,
  type NoticeSearch,
  noticeListQuery,
  noticeSearchFromUrl,
} from './api/notices';

/** The search form's schema: the shared list query without the paging the table supplies. */
const searchSchema = noticeListQuerySchema.omit({ page: true, size: true, sort: true, dir: true });

const columns: Column<NoticeRow>[] = [
  {
    key: 'title',
    header: 'タイトル',
    sortable: true,
    isRowHeader: true,
    className: 'min-w-[12rem]',
    render: (row) => <Link to={paths.admin.noticeDetail(row.id)}>{row.title}</Link>,
  },
  {
    key: 'category_name',
    header: 'カテゴリ',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => row.category_name ?? '',
  },
  {
    key: 'period_from',
    header: '掲載開始',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => row.period_from_str,
  },
  {
    key: 'period_to',
    header: '掲載終了',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => row.period_to_str,
  },
  {
    key: 'is_control',
    header: '公開状態',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => codeText('CD007', row.is_control),
  },
  {
    key: 'published_to',
    header: '配信先',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => codeText('CD008', row.published_to),
  },
  {
    key: 'created_at',
    header: '作成日',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => formatDateJa(row.created_at),
  },
];

const CSV_HEADER = [
  'お知らせID',
  'タイトル',
  'カテゴリ',
  '掲載開始',
  '掲載終了',
  '公開状態',
  '配信先',
  '作成日',
];
const csvRow = (n: NoticeRow) => [
  n.id,
  n.title,
  n.category_name ?? '',
  n.period_from_str,
  n.period_to_str,
  codeText('CD007', n.is_control),
  codeText('CD008', n.published_to),
  formatDateJa(n.created_at),
];

/**
 * /admin/notification (SPEC §2 Notices): 新規作成 and カテゴリ管理 buttons, collapsible search form
 * (title, category, publish state, target, generation, course id), server-paged sortable table whose title
 * links to the detail, CSV download of the whole search. Conditions and table state live in the URL.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const table = useTableUrlState();
  const search = noticeSearchFromUrl(params);
  const { page, pageSize, sortKey, sortDir } = table.state;
  const list = useQuery(noticeListQuery(search, { page, size: pageSize, sort: sortKey, dir: sortDir }));
  const categories = useQuery(categoryListQuery(''));
  const categoryOptions: Option[] = (categories.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.category_name,
  }));
  const rows = list.data?.data_list ?? [];
  const total = list.data?.total ?? 0;

  const form = useForm({ resolver: zodResolver(searchSchema), defaultValues: search });

  // keep the form in step with the URL (back/forward)
  const searchKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchKey stands for `search`
  useEffect(() => {
    form.reset(search);
  }, [searchKey, form]);

  /** New conditions: page 1, the table's page size and sort kept. */
  const searchWith = (values: NoticeSearch) => {
    const next = new URLSearchParams();
    for (const key of NOTICE_SEARCH_FIELDS) {
      const value = String(values[key] ?? '');
      if (value) next.set(key, value);
    }
    for (const key of ['size', 'sort', 'dir']) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    // the same conditions again: search again (someone may have changed the notices meanwhile)
    if (next.toString() === params.toString()) void list.refetch();
    else setParams(next);
  };
  const submit = form.handleSubmit((values) => searchWith({ ...emptyNoticeSearch(), ...values }));

  return (
    <div className="space-y-8">
      <PageTitle>お知らせ管理</PageTitle>
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={paths.admin.noticeForm('new')}>お知らせを新規作成</ButtonLink>
        <ButtonLink to={paths.admin.categoryList()} variant="secondary">
          カテゴリ管理
        </ButtonLink>
      </div>

      <SearchPanel>
        <form noValidate onSubmit={submit} className="space-y-6">
          <div className="grid gap-6 md:grid-cols-2">
            <TextInput
              control={form.control}
              name="title"
              label="タイトル"
              maxLength={NOTICE_SEARCH_TITLE_MAX}
              className="md:col-span-2"
            />
            <Select
              control={form.control}
              name="category_id"
              label="カテゴリ"
              options={categoryOptions}
              placeholder="すべて"
            />
            <Select
              control={form.control}
              name="is_control"
              label="公開状態"
              options="CD007"
              placeholder="すべて"
            />
            <Select
              control={form.control}
              name="published_to"
              label="配信先"
              options="CD008"
              placeholder="すべて"
            />
            <TextInput
              control={form.control}
              name="generation_id"
              label="期生ID"
              inputMode="numeric"
              maxLength={NOTICE_GENERATION_MAX_DIGITS}
              width="xs"
            />
            <TextInput
              control={form.control}
              name="course_id"
              label="講座のID"
              inputMode="numeric"
              maxLength={NOTICE_COURSE_ID_MAX_DIGITS}
              width="sm"
              description="講座詳細のURLにある数字です。"
            />
          </div>
          <div className="flex flex-wrap gap-4">
            <Button type="submit">検索</Button>
            <Button variant="tertiary" onPress={() => form.reset(emptyNoticeSearch())}>
              条件をクリア
            </Button>
          </div>
        </form>
      </SearchPanel>

      <DataTable
        caption="お知らせ一覧"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(row) => row.id}
        isLoading={list.isFetching}
        loadingLabel="検索中..."
        {...table}
        toolbar={
          <CsvDownload
            prefix="notice"
            header={CSV_HEADER}
            isPreparing={list.isFetching}
            isDisabled={total === 0}
            getRows={async () =>
              (await fetchNoticesForCsv(search, { sort: sortKey, dir: sortDir })).map(csvRow)
            }
          />
        }
      />
      {total > NOTICE_CSV_MAX_ROWS && (
        <p className="text-std-16N-170 text-ink">
          {`CSVダウンロードは検索結果の先頭${NOTICE_CSV_MAX_ROWS.toLocaleString('ja-JP')}件までです。すべてを出力するには条件を絞り込んでください。`}
        </p>
      )}
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}
