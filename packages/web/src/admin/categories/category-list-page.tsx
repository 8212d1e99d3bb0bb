import { zodResolver } from '@hookform/resolvers/zod';
import type { Category } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { categoryListQuerySchema } from '@manabi/shared/schemas/category';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useSearchState } from '../../lib/search-state';
import { ButtonLink, TextLink } from '../../ui/button';
import { CsvDownload } from '../../ui/csv-download';
import { type Column, DataTable, useTableUrlState } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { SearchPanel, SearchPanelActions } from '../../ui/search-panel';
import { TextInput } from '../../ui/text-input';
import { categoryListQuery } from '../category-list';

const columns: Column<Category>[] = [
  {
    key: 'category_name',
    header: 'カテゴリ名',
    sortable: true,
    isRowHeader: true,
    render: (row) => <Link to={paths.admin.categoryForm('update', row.id)}>{row.category_name}</Link>,
  },
  { key: 'sort_number', header: '表示順', sortable: true, className: 'whitespace-nowrap text-right' },
  {
    key: 'updated_at',
    header: '更新日時',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => formatDateTimeJa(row.updated_at),
  },
];

/**
 * /admin/notification/category (SPEC §2 Notices): category list with a name search, 新規登録 to
 * edit/new/0 and a link per row to edit/update/{id}. The search term and table state live in the URL.
 */
export function Component() {
  const {
    values: { category_name: categoryName },
    submit,
    clear,
  } = useSearchState(categoryListQuerySchema);
  const table = useTableUrlState();
  const list = useQuery(categoryListQuery(categoryName));
  const form = useForm({
    resolver: zodResolver(categoryListQuerySchema),
    defaultValues: { category_name: categoryName },
  });

  const search = form.handleSubmit((values) => submit(values));

  return (
    <div className="space-y-8">
      <PageTitle>お知らせカテゴリ管理</PageTitle>
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={paths.admin.categoryForm('new')}>新規登録</ButtonLink>
        <ButtonLink to={paths.admin.noticeList()} variant="secondary">
          お知らせ管理へ戻る
        </ButtonLink>
      </div>

      <SearchPanel collapsible={false}>
        <form noValidate onSubmit={search} className="flex flex-wrap items-end gap-4">
          <TextInput control={form.control} name="category_name" label="カテゴリ名" width="md" />
          <SearchPanelActions
            onClear={() => {
              form.reset({ category_name: '' });
              clear();
            }}
          />
        </form>
      </SearchPanel>

      <DataTable
        caption="カテゴリ一覧"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        isLoading={list.isFetching}
        {...table}
        toolbar={
          <CsvDownload
            prefix="notice_category"
            header={['カテゴリID', 'カテゴリ名', '表示順', '更新日時']}
            isPreparing={list.isFetching}
            getRows={() =>
              (list.data ?? []).map((c) => [
                c.id,
                c.category_name,
                c.sort_number,
                formatDateTimeJa(c.updated_at),
              ])
            }
          />
        }
      />
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}
