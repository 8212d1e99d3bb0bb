import { ID_MAX } from '@manabi/shared';
import type { NoticeCourseList, NoticeList, PublisherList } from '@manabi/shared/api';
import { LOTTERY, PERSONAL_NOTICE } from '@manabi/shared/codes';
import { COURSE_LIST_PAGE_SIZE } from '@manabi/shared/schemas/course';
import {
  type NoticeListQueryParsed,
  type NoticeListSort,
  PUBLISHED_TO,
  type PublisherListQueryParsed,
  type PublisherListSort,
} from '@manabi/shared/schemas/notice';
import { and, asc, desc, eq, ilike, isNotNull, isNull, like, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  courseApplications,
  courses,
  noticeCategories,
  noticeReads,
  notices,
  students,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { keyContains, likeContains, likePrefix, paged } from '../../platform/sql';
import { noticeDelivery } from '../../repositories/contact-list';
import { siteIs } from '../../repositories/course-columns';
import { addressedTo, audienceStudents, noticeValues, studentColumns } from './notices.audience';
import {
  presentNotice,
  presentNoticeCourseRow,
  presentNoticeRow,
  presentPublisherRow,
} from './notices.presenter';

/**
 * Admin notices (SPEC §2 "Notices", §7 "Admin notices"), the reads: the course search of the form's modal,
 * the list, the detail and the publisher list — the notice's audience with read times. Who a notice is
 * addressed to is notices.audience.ts's one definition (decision 008). The form's saves and its confirm
 * step's count are notices-form.service.ts; whom a notice reaches and its mail, notices-mail.service.ts.
 */

const contains = (column: Parameters<typeof ilike>[0], value: string | undefined) => {
  const v = value?.trim();
  return v ? ilike(column, likeContains(v)) : undefined;
};
/** A digits-only id from a search or a form; beyond an integer it names nothing. */
export const idOf = (digits: string) => {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n >= 1 && n <= ID_MAX ? n : null;
};
const directed = (column: SQL | AnyPgColumn, dir: string) =>
  sql`${column} ${sql.raw(dir === 'desc' ? 'desc' : 'asc')} nulls last`;

// ---- 1. the course search of the notice form's modal ----

export interface NoticeCourseFilter {
  course_name?: string;
  univ_id?: string;
  id?: string;
  offset_num: number;
  site_id?: string;
}

/**
 * GET /api/admin/notice/course/list/: 100 a page as the course list, newest application start first, any
 * publish state (a notice may address the applicants of a closed course). `id` is the course code.
 */
export async function listNoticeCourses(db: Db, q: NoticeCourseFilter): Promise<NoticeCourseList> {
  const code = q.id?.trim();
  const rows = await db
    .select({
      id: courses.id,
      name: courses.name,
      period: courses.period,
      organ: courses.organ,
      universityId: courses.universityId,
      keyword: courses.keyword,
    })
    .from(courses)
    .where(
      and(
        contains(courses.name, q.course_name),
        contains(courses.universityId, q.univ_id),
        code ? ilike(courses.code, likePrefix(code)) : undefined,
        siteIs(q.site_id),
      ),
    )
    .orderBy(sql`${courses.periodFrom} desc nulls last`, desc(courses.id))
    .limit(COURSE_LIST_PAGE_SIZE + 1)
    .offset(q.offset_num * COURSE_LIST_PAGE_SIZE);
  return {
    data_list: rows.slice(0, COURSE_LIST_PAGE_SIZE).map(presentNoticeCourseRow),
    is_end: rows.length <= COURSE_LIST_PAGE_SIZE,
  };
}

// ---- 2. the list ----

const NOTICE_SORTS: Record<NoticeListSort, SQL | AnyPgColumn> = {
  title: notices.title,
  category_name: noticeCategories.name,
  period_from: notices.periodFrom,
  period_to: notices.periodTo,
  is_control: notices.isControl,
  published_to: notices.publishedTo,
  created_at: notices.createdAt,
};

/**
 * GET /api/admin/notice/list/: paged on the server (decision 008), one query a page (the total through a
 * window count). Title contains (trigram index); the other filters are equalities. No sort = newest first.
 */
export async function listNotices(db: Db, q: NoticeListQueryParsed): Promise<NoticeList> {
  const categoryId = q.category_id ? idOf(q.category_id) : undefined;
  const courseId = q.course_id ? idOf(q.course_id) : undefined;
  const where = and(
    // the intake cycle's personal results (published_to 4) are not the office's notices: the lottery
    // record and the applicant tab show them (decision 015)
    ne(notices.publishedTo, PERSONAL_NOTICE),
    contains(notices.title, q.title),
    categoryId === undefined
      ? undefined
      : categoryId === null
        ? sql`false`
        : eq(notices.categoryId, categoryId),
    q.is_control ? eq(notices.isControl, q.is_control) : undefined,
    q.published_to ? eq(notices.publishedTo, Number(q.published_to)) : undefined,
    q.generation_id ? eq(notices.generationId, q.generation_id) : undefined,
    courseId === undefined ? undefined : courseId === null ? sql`false` : eq(notices.courseId, courseId),
  );
  const order = q.sort
    ? [directed(NOTICE_SORTS[q.sort], q.dir), directed(notices.id, q.dir)]
    : [desc(notices.createdAt), desc(notices.id)];
  const { rows, total, page } = await paged(q.page, q.size, (limit, offset) =>
    db
      .select({
        id: notices.id,
        title: notices.title,
        categoryName: noticeCategories.name,
        periodFrom: notices.periodFrom,
        periodTo: notices.periodTo,
        isControl: notices.isControl,
        publishedTo: notices.publishedTo,
        createdAt: notices.createdAt,
        isImportant: notices.isImportant,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(notices)
      .leftJoin(noticeCategories, eq(noticeCategories.id, notices.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  return { data_list: rows.map(presentNoticeRow), total, page, size: q.size };
}

// ---- 3. the detail ----

export async function getNotice(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ notice: notices, categoryName: noticeCategories.name, courseName: courses.name })
    .from(notices)
    .leftJoin(noticeCategories, eq(noticeCategories.id, notices.categoryId))
    .leftJoin(courses, eq(courses.id, notices.courseId))
    .where(and(eq(notices.id, id), ne(notices.publishedTo, PERSONAL_NOTICE)));
  if (!row) throw notFound();
  return presentNotice(row.notice, { categoryName: row.categoryName, courseName: row.courseName });
}

// ---- 4. the publisher list ----

/** The live application of the row's student to the notice's course (at most one: a unique index). */
const liveApplicationOf = (courseId: number | null) =>
  and(
    eq(courseApplications.courseId, courseId ?? 0),
    eq(courseApplications.studentId, students.id),
    isNull(courseApplications.cancelledAt),
    ne(courseApplications.lotteryStatus, LOTTERY.CANCELLED),
  );

const PUBLISHER_SORTS: Record<PublisherListSort, AnyPgColumn> = {
  login_id: students.loginId,
  name: students.name,
  name_kana: students.nameKana,
  lottery_status: courseApplications.lotteryStatus,
  read_time: noticeReads.readAt,
};

/**
 * GET /api/admin/notice/publisherList/: the students the notice is addressed to (notices.audience.ts,
 * the my-page's own rule) among those who can use the my-page, with their read time and, for a course
 * target, their lottery status. Publish state and period are not applied: a non-public or out-of-period
 * notice lists who it is addressed to (decision 008). Each row says how the notice's mail went to the student
 * and whether its letter was printed (decision 065). One query a page, paged as the notice list.
 */
export async function listPublishers(db: Db, q: PublisherListQueryParsed): Promise<PublisherList> {
  const [notice] = await db.select().from(notices).where(eq(notices.id, q.id));
  if (!notice) throw notFound();
  const isCourse = notice.publishedTo === Number(PUBLISHED_TO.COURSE);
  const studentId = q.student_id.trim();
  const where = and(
    audienceStudents,
    addressedTo(noticeValues(notice), studentColumns),
    studentId ? like(students.loginId, likePrefix(studentId)) : undefined,
    keyContains(students.nameFold, 'fold', q.name),
    keyContains(students.nameKanaSearch, 'kana', q.name_kana),
    q.is_read === '1' ? isNotNull(noticeReads.readAt) : undefined,
    q.is_read === '0' ? isNull(noticeReads.readAt) : undefined,
  );
  // lottery status is a column of course targets only
  const sort = q.sort === 'lottery_status' && !isCourse ? '' : q.sort;
  const order = sort
    ? [directed(PUBLISHER_SORTS[sort], q.dir), directed(students.id, q.dir)]
    : [asc(students.loginId), asc(students.id)];
  const { rows, total, page } = await paged(q.page, q.size, (limit, offset) => {
    const base = db
      .select({
        id: students.id,
        loginId: students.loginId,
        name: students.name,
        nameKana: students.nameKana,
        lotteryStatus: isCourse ? courseApplications.lotteryStatus : sql<string | null>`null`,
        readAt: noticeReads.readAt,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(students)
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notice.id), eq(noticeReads.studentId, students.id)))
      .$dynamic();
    return (isCourse ? base.leftJoin(courseApplications, liveApplicationOf(notice.courseId)) : base)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  });
  // how the notice went to the page's students, read for them alone (the count runs over the whole audience)
  const delivery = await noticeDelivery(
    db,
    notice.id,
    rows.map((r) => r.id),
  );
  return {
    data_list: rows.map((r) =>
      presentPublisherRow({ ...r, ...(delivery.get(r.id) ?? { mail: 'none', printedAt: null }) }),
    ),
    total,
    page,
    size: q.size,
  };
}
