import { zodResolver } from '@hookform/resolvers/zod';
import type { CourseApplicantRow, CourseApplicantRowLimited } from '@manabi/shared/api';
import { codeText, LOTTERY } from '@manabi/shared/codes';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  type ApplicantSearchForm,
  applicantListUpdateBodySchema,
  applicantSearchFormSchema,
  SESSION_NUMBERS,
} from '@manabi/shared/schemas/applicant';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { useApiErrorHandler } from '../../lib/area';
import { paths } from '../../lib/paths';
import {
  Button,
  ButtonLink,
  CheckboxGroup,
  type Column,
  CsvDownload,
  DataTable,
  SearchPanel,
  Select,
  TextInput,
  useTableUrlState,
} from '../../ui';
import {
  ATTENDANCE_OPTIONS,
  ChoiceCell,
  FIELD_LABEL,
  LOTTERY_OPTIONS,
  SESSION_OPTIONS,
  TickCell,
  UnitCell,
} from '../attendance/attendance-cells';
import { TableActions, type TableNotice, TableNoticeArea, useNoticeFocus } from '../attendance/table-notice';
import {
  type ApplicantSearch,
  applicantListQuery,
  useReloadApplicants,
  useUpdateApplicantTable,
} from './api/applicant-list';
import {
  buildTableUpdate,
  type CellErrors,
  cellErrors,
  cellValue,
  clearCellError,
  type EditableField,
  type Edits,
  editCell,
  hasPendingEdits,
  isCellChanged,
  isRowTicked,
  NO_EDITS,
  rebaseEdits,
  SESSION_FIELDS,
  tickedCount,
  tickRow,
} from './applicant-table';
import { LotteryModal } from './lottery-modal';

/** SPEC §4: the attendance-status condition starts at 1 (未受講); '' is 「すべて」. */
const DEFAULT_ATTENDANCE_STATUS = '1';

const emptySearch = (): ApplicantSearch => ({
  login_id: '',
  name: '',
  name_kana: '',
  lottery_status: [],
  attendance_status: DEFAULT_ATTENDANCE_STATUS,
});

/** The conditions in the URL (reload and back from an applicant keep them); absent = the defaults. */
function searchFromUrl(params: URLSearchParams): ApplicantSearch {
  const search = emptySearch();
  search.login_id = params.get('login_id') ?? '';
  search.name = params.get('name') ?? '';
  search.name_kana = params.get('name_kana') ?? '';
  search.lottery_status = (params.get('lottery_status') ?? '').split(',').filter((v) => /^[1-4]$/.test(v));
  if (params.has('attendance_status')) search.attendance_status = params.get('attendance_status') ?? '';
  return search;
}

function searchToUrl(search: ApplicantSearchForm, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of ['login_id', 'name', 'name_kana'] as const) if (search[key]) next.set(key, search[key]);
  if (search.lottery_status.length) next.set('lottery_status', [...search.lottery_status].sort().join(','));
  if (search.attendance_status !== DEFAULT_ATTENDANCE_STATUS)
    next.set('attendance_status', search.attendance_status);
  for (const key of ['size', 'sort', 'dir']) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

const isFullRow = (row: CourseApplicantRow | CourseApplicantRowLimited): row is CourseApplicantRow =>
  'login_id' in row;

/**
 * The applicant tab of /admin/course/detail/{id}/2 (SPEC §2 / §4 / §6): search, a sortable paged table
 * with inline editing for authority 1 (lottery status, attendance status, units, 15 sessions; editing
 * ticks the row's 「更新」 box and highlights the cell; a lottery change flags the attendance update),
 * 更新 (every ticked row or none, 409 when someone else changed one), 元に戻す, CSV download, the lottery
 * modal and the add link. Authority 2 sees the name_kana column only.
 */
