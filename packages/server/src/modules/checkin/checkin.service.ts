import { ATTENDANCE, codeText, LOTTERY, SESSION_ATTENDANCE } from '@manabi/shared/codes';
import { todayTokyo, tokyoParts } from '@manabi/shared/domain/dates';
import {
  CHECKIN_MISSING_MAX,
  CHECKIN_MSG,
  type CheckinCode,
  type CheckinCourses,
  type CheckinInput,
  type CheckinMissing,
  type CheckinResult,
} from '@manabi/shared/schemas/checkin';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseApplications, courseSessions, courses, students } from '../../db/schema';
import { appSecret } from '../../platform/app-secrets';
import { type Actor, type AuditEntity, audit } from '../../platform/audit';
import type { AdminPrincipal, StudentPrincipal } from '../../platform/context';
import { type AppError, invalid, notFound } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import { liveApplication, updateAttendance } from '../../repositories/course-applications';
import { attendsCourse, classHeadCount } from '../../repositories/course-sessions';
import { makeCode, readCode } from './checkin.code';

/**
 * QR check-in at the venue. The student's my-page shows a code that changes every minute
 * (checkin.code.ts); the office scans it, or types the 学生番号, and today's session of the chosen course
 * is recorded 出席 on the student's application — the same attendance n the 15-session table shows.
 */

/** the name of the key in app_secrets that signs check-in codes */
const SECRET = 'checkin';
/** course_applications_unit_range */
const UNIT_MAX = 99_999;

// ---- the student ID's code ----

export async function checkinCode(db: Db, student: StudentPrincipal, now = new Date()): Promise<CheckinCode> {
  const { code, expiresAt } = makeCode(await appSecret(db, SECRET), student.id, now);
  return { code, expires_at: expiresAt.toISOString() };
}

// ---- today's sessions ----

/** SPEC §6: authority 2 sees only its university's courses (none without a university). */
function visibleTo(admin: AdminPrincipal): SQL | undefined {
  if (admin.authority === 1) return undefined;
  return admin.universityId ? eq(courses.universityId, admin.universityId) : sql`false`;
}

export async function listTodaySessions(
  db: Db,
  admin: AdminPrincipal,
  now = new Date(),
): Promise<CheckinCourses> {
  const today = todayTokyo(now);
  const rows = await db
    .select({
      course_id: courses.id,
      course_name: courses.name,
      session_no: courseSessions.no,
      day: courseSessions.day,
      start: courseSessions.startsAt,
      end: courseSessions.endsAt,
      room: courseSessions.room,
      venue: courses.venue,
      ...classHeadCount(),
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(courseSessions.day, today), visibleTo(admin)))
    .orderBy(asc(courseSessions.startsAt), asc(courses.name), asc(courses.id), asc(courseSessions.no));
  return { today, data_list: rows };
}

// ---- who is still missing ----

/**
 * GET /api/admin/checkin/missing/: for one of today's sessions of a course, the students expected in class
 * (attendsCourse, the counter's `expected`) not yet recorded 出席 for it — name, kana, phone, 学生番号 —
 * in kana order, bounded by CHECKIN_MISSING_MAX (a course seats a few hundred at most), with the total.
 * The phone goes to authority 1 only (a partner university gets names, not contact details: SPEC §6).
 * One indexed read of the course's applications (course_applications_course_idx). A session that is not
 * today is refused on session_no, as a check-in would be; a missing course is 404, another university's 403.
 */
