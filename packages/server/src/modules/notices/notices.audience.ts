import { APPROVAL, LOTTERY, PUBLISH } from '@manabi/shared/codes';
import { and, Column, eq, gte, is, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { courseApplications, notices, students } from '../../db/schema';
import { qualified, sqlLiteral } from '../../platform/sql';

export interface AudienceMember {
  id: number;
  generationId: string | null;
}

/**
 * The one definition of who a notice is addressed to (decision 008), written over two sides that are
 * each either columns or known values: the notice (published_to, generation_id, course_id,
 * lottery_status) and the student (id, generation_id). The my-page puts the notice's columns against
 * the logged-in student's values; the publisher list and the notice mail put one notice's values
 * against the students' columns. Addressed = everyone (1), their generation (2), or a course they have
 * a live application to — with the chosen lottery status if one is set (3) — or them alone (4, the
 * intake cycle's personal results).
 */
type Operand = Column | SQL | string | number | null;
export interface NoticeTarget {
  publishedTo: Operand;
  generationId: Operand;
  courseId: Operand;
  lotteryStatus: Operand;
  /** published_to 4: the one student a personal notice of the intake cycle is for (decision 015) */
  studentId: Operand;
}
export interface StudentSide {
  id: Operand;
  generationId: Operand;
}

/** Columns are always written table-qualified: these pieces go inside correlated subqueries. */
const q = (x: Operand): SQL | string | number | null =>
  is(x, Column) ? qualified(x.table, x) : (x as SQL | string | number | null);

const ca = (column: Column) => qualified(courseApplications, column);

/** A live application: not cancelled (cancelled_at set or lottery status 4, either marker alone). */
const liveApplication = sql`${ca(courseApplications.cancelledAt)} is null and ${ca(courseApplications.lotteryStatus)} <> ${sqlLiteral(LOTTERY.CANCELLED)}`;

export function addressedTo(notice: NoticeTarget, student: StudentSide): SQL {
  return sql`(${sql.join(addressedArms(notice, student), sql` or `)})`;
}

/**
 * addressedTo's four ways, one condition each, in the order of published_to (1 everyone, 2 generation,
 * 3 course, 4 personal): addressedTo is their disjunction. Each implies its published_to, so a my-page read
 * can ask each way by itself (a plain index read that PostgreSQL plans once, decision 029) and take the
 * union: the same rule, not a second one.
 */
export function addressedArms(notice: NoticeTarget, student: StudentSide): [SQL, SQL, SQL, SQL] {
  return [
    sql`${q(notice.publishedTo)} = 1`,
    sql`(${q(notice.publishedTo)} = 2 and ${q(student.generationId)} = ${q(notice.generationId)})`,
    sql`(${q(notice.publishedTo)} = 3 and exists (
      select 1 from ${courseApplications}
      where ${ca(courseApplications.courseId)} = ${q(notice.courseId)}
        and ${ca(courseApplications.studentId)} = ${q(student.id)}
        and ${liveApplication}
        and (cast(${q(notice.lotteryStatus)} as varchar) is null
          or ${ca(courseApplications.lotteryStatus)} = ${q(notice.lotteryStatus)})
    ))`,
    sql`(${q(notice.publishedTo)} = 4 and ${q(notice.studentId)} = ${q(student.id)})`,
  ];
}

/** The notice side as columns of `notices` (the my-page lists). */
export const noticeColumns: NoticeTarget = {
  publishedTo: notices.publishedTo,
  generationId: notices.generationId,
  courseId: notices.courseId,
  lotteryStatus: notices.lotteryStatus,
  studentId: notices.studentId,
};

/** The student side as columns of `students` (the publisher list, the notice mail). */
export const studentColumns: StudentSide = { id: students.id, generationId: students.generationId };

/** One notice's target as values (the publisher list and the mail read the notice first). */
export const noticeValues = (n: typeof notices.$inferSelect): NoticeTarget => ({
  publishedTo: n.publishedTo,
  generationId: n.generationId,
  courseId: n.courseId,
  lotteryStatus: n.lotteryStatus,
  studentId: n.studentId,
});

/**
 * Students who can see the my-page at all: approved, with a login id, login not refused (the student
 * guard's own conditions). The publisher list and the mail take only these.
 */
export const audienceStudents = and(
  eq(students.approvalStatus, APPROVAL.APPROVED),
  sql`${students.loginId} is not null`,
  eq(students.isRejection, false),
) as SQL;

/**
 * Published (CD007 '1') and inside its period now (`now` a placeholder in prepared statements). The '1' is
 * written into the SQL, not sent as a value: notices_visible_idx is partial on it, and a plan made once for
 * every value (a prepared statement's generic plan) could not use that index for a value it does not know.
 */
export function shownAt(now: Date | Placeholder = new Date()): SQL {
  return and(
    sql`${notices.isControl} = ${sqlLiteral(PUBLISH.PUBLIC)}`,
    or(isNull(notices.periodFrom), lte(notices.periodFrom, now)),
    or(isNull(notices.periodTo), gte(notices.periodTo, now)),
  ) as SQL;
}

/**
 * A notice reaches a student only if it is published (CD007 '1'), inside its period, and addressed to
 * them (addressedTo). The publisher list (admin) uses the same addressedTo.
 */
export function visibleTo(student: AudienceMember, now: Date = new Date()): SQL {
  return and(
    shownAt(now),
    addressedTo(noticeColumns, { id: student.id, generationId: student.generationId }),
  ) as SQL;
}

/** The date a notice is shown with: its publication start, or when it was written. */
export const noticeDate = sql<string>`to_char(coalesce(${notices.periodFrom}, ${notices.createdAt}) at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
