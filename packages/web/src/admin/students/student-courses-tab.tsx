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
import { Select } from '../../ui/choice-fields';
import { CsvDownload } from '../../ui/csv-download';
import { type Column, DataTable, TICKED_ROW, useTableUrlState } from '../../ui/data-table';
import { SearchPanel, SearchPanelActions } from '../../ui/search-panel';
import { TextInput } from '../../ui/text-input';
import { SESSION_OPTIONS } from '../attendance/attendance-cells';
import { attendanceColumns } from '../attendance/attendance-columns';
import type { EditableField } from '../attendance/table-editing';
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

/** A cell that cannot be edited (a cancelled application), as its text: the status, the units, a session's mark. */
const readOnly = (row: StudentAppliedCourse, field: EditableField) =>
  field === 'attendance_status'
    ? row.attendance_status_text
    : field === 'acquisition_unit'
      ? String(row.acquisition_unit ?? 0)
      : (SESSION_OPTIONS.find((o) => o.value === row[field as (typeof SESSION_FIELDS)[number]])?.label ?? '');

/** The table's columns: 更新, the course (a link to it), how it went and how it was applied for, then attendance. */
function courseColumns(
  tick: Column<StudentAppliedCourse>,
  attendance: Column<StudentAppliedCourse>[],
): Column<StudentAppliedCourse>[] {
  return [
    // 更新 and 講座名 stay in view while the 15 sessions scroll sideways
    tick,
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
    {
      key: 'how_apply_text',
      header: '申込方法',
      sortable: true,
      className: 'whitespace-nowrap',
      // an application the office entered for the student names who did it
      render: (row) => (
        <>
          {row.how_apply_text}
          {row.entered_by && (
            <>
              <br />
              <span className="text-std-16N-170">入力：{row.entered_by}</span>
            </>
          )}
        </>
      ),
    },
    ...attendance,
  ];
}

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
  const pending = editor.isPending;

  const { tick, attendance } = attendanceColumns<StudentAppliedCourse>({
    editor,
    rowName: (row) => row.course_name,
    isEditable: isEditableCourse,
    readOnly,
  });
  const columns = courseColumns(tick, attendance);

  return (
    <div className="space-y-6">
      <StudentCourseSearchForm
        pending={pending}
        onSearch={(values) => {
          editor.reset();
          if (JSON.stringify(values) === JSON.stringify(search)) void list.refetch();
          else setSearch(values);
        }}
      />

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
        toolbar={<StudentCoursesCsv rows={rows} isPreparing={list.isFetching} readOnly={readOnly} />}
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

/** The search panel of the tab (kept apart from the table: a search resets its unsaved edits). */
function StudentCourseSearchForm({
  pending,
  onSearch,
}: {
  pending: boolean;
  onSearch: (values: StudentCourseSearch) => void;
}) {
  const form = useForm({
    resolver: zodResolver(studentCourseSearchFormSchema),
    defaultValues: emptySearch(),
  });

  const submitSearch = form.handleSubmit(onSearch);

  return (
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
        <SearchPanelActions onClear={() => form.reset(emptySearch())} />
      </form>
    </SearchPanel>
  );
}

/** The CSV of the rows as shown (the session cells as their texts). */
function StudentCoursesCsv({
  rows,
  isPreparing,
  readOnly,
}: {
  rows: readonly StudentAppliedCourse[];
  isPreparing: boolean;
  readOnly: (row: StudentAppliedCourse, field: (typeof SESSION_FIELDS)[number]) => string;
}) {
  return (
    <CsvDownload
      prefix="applied_course"
      header={CSV_HEADER}
      isPreparing={isPreparing}
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
  );
}
