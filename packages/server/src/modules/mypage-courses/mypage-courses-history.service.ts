import type { MypageAppliedList, MypageAttendedList } from '@manabi/shared/api';
import { ATTENDANCE, LOTTERY } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { MYPAGE_COURSE_PAGE_SIZE, type MypageCourseListInput } from '@manabi/shared/schemas/mypage-course';
import { and, eq, gte, ilike, isNotNull, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseApplications, courses, students } from '../../db/schema';
import { preparedPerDatabase } from '../../db/statements';
import type { StudentPrincipal } from '../../platform/context';
import { likeContains, paged, sqlLiteral } from '../../platform/sql';
import { inHistory, unitTotal } from '../../repositories/course-applications';
import { receiptsOf } from '../../repositories/payments';
import {
  firstClassesOfWinners,
  historyColumns,
  historyOrder,
  historyPage,
} from '../../repositories/student-history';
import { carriedUnits } from '../../repositories/student-units';
import { presentHistoryRow, presentReceipts } from './mypage-courses.presenter';
import { pageOf } from './mypage-courses.service';

/**
 * The student's history on the my-page (decision 039): 申込状況, the applications not yet in 受講履歴, and
 * 受講履歴 with the unit total, each row with its receipts; the plain pages prepared once per database.
 */

/** The search form's conditions on courses: keyword (name, keyword, description), organ, first class day. */
function courseConditions(q: MypageCourseListInput): (SQL | undefined)[] {
  const keyword = q.keyword.trim();
  const organ = q.organ.trim();
  return [
    keyword
      ? or(
          ilike(courses.name, likeContains(keyword)),
          ilike(courses.keyword, likeContains(keyword)),
          ilike(courses.content, likeContains(keyword)),
        )
      : undefined,
    organ ? ilike(courses.organ, likeContains(organ)) : undefined,
    // start_date is 'YYYY-MM-DD', so text order is date order
    q.date_from ? gte(courses.startDate, q.date_from) : undefined,
    q.date_to ? lte(courses.startDate, q.date_to) : undefined,
  ];
}

// ---- 2. the student's history (applied, attended) ----

/**
 * The student's history reads as the screens first ask them (no condition, a page),
 * prepared once per database (decision 023): the student, the day and the page are placeholders.
 */
