import type { CourseApplicantRow } from '@manabi/shared/api';
import { SESSION_FIELDS, SESSION_NUMBERS, type SessionField } from '@manabi/shared/schemas/applicant';
import type { TableUpdate } from '../attendance/attendance-editor';
import { type EditableField, type Edits, tableEditing } from '../attendance/table-editing';

/** The applicant table of a course (SPEC §4): rows are students. */
export const applicantEditing = tableEditing<CourseApplicantRow>((row) => row.student_id);

/**
 * SPEC §7 courseapplicantlist/update: course_id plus the ticked rows' flattened fields, numbered 0.. in the
 * table's order, with `rowKey` mapping each n back to the student_id (errors go on its cells).
 */
export function buildTableUpdate(
  courseId: number,
  rows: readonly CourseApplicantRow[],
  edits: Edits,
): TableUpdate {
  const body: Record<string, string | number> = { course_id: courseId };
  const { cellValue } = applicantEditing;
  const rowKey = new Map<number, number>();
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
    rowKey.set(n, row.student_id);
    n += 1;
  }
  return { body, rowKey };
}

export const NO_ROWS: ReadonlyMap<number, CourseApplicantRow> = new Map();

/**
 * The applicant tab reads one page at a time (decision 020): rows edited or ticked on another page are
 * carried, so 更新する sends and counts them all. The page's rows, then the carried ones not on it.
 */
export function withCarried(
  rows: readonly CourseApplicantRow[],
  carried: ReadonlyMap<number, CourseApplicantRow>,
) {
  const shown = new Set(rows.map((r) => r.student_id));
  return [...rows, ...[...carried.values()].filter((r) => !shown.has(r.student_id))];
}

/**
 * The rows with an edit or a tick, as last seen: those carried before that still have one, and the page's
 * (the same map when nothing changed, so the effect settles).
 */
export function carriedRows(
  current: ReadonlyMap<number, CourseApplicantRow>,
  page: readonly CourseApplicantRow[],
  edits: ReadonlyMap<number, unknown>,
): ReadonlyMap<number, CourseApplicantRow> {
  const next = new Map<number, CourseApplicantRow>();
  for (const [key, row] of current) if (edits.has(key)) next.set(key, row);
  for (const row of page) if (edits.has(row.student_id)) next.set(row.student_id, row);
  const same = next.size === current.size && [...next].every(([key, row]) => current.get(key) === row);
  return same ? current : next;
}
