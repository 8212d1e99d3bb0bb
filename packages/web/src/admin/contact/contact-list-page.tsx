import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  CALL_OUTCOMES,
  CONTACT_DAYS_MAX,
  CONTACT_REASONS,
  type ContactReasonItem,
  type ContactReasonLimited,
  type ContactRow,
  type ContactRowLimited,
  contactSearchSchema,
} from '@manabi/shared/schemas/contact';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { ListPage } from '../../lib/list-search';
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

/** What reached the student about the reason's notice: the mail, the reading, the letter. */
function Delivery({ reason }: { reason: ContactReasonItem }) {
  if (reason.notice_id === null) return null;
  return (
    <ul className="text-std-16N-170">
      {deliveryLines(reason).map((line) => (
        <li key={line}>{line}</li>
      ))}
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

/** A reason's course, as a link to the student's application when there is one. */
function ReasonCourse({ reason, userId }: { reason: ContactReasonLimited; userId: number }) {
  if (reason.course_id === null) return reason.course_name || null;
  return <Link to={paths.admin.courseApplicant(reason.course_id, userId)}>{reason.course_name}</Link>;
}

/**
 * Every open reason of a person, one item each: why, the course and what waits, the deadline, and (authority 1)
 * what reached her about it.
 */
function Reasons<R extends ContactReasonLimited>({
  reasons,
  userId,
  extra,
}: {
  reasons: readonly R[];
  userId: number;
  extra?: (reason: R) => ReactNode;
}) {
  return (
    <ul className="space-y-3">
      {reasons.map((r) => (
        <li key={r.key} className="space-y-1">
          <p className="text-std-16B-170">{CONTACT_REASONS[r.reason]}</p>
          <p>
            <ReasonCourse reason={r} userId={userId} />
            {r.course_name && <br />}
            {r.pending}
            {r.deadline && `（期限 ${formatDateTimeJa(r.deadline)}）`}
          </p>
          {extra?.(r)}
        </li>
      ))}
    </ul>
  );
}

const deadlineColumn = <R extends { deadline: string | null }>(): Column<R> => ({
  key: 'deadline',
  header: '確定の期限',
  sortable: true,
  className: 'min-w-[7rem] max-w-[8rem]',
  render: (row) => (row.deadline ? formatDateTimeJa(row.deadline) : '—'),
});

/** Authority 2's columns: 氏名カナ, the course's side of each reason, the earliest deadline. */
const LIMITED_COLUMNS: Column<ContactRowLimited>[] = [
  { key: 'name_kana', header: '氏名カナ', sortable: true, isRowHeader: true, className: 'min-w-[8rem]' },
  {
    key: 'reason',
    header: '連絡すること',
    className: 'min-w-[16rem] max-w-[26rem] wrap-anywhere',
    render: (row) => (
      <Reasons
        reasons={row.reasons}
        userId={row.user_id}
        extra={(r) => <p>マイページ：{r.read_at ? `既読（${formatDateTimeJa(r.read_at)}）` : '未読'}</p>}
      />
    ),
  },
  deadlineColumn(),
];

/**
 * Authority 1's columns, four so the list reads without sideways scrolling on an office screen: who (with the
 * student number and the phones), every reason with what reached her, the earliest deadline, the last call.
 */
function columnsFor(onCall: (row: ContactRow) => void): Column<ContactRow>[] {
  return [
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
            {[row.phone1, row.phone2].filter(Boolean).map((p) => (
              <li key={p} className="whitespace-nowrap">
                <PhoneLink phone={p} />
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      key: 'reason',
      header: '連絡すること',
      sortable: true,
      className: 'min-w-[16rem] max-w-[26rem] wrap-anywhere',
      render: (row) => (
        <Reasons reasons={row.reasons} userId={row.user_id} extra={(r) => <Delivery reason={r} />} />
      ),
    },
    deadlineColumn(),
    {
      key: 'last_call',
      header: '最後の電話',
      className: 'min-w-[9rem] max-w-[12rem]',
      render: (row) => (
        <div className="space-y-2">
          <p>
            <LastCall row={row} />
          </p>
          <Button
            variant="secondary"
            aria-label={`${row.name}さんへの電話を記録`}
            onPress={() => onCall(row)}
          >
            電話を記録
          </Button>
        </div>
      ),
    },
  ];
}

/** The courses a person's reasons are about, each once, in the order of her reasons. */
function coursesOf(row: ContactRow): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const r of row.reasons) if (r.course_id !== null) seen.set(r.course_id, r.course_name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** What the list holds, what takes a person off it, and (authority 2) what it leaves out. */
function ListIntro({ limited, days }: { limited: boolean; days: number | undefined }) {
  return (
    <div className="space-y-2 text-std-17N-170">
      <p>
        結果のお知らせを見ていないまま確定の期限が近い当選者
        {limited ? '' : '、メールが届かない学生、メールを受け取らないため郵送が必要な学生'}
        です。電話や郵送で確実にお伝えしてください。
      </p>
      <p>
        1人1行で、まだ済んでいない連絡をすべて並べています。マイページで読んだ・確定した・辞退した、事務局が代理で手続きした、郵送の通知を印刷した、
        {limited ? '事務局が' : ''}
        電話で本人と話した（その講座について）ものは、一覧から外れます。
      </p>
      {limited && (
        <p>
          大学の担当者の画面では、氏名カナと講座の状況だけを表示します（氏名・学生番号・電話番号は表示しません）。電話での連絡は事務局が行います。
        </p>
      )}
      {days !== undefined && <p>確定の期限が{days}日以内の当選者を表示しています。</p>}
    </div>
  );
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
  const tableProps = {
    caption: '連絡が必要な学生',
    rowKey: (row: { key: string }) => row.key,
    emptyText: 'いま連絡が必要な学生はいません。',
    table,
    csv: { href: (sort: Pick<ListPage, 'sort' | 'dir'>) => contactCsvUrl(asked, sort) },
  };

  return (
    <div className="space-y-8">
      <PageTitle>連絡が必要な学生</PageTitle>
      <ListIntro limited={limited} days={days} />
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

      {limited ? (
        <ServerListTable
          {...tableProps}
          columns={LIMITED_COLUMNS}
          list={{ data: list.data?.limited ? list.data : undefined, isFetching: list.isFetching }}
        />
      ) : (
        <ServerListTable
          {...tableProps}
          columns={columnsFor((row) => {
            setRecorded(null);
            setCalling(row);
          })}
          list={{ data: list.data?.limited === false ? list.data : undefined, isFetching: list.isFetching }}
        />
      )}
      {calling && (
        <ContactCallDialog
          key={calling.key}
          student={calling}
          course={coursesOf(calling)[0] ?? null}
          courses={coursesOf(calling)}
          isOpen
          onClose={(done) => {
            if (done) setRecorded(`${calling.name}さんへの電話を記録しました。`);
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
