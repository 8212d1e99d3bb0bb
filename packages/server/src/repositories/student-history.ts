import { ATTENDANCE, LOTTERY } from '@manabi/shared/codes';
import type { FirstClass } from '@manabi/shared/domain/intake';
import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../db/client';
import { courseApplications, courseFees, courseSessions, courses } from '../db/schema';
import { preparedPerDatabase } from '../db/statements';
import { sqlLiteral } from '../platform/sql';
import { earnedUnit } from './course-applications';
import { netPaidOf, receivedOnOf } from './payments';

/**
 * A student's applications as their history reads them (申込状況, 受講履歴, the top page's statuses): the
 * columns, the order and a page reader the my-page's course module builds its lists from, and the top
 * page's live applications, which the news module's top page shows.
 */

export const historyColumns = {
  course: {
    id: courses.id,
    name: courses.name,
    organ: courses.organ,
    periodFrom: courses.periodFrom,
    periodTo: courses.periodTo,
    period: courses.period,
    status: courses.status,
    isCancelable: courses.isCancelable,
    isLottery: courses.isLottery,
    capacity: courses.capacity,
    unit: courses.unit,
  },
  application: {
    id: courseApplications.id,
    lotteryStatus: courseApplications.lotteryStatus,
    // the units it counts toward the total (decision 039), null while it earns none
    acquisitionUnit: earnedUnit(),
    attendanceStatus: courseApplications.attendanceStatus,
    cancelledAt: courseApplications.cancelledAt,
    waitlistRank: courseApplications.waitlistRank,
    confirmBy: courseApplications.confirmBy,
    confirmedAt: courseApplications.confirmedAt,
    updatedAt: courseApplications.updatedAt,
    // a seat lost by the rules says which deadline it missed (decision 087)
    declineReason: courseApplications.declineReason,
    lapsedDeadline: courseApplications.lapsedDeadline,
    // a charged seat (decision 077): its charge, its net payments and how to pay (none read for the rest)
    amountDue: courseApplications.amountDue,
    payBy: courseApplications.payBy,
    paidAt: courseApplications.paidAt,
    netPaid:
      sql<number>`case when ${courseApplications.amountDue} is null then 0 else ${netPaidOf(courseApplications.id)} end`.mapWith(
        Number,
      ),
    howToPay: sql<string | null>`case when ${courseApplications.amountDue} is null then null else (
      select f.how_to_pay from ${courseFees} f where f.course_id = ${courseApplications.courseId}) end`,
    // the day the money last came in, the receipt's day (decision 085)
    receivedOn: sql<
      string | null
    >`case when ${courseApplications.amountDue} is null then null else ${receivedOnOf(courseApplications.id)} end`,
  },
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/** Newest first class day first; courses without one last. */
export const historyOrder = [sql`${courses.startDate} desc nulls last`, desc(courseApplications.id)];

/** A page of history rows matching `where`, newest course first (limit and offset may be placeholders). */
export const historyPage = (
  db: Db,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) =>
  db
    .select(historyColumns)
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .where(where)
    .orderBy(...historyOrder)
    .limit(limit)
    .offset(offset);

/** A winner who must still confirm (the top page lists these first). */
const toConfirm = and(
  eq(courseApplications.lotteryStatus, LOTTERY.WON),
  isNull(courseApplications.confirmedAt),
  isNotNull(courseApplications.confirmBy),
);

/** How many applications the top page lists (the rest are one link away, on 申込状況). */
export const TOP_COURSE_STATUS_SIZE = 5;

/** The top page's read, prepared once per database (decision 023): the student and the day are placeholders. */
const statements = preparedPerDatabase((db: Db) => {
  const studentId = sql.placeholder('studentId');
  const mine = and(eq(courseApplications.studentId, studentId), isNull(courseApplications.cancelledAt));
  // the attendance code written into the SQL, as the history pages do (decision 029)
  const notAttended = sql`${courseApplications.attendanceStatus} = ${sqlLiteral(ATTENDANCE.NOT_ATTENDED)}`;
  return {
    current: db
      .select(historyColumns)
      .from(courseApplications)
      .innerJoin(courses, eq(courses.id, courseApplications.courseId))
      .where(
        and(
          mine,
          notAttended,
          or(isNull(courses.startDate), gte(courses.startDate, sql.placeholder('today'))),
        ),
      )
      .orderBy(
        sql`case when ${toConfirm} then 0 else 1 end`,
        sql`${courseApplications.confirmBy} asc nulls last`,
        sql`${courses.startDate} asc nulls last`,
        desc(courseApplications.id),
      )
      .limit(TOP_COURSE_STATUS_SIZE)
      .prepare('mypage_current_applications'),
  };
});

type WinnerRow = { course: { id: number }; application: { lotteryStatus: string; cancelledAt: Date | null } };

/**
 * The first class of each course a live 当選 of these rows is for (its status text says when to come): one
 * indexed read of a page's few courses, none when the page holds no winner.
 */
export async function firstClassesOfWinners(
  db: Db,
  rows: readonly WinnerRow[],
): Promise<Map<number, FirstClass>> {
  const ids = rows
    .filter((r) => r.application.lotteryStatus === LOTTERY.WON && r.application.cancelledAt === null)
    .map((r) => r.course.id);
  if (ids.length === 0) return new Map();
  const found = await db
    .selectDistinctOn([courseSessions.courseId], {
      courseId: courseSessions.courseId,
      day: courseSessions.day,
      start: courseSessions.startsAt,
    })
    .from(courseSessions)
    .where(inArray(courseSessions.courseId, ids))
    .orderBy(courseSessions.courseId, courseSessions.day, courseSessions.startsAt);
  return new Map(found.map((f) => [f.courseId, { day: f.day, start: f.start }]));
}

/**
 * The top page's 「申し込んだ講座」: live applications not yet attended whose course has not begun
 * (or has no first class day yet). A winner who must still confirm comes first (soonest deadline first),
 * then by first class day; with the first class of each course won (its status text says when to come).
 */
export async function currentApplicationRows(db: Db, studentId: number, today: string) {
  const rows = await statements(db).current.execute({ studentId, today });
  return { rows, firsts: await firstClassesOfWinners(db, rows) };
}
