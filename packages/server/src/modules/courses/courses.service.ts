import { MSG } from '@manabi/shared';
import type { CourseList, PeriodDefaults } from '@manabi/shared/api';
import { LOTTERY } from '@manabi/shared/codes';
import { COURSE_STATES, type CourseState, courseState } from '@manabi/shared/domain/course-state';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { classChangeMessage, type SessionDraft, upcomingClassChanges } from '@manabi/shared/domain/sessions';
import {
  COURSE_LIST_PAGE_SIZE,
  COURSE_PICKER_PAGE_SIZE,
  type CourseAddBody,
  type CourseListSort,
  type CoursePickerQuery,
  type CourseUpdateBody,
} from '@manabi/shared/schemas/course';
import { toHalfWidth } from '@manabi/shared/validation/normalize';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  courseApplications,
  courseCategories,
  courseCategoryLinks,
  courses,
  universities,
} from '../../db/schema';
import { type Actor, audit, changesOf } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { AppError, invalid, notFound, stale } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import type { MailContext } from '../../platform/mail';
import { likeContains, likePrefix, qualified, sqlLiteral } from '../../platform/sql';
import { codeTaken, siteIs, toColumns } from '../../repositories/course-columns';
import { saveSessions, sessionsOf } from '../../repositories/course-sessions';
import { courseStateSql, stateColumns, stateFilter } from '../../repositories/course-state';
import { tellCourseWinners } from '../../repositories/personal-notices';
import { presentAdminCourse, presentCourseListRow } from './courses.presenter';

/** Tokyo midnight of a YYYY-MM-DD date, and of the day after. */
const tokyoStart = (ymd: string) => new Date(`${ymd}T00:00:00+09:00`);
const nextDay = (ymd: string) => new Date(tokyoStart(ymd).getTime() + 86_400_000);

/**
 * Applicants that count (c_num, application): not cancelled. A cancellation sets cancelled_at; lottery
 * status 4 (キャンセル) is excluded too so either marker alone keeps a cancelled row out of the count.
 */
const liveApplication = and(
  isNull(courseApplications.cancelledAt),
  ne(courseApplications.lotteryStatus, LOTTERY.CANCELLED),
);

/** SPEC §6: an authority-2 admin sees only their university's courses (none if they have no university). */
function visibleTo(admin: AdminPrincipal): SQL | undefined {
  if (admin.authority === 1) return undefined;
  return admin.universityId ? eq(courses.universityId, admin.universityId) : sql`false`;
}

export interface CourseListFilter {
  course_name?: string;
  course_content?: string;
  organ?: string;
  period_f_s?: string;
  period_f_e?: string;
  period_t_s?: string;
  period_t_e?: string;
  period?: string;
  keyword?: string;
  control: string;
  offset_num: number;
  site_id?: string;
  course_id?: string;
  state?: CourseState | '';
  sort?: CourseListSort | '';
  dir?: 'asc' | 'desc' | '';
}

const contains = (column: Parameters<typeof ilike>[0], value: string | undefined) => {
  const v = value?.trim();
  return v ? ilike(column, likeContains(v)) : undefined;
};

/** Codes are ASCII (C2601): a code typed in full width (Ｃ２６０１) or with spaces still finds it. */
const codeOfInput = (value: string | undefined) => toHalfWidth(value ?? '').replace(/\s+/g, '');

// ---- where a course stands: repositories/course-state.ts (decision 035) ----

const STATE_RANK = sql.raw(`array_position(array[${COURSE_STATES.map((s) => `'${s}'`).join(',')}]::text[], `);

function listOrder(q: CourseListFilter, now: Date): SQL[] {
  const dir = q.dir === 'desc' ? sql.raw('desc') : sql.raw('asc');
  if (q.sort === 'course_id') return [sql`${courses.code} ${dir} nulls last`, asc(courses.id)];
  if (q.sort === 'state')
    return [
      sql`${STATE_RANK}${courseStateSql(now)}) ${dir}`,
      sql`${courses.periodFrom} desc nulls last`,
      desc(courses.id),
    ];
  return [sql`${courses.periodFrom} desc nulls last`, desc(courses.id)];
}

