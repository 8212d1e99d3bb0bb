import { zodResolver } from '@hookform/resolvers/zod';
import type { StudentRow } from '@manabi/shared/api';
import { APPROVAL, CODE_LISTS } from '@manabi/shared/codes';
import { formatDateJa } from '@manabi/shared/domain/dates';
import {
  STUDENT_CSV_COLUMNS,
  STUDENT_CSV_REQUIRED,
  studentSearchSchema,
} from '@manabi/shared/schemas/student-list';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { RadioGroup, Select } from '../../ui/choice-fields';
import { CsvUpload, type CsvUploadResult } from '../../ui/csv-upload';
import type { Column } from '../../ui/data-table';
import { FieldRegistryProvider } from '../../ui/field-parts';
import { PageTitle } from '../../ui/page-title';
import { TextInput } from '../../ui/text-input';
import { ListSearchForm, ServerListTable, useServerList } from '../server-list';
import { addressRequestListQuery } from './api/address-requests';
import {
  emptyStudentSearch,
  previewStudentUpload,
  studentCsvUrl,
  studentListQuery,
  unapprovalCountQuery,
  uploadStudents,
  useRefreshStudents,
} from './api/student-list';

/** Records the detail screen reads: approved students, and those merged away or withdrawn (decisions 071, 072). */
const ON_DETAIL: readonly string[] = [APPROVAL.APPROVED, APPROVAL.MERGED, APPROVAL.WITHDRAWN];

/** SPEC §2: students open their detail, admissions still to decide (pending, rejected) the approval screen. */
const studentLink = (row: { user_id: number; approval_status: string }) =>
  ON_DETAIL.includes(row.approval_status)
    ? paths.admin.studentDetail(row.user_id)
    : paths.admin.studentApproval(row.user_id);

/** Only an erased record has no name (the forms require one): the link still says what it is. */
const ERASED_NAME = '（個人情報は消去済み）';

/** A pending or rejected admission has no student number until it is approved. */
const NOT_ASSIGNED = '未登録';

const columns: Column<StudentRow>[] = [
  {
    key: 'login_id',
    header: '学生番号',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => row.login_id ?? NOT_ASSIGNED,
  },
  { key: 'generation_id', header: '期生ID', sortable: true, className: 'whitespace-nowrap' },
  {
    // the name is the row's link: pending admissions have no student number yet
    key: 'name',
    header: '氏名',
    sortable: true,
    isRowHeader: true,
    className: 'min-w-[8rem]',
    render: (row) => <Link to={studentLink(row)}>{row.name || ERASED_NAME}</Link>,
  },
  { key: 'name_kana', header: '氏名カナ', sortable: true, className: 'min-w-[8rem]' },
  { key: 'street_name1', header: '町名', sortable: true },
  {
    key: 'birthday',
    header: '生年月日',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => formatDateJa(row.birthday),
  },
  { key: 'approval_status', header: '承認状況', sortable: true, render: (row) => row.approval_status_text },
  { key: 'student_type', header: '学生種別', sortable: true, render: (row) => row.student_type_text },
  {
    key: 'filing_date',
    header: '申込日',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => formatDateJa(row.filing_date),
  },
];

const STUDENT_CSV_HEADER = Object.keys(STUDENT_CSV_COLUMNS);
const DEFAULT_STUDENT_TYPE = CODE_LISTS.CD009.find((c) => c.is_init)?.d_value ?? '1';

/** SPEC §2 upload note (students already registered are neither registered nor updated) and the columns. */
function StudentUploadNote() {
  return (
    <div className="space-y-2">
      <p>CSVに含まれる学生のうち、すでに登録されている学生（学生番号が同じ学生）は登録も更新もされません。</p>
      <p>
        登録した学生は承認済みになります。パスワードは、学生がマイページの「パスワードを忘れた方」から設定します。
      </p>
      <p>
        {`1行目に次の見出しを入れてください（列の順番は自由です）：${STUDENT_CSV_HEADER.join('、')}。`}
        {`必須の項目：${STUDENT_CSV_REQUIRED.join('、')}。`}
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>学生番号は数字8桁で、上4桁は期生IDと同じ</li>
        <li>生年月日・申込日は「1958/5/12」または「1958-05-12」の形</li>
        <li>性別は「男性」か「女性」（空欄も可）</li>
        <li>都道府県が空欄なら東京都</li>
      </ul>
      <p>誤りのある行が1行でもあると、ファイル全体を登録しません。文字コードはUTF-8またはShift_JISです。</p>
      <p>
        「内容を確認する」を押すと、登録する前に、新しく登録する行・誤りのある行などを確かめられます。この時点では、まだ何も登録しません。
      </p>
    </div>
  );
}

/**
 * The student CSV upload (SPEC §2): the student type every row gets, the note, the file. Closing the modal
 * after a successful upload reads the list and the unapproved count again.
 */
