import type { AddressRequestList } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { ADDRESS_REQUEST_PAGE_SIZE } from '@manabi/shared/schemas/address-change';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { type Column, DataTable, useTableUrlState } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { BackLinks } from '../layout/back-links';
import { addressRequestListQuery } from './api/address-requests';

type Row = AddressRequestList['data_list'][number];

const columns: Column<Row>[] = [
  {
    key: 'requested_at',
    header: '届出日時',
    className: 'whitespace-nowrap',
    render: (row) => formatDateTimeJa(row.requested_at),
  },
  { key: 'login_id', header: '学生番号', className: 'whitespace-nowrap' },
  {
    key: 'name',
    header: '氏名',
    isRowHeader: true,
    className: 'min-w-[8rem]',
    render: (row) => <Link to={paths.admin.studentDetail(row.user_id)}>{row.name}</Link>,
  },
  { key: 'address_text', header: '届け出た住所', className: 'min-w-[12rem]' },
];

/**
 * /admin/student/address: every student's pending 住所変更の届出, oldest first, paged on the server (decision
 * 040). Each name opens the student's page, where the request is approved or returned.
 */
export function Component() {
  const sizes = [ADDRESS_REQUEST_PAGE_SIZE];
  const table = useTableUrlState({ defaultPageSize: ADDRESS_REQUEST_PAGE_SIZE, pageSizeOptions: sizes });
  const list = useQuery(addressRequestListQuery(table.state.page));
  return (
    <div className="space-y-8">
      <PageTitle>住所変更の届出（確認待ち）</PageTitle>
      <p className="text-std-16N-170 text-ink">
        氏名を押すと学生詳細が開きます。そこで届出を承認するか、理由を添えて返却します。
      </p>
      <DataTable
        caption="確認待ちの住所変更の届出"
        columns={columns}
        rows={list.data?.data_list ?? []}
        rowKey={(row) => row.request_id}
        isLoading={list.isFetching}
        loadingLabel="読み込み中..."
        emptyText="確認待ちの届出はありません"
        pageSizeOptions={sizes}
        defaultPageSize={ADDRESS_REQUEST_PAGE_SIZE}
        total={list.data?.total ?? 0}
        {...table}
      />
      <BackLinks listTo={paths.admin.studentList()} listLabel="学生一覧へ戻る" />
    </div>
  );
}
