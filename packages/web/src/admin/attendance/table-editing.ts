import type { SessionAttendance } from '@manabi/shared/api';
import { SESSION_NUMBERS, type SessionField } from '@manabi/shared/schemas/applicant';

/**
 * Inline editing of an attendance table (SPEC §4 "Applicant table editing"; the student detail's applied
 * courses work the same way), as plain functions over immutable maps so the screens stay thin and the
 * rules are unit-tested. Rows are told apart by a number key (the student on a course's applicant table,
 * the course on a student's table).
 *
 * Edits are kept per row as the changed cells only (not a copy of the row): after a 409 the fresh rows are
 * loaded and the admin's own changes are laid over them again, so nobody else's change is overwritten by a
 * value the admin never touched (docs/decisions/005).
 */

export type EditableField = 'lottery_status' | 'attendance_status' | 'acquisition_unit' | SessionField;

/** Column and field names of the attendance tables. */
export const FIELD_LABEL: Record<EditableField, string> = {
  lottery_status: '抽選状況',
  attendance_status: '受講状況',
  acquisition_unit: '取得単位',
  ...(Object.fromEntries(SESSION_NUMBERS.map((i) => [`attendance${i}`, `第${i}回`])) as Record<
    SessionField,
    string
  >),
};

/** What an editable row carries. */
export interface EditableRow extends SessionAttendance {
  lottery_status: string;
  attendance_status: string;
  acquisition_unit: number | null;
  updated_at: string;
}

export interface RowEdit {
  /** changed cells: field → the new value (as typed; units are text until validated) */
  values: Partial<Record<EditableField, string>>;
  /** the row's 「更新」 box: ticked by any edit, may be ticked or unticked by hand */
  isUpdate: boolean;
  /** is_update_attendance: flagged by a lottery-status change (SPEC §4) */
  isUpdateAttendance: boolean;
}

/** row key → the row's edit; rows without an entry are unchanged and unticked. */
export type Edits = ReadonlyMap<number, RowEdit>;

export const NO_EDITS: Edits = new Map();

/** The row's stored value of a field, as the table shows it (text). */
export function originalValue(row: EditableRow, field: EditableField): string {
  return field === 'acquisition_unit' ? String(row.acquisition_unit ?? 0) : row[field];
}

/** True when any row has an unsent change or tick. */
export function hasPendingEdits(edits: Edits): boolean {
  return edits.size > 0;
}

function withEdit(edits: Edits, key: number, edit: RowEdit | null): Edits {
  const next = new Map(edits);
  if (edit === null) next.delete(key);
  else next.set(key, edit);
  return next;
}

