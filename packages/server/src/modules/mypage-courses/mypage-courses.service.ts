import type { MypageCourseDetail, MypageCourseList } from '@manabi/shared/api';
import { PUBLISH } from '@manabi/shared/codes';
import { courseFlags, WINDOW_END_MINUTE_MS } from '@manabi/shared/domain/course-rules';
import { refundRuleText } from '@manabi/shared/domain/fees';
import { MYPAGE_COURSE_PAGE_SIZE, type MypageCourseListInput } from '@manabi/shared/schemas/mypage-course';
import { and, eq, isNull, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseApplications, courseFees, courses } from '../../db/schema';
import type { StudentPrincipal } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { type Application, seatHolders } from '../../repositories/course-applications';
import {
  type CatalogCourse,
  type CatalogEntry,
  catalogCourseForStudent,
  catalogForStudent,
  categoryNames,
} from '../../repositories/course-catalog';
import { intakeOf } from '../../repositories/course-intake';
import { type SessionOut, sessionList } from '../../repositories/course-sessions';
import { defaultFeeRule, type FeeRule, netPaid, receivedOn } from '../../repositories/payments';
import { liveOf, presentCourseDetail, presentSearchItem, ruleOf } from './mypage-courses.presenter';

/**
 * The my-page's courses as the student finds them: the searches (accepting, before), read from the process's
 * course catalogue, and a course's detail with the student's flags. The student's history lists are
 * mypage-courses-history.service.ts's; applying and cancelling are mypage-courses-apply.service.ts's.
 */

const isPublic = eq(courses.status, PUBLISH.PUBLIC);

/** The student's live (not cancelled) application of the course in the outer query: at most one (unique index). */
export const liveApplicationOf = (studentId: number | Placeholder) =>
  and(
    eq(courseApplications.courseId, courses.id),
    eq(courseApplications.studentId, studentId),
    isNull(courseApplications.cancelledAt),
  );

export const pageOf = (q: MypageCourseListInput) => Math.max(1, Number(q.page) || 1);

// ---- 1. the course searches (accepting, before) ----

/** The keyword / organ condition as ILIKE '%x%' reads it: lower-cased both sides, the text taken literally. */
const containsOf = (text: string) => {
  const needle = text.trim().toLowerCase();
  return needle ? (haystack: string) => haystack.includes(needle) : null;
};

/**
 * GET /api/mypage/acceptingcourselist/ and /beforecourselist/: public courses whose application window is
 * open now (closing soonest first) or not yet open (opening soonest first), 8 a page, each with the
 * student's live application id. Non-public courses never appear. Searched in the process's course
 * catalogue (repositories/course-catalog.ts, decision 023): the conditions are the ones SQL had — the
 * keyword in the name, keyword or description and the organ contained as ILIKE does, the first class day
 * ('YYYY-MM-DD', so text order is date order) within the dates — and a page past the end is the last.
 */
export async function searchCourses(
  db: Db,
  student: StudentPrincipal,
  kind: 'accepting' | 'before',
  q: MypageCourseListInput,
  now = new Date(),
): Promise<MypageCourseList> {
  const { catalog, applied } = await catalogForStudent(db, student, now);
  const t = now.getTime();
  const keyword = containsOf(q.keyword);
  const organ = containsOf(q.organ);
  const inWindow =
    kind === 'accepting'
      ? (c: CatalogCourse) =>
          c.periodFrom !== null &&
          c.periodTo !== null &&
          c.periodFrom.getTime() <= t &&
          c.periodTo.getTime() > t - WINDOW_END_MINUTE_MS
      : (c: CatalogCourse) => c.periodFrom !== null && c.periodFrom.getTime() > t;
  const found = catalog.entries.filter(
    ({ course: c, text, organ: o }) =>
      inWindow(c) &&
      (!keyword || text.some(keyword)) &&
      (!organ || organ(o)) &&
      (!q.date_from || (c.startDate !== null && c.startDate >= q.date_from)) &&
      (!q.date_to || (c.startDate !== null && c.startDate <= q.date_to)),
  );
  // closing soonest / opening soonest first (every course found has the date: its window needs it)
  const key = kind === 'accepting' ? 'periodTo' : 'periodFrom';
  const time = (e: CatalogEntry) => e.course[key]?.getTime() ?? 0;
  found.sort((a, b) => time(a) - time(b) || a.course.id - b.course.id);
  const total = found.length;
  const page = Math.min(pageOf(q), Math.max(1, Math.ceil(total / MYPAGE_COURSE_PAGE_SIZE)));
  const start = (page - 1) * MYPAGE_COURSE_PAGE_SIZE;
  return {
    data_list: found
      .slice(start, start + MYPAGE_COURSE_PAGE_SIZE)
      .map(({ course: c, categories }) => presentSearchItem(c, categories, applied.get(c.id) ?? null)),
    total,
    page,
    page_size: MYPAGE_COURSE_PAGE_SIZE,
  };
}

