import type { NewsDetail, NewsList, TopData } from '@manabi/shared/api';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { mailUndeliverable } from '@manabi/shared/domain/student';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { noticeCategories, noticeReads, notices, students } from '../../db/schema';
import { preparedPerDatabase } from '../../db/statements';
import { notFound } from '../../platform/errors';
import { likeContains, placeholderSql, qualified } from '../../platform/sql';
import { currentApplicationRows } from '../../repositories/student-history';
import { presentHistoryRow } from '../mypage-courses/mypage-courses.presenter';
import {
  type AudienceMember,
  addressedArms,
  noticeColumns,
  noticeDate,
  shownAt,
  visibleTo,
} from '../notices/notices.audience';

export const NEWS_PAGE_SIZE = 8; // SPEC §9
const TOP_LIST_SIZE = 5;

/** SPEC's three audiences; a personal notice (4, decision 015) reads as 2, "to this student". */
const publishedTo = (n: number) => (n === 4 ? 2 : n === 1 || n === 2 || n === 3 ? n : 1) as 1 | 2 | 3;
const isRead = (studentId: number | SQL) =>
  sql<boolean>`exists (select 1 from ${noticeReads} where ${qualified(noticeReads, noticeReads.noticeId)} = ${qualified(notices, notices.id)} and ${qualified(noticeReads, noticeReads.studentId)} = ${studentId})`;

/**
 * The ways (addressedArms, in published_to order) a list type reads: news/1 = notices to everyone; news/2 =
 * notices addressed to this student (generation, course or them alone); no type = all four (every notice the
 * student may see).
 */
const waysOf = <T>(type: '' | '1' | '2', arms: readonly T[]): T[] =>
  type === '' ? [...arms] : type === '1' ? arms.slice(0, 1) : arms.slice(1);

/** Tokyo midnight of a YYYY-MM-DD date. */
const tokyoStart = (ymd: string) => new Date(`${ymd}T00:00:00+09:00`);
const nextDay = (ymd: string) => new Date(tokyoStart(ymd).getTime() + 86_400_000);
const displayAt = sql`coalesce(${notices.periodFrom}, ${notices.createdAt})`;

/** A news list row, with the search's total through a window count. */
const newsColumns = (studentId: number | SQL) => ({
  id: notices.id,
  date: noticeDate,
  title: notices.title,
  category_name: noticeCategories.name,
  is_read: isRead(studentId),
  published_to: notices.publishedTo,
  is_important: notices.isImportant,
  total: sql<number>`count(*) over ()`.mapWith(Number),
});

/**
 * The top page's reads and the plain news lists (a type and a page, no text or dates: what the screens ask
 * first), prepared once per database (decision 023). The student, their generation and the instant are
 * placeholders.
 *
 * Visibility is the same rule as visibleTo's, asked one way at a time (decision 029): the notices a student
 * sees are the union of addressedArms' four reads, each a plain index read (everyone's notices, their
 * generation's, their courses', their own). As one condition with four alternatives, PostgreSQL found no
 * plan for all students and planned every call anew, which cost more than running it; and the generic plan
 * it would otherwise keep reads the whole table, which the course reminders make large. One read
 * a way has one good plan for every student, made once per connection.
 */
const statements = preparedPerDatabase((db: Db) => {
  const studentId = placeholderSql('studentId');
  const arms = addressedArms(noticeColumns, { id: studentId, generationId: placeholderSql('generationId') });
  const shown = shownAt(sql.placeholder('now'));
  /** The ids of the notices of `type` this student sees; with `latest`, only each way's newest that many. */
  const visibleIds = (type: '' | '1' | '2', latest?: number) => {
    const [first, ...rest] = waysOf(type, arms).map((arm) => {
      const read = db.select({ id: notices.id }).from(notices).where(and(shown, arm));
      return latest ? read.orderBy(desc(displayAt), desc(notices.id)).limit(latest) : read;
    });
    if (!first) throw new Error('no audience way');
    const [second, ...more] = rest;
    return second ? unionAll(first, second, ...more) : first;
  };
  // a type of one way (news/1, the notices to everyone) is read directly: through the union's ids, each of its
  // rows was read twice (255 look-ups by id for a page of 8, with the total)
  const newsPage = (type: '' | '1' | '2') => {
    const [only, ...more] = waysOf(type, arms);
    return db
      .select(newsColumns(studentId))
      .from(notices)
      .leftJoin(noticeCategories, eq(noticeCategories.id, notices.categoryId))
      .where(more.length === 0 ? and(shown, only) : inArray(notices.id, visibleIds(type)))
      .orderBy(desc(displayAt), desc(notices.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`news_page_${type || 'all'}`);
  };
  // the unread count rides on the latest notices (one statement): with no notice shown there is
  // none to read either
  const unread = db
    .select({ n: count() })
    .from(notices)
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.studentId, studentId)))
    .where(and(inArray(notices.id, visibleIds('2')), isNull(noticeReads.noticeId)));
  return {
    latest: db
      .select({
        id: notices.id,
        date: noticeDate,
        title: notices.title,
        is_read: isRead(studentId),
        is_important: notices.isImportant,
        unread: sql<number>`(${unread})`.mapWith(Number),
      })
      .from(notices)
      .where(inArray(notices.id, visibleIds('', TOP_LIST_SIZE)))
      .orderBy(desc(displayAt), desc(notices.id))
      .limit(TOP_LIST_SIZE)
      .prepare('top_latest'),
    news: { '': newsPage(''), '1': newsPage('1'), '2': newsPage('2') },
    // whether mail to the student's address was refused (decision 065): one row by its key
    mailState: db
      .select({ mailBouncedAddress: students.mailBouncedAddress, mail1: students.mail1 })
      .from(students)
      .where(eq(students.id, studentId))
      .prepare('top_mail_state'),
  };
});

