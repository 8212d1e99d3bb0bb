import { ID_MAX } from '@manabi/shared';
import type {
  NoticeAudience,
  NoticeCourseList,
  NoticeList,
  NoticeWriteResult,
  PublisherList,
} from '@manabi/shared/api';
import { LOTTERY, PERSONAL_NOTICE } from '@manabi/shared/codes';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { COURSE_LIST_PAGE_SIZE } from '@manabi/shared/schemas/course';
import {
  NOTICE_MSG,
  type NoticeAudienceQueryParsed,
  type NoticeForm,
  type NoticeListQueryParsed,
  type NoticeListSort,
  PUBLISHED_TO,
  type PublisherListQueryParsed,
  type PublisherListSort,
} from '@manabi/shared/schemas/notice';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  like,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import {
  courseApplications,
  courses,
  noticeCategories,
  noticeMails,
  noticeReads,
  notices,
  students,
} from '../../db/schema';
import { rowsOf } from '../../db/statements';
import { type Actor, audit, changesOf } from '../../platform/audit';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import { NO_REPLY } from '../../platform/mail';
import { mailsFrom } from '../../platform/outbox';
import { keyContains, likeContains, likePrefix, paged, qualified } from '../../platform/sql';
import { noticeDelivery } from '../../repositories/contact-list';
import { siteIs } from '../../repositories/course-columns';
import {
  addressedTo,
  audienceStudents,
  type NoticeTarget,
  noticeValues,
  studentColumns,
} from './notices.audience';
import {
  presentNotice,
  presentNoticeCourseRow,
  presentNoticeRow,
  presentPublisherRow,
} from './notices.presenter';

/**
 * Admin notices (SPEC §2 "Notices", §7 "Admin notices"): the course search of the form's modal, the list,
 * the detail, add/update with the notice mail, and the publisher list — the notice's audience with read
 * times. Who a notice is addressed to is notices.audience.ts's one definition (decision 008).
 */

const contains = (column: Parameters<typeof ilike>[0], value: string | undefined) => {
  const v = value?.trim();
  return v ? ilike(column, likeContains(v)) : undefined;
};
/** A digits-only id from a search or a form; beyond an integer it names nothing. */
const idOf = (digits: string) => {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n >= 1 && n <= ID_MAX ? n : null;
};
/** 'YYYY-MM-DDTHH:MM' typed in Tokyo → instant; '' = open. */
const tokyoDateTime = (local: string) => (local ? new Date(`${local}:00+09:00`) : null);
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

// ---- 4. add / update ----

/** The course of a course target: it must exist (422 on course_id). */
async function existingCourse(tx: DbOrTx, digits: string): Promise<number> {
  const courseId = idOf(digits);
  const [found] = courseId
    ? await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId))
    : [];
  if (!found) throw invalid('course_id', NOTICE_MSG.courseNotFound);
  return found.id;
}

/**
 * The form → columns. The category must exist ('' = none); target 2 keeps generation_id, target 3
 * course_id (which must exist) and lottery_status ('' = every live applicant); the fields of the other
 * targets are stored as null. course_name is the modal's display only.
 */
async function columnsOf(tx: DbOrTx, input: NoticeForm) {
  let categoryId: number | null = null;
  if (input.category_id !== '') {
    categoryId = /^\d+$/.test(input.category_id) ? idOf(input.category_id) : null;
    const [found] = categoryId
      ? await tx
          .select({ id: noticeCategories.id })
          .from(noticeCategories)
          .where(eq(noticeCategories.id, categoryId))
      : [];
    if (!found) throw invalid('category_id', NOTICE_MSG.categoryNotFound);
  }
  const target = input.published_to;
  const courseId = target === PUBLISHED_TO.COURSE ? await existingCourse(tx, input.course_id) : null;
  return {
    categoryId,
    title: input.title,
    content: input.content,
    referenceUrl1: input.reference_url1,
    referenceUrl2: input.reference_url2,
    referenceUrl3: input.reference_url3,
    remarks: input.remarks,
    periodFrom: tokyoDateTime(input.period_from),
    periodTo: tokyoDateTime(input.period_to),
    isControl: input.is_control,
    publishedTo: Number(target),
    generationId: target === PUBLISHED_TO.GENERATION ? input.generation_id : null,
    courseId,
    lotteryStatus:
      target === PUBLISHED_TO.COURSE && input.lottery_status !== '' ? input.lottery_status : null,
    isEmail: input.is_email === '1',
    emailTitle: input.email_title,
    isImportant: input.is_important === '1',
  };
}