// ---- 3. the detail ----

/** Live applications of a course (the capacity of first-come courses counts these). */

/**
 * GET /api/mypage/course/?id: a public course with this student's flags; non-public or unknown → 404. A
 * course of the catalogue (window not ended) is read from it; any other public course (a past one, from the
 * history) from the database.
 */
export async function getCourse(
  db: Db,
  student: StudentPrincipal,
  id: number,
  now = new Date(),
): Promise<MypageCourseDetail> {
  const { entry, application } = await catalogCourseForStudent(db, id, student, now);
  if (entry)
    return courseDetail(
      db,
      entry.course,
      entry.categories,
      entry.sessions,
      application,
      entry.waitlist,
      entry.fees ?? defaultFeeRule(entry.course.id),
      now,
    );
  const [row] = await db
    .select({
      course: courses,
      categories: categoryNames,
      sessions: sessionList,
      application: courseApplications,
      fees: courseFees,
    })
    .from(courses)
    .leftJoin(courseApplications, liveApplicationOf(student.id))
    .leftJoin(courseFees, eq(courseFees.courseId, courses.id))
    .where(and(eq(courses.id, id), isPublic));
  if (!row) throw notFound();
  const waitlist = async () => (await intakeOf(db, row.course.id)).waitlist;
  const rule = row.fees ?? defaultFeeRule(row.course.id);
  return courseDetail(db, row.course, row.categories, row.sessions, row.application, waitlist, rule, now);
}

async function courseDetail(
  db: Db,
  c: CatalogCourse,
  categories: string[],
  /** its class days, read with the course */
  sessions: SessionOut[],
  a: Application | null,
  waitlist: boolean | (() => Promise<boolean>),
  /** the course's fee rule, read with the course (the catalogue holds it) */
  rule: FeeRule,
  now: Date,
): Promise<MypageCourseDetail> {
  const needsCount = !c.isLottery && c.capacity !== null;
  const flags = courseFlags(ruleOf(c), liveOf(a), needsCount ? await seatHolders(db, c.id) : 0, now);
  // a full first-come course with a waitlist still takes applications, as 順番待ち (decision 015)
  if (
    flags.is_full &&
    a === null &&
    flags.in_period &&
    c.status === PUBLISH.PUBLIC &&
    (typeof waitlist === 'boolean' ? waitlist : await waitlist())
  )
    flags.is_disp_applybtn = true;
  // a course that asks payment: its refund rule, and the student's seat's charge (decision 077)
  const charge =
    a?.amountDue != null
      ? {
          ...a,
          netPaid: (await netPaid(db, [a.id])).get(a.id) ?? 0,
          howToPay: rule.howToPay,
          receivedOn: (await receivedOn(db, [a.id])).get(a.id) ?? null,
        }
      : null;
  const refundRule = rule.required ? refundRuleText(rule.refundDays, rule.refundNote) : '';
  return presentCourseDetail(c, categories, a, flags, sessions, { charge, refundRule });
}
