import { zodResolver } from '@hookform/resolvers/zod';
import type { StudentAppliedCourse } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { SESSION_FIELDS, SESSION_NUMBERS } from '@manabi/shared/schemas/applicant';
import {
  type StudentCourseSearch,
  studentCourseSearchFormSchema,
  studentCourseUpdateBodySchema,
} from '@manabi/shared/schemas/student-course';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Button } from '../../ui/button';
import { Select } from '../../ui/choice-fields';
import { CsvDownload } from '../../ui/csv-download';
import { type Column, DataTable, TICKED_ROW, useTableUrlState } from '../../ui/data-table';
import { SearchPanel } from '../../ui/search-panel';
import { TextInput } from '../../ui/text-input';
import {
  ATTENDANCE_OPTIONS,
  ChoiceCell,
  SESSION_OPTIONS,
  TickCell,
  UnitCell,
} from '../attendance/attendance-cells';
import { type EditableField, FIELD_LABEL } from '../attendance/table-editing';
import { TableActions, TableNoticeArea } from '../attendance/table-notice';
import { useAttendanceEditor } from '../attendance/use-attendance-editor';
import { studentCoursesQuery, useUpdateStudentCourses } from './api/student-detail';
import { buildStudentCourseUpdate, isEditableCourse, studentCourseEditing } from './student-course-table';

const emptySearch = (): StudentCourseSearch => ({
  course_name: '',
  organ: '',
  keyword: '',
  lottery_status: '',
  attendance_status: '',
});

const CSV_HEADER = [
  '講座名',
  '抽選状況',
  '申込方法',
  '受講状況',
  '受講状況更新日',
  '取得単位',
  ...SESSION_NUMBERS.map((i) => `第${i}回`),
];

/**
 * Tab 2 of /admin/student/detail/{userId} (SPEC §2): the student's applied courses — search, a sortable
 * paged table whose attendance (status, units, 15 sessions) is edited in place as on a course's applicant
 * table (decision 005: edits tick the row and mark the cell, all ticked rows or none, 409 keeps the admin's
 * changes over fresh rows), 更新する (success message, then the data is read again), 元に戻す, CSV.
 * Cancelled applications are shown but not editable.
 */
