import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  CALL_OUTCOMES,
  CONTACT_DAYS_MAX,
  CONTACT_REASONS,
  type ContactRow,
  contactSearchSchema,
} from '@manabi/shared/schemas/contact';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { Select } from '../../ui/choice-fields';
import type { Column } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { TextInput } from '../../ui/text-input';
import { ContactCallDialog, PhoneLink } from '../contact-call-dialog';
import { deliveryLines } from '../contact-words';
import { CoursePickerField } from '../course-picker';
import { ListSearchForm, ServerListTable, useServerList } from '../server-list';
import { contactCsvUrl, contactLabelsUrl, contactListQuery, emptyContactSearch } from './api/contact-list';

const REASON_OPTIONS = Object.entries(CONTACT_REASONS).map(([value, label]) => ({ value, label }));

/** What reached the student about the row's notice: the mail, the reading, the letter. */
function Delivery({ row }: { row: ContactRow }) {
  return (
    <ul className="space-y-1">
      {row.notice_id !== null && deliveryLines(row).map((line) => <li key={line}>{line}</li>)}
      {row.mail_undeliverable && <li className="font-bold text-error">メールが届きません</li>}
    </ul>
  );
}

function LastCall({ row }: { row: ContactRow }) {
  if (!row.last_call) return <>なし</>;
  const c = row.last_call;
  return (
    <>
      {formatDateTimeJa(c.called_at)}
      <br />
      {CALL_OUTCOMES[c.outcome]}（{c.admin_name}）
    </>
  );
}

function columnsFor(limited: boolean, onCall: (row: ContactRow) => void): Column<ContactRow>[] {
  const course: Column<ContactRow> = {
    key: 'course_name',
    header: '講座・連絡すること',
    className: 'min-w-[12rem] max-w-[16rem] wrap-anywhere',
    render: (row) => (
      <>
        {row.course_id === null ? (
          row.course_name || '—'
        ) : (
          <Link to={paths.admin.courseApplicant(row.course_id, row.user_id)}>{row.course_name}</Link>
        )}
        <br />
        {row.pending}
      </>
    ),
  };
  const deadline: Column<ContactRow> = {
    key: 'deadline',
    header: '確定の期限',
    sortable: true,
    className: 'min-w-[7rem] max-w-[8rem]',
    render: (row) => (row.deadline ? formatDateTimeJa(row.deadline) : '—'),
  };
  if (limited) {
    return [
      { key: 'name_kana', header: '氏名カナ', sortable: true, isRowHeader: true, className: 'min-w-[8rem]' },
      course,
      deadline,
      {
        key: 'read_at',
        header: 'お知らせ',
        className: 'min-w-[9rem]',
        render: (row) => <Delivery row={row} />,
      },
    ];
  }
  // five columns, so the list reads without sideways scrolling on an office screen: the student number and the
  // phones go with the name, the last call under what reached the student
  return [
    {
      key: 'reason',
      header: '連絡の理由',
      sortable: true,
      className: 'min-w-[6rem] max-w-[8rem]',
      render: (row) => CONTACT_REASONS[row.reason],
    },
    {
      key: 'name_kana',
      header: '氏名・電話番号',
      sortable: true,
      isRowHeader: true,
      className: 'min-w-[8rem] max-w-[11rem] wrap-anywhere',
      render: (row) => (
        <>
          <Link to={paths.admin.studentDetail(row.user_id)}>{row.name}</Link>
          <span className="block text-std-16N-170">{row.name_kana}</span>
          <span className="block text-std-16N-170">{row.login_id}</span>
          <ul>
            {[row.phone1, row.phone2]
              .filter((p): p is string => Boolean(p))
              .map((p) => (
                <li key={p} className="whitespace-nowrap">
                  <PhoneLink phone={p} />
                </li>
              ))}
          </ul>
        </>
      ),
    },
    course,
    deadline,
    {
      key: 'last_call',
      header: 'お知らせ・最後の電話',
      className: 'min-w-[10rem] max-w-[13rem]',
      render: (row) => (
        <div className="space-y-2">
          <Delivery row={row} />
          <p>
            電話：
            <LastCall row={row} />
          </p>
          <Button
            variant="secondary"
            aria-label={`${row.name ?? row.name_kana}さんへの電話を記録`}
            onPress={() => onCall(row)}
          >
            電話を記録
          </Button>
        </div>
      ),
    },
  ];
}

/**
 * /admin/contact 「連絡が必要な学生」 (decision 065): winners whose confirm-by deadline is near and who have
 * neither confirmed nor read their result, students whose mail is refused, and results waiting for a letter
 * to students without mail. Each row says what is pending and what reached the student; authority 1 calls
 * from here and records how it went. Authority 2 reads its university's deadline rows, 氏名カナ only.
 */
export function Component() {
  const limited = useSessionUser().authority !== 1;
  const { search, table, page, searchWith } = useServerList({ schema: contactSearchSchema });
  // authority 2 has deadline rows only: a reason from a link meant for authority 1 is not applied
  const asked = limited ? { ...search, reason: '' as const } : search;
  const list = useQuery(contactListQuery(asked, page));
  const form = useForm({ resolver: zodResolver(contactSearchSchema), defaultValues: search });
  const submit = form.handleSubmit((values) => searchWith(values, () => void list.refetch()));
  const [calling, setCalling] = useState<ContactRow | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const days = list.data?.days;

  return (
    <div className="space-y-8">
      <PageTitle>連絡が必要な学生</PageTitle>
      <div className="space-y-2 text-std-17N-170">
        <p>
          結果のお知らせを見ていないまま確定の期限が近い当選者
          {limited ? '' : '、メールが届かない学生、メールを受け取らないため郵送が必要な学生'}
          です。電話や郵送で確実にお伝えしてください。
        </p>
        {days !== undefined && <p>確定の期限が{days}日以内の当選者を表示しています。</p>}
      </div>
      {recorded && <Alert variant="success">{recorded}</Alert>}

      <ListSearchForm form={form} values={search} empty={emptyContactSearch} onSubmit={submit}>
        <TextInput
          control={form.control}
          name="days"
          label="確定の期限まで（日）"
          inputMode="numeric"
          width="xs"
          description={`1から${CONTACT_DAYS_MAX}まで。空欄のときは${days ?? '設定の'}日です。`}
        />
        {!limited && (
          <Select
            control={form.control}
            name="reason"
            label="連絡の理由"
            options={REASON_OPTIONS}
            placeholder="すべて"
          />
        )}
        <CoursePickerField control={form.control} name="course_id" label="講座" className="md:col-span-2" />
      </ListSearchForm>

      {!limited && (
        <p>
          <a href={contactLabelsUrl(search)} download className="underline underline-offset-[3px]">
            この条件の学生の宛名ラベル（CSV）をダウンロード
          </a>
        </p>
      )}

      <ServerListTable
        caption="連絡が必要な学生"
        columns={columnsFor(limited, (row) => {
          setRecorded(null);
          setCalling(row);
        })}
        rowKey={(row) => row.key}
        emptyText="いま連絡が必要な学生はいません。"
        list={list}
        table={table}
        csv={{ href: (sort) => contactCsvUrl(asked, sort) }}
      />
      {calling && (
        <ContactCallDialog
          key={calling.key}
          student={calling}
          course={calling.course_id === null ? null : { id: calling.course_id, name: calling.course_name }}
          isOpen
          onClose={(done) => {
            if (done) setRecorded(`${calling.name ?? calling.name_kana}さんへの電話を記録しました。`);
            setCalling(null);
          }}
        />
      )}
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}
