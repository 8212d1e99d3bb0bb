import type { CourseApplicantRow, SessionNo } from '@manabi/shared/api';
import { SESSION_NUMBERS } from '@manabi/shared/schemas/applicant';

/**
 * The applicant table's inline editing (SPEC §4 "Applicant table editing"), as plain functions over
 * immutable maps so the screen stays thin and the rules are unit-tested.
 *
 * Edits are kept per student as the changed cells only (not a copy of the row): after a 409 the fresh rows
 * are loaded and the admin's own changes are laid over them again, so nobody else's change is overwritten
 * by a value the admin never touched.
 */

export type SessionField = `attendance${SessionNo}`;
export type EditableField = 'lottery_status' | 'attendance_status' | 'acquisition_unit' | SessionField;

export const SESSION_FIELDS = SESSION_NUMBERS.map((i) => `attendance${i}` as SessionField);

export interface RowEdit {
  /** changed cells: field → the new value (as typed; units are text until validated) */
  values: Partial<Record<EditableField, string>>;
  /** the row's 「更新」 box: ticked by any edit, may be ticked or unticked by hand */
  isUpdate: boolean;
  /** is_update_attendance: flagged by a lottery-status change (SPEC §4) */
  isUpdateAttendance: boolean;
}

/** student_id → the row's edit; rows without an entry are unchanged and unticked. */
export type Edits = ReadonlyMap<number, RowEdit>;

export const NO_EDITS: Edits = new Map();

/** The row's stored value of a field, as the table shows it (text). */
export function originalValue(row: CourseApplicantRow, field: EditableField): string {
  return field === 'acquisition_unit' ? String(row.acquisition_unit) : row[field];
}

/** What the cell shows now: the edit, or the stored value. */
export function cellValue(row: CourseApplicantRow, edits: Edits, field: EditableField): string {
  return edits.get(row.student_id)?.values[field] ?? originalValue(row, field);
}

/** True when the cell differs from the stored value (it is highlighted). */
export function isCellChanged(row: CourseApplicantRow, edits: Edits, field: EditableField): boolean {
  return edits.get(row.student_id)?.values[field] !== undefined;
}

export function isRowTicked(row: CourseApplicantRow, edits: Edits): boolean {
  return edits.get(row.student_id)?.isUpdate ?? false;
}

function withEdit(edits: Edits, studentId: number, edit: RowEdit | null): Edits {
  const next = new Map(edits);
  if (edit === null) next.delete(studentId);
  else next.set(studentId, edit);
  return next;
}

/**
 * Sets a cell. Typing the stored value back clears the cell's change; any change ticks the row; a row
 * whose last change is undone is unticked again. Changing the lottery status flags the attendance update.
 */
export function editCell(edits: Edits, row: CourseApplicantRow, field: EditableField, value: string): Edits {
  const before = edits.get(row.student_id);
  const values = { ...before?.values };
  const normalised = field === 'acquisition_unit' ? value.trim() : value;
  if (normalised === originalValue(row, field)) delete values[field];
  else values[field] = normalised;
  const hasChanges = Object.keys(values).length > 0;
  if (!hasChanges) return withEdit(edits, row.student_id, null);
  return withEdit(edits, row.student_id, {
    values,
    isUpdate: true,
    isUpdateAttendance: values.lottery_status !== undefined || (before?.isUpdateAttendance ?? false),
  });
}

/** The 「更新」 box by hand: ticking an unchanged row sends it as it is; unticking keeps the edits unsent. */
export function tickRow(edits: Edits, row: CourseApplicantRow, isUpdate: boolean): Edits {
  const before = edits.get(row.student_id);
  if (!before && !isUpdate) return edits;
  return withEdit(edits, row.student_id, {
    values: before?.values ?? {},
    isUpdate,
    isUpdateAttendance: before?.isUpdateAttendance ?? false,
  });
}

/** Rows that will be sent. */
export function tickedCount(rows: readonly CourseApplicantRow[], edits: Edits): number {
  return rows.filter((row) => isRowTicked(row, edits)).length;
}