const auditDetail = (row: typeof notices.$inferSelect, mailQueued: number) => ({
  title: row.title,
  is_control: row.isControl,
  published_to: row.publishedTo,
  generation_id: row.generationId,
  course_id: row.courseId,
  lottery_status: row.lotteryStatus,
  is_email: row.isEmail,
  is_important: row.isImportant,
  mail_queued: mailQueued,
});

/** What an update's entry says changed: the short fields with their values, the texts by name only. */
const NOTICE_CHANGES = {
  shown: [
    'title',
    'categoryId',
    'periodFrom',
    'periodTo',
    'isControl',
    'publishedTo',
    'generationId',
    'courseId',
    'lotteryStatus',
    'isEmail',
    'emailTitle',
    'isImportant',
  ],
  withheld: ['content', 'remarks', 'referenceUrl1', 'referenceUrl2', 'referenceUrl3'],
} as const;

/** A written notice's mail, its audit entry (an update's with what it changed) and the write's answer. */
async function published(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  actor: Actor,
  action: 'create' | 'update',
  row: typeof notices.$inferSelect,
  before?: typeof notices.$inferSelect,
): Promise<NoticeWriteResult> {
  const mailed = await queueNoticeMail(tx, config, row);
  const changed = before ? changesOf(before, row, NOTICE_CHANGES) : {};
  await audit(tx, {
    actor,
    action,
    entity: 'notice',
    entityId: row.id,
    detail: { ...auditDetail(row, mailed), ...changed },
  });
  return { result: true as const, id: row.id, ...(await reached(tx, row, mailed)) };
}

export async function addNotice(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  actor: Actor,
  input: NoticeForm,
): Promise<NoticeWriteResult> {
  return db.transaction(async (tx) => {
    const columns = await columnsOf(tx, input);
    const [row] = await tx
      .insert(notices)
      .values({ ...columns, createdBy: actor.kind === 'admin' ? actor.id : null })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return published(tx, config, actor, 'create', row);
  });
}

/** Optimistic locking on updated_at (409 when stale); a missing notice is 404. */
export async function updateNotice(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  actor: Actor,
  input: NoticeForm & { id: number; updated_at: string },
): Promise<NoticeWriteResult> {
  return db.transaction(async (tx) => {
    const seen = seenAt(input.updated_at);
    const [current] = await tx
      .select()
      .from(notices)
      .where(and(eq(notices.id, input.id), ne(notices.publishedTo, PERSONAL_NOTICE)));
    if (!current) throw notFound();
    const columns = await columnsOf(tx, input);
    const [row] = await tx
      .update(notices)
      .set({ ...columns, updatedAt: new Date() })
      .where(and(eq(notices.id, input.id), eq(notices.updatedAt, seen)))
      .returning();
    if (!row) throw stale();
    // the row read above is the one replaced: the update matched its updated_at
    return published(tx, config, actor, 'update', row, current);
  });
}

// ---- 5. how many a notice reaches ----

/** Mail is accepted and there is an address to send it to (queueNoticeMail's own condition). */
const st = (column: Column) => qualified(students, column);
const mailable = sql`${st(students.isEmail)} and (${st(students.mail1)} <> '' or ${st(students.mail2)} <> '')`;

/**
 * The students a target is addressed to who can use the my-page (the publisher list's rows: the same
 * audienceStudents and addressedTo), and of them those `mailable` and not yet mailed notice `noticeId`.
 * One count over the audience, whatever its size.
 */
async function countAudience(
  tx: DbOrTx,
  target: NoticeTarget,
  noticeId: number | null,
): Promise<{ all: number; mailable: number }> {
  const notMailedYet =
    noticeId === null
      ? sql`true`
      : sql`not exists (select 1 from ${noticeMails}
          where ${qualified(noticeMails, noticeMails.noticeId)} = ${noticeId}
            and ${qualified(noticeMails, noticeMails.studentId)} = ${qualified(students, students.id)})`;
  const [row] = await tx
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      mailable: sql<number>`count(*) filter (where ${mailable} and ${notMailedYet})`.mapWith(Number),
    })
    .from(students)
    .where(and(audienceStudents, addressedTo(target, studentColumns)));
  return { all: row?.all ?? 0, mailable: row?.mailable ?? 0 };
}

/** After a save: whom the notice reaches, and how many the save mailed. */
async function reached(tx: DbOrTx, row: typeof notices.$inferSelect, mailed: number) {
  const { all } = await countAudience(tx, noticeValues(row), null);
  return { target_count: all, mail_count: mailed };
}

/**
 * GET /api/admin/notice/audience/: what saving the form would reach — N students addressed (the publisher
 * list's total afterwards) and M of them mailed (the mails the save then queues: none unless it is
 * published with mail on and its period not ended; for an update, not those the notice has mailed before).
 */