export async function listCourses(
  db: Db,
  admin: AdminPrincipal,
  q: CourseListFilter,
  now: Date = new Date(),
): Promise<CourseList> {
  // applicant count per row of the page: a correlated count on the (course_id, lottery_status) index,
  // so the cost follows the page, not the whole applications table
  const applicants = sql<number>`(
    select count(*) from ${courseApplications}
    where ${qualified(courseApplications, courseApplications.courseId)} = ${qualified(courses, courses.id)}
      and ${qualified(courseApplications, courseApplications.cancelledAt)} is null
      and ${qualified(courseApplications, courseApplications.lotteryStatus)} <> ${sqlLiteral(LOTTERY.CANCELLED)}
  )`.mapWith(Number);
  const keyword = q.keyword?.trim();
  const keywordCode = codeOfInput(keyword);
  const code = codeOfInput(q.course_id);
  const rows = await db
    .select({
      id: courses.id,
      code: courses.code,
      name: courses.name,
      organ: courses.organ,
      period: courses.period,
      imageUrl: courses.imageUrl,
      applicants,
      ...stateColumns,
    })
    .from(courses)
    .where(
      and(
        visibleTo(admin),
        eq(courses.status, q.control),
        contains(courses.name, q.course_name),
        contains(courses.content, q.course_content),
        contains(courses.organ, q.organ),
        contains(courses.period, q.period),
        // the keyword finds the course's keywords and its code (「C2610」)
        keyword
          ? or(
              ilike(courses.keyword, likeContains(keyword)),
              keywordCode ? ilike(courses.code, likeContains(keywordCode)) : undefined,
            )
          : undefined,
        code ? ilike(courses.code, likePrefix(code)) : undefined,
        q.state ? stateFilter(q.state, now) : undefined,
        q.period_f_s ? gte(courses.periodFrom, tokyoStart(q.period_f_s)) : undefined,
        q.period_f_e ? lt(courses.periodFrom, nextDay(q.period_f_e)) : undefined,
        q.period_t_s ? gte(courses.periodTo, tokyoStart(q.period_t_s)) : undefined,
        q.period_t_e ? lt(courses.periodTo, nextDay(q.period_t_e)) : undefined,
        siteIs(q.site_id),
      ),
    )
    .orderBy(...listOrder(q, now))
    // one row more than a page tells whether another page follows
    .limit(COURSE_LIST_PAGE_SIZE + 1)
    .offset(q.offset_num * COURSE_LIST_PAGE_SIZE);
  return {
    data_list: rows
      .slice(0, COURSE_LIST_PAGE_SIZE)
      .map((r) => presentCourseListRow(r, r.applicants, courseState(r, now))),
    is_end: rows.length <= COURSE_LIST_PAGE_SIZE,
  };
}

/**
 * GET /api/admin/course/picker/: a page of the courses the admin may see whose name contains `q` or whose
 * code starts with it (an exact code first), newest application period first; public and non-public alike.
 */
export async function pickCourses(
  db: Db,
  admin: AdminPrincipal,
  q: CoursePickerQuery,
  now: Date = new Date(),
) {
  const text = q.q.trim();
  const code = codeOfInput(text);
  const where = and(
    visibleTo(admin),
    text
      ? or(ilike(courses.name, likeContains(text)), code ? ilike(courses.code, likePrefix(code)) : undefined)
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: courses.id,
        code: courses.code,
        name: courses.name,
        organ: courses.organ,
        ...stateColumns,
      })
      .from(courses)
      .where(where)
      .orderBy(
        ...(code ? [sql`(lower(${courses.code}) = lower(${code})) desc`] : []),
        sql`${courses.periodFrom} desc nulls last`,
        desc(courses.id),
      )
      .limit(COURSE_PICKER_PAGE_SIZE)
      .offset((q.page - 1) * COURSE_PICKER_PAGE_SIZE),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    data_list: rows.map((r) => ({
      id: r.id,
      course_id: r.code ?? '',
      course_name: r.name,
      organ: r.organ,
      state: courseState(r, now),
    })),
    total: n,
    is_end: q.page * COURSE_PICKER_PAGE_SIZE >= n,
  };
}

/** The current fiscal year (1 April – 31 March) in Asia/Tokyo: the list's default period bounds. */
export function fiscalYearPeriod(now: Date = new Date()): PeriodDefaults {
  const [y, m] = todayTokyo(now).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return { date_start: `${start}-04-01`, date_end: `${start + 1}-03-31` };
}

export async function listCourseCategories(db: Db) {
  return db
    .select({ id: courseCategories.id, name: courseCategories.name })
    .from(courseCategories)
    .orderBy(asc(courseCategories.sortNumber), asc(courseCategories.id));
}

export async function getCourse(db: Db, admin: AdminPrincipal, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) throw notFound();
  assertUniversityAccess(admin, row.universityId);
  const [live] = await db
    .select({ n: count() })
    .from(courseApplications)
    .where(and(eq(courseApplications.courseId, id), liveApplication));
  const categories = await db
    .select({ id: courseCategories.id, name: courseCategories.name })
    .from(courseCategoryLinks)
    .innerJoin(courseCategories, eq(courseCategories.id, courseCategoryLinks.categoryId))
    .where(eq(courseCategoryLinks.courseId, id))
    .orderBy(asc(courseCategories.sortNumber), asc(courseCategories.id));
  return presentAdminCourse(row, live?.n ?? 0, categories, admin, await sessionsOf(db, id));
}

// ---- authoring ----

/** Database checks the body schema cannot make: unique code, existing university and categories. */
async function checkReferences(tx: DbOrTx, input: CourseAddBody, selfId: number | null) {
  const errors: { name: string; msg: string }[] = [];
  if (input.course_id !== '') {
    const [taken] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.code, input.course_id), selfId === null ? undefined : ne(courses.id, selfId)));
    if (taken) errors.push({ name: 'course_id', msg: MSG.courseIdInUse });
  }
  if (input.univ_id !== '') {
    const [univ] = await tx
      .select({ id: universities.id })
      .from(universities)
      .where(eq(universities.id, input.univ_id));
    if (!univ) errors.push({ name: 'univ_id', msg: MSG.invalidChoice });
  }
  const wanted = [...new Set(input.category)];
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: courseCategories.id })
      .from(courseCategories)
      .where(inArray(courseCategories.id, wanted));
    if (found.length !== wanted.length) errors.push({ name: 'category', msg: MSG.invalidChoice });
  }
  const [first] = errors;
  if (first) throw new AppError('VALIDATION', first.msg, errors);
  return wanted;
}

