import { zodResolver } from '@hookform/resolvers/zod';
import type { NoticeRow } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { formatDateJa } from '@manabi/shared/domain/dates';
import {
  NOTICE_GENERATION_MAX_DIGITS,
  NOTICE_SEARCH_TITLE_MAX,
  noticeListQuerySchema,
} from '@manabi/shared/schemas/notice';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ButtonLink, TextLink } from '../../ui/button';
import { Select } from '../../ui/choice-fields';
import type { Option } from '../../ui/code-options';
import type { Column } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { TextInput } from '../../ui/text-input';
import { categoryListQuery } from '../category-list';
import { CoursePickerField } from '../course-picker';
import { ListSearchForm, ServerListTable, useServerList } from '../server-list';
import { emptyNoticeSearch, fetchNoticesForCsv, NOTICE_CSV_MAX_ROWS, noticeListQuery } from './api/notices';
import { ImportantMark } from './important-mark';

/** The search form's schema: the shared list query without the paging the table supplies. */
const searchSchema = noticeListQuerySchema.omit({ page: true, size: true, sort: true, dir: true });

const columns: Column<NoticeRow>[] = [
  {
    key: 'title',
    header: 'タイトル',
    sortable: true,
    isRowHeader: true,
    className: 'min-w-[12rem]',
    render: (row) => (
      <>
        {row.is_important === '1' && <ImportantMark />}
        <Link to={paths.admin.noticeDetail(row.id)}>{row.title}</Link>
      </>
    ),
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
  '重要度',
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
  n.is_important === '1' ? '重要' : '通常',
];

/**
 * /admin/notification (SPEC §2 Notices): 新規作成 and カテゴリ管理 buttons, collapsible search form
 * (title, category, publish state, target, generation, course id), server-paged sortable table whose title
 * links to the detail, CSV download of the whole search. Conditions and table state live in the URL.
 */
export function Component() {
  const { search, table, page, searchWith } = useServerList({ schema: searchSchema });
  const list = useQuery(noticeListQuery(search, page));
  const categories = useQuery(categoryListQuery(''));
  const categoryOptions: Option[] = (categories.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.category_name,
  }));

  const form = useForm({ resolver: zodResolver(searchSchema), defaultValues: search });
  const submit = form.handleSubmit((values) => searchWith(values, () => void list.refetch()));

  return (
    <div className="space-y-8">
      <PageTitle>お知らせ管理</PageTitle>
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={paths.admin.noticeForm('new')}>お知らせを新規作成</ButtonLink>
        <ButtonLink to={paths.admin.categoryList()} variant="secondary">
          カテゴリ管理
        </ButtonLink>
      </div>

      <ListSearchForm form={form} values={search} empty={emptyNoticeSearch} onSubmit={submit}>
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
        <CoursePickerField
          control={form.control}
          name="course_id"
          label="配信先の講座"
          className="md:col-span-2"
        />
      </ListSearchForm>

      <ServerListTable
        caption="お知らせ一覧"
        columns={columns}
        rowKey={(row) => row.id}
        list={list}
        table={table}
        csv={{
          prefix: 'notice',
          header: CSV_HEADER,
          fetchRows: (sort) => fetchNoticesForCsv(search, sort),
          row: csvRow,
          maxRows: NOTICE_CSV_MAX_ROWS,
        }}
      />
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}
