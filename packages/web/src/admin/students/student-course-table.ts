import type { StudentAppliedCourse } from '@manabi/shared/api';
import { LOTTERY } from '@manabi/shared/codes';
import { SESSION_FIELDS, SESSION_NUMBERS, type SessionField } from '@manabi/shared/schemas/applicant';
import type { TableUpdate } from '../attendance/attendance-editor';
import { type EditableField, type Edits, tableEditing } from '../attendance/table-editing';

/** A student's applied courses (SPEC §2 student detail tab 2): rows are applications. */
export const studentCourseEditing = tableEditing<StudentAppliedCourse>((row) => row.id);

/** A cancelled application keeps its record as it was: no controls, never sent. */
export const isEditableCourse = (row: StudentAppliedCourse): boolean =>
  row.lottery_status !== LOTTERY.CANCELLED;

/**
 * SPEC §7 student/applicantCourse/update: user_id plus the ticked rows, numbered 0.. in the table's order,
 * with `rowKey` mapping each n back to the application id (errors go on its cells).
 */
export function buildStudentCourseUpdate(
  userId: number,
  rows: readonly StudentAppliedCourse[],
  edits: Edits,
): TableUpdate {
  const { cellValue } = studentCourseEditing;
  const body: Record<string, string | number> = { user_id: userId };
  const rowKey = new Map<number, number>();
  let n = 0;
  for (const row of rows) {
    const edit = edits.get(row.id);
    if (!edit?.isUpdate || !isEditableCourse(row)) continue;
    const value = (field: EditableField) => cellValue(row, edits, field);
    body[`is_update_${n}`] = '1';
    body[`is_update_attendance_${n}`] = edit.isUpdateAttendance ? '1' : '0';
    body[`student_id_${n}`] = row.student_id;
    body[`course_id_${n}`] = row.course_id;
    body[`attendance_status_${n}`] = value('attendance_status');
    body[`acquisition_unit_${n}`] = value('acquisition_unit');
    SESSION_NUMBERS.forEach((i, index) => {
      body[`attendance_${n}_${i}`] = value(SESSION_FIELDS[index] as SessionField);
    });
    body[`updated_at_${n}`] = row.updated_at;
    rowKey.set(n, row.id);
    n += 1;
  }
  return { body, rowKey };
}