const statements = preparedPerDatabase((db: Db) => {
  const studentId = sql.placeholder('studentId');
  const mine = and(eq(courseApplications.studentId, studentId), isNull(courseApplications.cancelledAt));
  // the attendance code written into the SQL (as decision 029 does for the published flag): sent as a value,
  // each call's trial plan knew it and looked cheaper than the plan kept for every call, so PostgreSQL planned
  // every call of the attended page anew (0.3–0.6 ms, four times its running)
  const _notAttended = sql`${courseApplications.attendanceStatus} = ${sqlLiteral(ATTENDANCE.NOT_ATTENDED)}`;
  const history = inHistory(sql.placeholder('today'));
  return {
    applied: historyPage(
      db,
      and(mine, not(history)),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare('mypage_applied_page'),
    // the page's rows carry the unit total and the carried units (one statement); an empty page asks unitSum
    attended: db
      .select({ ...historyColumns, unitSum: unitTotal(studentId), carried: carriedUnits(studentId) })
      .from(courseApplications)
      .innerJoin(courses, eq(courses.id, courseApplications.courseId))
      .where(and(mine, history))
      .orderBy(...historyOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('mypage_attended_page'),
    unitSum: db
      .select({ n: unitTotal(studentId), carried: students.totalUnits })
      .from(students)
      .where(eq(students.id, studentId))
      .prepare('mypage_unit_sum'),
  };
});

/**
 * The page's charged seats: only these can hold a payment (one is refused on a seat without amount_due), so
 * a page without one reads no receipts — most students' pages, on the lists' hot path.
 */
const chargedIds = (rows: readonly { application: { id: number; amountDue: number | null } }[]) =>
  rows.filter((r) => r.application.amountDue !== null).map((r) => r.application.id);

/** No lottery box ticked and no search condition: the plain list the screen opens with. */
const isPlain = (q: MypageCourseListInput) =>
  !q.keyword.trim() &&
  !q.organ.trim() &&
  !q.date_from &&
  !q.date_to &&
  !(['1', '2', '3', '4', '5', '6'] as const).some((v) => q[`lottery_status_${v}`] === '1');

/** The prepared page reader of a plain list, in the shape `paged` calls. */
const plainPage =
  (statement: ReturnType<typeof statements>['applied'], studentId: number, today: string) =>
  (limit: number, offset: number) =>
    statement.execute({ studentId, today, limit, offset });

/**
 * GET /api/mypage/appliedcourselist/: the student's applications not in 受講履歴 (decision 039) — not yet
 * attended, or being attended (受講中) until the course's last class day has passed — newest course first.
 * No lottery box ticked: every live application; boxes ticked: those statuses, and キャンセル (4) is the
 * only way cancelled applications are listed.
 */
export async function listApplied(
  db: Db,
  student: StudentPrincipal,
  q: MypageCourseListInput,
  now = new Date(),
): Promise<MypageAppliedList> {
  const ticked = (['1', '2', '3', '4', '5', '6'] as const).filter((v) => q[`lottery_status_${v}`] === '1');
  const live = isNull(courseApplications.cancelledAt);
  const statuses =
    ticked.length === 0
      ? live
      : or(
          ...ticked.map((v) =>
            v === LOTTERY.CANCELLED
              ? or(isNotNull(courseApplications.cancelledAt), eq(courseApplications.lotteryStatus, v))
              : and(live, eq(courseApplications.lotteryStatus, v)),
          ),
        );
  const today = todayTokyo(now);
  const { rows, total, page } = await paged(
    pageOf(q),
    MYPAGE_COURSE_PAGE_SIZE,
    isPlain(q)
      ? plainPage(statements(db).applied, student.id, today)
      : (limit, offset) =>
          historyPage(
            db,
            and(
              eq(courseApplications.studentId, student.id),
              not(inHistory(today)),
              statuses,
              ...courseConditions(q),
            ),
            limit,
            offset,
          ),
  );
  const firsts = await firstClassesOfWinners(db, rows);
  const receipts = await receiptsOf(db, chargedIds(rows));
  return {
    data_list: rows.map((r) => ({
      ...presentHistoryRow(r, now, firsts.get(r.course.id) ?? null),
      receipts: presentReceipts(receipts.get(r.application.id)),
    })),
    total,
    page,
    page_size: MYPAGE_COURSE_PAGE_SIZE,
  };
}

/**
 * GET /api/mypage/attendedcourselist/: 受講履歴 (decision 039), live applications finished (受講済み) or
 * attended in a course that has ended, each with the units it earns (null for one not marked 受講済み);
 * acquisition_unit_sum is the student's unit total ({@link unitTotal}, the transcript's too), whatever the
 * search: with no search it is the sum of the rows listed over all pages.
 */
export async function listAttended(
  db: Db,
  student: StudentPrincipal,
  q: MypageCourseListInput,
  now = new Date(),
): Promise<MypageAttendedList> {
  const s = statements(db);
  const today = todayTokyo(now);
  const mine = and(eq(courseApplications.studentId, student.id), isNull(courseApplications.cancelledAt));
  const { rows, total, page } = await paged(
    pageOf(q),
    MYPAGE_COURSE_PAGE_SIZE,
    isPlain(q)
      ? plainPage(s.attended, student.id, today)
      : (limit, offset) =>
          historyPage(db, and(mine, inHistory(today), ...courseConditions(q)), limit, offset),
  );
  // the plain page's rows carry the totals; a searched or empty page asks for them
  const first = rows[0] as { unitSum?: number; carried?: number } | undefined;
  const units =
    first?.unitSum !== undefined && first.carried !== undefined
      ? { n: first.unitSum, carried: first.carried }
      : ((await s.unitSum.execute({ studentId: student.id }))[0] ?? { n: 0, carried: 0 });
  const receipts = await receiptsOf(db, chargedIds(rows));
  return {
    data_list: rows.map((r) => ({
      ...presentHistoryRow(r, now),
      receipts: presentReceipts(receipts.get(r.application.id)),
    })),
    acquisition_unit_sum: units.n,
    carried_units: units.carried,
    total,
    page,
    page_size: MYPAGE_COURSE_PAGE_SIZE,
  };
}