export function ApplicantListTab({ courseId, isFull }: { courseId: number; isFull: boolean }) {
  const [params, setParams] = useSearchParams();
  const search = searchFromUrl(params);
  const table = useTableUrlState();
  const list = useQuery(applicantListQuery(courseId, search));
  const allRows = list.data?.data_list ?? [];
  const rows = allRows.filter(isFullRow);
  const reload = useReloadApplicants();
  const routeError = useApiErrorHandler();
  const update = useUpdateApplicantTable();

  const [edits, setEdits] = useState<Edits>(NO_EDITS);
  const [errors, setErrors] = useState<CellErrors>(new Map());
  const [notice, setNotice] = useState<TableNotice>(null);
  const noticeRef = useNoticeFocus(notice);
  const [isLotteryOpen, setIsLotteryOpen] = useState(false);

  const form = useForm({
    resolver: zodResolver(applicantSearchFormSchema),
    defaultValues: search,
  });
  const searchKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchKey stands for `search`
  useEffect(() => {
    form.reset(search);
  }, [searchKey, form]);

  // a notice is announced and scrolled to once shown

  const pending = hasPendingEdits(edits);
  const ticked = tickedCount(rows, edits);

  const submitSearch = form.handleSubmit((values) => {
    // a new search starts from the stored rows: unsent changes are dropped (the screen says so)
    setEdits(NO_EDITS);
    setErrors(new Map());
    setNotice(null);
    const next = searchToUrl(values, params);
    if (next.toString() === params.toString()) void list.refetch();
    else setParams(next, { preventScrollReset: true });
  });

  const edit = (row: CourseApplicantRow, field: EditableField, value: string) => {
    setEdits((current) => editCell(current, row, field, value));
    setErrors((current) => clearCellError(current, row.student_id, field));
  };

  const resetEdits = () => {
    setEdits(NO_EDITS);
    setErrors(new Map());
    setNotice(null);
  };

  const describeErrors = (found: CellErrors): string[] =>
    [...found].flatMap(([studentId, cells]) => {
      const row = rows.find((r) => r.student_id === studentId);
      const who = row ? `${row.login_id} ${row.name}` : '';
      return [...cells].map(
        ([cell, msg]) => `${who}：${cell === 'row' ? '' : `${FIELD_LABEL[cell]} `}${msg}`,
      );
    });

  const submitUpdate = async () => {
    if (ticked === 0) {
      setNotice({ kind: 'nothing' });
      return;
    }
    const { body, studentOfRow } = buildTableUpdate(courseId, rows, edits);
    // the same rules as the server, before sending
    const checked = applicantListUpdateBodySchema.safeParse(body);
    if (!checked.success) {
      const found = cellErrors(
        checked.error.issues.map((issue) => ({ name: String(issue.path[0]), msg: issue.message })),
        studentOfRow,
      );
      setErrors(found);
      setNotice({ kind: 'invalid', lines: describeErrors(found) });
      return;
    }
    try {
      const answer = await update.mutateAsync(body);
      await reload();
      setEdits(NO_EDITS);
      setErrors(new Map());
      setNotice({ kind: 'updated', count: answer.count });
    } catch (error) {
      if (isApiError(error) && error.isStale) {
        // read the rows again and lay the admin's own changes over them
        const fresh = await list.refetch();
        const freshRows = (fresh.data?.data_list ?? []).filter(isFullRow);
        setEdits((current) => rebaseEdits(current, freshRows));
        setErrors(new Map());
        setNotice({ kind: 'stale' });
      } else if (isApiError(error) && error.isFieldError) {
        const found = cellErrors(error.errList, studentOfRow);
        setErrors(found);
        setNotice({ kind: 'invalid', lines: describeErrors(found) });
      } else {
        routeError(error);
      }
    }
  };

  const columns: Column<CourseApplicantRow | CourseApplicantRowLimited>[] = isFull
    ? fullColumns({
        courseId,
        edits,
        errors,
        onEdit: edit,
        onTick: (row, v) => setEdits((e) => tickRow(e, row, v)),
      })
    : [{ key: 'name_kana', header: '氏名カナ', sortable: true, isRowHeader: true }];

  const undrawnCount = rows.filter((r) => r.lottery_status === LOTTERY.PENDING).length;

  return (
    <div className="space-y-6">
      {isFull && (
        <div className="flex flex-wrap gap-4">
          <ButtonLink to={paths.admin.courseApplicantAdd(courseId)} variant="secondary">
            申込者を追加
          </ButtonLink>
          <Button variant="secondary" onPress={() => setIsLotteryOpen(true)} isDisabled={pending}>
            抽選
          </Button>
          {pending && (
            <p className="basis-full text-std-16N-170 text-ink">
              未保存の変更があるため抽選できません。先に「更新する」か「元に戻す」を押してください。
            </p>
          )}
        </div>
      )}

      <SearchPanel title="申込者の検索">
        <form noValidate onSubmit={submitSearch} className="space-y-6">
          <div className="grid gap-6 md:grid-cols-3">
            {isFull && (
              <TextInput
                control={form.control}
                name="login_id"
                label="学生番号"
                inputMode="numeric"
                maxLength={8}
              />
            )}
            {isFull && <TextInput control={form.control} name="name" label="氏名" />}
            <TextInput control={form.control} name="name_kana" label="氏名カナ" />
          </div>
          {isFull && (
            <div className="grid gap-6 md:grid-cols-2">
              <CheckboxGroup
                control={form.control}
                name="lottery_status"
                label="抽選状況"
                options="CD003"
                description="チェックがないときは、すべての抽選状況を表示します。"
              />
              <Select
                control={form.control}
                name="attendance_status"
                label="受講状況"
                options="CD004"
                allowEmpty
                placeholder="すべて"
                width="sm"
              />
            </div>
          )}
          {pending && (
            <p className="text-std-16N-170 text-ink">検索すると、まだ更新していない変更は取り消されます。</p>
          )}
          <div className="flex flex-wrap gap-4">
            <Button type="submit">検索</Button>
            <Button variant="tertiary" onPress={() => form.reset(emptySearch())}>
              条件をクリア
            </Button>
          </div>
        </form>
      </SearchPanel>

      <TableNoticeArea
        notice={notice}
        noticeRef={noticeRef}
        updatedText={(n) => `${n}件の申込を更新しました。`}
        nothingTitle="更新する申込がありません"
      />

      <DataTable
        caption="申込者一覧"
        columns={columns}
        rows={isFull ? rows : allRows}
        rowKey={(row) => row.student_id}
        isLoading={list.isFetching}
        loadingLabel="検索中..."
        emptyText="条件に該当する申込者がいません。検索条件を変えてお試しください。"
        rowClassName={(row) =>
          isFull && isRowTicked(row as CourseApplicantRow, edits) ? 'bg-highlight/40' : undefined
        }
        {...table}
        toolbar={
          <CsvDownload
            prefix="applicant"
            header={isFull ? CSV_HEADER : ['氏名カナ']}
            isPreparing={list.isFetching}
            getRows={() => (isFull ? rows.map(csvRow) : allRows.map((r) => [r.name_kana]))}
          />
        }
      />

      {isFull && (
        <TableActions
          ticked={ticked}
          hasEdits={pending}
          isUpdating={update.isPending}
          onUpdate={() => void submitUpdate()}
          onReset={resetEdits}
        />
      )}

      {isFull && (
        <LotteryModal
          courseId={courseId}
          isOpen={isLotteryOpen}
          undrawnCount={undrawnCount}
          onClose={() => {
            setIsLotteryOpen(false);
            // SPEC §2: the page reloads to the applicant tab (the lottery invalidated the rows already);
            // closing without a draw reads the list again as well
            resetEdits();
            void reload();
          }}
        />
      )}
    </div>
  );
}