/** The editing functions of a table whose rows are told apart by `keyOf`. */
export function tableEditing<Row extends EditableRow>(keyOf: (row: Row) => number) {
  /** What the cell shows now: the edit, or the stored value. */
  const cellValue = (row: Row, edits: Edits, field: EditableField): string =>
    edits.get(keyOf(row))?.values[field] ?? originalValue(row, field);

  /** True when the cell differs from the stored value (it is highlighted). */
  const isCellChanged = (row: Row, edits: Edits, field: EditableField): boolean =>
    edits.get(keyOf(row))?.values[field] !== undefined;

  const isRowTicked = (row: Row, edits: Edits): boolean => edits.get(keyOf(row))?.isUpdate ?? false;

  /**
   * Sets a cell. Typing the stored value back clears the cell's change; any change ticks the row; a row
   * whose last change is undone is unticked again. Changing the lottery status flags the attendance update.
   */
  const editCell = (edits: Edits, row: Row, field: EditableField, value: string): Edits => {
    const key = keyOf(row);
    const before = edits.get(key);
    const values = { ...before?.values };
    const normalised = field === 'acquisition_unit' ? value.trim() : value;
    if (normalised === originalValue(row, field)) delete values[field];
    else values[field] = normalised;
    if (Object.keys(values).length === 0) return withEdit(edits, key, null);
    return withEdit(edits, key, {
      values,
      isUpdate: true,
      isUpdateAttendance: values.lottery_status !== undefined || (before?.isUpdateAttendance ?? false),
    });
  };

  /** The 「更新」 box by hand: ticking an unchanged row sends it as it is; unticking keeps the edits unsent. */
  const tickRow = (edits: Edits, row: Row, isUpdate: boolean): Edits => {
    const key = keyOf(row);
    const before = edits.get(key);
    if (!before && !isUpdate) return edits;
    return withEdit(edits, key, {
      values: before?.values ?? {},
      isUpdate,
      isUpdateAttendance: before?.isUpdateAttendance ?? false,
    });
  };

  /** Rows that will be sent. */
  const tickedCount = (rows: readonly Row[], edits: Edits): number =>
    rows.filter((row) => isRowTicked(row, edits)).length;

  /**
   * After the rows were loaded again (a 409): keep the edits of rows still listed, drop the cells whose
   * fresh value already equals the edit, and drop rows left with nothing.
   */
  const rebaseEdits = (edits: Edits, rows: readonly Row[]): Edits => {
    const next = new Map<number, RowEdit>();
    for (const row of rows) {
      const edit = edits.get(keyOf(row));
      if (!edit) continue;
      const values = { ...edit.values };
      for (const field of Object.keys(values) as EditableField[]) {
        if (values[field] === originalValue(row, field)) delete values[field];
      }
      if (Object.keys(values).length === 0 && !edit.isUpdate) continue;
      next.set(keyOf(row), { ...edit, values });
    }
    return next;
  };

  return { keyOf, cellValue, isCellChanged, isRowTicked, editCell, tickRow, tickedCount, rebaseEdits };
}

/** row key → field → message */
export type CellErrors = ReadonlyMap<number, ReadonlyMap<EditableField | 'row', string>>;

const ROW_ERROR =
  /^(lottery_status|attendance_status|acquisition_unit|student_id|course_id|updated_at|is_update)_(\d+)$/;
const SESSION_ERROR = /^attendance_(\d+)_(\d+)$/;
const CELL_FIELDS: readonly string[] = ['lottery_status', 'attendance_status', 'acquisition_unit'];

/**
 * Puts the server's (or the shared schema's) flattened error names on cells: `acquisition_unit_3` → row
 * 3's units, `attendance_3_7` → row 3's session 7; names of no cell go on the row. `keyOfRow` maps the
 * body's row numbers to row keys.
 */
export function cellErrors(
  errList: readonly { name: string; msg: string }[],
  keyOfRow: ReadonlyMap<number, number>,
): CellErrors {
  const out = new Map<number, Map<EditableField | 'row', string>>();
  for (const { name, msg } of errList) {
    const session = SESSION_ERROR.exec(name);
    const field = session ? null : ROW_ERROR.exec(name);
    const key = keyOfRow.get(Number(session?.[1] ?? field?.[2] ?? Number.NaN));
    if (key === undefined) continue;
    const cell: EditableField | 'row' = session
      ? (`attendance${session[2]}` as SessionField)
      : field && CELL_FIELDS.includes(field[1] as string)
        ? (field[1] as EditableField)
        : 'row';
    const forRow = out.get(key) ?? new Map<EditableField | 'row', string>();
    if (!forRow.has(cell)) forRow.set(cell, msg);
    out.set(key, forRow);
  }
  return out;
}

/** Drops the error of one cell (it was edited again). */
export function clearCellError(errors: CellErrors, key: number, field: EditableField): CellErrors {
  if (!errors.get(key)?.has(field)) return errors;
  const next = new Map(errors);
  const forRow = new Map(next.get(key));
  forRow.delete(field);
  next.set(key, forRow);
  return next;
}

/** The editing functions of one kind of table (what {@link tableEditing} returns). */
export type TableEditing<Row extends EditableRow> = ReturnType<typeof tableEditing<Row>>;
