import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminUserRow } from '@manabi/shared/api';
import { ADMIN_FLAG_OPTIONS, adminUserListQuerySchema } from '@manabi/shared/schemas/admin-user';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useSearchState } from '../../lib/search-state';
import { ButtonLink, TextLink } from '../../ui/button';
import { optionLabel } from '../../ui/code-options';
import { CsvDownload } from '../../ui/csv-download';
import { type Column, DataTable, useTableUrlState } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { SearchPanel, SearchPanelActions } from '../../ui/search-panel';
import { TextInput } from '../../ui/text-input';
import { adminUserListQuery } from './api/admin-users';

const rejectionText = (row: AdminUserRow) => (row.is_rejection === '1' ? '停止中' : 'なし');

const columns: Column<AdminUserRow>[] = [
  { key: 'login_id', header: 'ログインID', sortable: true, className: 'whitespace-nowrap' },
  {
    key: 'name',
    header: '氏名',
    sortable: true,
    isRowHeader: true,
    className: 'min-w-[8rem]',
    render: (row) => <Link to={paths.admin.adminRegister('update', row.id)}>{row.name}</Link>,
  },
  { key: 'mail', header: 'メールアドレス', sortable: true, className: 'break-all' },
  { key: 'authority', header: '権限', sortable: true, render: (row) => row.authority_text },
  { key: 'university_id', header: '大学ID', sortable: true, className: 'whitespace-nowrap' },
  {
    key: 'is_rejection',
    header: 'ログイン停止',
    sortable: true,
    className: 'whitespace-nowrap',
    render: rejectionText,
  },
];

const CSV_HEADER = ['ログインID', '氏名', 'メールアドレス', '権限', '大学ID', 'ログイン停止', 'メール送信'];
const csvRow = (a: AdminUserRow) => [
  a.login_id,
  a.name,
  a.mail,
  a.authority_text,
  a.university_id,
  optionLabel(ADMIN_FLAG_OPTIONS.is_rejection, a.is_rejection),
  optionLabel(ADMIN_FLAG_OPTIONS.is_email, a.is_email),
];

/**
 * /admin/admin (SPEC §2 Admin users): name search, table whose names open the update form, CSV download,
 * 「管理者を新規登録」 to register/new/0. The search term and table state live in the URL.
 */
export function Component() {
  const {
    values: { name },
    submit,
    clear,
  } = useSearchState(adminUserListQuerySchema);
  const table = useTableUrlState();
  const list = useQuery(adminUserListQuery(name));
  const rows = list.data ?? [];
  const form = useForm({ resolver: zodResolver(adminUserListQuerySchema), defaultValues: { name } });

  // keep the field in step with the URL (back/forward)
  useEffect(() => {
    form.reset({ name });
  }, [name, form]);

  const search = form.handleSubmit((values) => {
    // the same search again: read again (someone may have changed the admins meanwhile)
    if (!submit(values)) void list.refetch();
  });

  return (
    <div className="space-y-8">
      <PageTitle>管理者管理</PageTitle>
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={paths.admin.adminRegister('new')}>管理者を新規登録</ButtonLink>
      </div>

      <SearchPanel>
        <form noValidate onSubmit={search} className="flex flex-wrap items-end gap-4">
          <TextInput
            control={form.control}
            name="name"
            label="氏名"
            width="md"
            description="氏名の一部でも検索できます。"
          />
          <SearchPanelActions
            onClear={() => {
              form.reset({ name: '' });
              clear();
            }}
          />
        </form>
      </SearchPanel>

      <DataTable
        caption="管理者一覧"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={list.isFetching}
        loadingLabel="検索中..."
        {...table}
        toolbar={
          <CsvDownload
            prefix="admin"
            header={CSV_HEADER}
            isPreparing={list.isFetching}
            isDisabled={rows.length === 0}
            getRows={() => rows.map(csvRow)}
          />
        }
      />
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}
