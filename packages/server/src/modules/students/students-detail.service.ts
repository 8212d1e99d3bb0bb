import type { StudentAppliedCourse, StudentAppliedCourseList } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { sessionAttendance } from '@manabi/shared/schemas/applicant';
import {
  STUDENT_COURSE_MSG,
  STUDENT_COURSE_PAGE_SIZE,
  type StudentCourseListQuery,
  type StudentCourseUpdateRow,
} from '@manabi/shared/schemas/student-course';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { adminUsers, courseApplications, courses, students } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { likeContains } from '../../platform/sql';
import { latestApplication, updateAttendance } from '../../repositories/course-applications';
import { siteIs } from '../../repositories/course-columns';
import { studentUnits } from '../../repositories/student-units';
import { presentStudent } from './students.presenter';

/** A student by id; 404 when missing (SPEC §8: the screens then go to /admin/404). */
export async function loadStudent(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(students).where(eq(students.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * GET /api/admin/student/detail/?user_id= — any student, pending and rejected ones included (the approval
 * screen reads them too); the detail screen itself sends unapproved students to /admin/404.
 */
export async function getStudentDetail(db: DbOrTx, userId: number) {
  const [student, units] = await Promise.all([loadStudent(db, userId), studentUnits(db, userId)]);
  return presentStudent(student, units);
}

const contains = (column: Parameters<typeof ilike>[0], value: string) =>
  value ? ilike(column, likeContains(value)) : undefined;

type Application = typeof courseApplications.$inferSelect;

function presentAppliedCourse(
  a: Application,
  c: { name: string; universityId: string | null },
  enteredBy: string | null,
): StudentAppliedCourse {
  return {
    id: a.id,
    course_id: a.courseId,
    course_name: c.name,
    student_id: a.studentId,
    univ_id: c.universityId,
    lottery_status: a.lotteryStatus,
    lottery_status_text: codeText('CD003', a.lotteryStatus),
    how_apply: a.howApply,
    how_apply_text: codeText('CD005', a.howApply),
    entered_by: enteredBy ?? '',
    attendance_status: a.attendanceStatus,
    attendance_status_text: codeText('CD004', a.attendanceStatus),
    attendance_updated_date: a.attendanceUpdatedAt?.toISOString() ?? null,
    acquisition_unit: a.acquisitionUnit,
    ...sessionAttendance(a.attendance),
    updated_at: a.updatedAt.toISOString(),
  };
}

/**
 * GET /api/admin/student/applicantCourse/list/ — one student's applications (cancelled ones included, they
 * say so), newest course first, paged like the course list (offset_num, site_id 4 = the programme's own
 * courses, 11 = partner universities; is_end). An indexed query on the student's applications.
 */
export async function listStudentCourses(
  db: Db,
  q: StudentCourseListQuery,
): Promise<StudentAppliedCourseList> {
  await loadStudent(db, q.user_id);
  const rows = await db
    .select({
      a: courseApplications,
      c: { name: courses.name, universityId: courses.universityId },
      enteredBy: adminUsers.name,
    })
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .leftJoin(adminUsers, eq(adminUsers.id, courseApplications.enteredBy))
    .where(
      and(
        eq(courseApplications.studentId, q.user_id),
        contains(courses.name, q.course_name),
        contains(courses.organ, q.organ),
        contains(courses.keyword, q.keyword),
        q.lottery_status ? eq(courseApplications.lotteryStatus, q.lottery_status) : undefined,
        q.attendance_status ? eq(courseApplications.attendanceStatus, q.attendance_status) : undefined,
        siteIs(q.site_id),
      ),
    )
    .orderBy(sql`${courses.periodFrom} desc nulls last`, desc(courseApplications.id))
    .limit(STUDENT_COURSE_PAGE_SIZE + 1)
    .offset(q.offset_num * STUDENT_COURSE_PAGE_SIZE);
  return {
    data_list: rows
      .slice(0, STUDENT_COURSE_PAGE_SIZE)
      .map((r) => presentAppliedCourse(r.a, r.c, r.enteredBy)),
    is_end: rows.length <= STUDENT_COURSE_PAGE_SIZE,
  };
}

/**
 * POST /api/admin/student/applicantCourse/update/ — the ticked rows' attendance (status, units, 15
 * sessions), all or none: a row of another student or course is 422 on its field, a stale one 409.
 */
export async function updateStudentCourses(
  db: Db,
  actor: Actor,
  input: { user_id: number; rows: StudentCourseUpdateRow[] },
) {
  return db.transaction(async (tx) => {
    await loadStudent(tx, input.user_id);
    const now = new Date();
    const changed: number[] = [];
    for (const row of input.rows) {
      const current = await latestApplication(tx, row.course_id, input.user_id);
      if (!current) throw invalid(`course_id_${row.n}`, STUDENT_COURSE_MSG.noApplication);
      if (current.cancelledAt !== null)
        throw invalid(`attendance_status_${row.n}`, STUDENT_COURSE_MSG.cancelled);
      // any stale row throws: the whole batch rolls back
      const done = await updateAttendance(
        tx,
        current,
        {
          attendanceStatus: row.attendance_status,
          acquisitionUnit: row.acquisition_unit,
          attendance: row.attendance,
        },
        { seen: row.updated_at, now },
      );
      changed.push(done.id);
    }
    if (changed.length) {
      await audit(tx, {
        actor,
        action: 'update_batch',
        entity: 'course_application',
        detail: {
          student_id: input.user_id,
          ids: changed,
        },
      });
    }
    return { result: true as const, count: changed.length };
  });
}
