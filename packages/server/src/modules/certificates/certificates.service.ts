import { todayTokyo } from '@manabi/shared/domain/dates';
import {
  CERTIFICATES_MAX,
  type Certificate,
  type CourseCertificates,
  type Transcript,
} from '@manabi/shared/schemas/certificate';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseApplications, courseSessions, courses, students } from '../../db/schema';
import type { StudentPrincipal } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { qualified } from '../../platform/sql';
import { earnsUnits } from '../../repositories/course-applications';
import { studentUnits } from '../../repositories/student-units';
import { type FinishedRow, presentCertificate, presentTranscriptItem } from './certificates.presenter';

/**
 * What a certificate and the transcript certify: the applications that earn units (decision 039: live and
 * 受講済み). 受講中 is not finished, and a cancelled application certifies nothing.
 */
const finished = earnsUnits();

/**
 * The first or last day of the course's dated sessions ('YYYY-MM-DD', text so no driver turns it into a
 * Date), null without sessions. A subquery of the one statement, so the transcript of many courses is still
 * one read (repositories/course-sessions.ts `sessionsOf` reads one course's list).
 */
const sessionDay = (fn: 'min' | 'max') =>
  sql<
    string | null
  >`(select ${sql.raw(fn)}(${qualified(courseSessions, courseSessions.day)})::text from ${courseSessions} where ${qualified(courseSessions, courseSessions.courseId)} = ${qualified(courses, courses.id)})`;
const firstDay = sessionDay('min');

const finishedColumns = {
  applicationId: courseApplications.id,
  attendance: courseApplications.attendance,
  acquisitionUnit: courseApplications.acquisitionUnit,
  courseId: courses.id,
  courseName: courses.name,
  organ: courses.organ,
  period: courses.period,
  startDate: courses.startDate,
  allTimes: courses.allTimes,
  firstDay,
  lastDay: sessionDay('max'),
  loginId: students.loginId,
  name: students.name,
  nameKana: students.nameKana,
};

/** The finished applications matching `where`, with their course, student and session days. */
const finishedRows = (db: Db, where: SQL | undefined) =>
  db
    .select(finishedColumns)
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .innerJoin(students, eq(students.id, courseApplications.studentId))
    .where(and(finished, where));

/**
 * GET /api/mypage/certificate/?id: the session's student's certificate of the course. Not an applicant, not
 * finished, cancelled or no such course: the same 404, so the answer tells nothing about other courses.
 */
export async function getMyCertificate(
  db: Db,
  student: StudentPrincipal,
  courseId: number,
  now = new Date(),
): Promise<Certificate> {
  const [row] = await finishedRows(
    db,
    and(eq(courseApplications.studentId, student.id), eq(courseApplications.courseId, courseId)),
  );
  if (!row) throw notFound();
  return presentCertificate(row, todayTokyo(now));
}

/**
 * GET /api/admin/course/certificates/?id: a certificate for every 受講済み student of the course, in 学生番号
 * order, for printing in bulk. Authority 1 only (the route's guard: SPEC §6 keeps attendance and units from
 * authority 2). One read of at most CERTIFICATES_MAX rows, not streamed: a course has at most
 * a few thousand students, and `total` tells the page if any were left out.
 */
export async function listCourseCertificates(
  db: Db,
  courseId: number,
  { now = new Date(), max = CERTIFICATES_MAX }: { now?: Date; max?: number } = {},
): Promise<CourseCertificates> {
  const [course] = await db
    .select({ id: courses.id, name: courses.name, universityId: courses.universityId })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw notFound();
  const rows = await finishedRows(db, eq(courseApplications.courseId, courseId))
    .orderBy(sql`${students.loginId} asc nulls last`, asc(courseApplications.id))
    .limit(max + 1);
  const total =
    rows.length > max
      ? ((
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(courseApplications)
            .where(and(finished, eq(courseApplications.courseId, courseId)))
        )[0]?.n ?? rows.length)
      : rows.length;
  const issuedOn = todayTokyo(now);
  return {
    course_id: course.id,
    course_name: course.name,
    total,
    data_list: rows.slice(0, max).map((r) => presentCertificate(r, issuedOn)),
  };
}

/**
 * GET /api/mypage/transcript/: every course the student finished with its units, and their total; first
 * class day first (the first dated session, else the course's 開始日; undated courses last).
 *
 * Not the attended list (GET /api/mypage/attendedcourselist/): that one is a page of 8, newest first, and
 * lists ended 受講中 courses too (without units) — a transcript certifies finished courses only, all of them,
 * in the order they were taken. Both totals are unitTotal's (decision 039): the sum of the rows printed; the
 * units carried from before come beside it (studentUnits, decision 089).
 */
export async function getTranscript(
  db: Db,
  student: StudentPrincipal,
  now = new Date(),
): Promise<Transcript> {
  const [me] = await db
    .select({ loginId: students.loginId, name: students.name, nameKana: students.nameKana })
    .from(students)
    .where(eq(students.id, student.id));
  if (!me) throw notFound();
  // the office's student detail reads the same two figures
  const units = await studentUnits(db, student.id);
  const rows: FinishedRow[] = await finishedRows(db, eq(courseApplications.studentId, student.id)).orderBy(
    sql`coalesce(${firstDay}, ${courses.startDate}) asc nulls last`,
    asc(courseApplications.id),
  );
  const data = rows.map(presentTranscriptItem);
  return {
    login_id: me.loginId ?? student.loginId,
    name: me.name,
    name_kana: me.nameKana,
    issued_on: todayTokyo(now),
    // the student's one unit total (the 受講履歴's too); the rows are exactly what it sums
    acquisition_unit_sum: units.earned,
    carried_units: units.carried,
    data_list: data,
  };
}
