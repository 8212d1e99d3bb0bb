import { zodResolver } from '@hookform/resolvers/zod';
import type { CourseListRow, PeriodDefaults } from '@manabi/shared/api';
import { CODE_LISTS } from '@manabi/shared/codes';
import { COURSE_STATE_LABELS, COURSE_STATES } from '@manabi/shared/domain/course-state';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { APPLICANT_REMARKS_MAX } from '@manabi/shared/schemas/applicant';
import { COURSE_CODE_MAX, courseListQuerySchema } from '@manabi/shared/schemas/course';
import {
  APPLICANT_CSV_COLUMNS,
  APPLICANT_CSV_OPTIONAL,
  COURSE_CSV_COLUMNS,
  COURSE_CSV_REQUIRED,
} from '@manabi/shared/schemas/course-upload';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useSearchState } from '../../lib/search-state';
import { useSessionUser } from '../../lib/session';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { RadioGroup, Select } from '../../ui/choice-fields';
import type { Option } from '../../ui/code-options';
import { CsvDownload } from '../../ui/csv-download';
import { CsvUpload, type CsvUploadResult } from '../../ui/csv-upload';
import { type Column, DataTable, useTableUrlState } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { SearchPanel, SearchPanelActions } from '../../ui/search-panel';
import { DateInput, TextInput } from '../../ui/text-input';
import {
  previewCourseUpload,
  uploadCourseApplicants,
  uploadCourses,
  useRefreshAfterUpload,
} from './api/course-uploads';
import { type CourseSearch, courseListQuery, coursePeriodDefaultsQuery } from './api/courses';

/** SPEC §9: the default of 公開状態 (CD007 '1' = 公開). */
const DEFAULT_CONTROL = '1';

/** The form's schema: the shared search schema without the paging fields the screen never shows. */
const searchSchema = courseListQuerySchema.omit({ offset_num: true, site_id: true, sort: true, dir: true });

const emptySearch = (): CourseSearch => ({
  course_name: '',
  course_content: '',
  organ: '',
  period_f_s: '',
  period_f_e: '',
  period_t_s: '',
  period_t_e: '',
  period: '',
  keyword: '',
  control: DEFAULT_CONTROL,
  course_id: '',
  state: '',
});

/**
 * The search to show. A searched URL always carries `control` (`inUrl`); without it the page shows the first
 * search: the current fiscal year (GET courselist/period/) as application period FROM start / TO end.
 */
function searchToShow(inUrl: CourseSearch | null, defaults: PeriodDefaults | undefined): CourseSearch | null {
  if (inUrl) return inUrl;
  if (!defaults) return null;
  return { ...emptySearch(), period_f_s: defaults.date_start, period_t_e: defaults.date_end };
}

const STATE_OPTIONS: Option[] = COURSE_STATES.map((s) => ({ value: s, label: COURSE_STATE_LABELS[s] }));

const columns: Column<CourseListRow>[] = [
  {
    key: 'course_id',
    header: '講座ID',
    sortable: true,
    className: 'whitespace-nowrap',
  },
  {
    key: 'state',
    header: '状態',
    sortable: true,
    className: 'whitespace-nowrap',
    // in the order of the term, not of the words
    sortValue: (row) => COURSE_STATES.indexOf(row.state),
    render: (row) => COURSE_STATE_LABELS[row.state],
  },
  {
    key: 'course_name',
    header: '講座名',
    sortable: true,
    isRowHeader: true,
    className: 'min-w-[14rem]',
    render: (row) => <Link to={paths.admin.courseDetail(row.id, 1)}>{row.course_name}</Link>,
  },
  { key: 'organ', header: '実施団体', sortable: true },
  {
    key: 'period_f',
    header: '申込期間FROM',
    sortable: true,
    className: 'whitespace-nowrap',
    sortValue: (row) => row.period_f,
    render: (row) => formatDateTimeJa(row.period_f),
  },
  {
    key: 'period_t',
    header: '申込期間TO',
    sortable: true,
    className: 'whitespace-nowrap',
    sortValue: (row) => row.period_t,
    render: (row) => formatDateTimeJa(row.period_t),
  },
  { key: 'period', header: '開催日時', sortable: true },
  { key: 'c_num', header: '申込者数', sortable: true, className: 'whitespace-nowrap text-right' },
  {
    key: 'image',
    header: '画像URL',
    sortable: true,
    render: (row) =>
      row.image ? (
        <TextLink href={row.image} newWindow className="break-all">
          {row.image}
        </TextLink>
      ) : (
        'なし'
      ),
  },
];

const CSV_HEADER = ['講座名', '実施団体', '申込期間FROM', '申込期間TO', '開催日時', '申込者数', '画像URL'];

const COURSE_CSV_HEADER = Object.keys(COURSE_CSV_COLUMNS);

