import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { SESSION_FIELDS } from '@manabi/shared/schemas/applicant';
import type { ReactNode } from 'react';
import type { Column } from '../../ui/data-table';
import { ATTENDANCE_OPTIONS, ChoiceCell, SESSION_OPTIONS, TickCell, UnitCell } from './attendance-cells';
import type { AttendanceEditor } from './attendance-editor';
import { type EditableField, type EditableRow, FIELD_LABEL } from './table-editing';

export interface AttendanceColumnsOptions<Row extends EditableRow> {
  editor: Pick<AttendanceEditor<Row>, 'cell' | 'isRowTicked' | 'tick'>;
  /** Who or what the row is, for the cells' names: 「山田 花子 第3回」, 「絵画入門 を更新する」. */
  rowName: (row: Row) => string;
  /** A row not editable (a cancelled application) shows `readOnly` text and no 更新 box. */
  isEditable?: (row: Row) => boolean;
  readOnly?: (row: Row, field: EditableField) => string;
  /** How many session columns (the course's 回数); all 15 by default. */
  sessionCount?: number;
}

/**
 * The columns the two attendance tables share (a course's applicants, a student's courses): the 更新 box
 * first, and 受講状況, its date, 取得単位 and one select per session, edited in place.
 */
export function attendanceColumns<Row extends EditableRow & { attendance_updated_date: string | null }>({
  editor,
  rowName,
  isEditable = () => true,
  readOnly = () => '',
  sessionCount = SESSION_FIELDS.length,
}: AttendanceColumnsOptions<Row>) {
  const cell = (row: Row, field: EditableField) => ({
    label: `${rowName(row)} ${FIELD_LABEL[field]}`,
    ...editor.cell(row, field),
  });
  const editable = (row: Row, field: EditableField, node: ReactNode) =>
    isEditable(row) ? node : readOnly(row, field);

  const tick: Column<Row> = {
    key: 'is_update',
    header: '更新',
    sticky: true,
    render: (row) =>
      isEditable(row) ? (
        <TickCell
          label={`${rowName(row)} を更新する`}
          checked={editor.isRowTicked(row)}
          onChange={(checked) => editor.tick(row, checked)}
        />
      ) : null,
  };

  const attendance: Column<Row>[] = [
    {
      key: 'attendance_status',
      header: '受講状況',
      sortable: true,
      render: (row) =>
        editable(
          row,
          'attendance_status',
          <ChoiceCell {...cell(row, 'attendance_status')} options={ATTENDANCE_OPTIONS} />,
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
      render: (row) => editable(row, 'acquisition_unit', <UnitCell {...cell(row, 'acquisition_unit')} />),
    },
    ...SESSION_FIELDS.slice(0, Math.min(Math.max(sessionCount, 1), SESSION_FIELDS.length)).map(
      (field, index): Column<Row> => ({
        key: field,
        header: `第${index + 1}回`,
        render: (row) => editable(row, field, <ChoiceCell {...cell(row, field)} options={SESSION_OPTIONS} />),
      }),
    ),
  ];

  return { tick, attendance, cell };
}