export async function listMissing(
  db: Db,
  admin: AdminPrincipal,
  q: { course_id: number; session_no: number },
  now = new Date(),
): Promise<CheckinMissing> {
  const [course] = await db
    .select({ id: courses.id, universityId: courses.universityId })
    .from(courses)
    .where(eq(courses.id, q.course_id));
  if (!course) throw notFound();
  assertUniversityAccess(admin, course.universityId);
  const [session] = await db
    .select({ no: courseSessions.no })
    .from(courseSessions)
    .where(
      and(
        eq(courseSessions.courseId, course.id),
        eq(courseSessions.no, q.session_no),
        eq(courseSessions.day, todayTokyo(now)),
      ),
    );
  if (!session) throw invalid('session_no', CHECKIN_MSG.noSession);
  const rows = await db
    .select({
      login_id: sql<string>`coalesce(${students.loginId}, '')`,
      name: students.name,
      name_kana: students.nameKana,
      phone: sql<string>`coalesce(nullif(${students.phone1}, ''), ${students.phone2})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(courseApplications)
    .innerJoin(students, eq(students.id, courseApplications.studentId))
    .where(
      and(
        eq(courseApplications.courseId, course.id),
        attendsCourse,
        sql`${courseApplications.attendance}[cast(${session.no} as integer)] is distinct from ${SESSION_ATTENDANCE.PRESENT}`,
      ),
    )
    .orderBy(asc(students.nameKana), asc(students.loginId), asc(students.id))
    .limit(CHECKIN_MISSING_MAX);
  const withPhone = admin.authority === 1;
  return {
    session_no: session.no,
    total: rows[0]?.total ?? 0,
    data_list: rows.map(({ total: _, phone, ...row }) => (withPhone ? { ...row, phone } : row)),
  };
}

// ---- one check-in ----

const minutesOf = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));

/**
 * Of a course's sessions today, the one whose time is nearest `now` (0 while it runs; the lower number on
 * a tie): a course that meets twice in a day is checked in to the class about to start or under way.
 */
export function nearestSession<S extends { no: number; start: string; end: string }>(
  sessions: readonly S[],
  now: Date,
): S | undefined {
  const p = tokyoParts(now);
  const at = Number(p.hour) * 60 + Number(p.minute);
  const distance = (s: S) => {
    const start = minutesOf(s.start);
    const end = minutesOf(s.end);
    return at < start ? start - at : at > end ? at - end : 0;
  };
  let best: S | undefined;
  for (const s of sessions) {
    if (!best || distance(s) < distance(best) || (distance(s) === distance(best) && s.no < best.no)) best = s;
  }
  return best;
}

/** A refused check-in: the answer to send, and why (for the audit row written outside the transaction). */
class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly answer: AppError,
    readonly about: { entity: AuditEntity; id: number; studentId?: number },
  ) {
    super(reason);
  }
}

/**
 * Records 出席 for today's session of the course: the student shown by the code (or typed 学生番号) must
 * hold a seat. In one transaction with the application's row locked: attendance n = 出席, 未受講 → 受講中,
 * the course's units added once; a student already 出席 for that session is answered `already` and nothing
 * changes (two scans at once: the second waits for the lock and then sees 出席). Every scan leaves an audit
 * row: `check_in` with the outcome, or `check_in_refused` with the reason, written on its own after the
 * refused work rolled back.
 */
export async function checkIn(
  db: Db,
  admin: AdminPrincipal,
  input: CheckinInput,
  now = new Date(),
): Promise<CheckinResult> {
  const field = input.code !== '' ? 'code' : 'login_id';
  const actor: Actor = { kind: 'admin', id: admin.id };
  const trail = { course_id: input.course_id, via: field === 'code' ? 'qr' : 'manual' };
  try {
    return await tryCheckIn(db, admin, input, field, actor, trail, now);
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    await audit(db, {
      actor,
      action: 'check_in_refused',
      entity: err.about.entity,
      entityId: err.about.id,
      detail: {
        ...trail,
        ...(err.about.studentId === undefined ? {} : { student_id: err.about.studentId }),
        // a code, not anyone's words: `reason` is the office's free text, kept by reference (decision 081)
        refusal: err.reason,
      },
    });
    throw err.answer;
  }
}

async function tryCheckIn(
  db: Db,
  admin: AdminPrincipal,
  input: CheckinInput,
  field: 'code' | 'login_id',
  actor: Actor,
  trail: Record<string, unknown>,
  now: Date,
): Promise<CheckinResult> {
  const course = await courseToCheckIn(db, admin, input.course_id);
  const session = await sessionNow(db, course.id, field, now);
  const student = await studentScanned(db, input, field, now);
  const who = { login_id: student.loginId, name: student.name, name_kana: student.nameKana };
  const result = await db.transaction((tx) =>
    markPresent(tx, { course, sessionNo: session.no, studentId: student.id, field, actor, trail, now }),
  );
  return { result, session_no: session.no, student: who };
}

const aboutCourse = (courseId: number) => ({ entity: 'course' as const, id: courseId });

/** The course checked in to: it exists and the admin may see it. */
async function courseToCheckIn(db: Db, admin: AdminPrincipal, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, unit: courses.unit, universityId: courses.universityId })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw new Refused('no_course', notFound(), aboutCourse(courseId));
  try {
    assertUniversityAccess(admin, course.universityId);
  } catch (err) {
    throw new Refused('forbidden', err as AppError, aboutCourse(courseId));
  }
  return course;
}

/** The course's session today nearest `now` (nearestSession). */
async function sessionNow(db: Db, courseId: number, field: 'code' | 'login_id', now: Date) {
  const today = await db
    .select({ no: courseSessions.no, start: courseSessions.startsAt, end: courseSessions.endsAt })
    .from(courseSessions)
    .where(and(eq(courseSessions.courseId, courseId), eq(courseSessions.day, todayTokyo(now))));
  const session = nearestSession(today, now);
  if (!session) throw new Refused('no_session', invalid(field, CHECKIN_MSG.noSession), aboutCourse(courseId));
  return session;
}

/** Who: the student the code was made for, or the 学生番号 typed — one with a 学生番号. */
async function studentScanned(db: Db, input: CheckinInput, field: 'code' | 'login_id', now: Date) {
  let studentId: number | undefined;
  if (field === 'code') {
    const reading = readCode(await appSecret(db, SECRET), input.code, now);
    if (!reading.ok) {
      throw new Refused(reading.reason, invalid(field, CHECKIN_MSG[reading.reason]), {
        ...aboutCourse(input.course_id),
        ...(reading.reason === 'expired' ? { studentId: reading.studentId } : {}),
      });
    }
    studentId = reading.studentId;
  }
  const [student] = await db
    .select({ id: students.id, loginId: students.loginId, name: students.name, nameKana: students.nameKana })
    .from(students)
    .where(studentId === undefined ? eq(students.loginId, input.login_id) : eq(students.id, studentId));
  if (!student?.loginId)
    throw new Refused('not_applicant', invalid(field, CHECKIN_MSG.notApplicant), {
      ...aboutCourse(input.course_id),
      studentId,
    });
  return { ...student, loginId: student.loginId };
}

/**
 * In the transaction: the student's live application, locked, must hold a confirmed seat; attendance n
 * becomes 出席 (or the scan is answered `already`), with its audit row.
 */
async function markPresent(
  tx: Tx,
  step: {
    course: { id: number; unit: number };
    sessionNo: number;
    studentId: number;
    field: 'code' | 'login_id';
    actor: Actor;
    trail: Record<string, unknown>;
    now: Date;
  },
): Promise<CheckinResult['result']> {
  const { course, sessionNo, studentId, field, actor, trail, now } = step;
  const application = await liveApplication(tx, course.id, studentId);
  const about = (id: number) => ({ entity: 'course_application' as const, id, studentId });
  if (!application)
    throw new Refused('not_applicant', invalid(field, CHECKIN_MSG.notApplicant), {
      ...aboutCourse(course.id),
      studentId,
    });
  if (application.lotteryStatus !== LOTTERY.WON)
    throw new Refused(
      'not_won',
      invalid(field, CHECKIN_MSG.notWon(codeText('CD003', application.lotteryStatus))),
      about(application.id),
    );
  if (application.confirmBy && !application.confirmedAt)
    throw new Refused('not_confirmed', invalid(field, CHECKIN_MSG.notConfirmed), about(application.id));

  const detail = { ...trail, student_id: studentId, session_no: sessionNo };
  const index = sessionNo - 1;
  if (application.attendance[index] === SESSION_ATTENDANCE.PRESENT) {
    await audit(tx, {
      actor,
      action: 'check_in',
      entity: 'course_application',
      entityId: application.id,
      detail: {
        ...detail,
        result: 'already',
      },
    });
    return 'already' as const;
  }
  await updateAttendance(
    tx,
    application,
    {
      attendance: application.attendance.map((v, i) => (i === index ? SESSION_ATTENDANCE.PRESENT : v)),
      attendanceStatus:
        application.attendanceStatus === ATTENDANCE.NOT_ATTENDED
          ? ATTENDANCE.ATTENDING
          : application.attendanceStatus,
      acquisitionUnit: Math.min(UNIT_MAX, application.acquisitionUnit + course.unit),
    },
    // the row is locked: the version read is the current one
    { seen: application.updatedAt.toISOString(), now },
  );
  await audit(tx, {
    actor,
    action: 'check_in',
    entity: 'course_application',
    entityId: application.id,
    detail: { ...detail, result: 'ok' },
  });
  return 'ok' as const;
}