const CSV_HEADER = [
  '学生番号',
  '氏名',
  '氏名カナ',
  '抽選状況',
  '申込方法',
  '受講状況',
  '受講状況更新日',
  '取得単位',
  ...SESSION_NUMBERS.map((i) => `第${i}回`),
];

function csvRow(row: CourseApplicantRow) {
  return [
    row.login_id,
    row.name,
    row.name_kana,
    codeText('CD003', row.lottery_status),
    codeText('CD005', row.how_apply),
    codeText('CD004', row.attendance_status),
    row.attendance_updated_date ? formatDateTimeJa(row.attendance_updated_date) : '',
    row.acquisition_unit,
    ...SESSION_FIELDS.map((field) => codeText('CD006', row[field])),
  ];
}

interface CellProps {
  courseId: number;
  edits: Edits;
  errors: CellErrors;
  onEdit: (row: CourseApplicantRow, field: EditableField, value: string) => void;
  onTick: (row: CourseApplicantRow, isUpdate: boolean) => void;
}

/** The authority-1 columns: 更新, the person, then the editable cells. */
function fullColumns({ courseId, edits, errors, onEdit, onTick }: CellProps) {
  const cell = (row: CourseApplicantRow, field: EditableField) => ({
    label: `${row.name} ${FIELD_LABEL[field]}`,
    value: cellValue(row, edits, field),
    isChanged: isCellChanged(row, edits, field),
    error: errors.get(row.student_id)?.get(field),
    onChange: (value: string) => onEdit(row, field, value),
  });

  const base: Column<CourseApplicantRow>[] = [
    {
      key: 'is_update',
      header: '更新',
      render: (row) => (
        <TickCell
          label={`${row.name} を更新する`}
          checked={isRowTicked(row, edits)}
          onChange={(checked) => onTick(row, checked)}
        />
      ),
    },
    {
      key: 'login_id',
      header: '学生番号',
      sortable: true,
      isRowHeader: true,
      className: 'whitespace-nowrap',
      render: (row) => <Link to={paths.admin.courseApplicant(courseId, row.user_id)}>{row.login_id}</Link>,
    },
    { key: 'name', header: '氏名', sortable: true, className: 'whitespace-nowrap' },
    { key: 'name_kana', header: '氏名カナ', sortable: true, className: 'whitespace-nowrap' },
    {
      key: 'how_apply',
      header: '申込方法',
      sortable: true,
      className: 'whitespace-nowrap',
      render: (row) => codeText('CD005', row.how_apply),
    },
    {
      key: 'lottery_status',
      header: '抽選状況',
      sortable: true,
      render: (row) =>
        row.lottery_status === LOTTERY.CANCELLED ? (
          <span>キャンセル</span>
        ) : (
          <ChoiceCell {...cell(row, 'lottery_status')} options={LOTTERY_OPTIONS} />
        ),
    },
    {
      key: 'attendance_status',
      header: '受講状況',
      sortable: true,
      render: (row) => <ChoiceCell {...cell(row, 'attendance_status')} options={ATTENDANCE_OPTIONS} />,
    },
    {
      key: 'attendance_updated_date',
      header: '受講状況更新日',
      sortable: true,
      className: 'whitespace-nowrap',
      render: (row) => (row.attendance_updated_date ? formatDateTimeJa(row.attendance_updated_date) : ''),
    },
    {
      key: 'acquisition_unit',
      header: '取得単位',
      sortable: true,
      render: (row) => <UnitCell {...cell(row, 'acquisition_unit')} />,
    },
    ...SESSION_FIELDS.map(
      (field, index): Column<CourseApplicantRow> => ({
        key: field,
        header: `第${index + 1}回`,
        render: (row) => <ChoiceCell {...cell(row, field)} options={SESSION_OPTIONS} />,
      }),
    ),
  ];
  return base as Column<CourseApplicantRow | CourseApplicantRowLimited>[];
}
