import type { SessionAttendance, StudentAppliedCourse } from '@manabi/shared/api';
import { studentCourseUpdateBodySchema } from '@manabi/shared/schemas/student-course';
import { describe, expect, it } from 'vitest';
import { cellErrors, NO_EDITS } from '../attendance/table-editing';
import { buildStudentCourseUpdate, studentCourseEditing } from './student-course-table';

const { editCell, tickRow, isRowTicked } = studentCourseEditing;

const course = (id: number, patch: Partial<StudentAppliedCourse> = {}): StudentAppliedCourse => ({
  id,
  course_id: id * 10,
  course_name: `講座${id}`,
  student_id: 7,
  univ_id: null,
  lottery_status: '2',
  lottery_status_text: '当選',
  how_apply: '1',
  how_apply_text: 'マイページ',
  entered_by: '',
  attendance_status: '1',
  attendance_status_text: '未受講',
  attendance_updated_date: null,
  acquisition_unit: 0,
  ...(Object.fromEntries(
    Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, '0']),
  ) as SessionAttendance),
  updated_at: `2026-11-2${id}T00:00:00.000Z`,
  ...patch,
});

describe('student applied-course table', () => {
  it('builds the SPEC §7 body the shared schema (and so the server) accepts, rows keyed by application', () => {
    const a = course(1);
    const b = course(2);
    let edits = editCell(NO_EDITS, a, 'attendance_status', '3');
    edits = editCell(edits, b, 'attendance2', '1');
    edits = editCell(edits, b, 'acquisition_unit', '4');
    expect(isRowTicked(a, edits)).toBe(true);
    const { body, rowKey } = buildStudentCourseUpdate(7, [a, b], edits);
    expect(body).toMatchObject({
      user_id: 7,
      course_id_0: 10,
      student_id_0: 7,
      attendance_status_0: '3',
      course_id_1: 20,
    });
    const parsed = studentCourseUpdateBodySchema.parse(body);
    expect(
      parsed.rows.map((r) => [r.course_id, r.attendance_status, r.acquisition_unit, r.attendance[1]]),
    ).toEqual([
      [10, '3', 0, '0'],
      [20, '1', 4, '1'],
    ]);
    expect([...rowKey]).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('never sends a cancelled application, even ticked', () => {
    const cancelled = course(3, { lottery_status: '4' });
    const edits = tickRow(NO_EDITS, cancelled, true);
    expect(buildStudentCourseUpdate(7, [cancelled], edits).body).toEqual({ user_id: 7 });
  });

  it('puts course_id and cell errors on the right application', () => {
    const errors = cellErrors(
      [
        { name: 'course_id_1', msg: 'x' },
        { name: 'attendance_0_4', msg: 'y' },
      ],
      new Map([
        [0, 1],
        [1, 2],
      ]),
    );
    expect(errors.get(2)?.get('row')).toBe('x');
    expect(errors.get(1)?.get('attendance4')).toBe('y');
  });
});
