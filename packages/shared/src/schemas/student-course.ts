/**
 * The applied courses of one student, on the admin student detail (SPEC §2 tab 2, §3 "Applied course per
 * student", §7 student/applicantCourse/list and /update).
 */
import { z } from 'zod';
import type { SessionNo } from '../domain/session-no';
import { MSG } from '../validation/messages';
import { codeOf, digitsOnly, recordId, text, timestamp, zeroOrPositiveInt } from '../validation/rules';
import {
  ACQUISITION_UNIT_MAX_DIGITS,
  flattenedRowsDoc,
  parseFlattenedRows,
  SESSION_NUMBERS,
  sessionValues,
} from './applicant';
import { COURSE_LIST_OFFSET_MAX_DIGITS, COURSE_SEARCH_TEXT_MAX, COURSE_SITE_IDS } from './course';

/** Rows per page of student/applicantCourse/list (paged like the course list: offset_num, is_end). */
export const STUDENT_COURSE_PAGE_SIZE = 100;

export const STUDENT_COURSE_MSG = {
  notThisStudent: 'この学生の申込ではありません',
  noApplication: 'この講座の申込が見つかりません',
  cancelled: 'キャンセル済みの申込は変更できません',
  duplicateRow: '同じ講座が複数の行にあります',
} as const;

/** GET /api/admin/student/applicantCourse/list/ */
export const studentCourseListQuerySchema = z.object({
  user_id: recordId(),
  course_name: text({ max: COURSE_SEARCH_TEXT_MAX }),
  organ: text({ max: COURSE_SEARCH_TEXT_MAX }),
  keyword: text({ max: COURSE_SEARCH_TEXT_MAX }),
  lottery_status: codeOf('CD003', { required: false }),
  attendance_status: codeOf('CD004', { required: false }),
  offset_num: digitsOnly({ max: COURSE_LIST_OFFSET_MAX_DIGITS }).transform((v) => Number(v || '0')),
  site_id: z.enum(['', ...COURSE_SITE_IDS], { error: MSG.invalidChoice }).optional(),
});
export type StudentCourseListQuery = z.output<typeof studentCourseListQuerySchema>;

/** The search form of the tab (the paging fields are the screen's). */
export const studentCourseSearchFormSchema = studentCourseListQuerySchema.omit({
  user_id: true,
  offset_num: true,
  site_id: true,
});
export type StudentCourseSearch = z.output<typeof studentCourseSearchFormSchema>;

const flag = () =>
  z
    .enum(['0', '1', ''], { error: MSG.invalidValue })
    .prefault('')
    .transform((v): '0' | '1' => (v === '1' ? '1' : '0'));

/** One row of the tab's table: the attendance of one application (lottery status is the course's business). */
export const studentCourseRowSchema = z.object({
  is_update: flag(),
  is_update_attendance: flag(),
  student_id: recordId(),
  course_id: recordId(),
  attendance_status: codeOf('CD004'),
  acquisition_unit: zeroOrPositiveInt({ required: true, maxDigits: ACQUISITION_UNIT_MAX_DIGITS }),
  ...(Object.fromEntries(SESSION_NUMBERS.map((i) => [`attendance${i}`, codeOf('CD006')])) as {
    [K in `attendance${SessionNo}`]: ReturnType<typeof codeOf>;
  }),
  updated_at: timestamp(),
});

export interface StudentCourseUpdateRow {
  n: number;
  course_id: number;
  student_id: number;
  attendance_status: string;
  acquisition_unit: number;
  attendance: string[];
  updated_at: string;
}

export const STUDENT_COURSE_ROW_FIELDS = [
  'is_update',
  'is_update_attendance',
  'student_id',
  'course_id',
  'attendance_status',
  'acquisition_unit',
  'updated_at',
] as const;

/**
 * POST /api/admin/student/applicantCourse/update/: user_id plus, per row n, is_update_{n},
 * is_update_attendance_{n}, student_id_{n} (must be user_id), course_id_{n}, attendance_status_{n},
 * acquisition_unit_{n}, attendance_{n}_{1..15}, updated_at_{n}. Fields it does not read are ignored.
 */
export const studentCourseUpdateBodySchema = z
  .object({ user_id: recordId() })
  .catchall(z.unknown())
  .meta(flattenedRowsDoc(STUDENT_COURSE_ROW_FIELDS))
  .transform((body, ctx) => {
    const parsed = parseFlattenedRows(body, ctx, {
      topLevel: ['user_id'],
      rowFields: STUDENT_COURSE_ROW_FIELDS,
      rowSchema: studentCourseRowSchema,
    });
    const rows: StudentCourseUpdateRow[] = [];
    const seen = new Set<number>();
    for (const { n, value: v } of parsed) {
      if (v.student_id !== body.user_id) {
        ctx.addIssue({
          code: 'custom',
          message: STUDENT_COURSE_MSG.notThisStudent,
          path: [`student_id_${n}`],
        });
        continue;
      }
      if (seen.has(v.course_id)) {
        ctx.addIssue({ code: 'custom', message: STUDENT_COURSE_MSG.duplicateRow, path: [`course_id_${n}`] });
        continue;
      }
      seen.add(v.course_id);
      rows.push({
        n,
        course_id: v.course_id,
        student_id: v.student_id,
        attendance_status: v.attendance_status,
        acquisition_unit: Number(v.acquisition_unit),
        attendance: sessionValues(v),
        updated_at: v.updated_at,
      });
    }
    return { user_id: body.user_id, rows };
  });
