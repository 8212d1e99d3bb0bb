import { and, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { courseApplications, notices } from '../../db/schema';

export interface AudienceMember {
  id: number;
  generationId: string | null;
}

/**
 * A notice reaches a student only if it is published (CD007 '1'), inside its period, and aimed at
 * them: everyone (1), their generation (2), or a course they applied to — and not cancelled — with
 * the chosen lottery status if one is set (3). The publisher list (admin) uses the same rule.
 */
export function visibleTo(student: AudienceMember, now: Date = new Date()): SQL {
  const appliedToCourse = sql`exists (
    select 1 from ${courseApplications}
    where ${courseApplications.courseId} = ${notices.courseId}
      and ${courseApplications.studentId} = ${student.id}
      and ${courseApplications.cancelledAt} is null
      and (${notices.lotteryStatus} is null or ${courseApplications.lotteryStatus} = ${notices.lotteryStatus})
  )`;
  return and(
    eq(notices.isControl, '1'),
    or(isNull(notices.periodFrom), lte(notices.periodFrom, now)),
    or(isNull(notices.periodTo), gte(notices.periodTo, now)),
    or(
      eq(notices.publishedTo, 1),
      student.generationId
        ? and(eq(notices.publishedTo, 2), eq(notices.generationId, student.generationId))
        : undefined,
      and(eq(notices.publishedTo, 3), appliedToCourse),
    ),
  ) as SQL;
}

/** The date a notice is shown with: its publication start, or when it was written. */
export const noticeDate = sql<string>`to_char(coalesce(${notices.periodFrom}, ${notices.createdAt}) at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`;