/** What each column of the applications CSV takes (the modal lists them; the server reads the same map). */
const APPLICANT_CSV_HINTS: Record<keyof typeof APPLICANT_CSV_COLUMNS, string> = {
  講座ID: '例 C2601',
  学生番号: '数字8桁',
  申込方法: `${CODE_LISTS.CD005.map((c) => c.d_text).join('、')}のいずれか。空欄は「一括登録（CSV）」`,
  備考: `${APPLICANT_REMARKS_MAX}文字まで`,
};

/** SPEC §2 upload modal note: unregistered students' applications are not registered; the columns. */
function ApplicantUploadNote() {
  const optional: readonly string[] = APPLICANT_CSV_OPTIONAL;
  return (
    <div className="space-y-2">
      <p>登録されていない学生（学生番号が見つからない学生）の申込は登録されません。</p>
      <p>
        すでに申込済みの学生の行も登録されません。登録した件数と登録しなかった行は、完了時にお知らせします。
      </p>
      <p>1行目に次の見出しを入れてください（列の順番は自由です）。</p>
      <ul className="list-disc space-y-1 pl-6">
        {Object.entries(APPLICANT_CSV_HINTS).map(([header, hint]) => (
          <li key={header}>
            {header}
            {optional.includes(header) ? '（省略可）' : '（必須）'}：{hint}
          </li>
        ))}
      </ul>
      <p>誤りのある行が1行でもあると、ファイル全体を登録しません。文字コードはUTF-8またはShift_JISです。</p>
      <p>
        「内容を確認する」を押すと、登録する前に、新しく登録する行・誤りのある行などを確かめられます。この時点では、まだ何も登録しません。
      </p>
    </div>
  );
}

function CourseUploadNote() {
  return (
    <div className="space-y-2">
      <p>新しい講座をまとめて登録します。すでに登録されている講座IDの行は登録できません。</p>
      <p>
        {`1行目は見出しにしてください（ひな形と同じ${COURSE_CSV_HEADER.length}項目。列の順番は自由で、必須でない列は省略できます）。`}
        {`必須の項目：${COURSE_CSV_REQUIRED.join('、')}`}
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>公開状態は「公開」か「非公開」、キャンセルは「可」か「不可」、抽選は「あり」か「なし」</li>
        <li>申込期間は「2026/04/01 09:00」の形</li>
        <li>カテゴリは登録済みのカテゴリ名を「、」で区切って入力</li>
      </ul>
      <p>誤りのある行が1行でもあると、ファイル全体を登録しません。文字コードはUTF-8またはShift_JISです。</p>
      <p>
        「内容を確認する」を押すと、登録する前に、新しく登録する行・誤りのある行などを確かめられます。この時点では、まだ何も登録しません。
      </p>
    </div>
  );
}

type UploadKind = 'applicants' | 'courses';

/** The course import is looked at before it is done (decision 070). */
const COURSE_PREVIEW = { run: previewCourseUpload, words: { key: '講座ID', name: '講座名' } };

/**
 * The two CSV uploads of authority 1 (SPEC §2 「講座申込情報のCSVアップロード」; issue 3 course import).
 * Closing a modal after a successful upload reads the course list again (applicant counts change).
 */
function CourseUploads() {
  const [open, setOpen] = useState<UploadKind | null>(null);
  const uploaded = useRef(false);
  const refresh = useRefreshAfterUpload();
  const track = (send: (dataUrl: string) => Promise<CsvUploadResult>) => async (dataUrl: string) => {
    const answer = await send(dataUrl);
    if (answer.result) uploaded.current = true;
    return answer;
  };
  const close = () => {
    setOpen(null);
    if (uploaded.current) {
      uploaded.current = false;
      void refresh();
    }
  };
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen('applicants')}>
        講座申込情報CSVアップロード
      </Button>
      <Button variant="secondary" onPress={() => setOpen('courses')}>
        講座CSVインポート
      </Button>
      <CsvUpload
        isOpen={open === 'applicants'}
        onClose={close}
        title="講座申込情報のCSVアップロード"
        note={<ApplicantUploadNote />}
        template={{ columns: APPLICANT_CSV_COLUMNS, fileName: 'course_applicant_template.csv' }}
        onUpload={track(uploadCourseApplicants)}
      />
      <CsvUpload
        isOpen={open === 'courses'}
        onClose={close}
        title="講座CSVインポート"
        note={<CourseUploadNote />}
        template={{ columns: COURSE_CSV_COLUMNS, fileName: 'course_template.csv' }}
        onUpload={(dataUrl, _file, previewHash) => track((d) => uploadCourses(d, previewHash))(dataUrl)}
        preview={COURSE_PREVIEW}
      />
    </>
  );
}