/** The values of the prepared statements' placeholders for this student, now. */
const audienceValues = (student: AudienceMember, now: Date) => ({
  studentId: student.id,
  generationId: student.generationId,
  now: now.toISOString(),
});

export async function getTop(db: Db, student: AudienceMember): Promise<TopData> {
  const now = new Date();
  const s = statements(db);
  const [rows, [mail]] = await Promise.all([
    s.latest.execute(audienceValues(student, now)),
    s.mailState.execute({ studentId: student.id }),
  ]);
  const current = await currentApplicationRows(db, student.id, todayTokyo(now));
  const courseStatus = current.rows.map((r) =>
    presentHistoryRow(r, now, current.firsts.get(r.course.id) ?? null),
  );
  return {
    not_read_cnt: rows[0]?.unread ?? 0,
    notice_list: rows.map(({ unread: _, ...notice }) => notice),
    course_status_list: courseStatus,
    mail_undeliverable: mail !== undefined && mailUndeliverable(mail),
  };
}

export async function listNews(
  db: Db,
  student: AudienceMember,
  q: { type: '' | '1' | '2'; keyword?: string; date_from?: string; date_to?: string; page?: string },
): Promise<NewsList> {
  const keyword = q.keyword?.trim();
  const now = new Date();
  // visibleTo, restricted to the type's ways
  const where = and(
    shownAt(now),
    or(...waysOf(q.type, addressedArms(noticeColumns, student))),
    keyword
      ? or(ilike(notices.title, likeContains(keyword)), ilike(notices.content, likeContains(keyword)))
      : undefined,
    q.date_from ? gte(displayAt, tokyoStart(q.date_from)) : undefined,
    q.date_to ? lt(displayAt, nextDay(q.date_to)) : undefined,
  );
  // one query: the page and, through a window count, the total; a page past the end falls back to the last.
  // Without text or dates, the prepared statement of the type (the same conditions).
  const plain = !keyword && !q.date_from && !q.date_to;
  const pageRows = (page: number) =>
    plain
      ? statements(db).news[q.type].execute({
          ...audienceValues(student, now),
          limit: NEWS_PAGE_SIZE,
          offset: (page - 1) * NEWS_PAGE_SIZE,
        })
      : db
          .select(newsColumns(student.id))
          .from(notices)
          .leftJoin(noticeCategories, eq(noticeCategories.id, notices.categoryId))
          .where(where)
          .orderBy(desc(displayAt), desc(notices.id))
          .limit(NEWS_PAGE_SIZE)
          .offset((page - 1) * NEWS_PAGE_SIZE);
  let page = Math.max(1, Number(q.page ?? '1') || 1);
  let rows = await pageRows(page);
  let totalCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [total] = await db.select({ n: count() }).from(notices).where(where);
    totalCount = total?.n ?? 0;
    page = Math.max(1, Math.ceil(totalCount / NEWS_PAGE_SIZE));
    rows = totalCount > 0 ? await pageRows(page) : [];
  }
  return {
    data_list: rows.map(({ total: _total, ...r }) => ({ ...r, published_to: publishedTo(r.published_to) })),
    total: totalCount,
    page,
    page_size: NEWS_PAGE_SIZE,
  };
}

/** A notice this student may see; reading it is recorded by addRead (the screen calls it when unread). */
export async function getNews(db: Db, student: AudienceMember, id: number): Promise<NewsDetail> {
  const [row] = await db
    .select({
      id: notices.id,
      title: notices.title,
      content: notices.content,
      category_name: noticeCategories.name,
      ref1: notices.referenceUrl1,
      ref2: notices.referenceUrl2,
      ref3: notices.referenceUrl3,
      date: noticeDate,
      published_to: notices.publishedTo,
      is_read: isRead(student.id),
      is_important: notices.isImportant,
    })
    .from(notices)
    .leftJoin(noticeCategories, eq(noticeCategories.id, notices.categoryId))
    .where(and(eq(notices.id, id), visibleTo(student)));
  if (!row) throw notFound();
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category_name: row.category_name,
    refarence_url1: row.ref1 || null,
    refarence_url2: row.ref2 || null,
    refarence_url3: row.ref3 || null,
    date: row.date,
    published_to: publishedTo(row.published_to),
    is_read: row.is_read,
    is_important: row.is_important,
  };
}

export async function addRead(db: Db, student: AudienceMember, noticeId: number): Promise<{ result: true }> {
  const [visible] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, noticeId), visibleTo(student)));
  if (!visible) throw notFound();
  await db.insert(noticeReads).values({ studentId: student.id, noticeId }).onConflictDoNothing();
  return { result: true };
}
