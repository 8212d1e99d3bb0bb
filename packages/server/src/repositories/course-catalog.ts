import { PUBLISH } from '@manabi/shared/codes';
import { WINDOW_END_MINUTE_MS } from '@manabi/shared/domain/course-rules';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  courseApplications,
  courseCatalogVersion,
  courseCategories,
  courseCategoryLinks,
  courseFees,
  courseIntake,
  courses,
} from '../db/schema';
import type { StudentPrincipal } from '../platform/context';
import { qualified } from '../platform/sql';
import { type SessionOut, sessionList } from './course-sessions';

/**
 * The my-page course catalogue (decision 023): the public courses whose application window has
 * not ended, with their category names, waitlist setting and fee rule, held in memory per database. Course search
 * and detail are 60 % of what students ask; every student sees the same courses, so the process reads them
 * once per change instead of once per request. What is the student's own (their applications, a course's
 * seat count) is still read per request, by named prepared statements that also read the catalogue's
 * version (migration 0008): when another process or this one changed a course, the version moved in that
 * writer's transaction and the next call reloads before it answers. A catalogue is never staler than the
 * statement that read the version.
 */

export type CatalogCourse = typeof courses.$inferSelect;

export interface CatalogEntry {
  course: CatalogCourse;
  categories: string[];
  /** the course's intake keeps a waitlist (course_intake.waitlist; no row = no waitlist) */
  waitlist: boolean;
  /** its fee rule (course_fees; null = nothing asked before the first class, decision 077) */
  fees: typeof courseFees.$inferSelect | null;
  /** its dated sessions (a change to them raises the catalogue's version too) */
  sessions: SessionOut[];
  /** lower-cased name, keyword and content, for the keyword search (ILIKE folds case the same way) */
  text: [string, string, string];
  organ: string;
}

export interface Catalog {
  version: number;
  /** courses whose window ends after this instant (or that open after it) are all here */
  from: number;
  entries: readonly CatalogEntry[];
  byId: ReadonlyMap<number, CatalogEntry>;
}

/** The category names of the course in the outer query, in the office's order, as a JSON array. */
export const categoryNames = sql<
  string[]
>`(select coalesce(json_agg(${qualified(courseCategories, courseCategories.name)} order by ${qualified(courseCategories, courseCategories.sortNumber)}, ${qualified(courseCategories, courseCategories.id)}), '[]'::json) from ${courseCategoryLinks} join ${courseCategories} on ${qualified(courseCategories, courseCategories.id)} = ${qualified(courseCategoryLinks, courseCategoryLinks.categoryId)} where ${qualified(courseCategoryLinks, courseCategoryLinks.courseId)} = ${qualified(courses, courses.id)})`;

const lower = (s: string | null) => (s ?? '').toLowerCase();

/** The per-database state: the catalogue, the load in flight, and the prepared statements. */
interface State {
  catalog: Catalog | null;
  loading: Promise<Catalog> | null;
  statements: ReturnType<typeof prepare>;
}

const states = new WeakMap<Db, State>();

function prepare(db: Db) {
  const cutoff = sql.placeholder('cutoff');
  return {
    /**
     * The version and the courses in one statement, so one snapshot: public courses whose window has not
     * ended by `cutoff`, or that open after it, or whose end is not set (the searches compare in memory).
     */
    load: db
      .select({
        version: courseCatalogVersion.version,
        course: courses,
        categories: categoryNames,
        waitlist: courseIntake.waitlist,
        fees: courseFees,
        sessions: sessionList,
      })
      .from(courseCatalogVersion)
      .leftJoin(
        courses,
        and(
          eq(courses.status, PUBLISH.PUBLIC),
          or(isNull(courses.periodTo), gt(courses.periodTo, cutoff), gt(courses.periodFrom, cutoff)),
        ),
      )
      .leftJoin(courseIntake, eq(courseIntake.courseId, courses.id))
      .leftJoin(courseFees, eq(courseFees.courseId, courses.id))
      .prepare('catalog_load'),
    /** The version and the student's live applications (course → application id), for a search page. */
    applications: db
      .select({
        version: courseCatalogVersion.version,
        courseId: courseApplications.courseId,
        id: courseApplications.id,
      })
      .from(courseCatalogVersion)
      .leftJoin(
        courseApplications,
        and(
          eq(courseApplications.studentId, sql.placeholder('studentId')),
          isNull(courseApplications.cancelledAt),
        ),
      )
      .prepare('catalog_student_applications'),
    /** The version and the student's live application of one course, for the detail. */
    application: db
      .select({ version: courseCatalogVersion.version, application: courseApplications })
      .from(courseCatalogVersion)
      .leftJoin(
        courseApplications,
        and(
          eq(courseApplications.courseId, sql.placeholder('courseId')),
          eq(courseApplications.studentId, sql.placeholder('studentId')),
          isNull(courseApplications.cancelledAt),
        ),
      )
      .prepare('catalog_student_application'),
    /** An application the guard saw live, by id (a cancellation since then leaves it with cancelled_at). */
    applicationById: db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.id, sql.placeholder('id')), isNull(courseApplications.cancelledAt)))
      .prepare('catalog_application_by_id'),
  };
}

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) {
    state = { catalog: null, loading: null, statements: prepare(db) };
    states.set(db, state);
  }
  return state;
}