/** The search form, kept in step with the URL's search (the first defaults, back/forward). */
function useCourseSearchForm(search: CourseSearch | null) {
  const form = useForm({
    resolver: zodResolver(searchSchema),
    defaultValues: search ?? emptySearch(),
  });
  const searchKey = search ? JSON.stringify(search) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchKey stands for `search`
  useEffect(() => {
    if (search) form.reset(search);
  }, [searchKey, form]);
  return form;
}

type CourseSearchFormApi = ReturnType<typeof useCourseSearchForm>;

/** A range of dates, each end a field of its own (「〜」 between them is only seen). */
function DateRange({
  form,
  legend,
  from,
  to,
}: {
  form: CourseSearchFormApi;
  legend: string;
  from: 'period_f_s' | 'period_t_s';
  to: 'period_f_e' | 'period_t_e';
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-std-17B-170 text-ink">{legend}</legend>
      <div className="flex flex-wrap items-end gap-4">
        <DateInput control={form.control} name={from} label={`${legend}（開始日）`} />
        <span aria-hidden="true" className="pb-3 text-ink">
          〜
        </span>
        <DateInput control={form.control} name={to} label={`${legend}（終了日）`} />
      </div>
    </fieldset>
  );
}

function CourseSearchForm({
  form,
  onSubmit,
}: {
  form: CourseSearchFormApi;
  onSubmit: ReturnType<CourseSearchFormApi['handleSubmit']>;
}) {
  return (
    <SearchPanel>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <div className="grid gap-6 md:grid-cols-2">
          <TextInput
            control={form.control}
            name="course_id"
            label="講座ID"
            maxLength={COURSE_CODE_MAX}
            width="sm"
            description="先頭から探します（例：C26 で C2601、C2602…）。"
          />
          <Select
            control={form.control}
            name="state"
            label="状態"
            options={STATE_OPTIONS}
            allowEmpty
            placeholder="すべて"
            width="sm"
          />
          <TextInput control={form.control} name="course_name" label="講座名" />
          <TextInput control={form.control} name="course_content" label="講座内容" />
          <TextInput control={form.control} name="organ" label="実施団体" />
          <TextInput control={form.control} name="period" label="開催日時" />
          <TextInput
            control={form.control}
            name="keyword"
            label="キーワード"
            description="講座のキーワードと講座IDから探します。"
          />
        </div>
        <DateRange form={form} legend="申込期間FROM" from="period_f_s" to="period_f_e" />
        <DateRange form={form} legend="申込期間TO" from="period_t_s" to="period_t_e" />
        <RadioGroup
          control={form.control}
          name="control"
          label="公開状態"
          options="CD007"
          orientation="horizontal"
        />
        <SearchPanelActions onClear={() => form.reset(emptySearch())} />
      </form>
    </SearchPanel>
  );
}

/**
 * /admin/course (SPEC §2 Courses): collapsible search form, every matching course (fetched 100 a page until
 * is_end) in a sortable client-side table of 10/50/100 rows, CSV download; for authority 1 新規登録 and
 * the two CSV uploads.
 * Search conditions and table state live in the URL (reload and back keep them).
 */
export function Component() {
  const user = useSessionUser();
  const url = useSearchState(searchSchema);
  const table = useTableUrlState();
  const needsDefaults = !url.has('control');
  const periodDefaults = useQuery({ ...coursePeriodDefaultsQuery(), enabled: needsDefaults });
  const search = searchToShow(needsDefaults ? null : url.values, periodDefaults.data);
  const list = useQuery({
    ...courseListQuery(search ?? emptySearch()),
    enabled: search !== null,
  });
  const isLoading = search === null || list.isFetching;
  const rows = list.data ?? [];

  const form = useCourseSearchForm(search);

  const submit = form.handleSubmit((values) => {
    const conditions = { ...values, control: values.control || DEFAULT_CONTROL };
    // keep the table's page size and sort; a new search starts on page 1. The same conditions again:
    // search again (someone may have changed the courses meanwhile)
    if (!url.submit(conditions, { keep: ['size', 'sort', 'dir'] })) void list.refetch();
  });

  return (
    <div className="space-y-8">
      <PageTitle>講座管理</PageTitle>
      {user.authority === 1 && (
        <div className="flex flex-wrap gap-4">
          <ButtonLink to={paths.admin.courseNew()}>講座を新規登録</ButtonLink>
          <CourseUploads />
        </div>
      )}

      <CourseSearchForm form={form} onSubmit={submit} />

      <DataTable
        caption="講座一覧"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={isLoading}
        loadingLabel="検索中..."
        {...table}
        toolbar={
          <CsvDownload
            prefix="course"
            header={CSV_HEADER}
            isPreparing={isLoading}
            getRows={() =>
              rows.map((c) => [
                c.course_name,
                c.organ,
                formatDateTimeJa(c.period_f),
                formatDateTimeJa(c.period_t),
                c.period,
                c.c_num,
                c.image,
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
