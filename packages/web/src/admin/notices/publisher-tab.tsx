import { zodResolver } from '@hookform/resolvers/zod';
import type { Notice, PublisherRow } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import { MAIL_STATES } from '@manabi/shared/schemas/contact';
import {
  PUBLISHED_TO,
  PUBLISHER_SEARCH_NAME_MAX,
  PUBLISHER_SEARCH_STUDENT_ID_MAX,
  publisherListQuerySchema,
} from '@manabi/shared/schemas/notice';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { Select } from '../../ui/choice-fields';
import type { Option } from '../../ui/code-options';
import type { Column } from '../../ui/data-table';
import { TextInput } from '../../ui/text-input';
import { ListSearchForm, ServerListTable, useServerList } from '../server-list';
import {
  emptyPublisherSearch,
  fetchPublishersForCsv,
  NOTICE_CSV_MAX_ROWS,
  publisherListQuery,
} from './api/notices';
import { audienceText } from './notice-values';

/** The search form's schema: the shared query without the notice id and the paging the screen supplies. */
const searchSchema = publisherListQuerySchema.omit({
  id: true,
  page: true,
  size: true,
  sort: true,
  dir: true,
});

const READ_OPTIONS: Option[] = [
  { value: '1', label: '既読' },
  { value: '0', label: '未読' },
];

const UNREAD = '未読';

/** The letter's record: when it was printed, else nothing. */
const letterText = (row: PublisherRow) =>
  row.letter_printed_at ? `印刷済み（${formatDateJa(row.letter_printed_at)}）` : '';

/** The table's URL parameters are prefixed, so they never mix with the search fields. */
const TABLE_PREFIX = 'p';

/** The table's columns; a course's notice adds each student's 抽選状況. */
function publisherColumns(isCourse: boolean): Column<PublisherRow>[] {
  return [
    { key: 'login_id', header: '学生番号', sortable: true, className: 'whitespace-nowrap' },
    { key: 'name', header: '氏名', sortable: true, isRowHeader: true, className: 'min-w-[8rem]' },
    { key: 'name_kana', header: '氏名カナ', sortable: true, className: 'min-w-[8rem]' },
    ...(isCourse
      ? [
          {
            key: 'lottery_status',
            header: '抽選状況',
            sortable: true,
            className: 'whitespace-nowrap',
            render: (row: PublisherRow) => codeText('CD003', row.lottery_status),
          },
        ]
      : []),
    {
      key: 'read_time',
      header: '既読日時',
      sortable: true,
      className: 'whitespace-nowrap',
      render: (row) => (row.read_time ? formatDateTimeJa(row.read_time) : UNREAD),
    },
    { key: 'mail', header: 'メール', className: 'whitespace-nowrap', render: (row) => MAIL_STATES[row.mail] },
    { key: 'letter_printed_at', header: '郵送', className: 'whitespace-nowrap', render: letterText },
  ];
}

/** The CSV's header and rows, the table's columns as text. */
function publisherCsv(isCourse: boolean) {
  const header = [
    '学生番号',
    '氏名',
    '氏名カナ',
    ...(isCourse ? ['抽選状況'] : []),
    '既読日時',
    'メール',
    '郵送',
  ];
  const row = (r: PublisherRow) => [
    r.login_id,
    r.name,
    r.name_kana,
    ...(isCourse ? [codeText('CD003', r.lottery_status)] : []),
    r.read_time ? formatDateTimeJa(r.read_time) : UNREAD,
    MAIL_STATES[r.mail],
    letterText(r),
  ];
  return { header, row };
}

/**
 * Tab 2 of /admin/notification/detail/{noticeId} (SPEC §2): the notice's audience — every student it is
 * addressed to, whatever its publish state and period (decision 008) — with each one's read time, how its
 * mail went and whether a letter was printed (decision 065), a search (student number, names, read or not), a
 * server-paged sortable table and the CSV. Conditions in the URL.
 */
export function PublisherTab({ notice }: { notice: Notice }) {
  const { search, table, page, searchWith } = useServerList({
    schema: searchSchema,
    tablePrefix: TABLE_PREFIX,
    base: { tab: '2' },
  });
  const list = useQuery(publisherListQuery(notice.id, search, page));
  const isCourse = notice.published_to === PUBLISHED_TO.COURSE;

  const form = useForm({ resolver: zodResolver(searchSchema), defaultValues: search });
  const submit = form.handleSubmit((values) => searchWith(values, () => void list.refetch()));

  const columns = publisherColumns(isCourse);
  const { header: csvHeader, row: csvRow } = publisherCsv(isCourse);

  return (
    <div className="space-y-6">
      <p className="text-std-16N-170 text-ink">
        配信先：{audienceText(notice)}
        {notice.is_control !== '1' && '（非公開のため、まだ学生には表示されていません）'}
      </p>
      <LettersLink notice={notice} />
      <ListSearchForm form={form} values={search} empty={emptyPublisherSearch} onSubmit={submit}>
        <TextInput
          control={form.control}
          name="student_id"
          label="学生番号"
          inputMode="numeric"
          maxLength={PUBLISHER_SEARCH_STUDENT_ID_MAX}
          width="sm"
        />
        <TextInput control={form.control} name="name" label="氏名" maxLength={PUBLISHER_SEARCH_NAME_MAX} />
        <TextInput
          control={form.control}
          name="name_kana"
          label="氏名カナ"
          maxLength={PUBLISHER_SEARCH_NAME_MAX}
        />
        <Select
          control={form.control}
          name="is_read"
          label="既読状況"
          options={READ_OPTIONS}
          placeholder="すべて"
          width="sm"
        />
      </ListSearchForm>
      <ServerListTable
        caption="配信先一覧"
        columns={columns}
        rowKey={(row) => row.id}
        emptyText="配信先の学生がいません"
        list={list}
        table={table}
        csv={{
          prefix: 'publisher',
          header: csvHeader,
          fetchRows: (sort) => fetchPublishersForCsv(notice.id, search, sort),
          row: csvRow,
          maxRows: NOTICE_CSV_MAX_ROWS,
        }}
      />
    </div>
  );
}

/**
 * The way to post the notice to those it has not reached (decision 065): said first for a notice marked
 * 重要, offered quietly for the others.
 */
function LettersLink({ notice }: { notice: Notice }) {
  const link = <TextLink to={paths.admin.noticeLetters(notice.id)}>郵送用に印刷する</TextLink>;
  if (notice.is_important !== '1')
    return <p className="text-std-16N-170 text-ink">まだ読んでいない方へ郵送するとき：{link}</p>;
  return (
    <Alert announce={false} title="重要なお知らせです">
      <p>
        「既読状況」で未読の方を探し、「メール」で届き方を確かめてください。メールが届いていない方には、郵送できます。
      </p>
      <p className="mt-2">{link}</p>
    </Alert>
  );
}