async function load(state: State, now: Date): Promise<Catalog> {
  const from = now.getTime() - WINDOW_END_MINUTE_MS;
  const rows = await state.statements.load.execute({ cutoff: new Date(from).toISOString() });
  const entries: CatalogEntry[] = [];
  for (const r of rows) {
    if (!r.course) continue;
    const c = r.course;
    entries.push({
      course: c,
      categories: r.categories ?? [],
      waitlist: r.waitlist ?? false,
      fees: r.fees,
      sessions: r.sessions ?? [],
      text: [lower(c.name), lower(c.keyword), lower(c.content)],
      organ: lower(c.organ),
    });
  }
  return {
    version: rows[0]?.version ?? 0,
    from,
    entries,
    byId: new Map(entries.map((e) => [e.course.id, e])),
  };
}

/** A catalogue older than this is read again even when nothing changed (courses whose window ended go). */
const REFRESH_MS = 3_600_000;

/**
 * The catalogue at least as new as `version` and covering `now`: the one in memory, or a reload (one at a
 * time per process: callers arriving meanwhile wait for it, and load again if it began before the version
 * they saw was committed). A call about an instant before the catalogue's (a test's fixed clock) reads its
 * own.
 */
async function catalogAt(db: Db, version: number, now: Date): Promise<Catalog> {
  const state = stateOf(db);
  const from = now.getTime() - WINDOW_END_MINUTE_MS;
  for (;;) {
    const c = state.catalog;
    if (c && c.version >= version && c.from <= from && from - c.from < REFRESH_MS) return c;
    if (c && c.version >= version && c.from > from) return load(state, now);
    if (!state.loading) {
      state.loading = load(state, now).finally(() => {
        state.loading = null;
      });
    }
    const loaded = await state.loading;
    if (!state.catalog || loaded.version >= state.catalog.version) state.catalog = loaded;
  }
}

/**
 * The catalogue and the student's live applications by course, for a search: as the guard read them with
 * the session (no statement here unless the catalogue changed), or read now for a caller without the guard.
 */
export async function catalogForStudent(db: Db, student: StudentPrincipal, now: Date) {
  if (student.courses) {
    const { catalogVersion, live } = student.courses;
    return { catalog: await catalogAt(db, catalogVersion, now), applied: live };
  }
  const rows = await stateOf(db).statements.applications.execute({ studentId: student.id });
  const applied = new Map<number, number>();
  for (const r of rows) if (r.courseId !== null && r.id !== null) applied.set(r.courseId, r.id);
  return { catalog: await catalogAt(db, rows[0]?.version ?? 0, now), applied };
}

/**
 * One catalogue course (undefined when it is not in the catalogue: not public, unknown, or its window has
 * ended) and the student's live application of it (read only when the guard saw one, or without the guard).
 */
export async function catalogCourseForStudent(
  db: Db,
  courseId: number,
  student: StudentPrincipal,
  now: Date,
) {
  const statements = stateOf(db).statements;
  if (student.courses) {
    const { catalogVersion, live } = student.courses;
    const applicationId = live.get(courseId);
    const [application] =
      applicationId === undefined ? [] : await statements.applicationById.execute({ id: applicationId });
    return {
      entry: (await catalogAt(db, catalogVersion, now)).byId.get(courseId),
      application: application ?? null,
    };
  }
  const [row] = await statements.application.execute({ courseId, studentId: student.id });
  const catalog = await catalogAt(db, row?.version ?? 0, now);
  return { entry: catalog.byId.get(courseId), application: row?.application ?? null };
}