/** True when any row has an unsent change or tick. */
export function hasPendingEdits(edits: Edits): boolean {
  return edits.size > 0;
}

/**
 * After the rows were loaded again (a 409): keep the edits of rows still listed, drop the cells whose
 * fresh value already equals the edit, and drop rows left with nothing.
 */
export function rebaseEdits(edits: Edits, rows: readonly CourseApplicantRow[]): Edits {
  const next = new Map<number, RowEdit>();
  for (const row of rows) {
    const edit = edits.get(row.student_id);
    if (!edit) continue;
    const values = { ...edit.values };
    for (const field of Object.keys(values) as EditableField[]) {
      if (values[field] === originalValue(row, field)) delete values[field];
    }
    if (Object.keys(values).length === 0 && !edit.isUpdate) continue;
    next.set(row.student_id, { ...edit, values });
  }
  return next;
}

export interface TableUpdate {
  /** SPEC §7 courseapplicantlist/update body (flattened per-row fields) */
  body: Record<string, string | number>;
  /** row number n of the body → student_id (to put the server's `…_{n}` errors on cells) */
  studentOfRow: Map<number, number>;
}

/** The update body of the ticked rows, numbered 0.. in the table's order. */
export function buildTableUpdate(
  courseId: number,
  rows: readonly CourseApplicantRow[],
  edits: Edits,
): TableUpdate {
  const body: Record<string, string | number> = { course_id: courseId };
  const studentOfRow = new Map<number, number>();
  let n = 0;
  for (const row of rows) {
    const edit = edits.get(row.student_id);
    if (!edit?.isUpdate) continue;
    const value = (field: EditableField) => cellValue(row, edits, field);
    body[`is_update_${n}`] = '1';
    body[`is_update_attendance_${n}`] = edit.isUpdateAttendance ? '1' : '0';
    body[`student_id_${n}`] = row.student_id;
    body[`lottery_status_${n}`] = value('lottery_status');
    body[`attendance_status_${n}`] = value('attendance_status');
    body[`acquisition_unit_${n}`] = value('acquisition_unit');
    SESSION_NUMBERS.forEach((i, index) => {
      body[`attendance_${n}_${i}`] = value(SESSION_FIELDS[index] as SessionField);
    });
    body[`updated_at_${n}`] = row.updated_at;
    studentOfRow.set(n, row.student_id);
    n += 1;
  }
  return { body, studentOfRow };
}

/** student_id → field → message */
export type CellErrors = ReadonlyMap<number, ReadonlyMap<EditableField | 'row', string>>;

const ROW_ERROR =
  /^(lottery_status|attendance_status|acquisition_unit|student_id|updated_at|is_update)_(\d+)$/;
const SESSION_ERROR = /^attendance_(\d+)_(\d+)$/;

/**
 * Puts the server's (or the shared schema's) flattened error names on cells: `acquisition_unit_3` →
 * row 3's units, `attendance_3_7` → row 3's session 7; names of no cell go on the row.
 */
export function cellErrors(
  errList: readonly { name: string; msg: string }[],
  studentOfRow: ReadonlyMap<number, number>,
): CellErrors {
  const out = new Map<number, Map<EditableField | 'row', string>>();
  for (const { name, msg } of errList) {
    const session = SESSION_ERROR.exec(name);
    const field = session ? null : ROW_ERROR.exec(name);
    const n = Number(session?.[1] ?? field?.[2] ?? Number.NaN);
    const studentId = studentOfRow.get(n);
    if (studentId === undefined) continue;
    const cell: EditableField | 'row' = session
      ? (`attendance${session[2]}` as SessionField)
      : field?.[1] === 'lottery_status' ||
          field?.[1] === 'attendance_status' ||
          field?.[1] === 'acquisition_unit'
        ? field[1]
        : 'row';
    const forRow = out.get(studentId) ?? new Map<EditableField | 'row', string>();
    if (!forRow.has(cell)) forRow.set(cell, msg);
    out.set(studentId, forRow);
  }
  return out;
}