function StudentUpload() {
  const [isOpen, setIsOpen] = useState(false);
  const uploaded = useRef(false);
  const refresh = useRefreshStudents();
  const form = useForm({ defaultValues: { student_type: DEFAULT_STUDENT_TYPE } });
  // the type is not editable while a preview is shown: the upload sends the type the preview read
  const send = async (dataUrl: string, _file: File, previewHash?: string): Promise<CsvUploadResult> => {
    const answer = await uploadStudents(dataUrl, form.getValues('student_type'), previewHash);
    if (answer.result) uploaded.current = true;
    return answer;
  };
  const preview = {
    run: (dataUrl: string) => previewStudentUpload(dataUrl, form.getValues('student_type')),
    words: { key: '学生番号', name: '氏名' },
  };
  const close = () => {
    setIsOpen(false);
    form.reset();
    if (uploaded.current) {
      uploaded.current = false;
      void refresh();
    }
  };
  return (
    <>
      <Button variant="secondary" onPress={() => setIsOpen(true)}>
        学生CSVアップロード
      </Button>
      <CsvUpload
        isOpen={isOpen}
        onClose={close}
        title="学生のCSVアップロード"
        note={<StudentUploadNote />}
        template={{ columns: STUDENT_CSV_COLUMNS, fileName: 'student_template.csv' }}
        extraFields={
          <FieldRegistryProvider>
            <RadioGroup
              control={form.control}
              name="student_type"
              label="学生種別"
              options="CD009"
              isRequired
            />
          </FieldRegistryProvider>
        }
        onUpload={send}
        preview={preview}
      />
    </>
  );
}

/** How many 住所変更の届出 wait for the office (decision 040), with the way to their list. */
function AddressRequestsWaiting() {
  const waiting = useQuery(addressRequestListQuery(1));
  const n = waiting.data?.total;
  return (
    <section
      aria-labelledby="student-address-requests-heading"
      className="flex flex-wrap items-center gap-4 rounded-8 border border-line p-4"
    >
      <h2 id="student-address-requests-heading" className="text-std-17B-170 text-ink" aria-live="polite">
        確認待ちの住所変更の届出：{n === undefined ? '…' : `${n}件`}
      </h2>
      {n ? (
        <ButtonLink to={paths.admin.addressRequests()} variant="secondary">
          届出を確認する
        </ButtonLink>
      ) : null}
    </section>
  );
}

/**
 * /admin/student (SPEC §2 Students): unapproved count with a search for them, collapsible search form,
 * server-paged sortable table (10/50/100), CSV download of the whole search, 新規登録 and CSV upload.
 * Search conditions and table state live in the URL (reload and back keep them).
 */
export function Component() {
  const { search, table, page, searchWith } = useServerList({ schema: studentSearchSchema });
  const list = useQuery(studentListQuery(search, page));
  const unapproved = useQuery(unapprovalCountQuery());
  /** The same conditions again: read the list and the unapproved count again. */
  const refetch = () => {
    void list.refetch();
    void unapproved.refetch();
  };

  const form = useForm({ resolver: zodResolver(studentSearchSchema), defaultValues: search });
  const submit = form.handleSubmit((values) => searchWith(values, refetch));

  return (
    <div className="space-y-8">
      <PageTitle>学生管理</PageTitle>
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={paths.admin.studentForm('new')}>学生を新規登録</ButtonLink>
        <ButtonLink to={paths.admin.duplicatePairs()} variant="secondary">
          重複の疑いがある学生
        </ButtonLink>
        <StudentUpload />
      </div>

      <section
        aria-labelledby="student-unapproved-heading"
        className="flex flex-wrap items-center gap-4 rounded-8 border border-line p-4"
      >
        <h2 id="student-unapproved-heading" className="text-std-17B-170 text-ink" aria-live="polite">
          未承認の学生：{unapproved.data ? `${unapproved.data.unapploval}人` : '…'}
        </h2>
        <Button
          variant="secondary"
          isDisabled={!unapproved.data?.unapploval}
          onPress={() => searchWith({ approval_status: '0' }, refetch)}
        >
          未承認の学生を表示
        </Button>
      </section>

      <AddressRequestsWaiting />

      <ListSearchForm form={form} values={search} empty={emptyStudentSearch} onSubmit={submit}>
        <TextInput control={form.control} name="login_id" label="学生番号" inputMode="numeric" />
        <TextInput control={form.control} name="generation_id" label="期生ID" inputMode="numeric" />
        <TextInput control={form.control} name="name" label="氏名" />
        <TextInput control={form.control} name="name_kana" label="氏名カナ" />
        <TextInput control={form.control} name="street_name1" label="町名" />
        <Select
          control={form.control}
          name="approval_status"
          label="承認状況"
          options="CD002"
          placeholder="すべて"
        />
        <Select
          control={form.control}
          name="student_type"
          label="学生種別"
          options="CD009"
          placeholder="すべて"
        />
      </ListSearchForm>

      <ServerListTable
        caption="学生一覧"
        columns={columns}
        rowKey={(row) => row.user_id}
        list={list}
        table={table}
        csv={{ href: (sort) => studentCsvUrl(search, sort) }}
      />
      <p>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </p>
    </div>
  );
}