export function StudentCoursesTab({ userId, studentName }: { userId: number; studentName: string }) {
  const [search, setSearch] = useState<StudentCourseSearch>(emptySearch);
  const list = useQuery(studentCoursesQuery(userId, search));
  const rows = list.data ?? [];
  const table = useTableUrlState({ prefix: 'c' });
  const update = useUpdateStudentCourses();
  const editor = useAttendanceEditor({
    editing: studentCourseEditing,
    rows,
    isEditable: isEditableCourse,
    rowName: (row) => row.course_name,
    buildUpdate: (current, edits) => buildStudentCourseUpdate(userId, current, edits),
    schema: studentCourseUpdateBodySchema,
    save: (body) => update.mutateAsync(body),
    refetchRows: async () => (await list.refetch()).data ?? [],
  });
  const form = useForm({
    resolver: zodResolver(studentCourseSearchFormSchema),
    defaultValues: emptySearch(),
  });

  const pending = editor.isPending;

  const submitSearch = form.handleSubmit((values) => {
    editor.reset();
    if (JSON.stringify(values) === JSON.stringify(search)) void list.refetch();
    else setSearch(values);
  });

  const cell = (row: StudentAppliedCourse, field: EditableField) => ({
    label: `${row.course_name} ${FIELD_LABEL[field]}`,
    ...editor.cell(row, field),
  });
  const readOnly = (row: StudentAppliedCourse, field: EditableField) =>
    field === 'attendance_status'
      ? row.attendance_status_text
      : field === 'acquisition_unit'
        ? String(row.acquisition_unit ?? 0)
        : (SESSION_OPTIONS.find((o) => o.value === row[field as (typeof SESSION_FIELDS)[number]])?.label ??
          '');

  const columns: Column<StudentAppliedCourse>[] = [
    // 更新 and 講座名 stay in view while the 15 sessions scroll sideways
    {
      key: 'is_update',
      header: '更新',
      sticky: true,
      render: (row) =>
        isEditableCourse(row) ? (
          <TickCell
            label={`${row.course_name} を更新する`}
            checked={editor.isRowTicked(row)}
            onChange={(checked) => editor.tick(row, checked)}
          />
        ) : null,
    },
    {
      key: 'course_name',
      header: '講座名',
      sortable: true,
      isRowHeader: true,
      sticky: true,
      className: 'min-w-[12rem]',
      render: (row) => <Link to={paths.admin.courseDetail(row.course_id, 1)}>{row.course_name}</Link>,
    },
    { key: 'lottery_status_text', header: '抽選状況', sortable: true, className: 'whitespace-nowrap' },
    { key: 'how_apply_text', header: '申込方法', sortable: true, className: 'whitespace-nowrap' },
    {
      key: 'attendance_status',
      header: '受講状況',
      sortable: true,
      render: (row) =>
        isEditableCourse(row) ? (
          <ChoiceCell {...cell(row, 'attendance_status')} options={ATTENDANCE_OPTIONS} />
        ) : (
          readOnly(row, 'attendance_status')
        ),
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
      render: (row) =>
        isEditableCourse(row) ? (
          <UnitCell {...cell(row, 'acquisition_unit')} />
        ) : (
          readOnly(row, 'acquisition_unit')
        ),
    },
    ...SESSION_FIELDS.map(
      (field, index): Column<StudentAppliedCourse> => ({
        key: field,
        header: `第${index + 1}回`,
        render: (row) =>
          isEditableCourse(row) ? (
            <ChoiceCell {...cell(row, field)} options={SESSION_OPTIONS} />
          ) : (
            readOnly(row, field)
          ),
      }),
    ),
  ];

  return (
    <div className="space-y-6">
      <SearchPanel title="申込講座の検索" collapsible={false}>
        <form noValidate onSubmit={submitSearch} className="space-y-6">
          <div className="grid gap-6 md:grid-cols-3">
            <TextInput control={form.control} name="course_name" label="講座名" />
            <TextInput control={form.control} name="organ" label="実施団体" />
            <TextInput control={form.control} name="keyword" label="キーワード" />
          </div>
          <div className="grid gap-6 md:grid-cols-3">
            <Select
              control={form.control}
              name="lottery_status"
              label="抽選状況"
              options="CD003"
              allowEmpty
              placeholder="すべて"
              width="sm"
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
        notice={editor.notice}
        noticeRef={editor.noticeRef}
        updatedText={(n) => `${n}件の受講状況を更新しました。`}
        nothingTitle="更新する講座がありません"
      />

      <DataTable
        caption={`${studentName}さんの申込講座`}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={list.isFetching}
        loadingLabel="検索中..."
        emptyText="条件に該当する申込講座がありません"
        rowClassName={(row) => (editor.isRowTicked(row) ? TICKED_ROW : undefined)}
        {...table}
        toolbar={
          <CsvDownload
            prefix="applied_course"
            header={CSV_HEADER}
            isPreparing={list.isFetching}
            getRows={() =>
              rows.map((row) => [
                row.course_name,
                row.lottery_status_text,
                row.how_apply_text,
                row.attendance_status_text,
                row.attendance_updated_date ? formatDateTimeJa(row.attendance_updated_date) : '',
                row.acquisition_unit ?? 0,
                ...SESSION_FIELDS.map((field) => readOnly(row, field)),
              ])
            }
          />
        }
      />

      <TableActions
        ticked={editor.ticked}
        hasEdits={pending}
        isUpdating={update.isPending}
        onUpdate={() => void editor.save()}
        onReset={editor.reset}
      />
    </div>
  );
}