export async function previewAudience(db: Db, q: NoticeAudienceQueryParsed): Promise<NoticeAudience> {
  const target = q.published_to;
  const noticeId = q.id === '' ? null : idOf(q.id);
  if (q.id !== '' && noticeId === null) throw notFound();
  const courseId = target === PUBLISHED_TO.COURSE ? await existingCourse(db, q.course_id) : null;
  const counts = await countAudience(
    db,
    {
      publishedTo: Number(target),
      generationId: target === PUBLISHED_TO.GENERATION ? q.generation_id : null,
      courseId,
      lotteryStatus: target === PUBLISHED_TO.COURSE && q.lottery_status !== '' ? q.lottery_status : null,
      studentId: null,
    },
    noticeId,
  );
  const periodTo = tokyoDateTime(q.period_to);
  const willMail = mailDue({ isControl: q.is_control, isEmail: q.is_email === '1', periodTo }, new Date());
  return { target_count: counts.all, mail_count: willMail ? counts.mailable : 0 };
}

// ---- 6. the publisher list ----

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
    keyContains(students.nameSearch, 'name', q.name),
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

// ---- 7. the notice mail ----

/** Published with mail on and not ended: the mail goes out on the save that makes this true. */
const mailDue = (row: Pick<typeof notices.$inferSelect, 'isControl' | 'isEmail' | 'periodTo'>, now: Date) =>
  row.isControl === '1' && row.isEmail && (row.periodTo === null || row.periodTo > now);

/**
 * The notice mail (decision 008): subject = email_title; the body = the notice (title, content, reference
 * URLs, period) and where to read it in the my-page. The student's name is put before it per recipient.
 */
export function noticeMail(config: Pick<Config, 'publicUrl'>, row: typeof notices.$inferSelect) {
  const kind = row.publishedTo === Number(PUBLISHED_TO.ALL) ? '1' : '2';
  const myPage = new URL(`/mypage/news/detail/${row.id}`, config.publicUrl).toString();
  const urls = [row.referenceUrl1, row.referenceUrl2, row.referenceUrl3].filter((u) => u !== '');
  const from = formatDateTimeJa(row.periodFrom);
  const to = formatDateTimeJa(row.periodTo);
  return {
    subject: row.emailTitle,
    body: [
      'まなびからお知らせがあります。',
      '',
      `■ ${row.title}`,
      '',
      row.content,
      ...(urls.length > 0 ? ['', '参考URL：', ...urls] : []),
      ...(from || to ? ['', `掲載期間：${from}〜${to}`] : []),
      '',
      'このお知らせはマイページでもご覧いただけます（ログインが必要です）。',
      myPage,
      `お知らせの一覧：${new URL(`/mypage/news/${kind}`, config.publicUrl).toString()}`,
      '',
      NO_REPLY,
    ].join('\n'),
  };
}

/**
 * Queues the notice mail for every addressed student with a mail address (mail_1, else mail_2) who
 * accepts mail (is_email) and has not been mailed this notice before (notice_mails), in the caller's
 * transaction, as one INSERT … SELECT whatever the audience's size; each mail names its student and the
 * notice. Returns how many were queued.
 */
async function queueNoticeMail(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  row: typeof notices.$inferSelect,
  now: Date = new Date(),
): Promise<number> {
  if (!mailDue(row, now)) return 0;
  const { subject, body } = noticeMail(config, row);
  const mail = {
    to: sql`coalesce(nullif(${students.mail1}, ''), ${students.mail2})`,
    subject: sql`${subject}`,
    body: sql`${students.name} || ${' 様\n\n'} || ${body}`,
    studentId: sql`${students.id}`,
    noticeId: sql`cast(${row.id} as integer)`,
  };
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`
    with mailed as (
      insert into ${noticeMails} (${sql.identifier(noticeMails.noticeId.name)}, ${sql.identifier(noticeMails.studentId.name)})
      select cast(${row.id} as integer), ${students.id} from ${students}
      where ${audienceStudents}
        and ${students.isEmail}
        and (${students.mail1} <> '' or ${students.mail2} <> '')
        and ${addressedTo(noticeValues(row), studentColumns)}
      on conflict do nothing
      returning ${sql.identifier(noticeMails.studentId.name)} as student_id
    ), queued as (${mailsFrom(sql`mailed join ${students} on ${students.id} = mailed.student_id`, mail, { returning: sql`1` })})
    select count(*)::int as n from queued`,
  );
  return Number(rows[0]?.n ?? 0);
}