async function linkCategories(tx: DbOrTx, courseId: number, categoryIds: number[]) {
  await tx.delete(courseCategoryLinks).where(eq(courseCategoryLinks.courseId, courseId));
  if (categoryIds.length > 0) {
    await tx.insert(courseCategoryLinks).values(categoryIds.map((categoryId) => ({ courseId, categoryId })));
  }
}

/** What an update's entry says changed: the short fields with their values, the long texts by name only. */
const COURSE_CHANGES = {
  shown: [
    'code',
    'name',
    'organ',
    'universityId',
    'periodFrom',
    'periodTo',
    'capacity',
    'minimum',
    'period',
    'allTimes',
    'tuitionFee',
    'tuitionFee1',
    'materialCost',
    'venue',
    'streetAddress',
    'isCancelable',
    'unit',
    'status',
    'isLottery',
    'remind',
  ],
  withheld: [
    'content',
    'attendee',
    'keyword',
    'bring',
    'howToApply',
    'imageUrl',
    'permalink',
    'applyUrl',
    'applyUrlText',
  ],
} as const;

const auditDetail = (id: number, input: CourseAddBody, categoryIds: number[]) => ({
  id,
  course_id: input.course_id,
  course_name: input.course_name,
  univ_id: input.univ_id,
  status: input.status,
  category: categoryIds,
  ...(input.sessions === undefined ? {} : { sessions: input.sessions.length }),
});

/**
 * A course row written by `write` (which answers its id and its checked categories), then its category
 * links, its sessions (with `sessionsChanged` told the ones they replace) and its audit entry, in one
 * transaction; a course code already taken is the code field's error.
 */
async function saveCourse(
  db: Db,
  actor: Actor,
  action: 'create' | 'update',
  input: CourseAddBody,
  write: (tx: Tx) => Promise<{ id: number; categoryIds: number[]; changed?: Record<string, unknown> }>,
  sessionsChanged?: (tx: Tx, id: number, before: SessionDraft[]) => Promise<void>,
) {
  try {
    return await db.transaction(async (tx) => {
      const { id, categoryIds, changed } = await write(tx);
      await linkCategories(tx, id, categoryIds);
      const before = sessionsChanged && input.sessions !== undefined ? await sessionsOf(tx, id) : null;
      await saveSessions(tx, id, input.sessions);
      if (sessionsChanged && before) await sessionsChanged(tx, id, before);
      await audit(tx, {
        actor,
        action,
        entity: 'course',
        entityId: id,
        detail: { ...auditDetail(id, input, categoryIds), ...changed },
      });
      return { result: true as const, id };
    });
  } catch (e) {
    if (codeTaken(e)) throw invalid('course_id', MSG.courseIdInUse);
    throw e;
  }
}

export function addCourse(db: Db, actor: Actor, input: CourseAddBody) {
  return saveCourse(db, actor, 'create', input, async (tx) => {
    const categoryIds = await checkReferences(tx, input, null);
    const [row] = await tx.insert(courses).values(toColumns(input)).returning({ id: courses.id });
    if (!row) throw new Error('insert returned nothing');
    return { id: row.id, categoryIds };
  });
}

/**
 * Optimistic locking: the update applies only if updated_at is still the one the editor loaded. When the
 * classes still ahead change (moved, added, taken away, another room), every live winner is told, on the
 * my-page and by mail, in the same transaction (decision 065).
 */
export function updateCourse(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: CourseUpdateBody,
  now = new Date(),
) {
  const tellClassChanges = async (tx: Tx, id: number, before: SessionDraft[]) => {
    const changes = upcomingClassChanges(before, input.sessions ?? [], todayTokyo(now));
    if (changes.before.length === 0 && changes.after.length === 0) return;
    const message = classChangeMessage(input.course_name, changes);
    await tellCourseWinners(tx, mail, id, message, `class-change:${id}:${now.getTime()}`, now);
  };
  return saveCourse(
    db,
    actor,
    'update',
    input,
    async (tx) => {
      const seen = new Date(input.updated_at);
      const [current] = await tx.select().from(courses).where(eq(courses.id, input.id));
      if (!current) throw notFound();
      if (Number.isNaN(seen.getTime())) throw stale();
      const categoryIds = await checkReferences(tx, input, input.id);
      const columns = toColumns(input);
      const [row] = await tx
        .update(courses)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(courses.id, input.id), eq(courses.updatedAt, seen)))
        .returning({ id: courses.id });
      if (!row) throw stale();
      // the row read above is the one replaced: the update matched its updated_at
      return { id: row.id, categoryIds, changed: changesOf(current, columns, COURSE_CHANGES) };
    },
    tellClassChanges,
  );
}
