import { APPROVAL, LOTTERY } from '@manabi/shared/codes';
import { ageAtFiscalYearEnd } from '@manabi/shared/domain/age';
import { todayTokyo } from '@manabi/shared/domain/dates';
import {
  APPLICANT_PAGE_SIZE_DEFAULT,
  type ApplicantListQuery,
  type ApplicantListSort,
  lotteryStatusFilter,
  STUDENT_SEARCH_LIMIT,
} from '@manabi/shared/schemas/applicant';
import { and, asc, eq, gte, ilike, inArray, isNull, like, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { adminUsers, courseApplications, courses, students } from '../../db/schema';
import type { AdminPrincipal } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import {
  anyOf,
  keyContains,
  keyOf,
  keysetBatches,
  likeContains,
  likePrefix,
  mapBatches,
  pageOfIds,
  pageWithRows,
  sqlLiteral,
} from '../../platform/sql';
import { type Application, latestApplication, lockCourse } from '../../repositories/course-applications';
import { netPaid, netPaidOf } from '../../repositories/payments';
import { figuresOf, type RefundTerms, refundTerms } from '../payments/payments-books';
import {
  presentApplicantDetail,
  presentApplicantDetailLimited,
  presentApplicantRow,
  presentApplicantRowLimited,
  presentStudentCandidate,
} from './applicants.presenter';

/**
 * The applicants of a course as the office reads them (SPEC §7 courseapplicantlist): the list (a page, or the
 * whole list written as it is read), its CSV, the student search of 申込者追加 and an application's detail.
 * Every call starts with {@link loadCourse}. The draw is applicants-lottery.service.ts's; the office's
 * writes of an application (the table, add, update, cancel) are applicants-edit.service.ts's.
 */

/** Every call starts here: a missing course is 404 (SPEC §8), before anything else is read. */
export async function loadCourse(db: DbOrTx, id: number, lock = false) {
  const [course] = lock
    ? [await lockCourse(db, id)]
    : await db.select().from(courses).where(eq(courses.id, id));
  if (!course) throw notFound();
  return course;
}

// ---- 1. list ----

const APPLICANT_SORTS: Record<ApplicantListSort, AnyPgColumn> = {
  login_id: students.loginId,
  name: students.name,
  name_kana: students.nameKana,
  how_apply: courseApplications.howApply,
  lottery_status: courseApplications.lotteryStatus,
  waitlist_rank: courseApplications.waitlistRank,
  attendance_status: courseApplications.attendanceStatus,
  attendance_updated_date: courseApplications.attendanceUpdatedAt,
  acquisition_unit: courseApplications.acquisitionUnit,
};

/** Rows of the whole applicant list read, presented and written at a time. */
const WHOLE_BATCH = 250;

/** What the rows show of the student (not the whole row: the list reads thousands of them). */
const applicantStudent = {
  id: students.id,
  loginId: students.loginId,
  name: students.name,
  nameKana: students.nameKana,
};
type ApplicantStudent = Pick<typeof students.$inferSelect, keyof typeof applicantStudent>;
type ApplicantRead = { a: typeof courseApplications.$inferSelect; s: ApplicantStudent; net: number };

/** The seat's net paid, as every payment screen reads it (the one spelling: repositories/payments netPaidOf). */
const applicantNet = () => netPaidOf(courseApplications.id);

/** The rows as authority 1 reads them, each with its payment (by the payment screens' rule, payments-books). */
const presentFull = (rows: readonly ApplicantRead[], terms: RefundTerms) =>
  rows.map((r) => presentApplicantRow(r.a, r.s, figuresOf({ ...r.a, net: r.net }, terms)));

/** The course's refund terms, which a given-up seat's payment state needs (authority 1 only reads them). */
const termsOf = async (db: Db, courseId: number): Promise<RefundTerms> =>
  (await refundTerms(db, [courseId])).get(courseId) ?? { refundDays: null, firstClassDay: null };

/**
 * GET /api/admin/courseapplicantlist/: the course's applications with their students, by student number
 * (then application). Without page and size the whole list (SPEC §7); with either, one page of it, the
 * search's total and the page answered (decision 020), optionally sorted by a column of the table (empty
 * values last, ties by student number).
 */
export async function listApplicants(db: Db, admin: AdminPrincipal, q: ApplicantListQuery, now = new Date()) {
  const course = await loadCourse(db, q.id);
  assertUniversityAccess(admin, course.universityId);
  const full = admin.authority === 1;
  const where = applicantSearch(course.id, full, q, now);
  const terms = full ? await termsOf(db, course.id) : null;
  // authority 2 may sort by name_kana alone (see applicantSearch)
  const sort = q.sort && (full || q.sort === 'name_kana') ? APPLICANT_SORTS[q.sort] : undefined;
  const dir = sql.raw(q.dir === 'desc' ? 'desc' : 'asc');
  /** the sort column (if any), then student number and application, as the statement names them */
  const orderOf = (key: SQL | AnyPgColumn | undefined, loginId: SQL | AnyPgColumn, id: SQL | AnyPgColumn) => [
    ...(key ? [sql`${key} ${dir} nulls last`] : []),
    sql`${loginId} asc`,
    sql`${id} asc`,
  ];
  const order = orderOf(sort, students.loginId, courseApplications.id);
  const rowsWhere = (condition: SQL | undefined) =>
    db
      .select({ a: courseApplications, s: applicantStudent, net: applicantNet() })
      .from(courseApplications)
      .innerJoin(students, eq(students.id, courseApplications.studentId))
      .where(condition)
      .orderBy(...order);
  const present = (rows: readonly ApplicantRead[]) =>
    terms ? presentFull(rows, terms) : rows.map((r) => presentApplicantRowLimited(r.a, r.s));

  // one pass over the course's matching applications counts them and picks the page (decision 020); each
  // application looks its student up by id (a lateral subquery kept apart by OFFSET 0: a primary-key probe
  // per application, never a walk over the whole roll to hash it)
  const matched = sql`select ${courseApplications.id} as id, ${students.loginId} as login_id, ${sort ?? sql`null`} as k
    from ${courseApplications} cross join lateral (
      select ${sql.identifier(students.id.name)}, ${sql.identifier(students.loginId.name)},
        ${sql.identifier(students.name.name)}, ${sql.identifier(students.nameKana.name)}
      from ${students} where ${students.id} = ${courseApplications.studentId} offset 0
    ) as ${students}
    where ${where}`;
  const matchedOrder = sql.join(orderOf(sort ? sql`m.k` : undefined, sql`m.login_id`, sql`m.id`), sql`, `);
  const idsOf = (page: number, size: number) => pageOfIds(db, matched, matchedOrder, page, size);
  const rowsOf = (ids: number[]) => (ids.length ? rowsWhere(anyOf(courseApplications.id, ids, 'int')) : []);

  if (q.page === '' && q.size === '') {
    // the whole list (SPEC §7): every id in order, then their rows WHOLE_BATCH at a time, which the route
    // writes out as they come (read and built in one piece, a big course held the event loop)
    const { ids } = await idsOf(1, Number.MAX_SAFE_INTEGER);
    async function* batches() {
      for (let i = 0; i < ids.length; i += WHOLE_BATCH)
        yield present(await rowsOf(ids.slice(i, i + WHOLE_BATCH)));
    }
    return { whole: { full, batches: batches() } };
  }

  const size = Number(q.size || APPLICANT_PAGE_SIZE_DEFAULT);
  // the page's rows joined to it in the same statement, with the search's total (pageWithRows)
  const { rows, total, page } = await pageWithRows(matched, matchedOrder, Number(q.page || '1'), size, (pg) =>
    db
      .select({ a: courseApplications, s: applicantStudent, net: applicantNet(), total: pg.total })
      .from(pg.from)
      .leftJoin(courseApplications, sql`${courseApplications.id} = any(${pg.ids})`)
      .leftJoin(students, eq(students.id, courseApplications.studentId))
      .orderBy(...order)
      .then((got) => got.map(({ a, s, net, total }) => ({ total, row: a && s ? { a, s, net } : null }))),
  );
  return { page: { data_list: present(rows), total, page, size } };
}

/**
 * The list's conditions. Authority 2 sees only name_kana (SPEC §6), so it may filter by nothing else: a
 * filter on a hidden field would reveal it row by row. The payment filter is both authorities': authority 2
 * reads the seats' payments on 入金の管理 already, and the work list's 未入金 card links both to it.
 */
function applicantSearch(courseId: number, full: boolean, q: ApplicantListQuery, now: Date) {
  const statuses = full ? lotteryStatusFilter(q) : [];
  return and(
    eq(courseApplications.courseId, courseId),
    full && q.login_id ? like(students.loginId, likePrefix(q.login_id)) : undefined,
    // keyed from name and name_kana, which the roster index holds: each application's student stays an
    // index-only probe (listApplicants), and the course bounds the rows the keys are worked out for
    full ? keyContains(keyOf('fold', students.name), 'fold', q.name, { indexed: false }) : undefined,
    keyContains(keyOf('kana', students.nameKana), 'kana', q.name_kana, { indexed: false }),
    statuses.length ? inArray(courseApplications.lotteryStatus, statuses) : undefined,
    full && q.attendance_status ? eq(courseApplications.attendanceStatus, q.attendance_status) : undefined,
    full && q.confirmed === '1' ? sql`${courseApplications.confirmedAt} is not null` : undefined,
    q.payment ? owing(q.payment === 'overdue' ? now : null) : undefined,
  );
}

/**
 * A seat that still owes (未入金 or 一部入金), as the payment screens' rule has it (payments-books
 * seatFigures): live (not cancelled, declined or lapsed: payments-books isGone), charged more than 0, and its
 * net payments below the charge; with `pastDue`, its pay-by deadline passed before then (the work list's
 * 未入金・期限切れ).
 */
function owing(pastDue: Date | null) {
  const a = courseApplications;
  return and(
    isNull(a.cancelledAt),
    sql`${a.lotteryStatus} not in (${sqlLiteral(LOTTERY.DECLINED)}, ${sqlLiteral(LOTTERY.CANCELLED)})`,
    sql`${a.amountDue} > 0`,
    sql`${applicantNet()} < ${a.amountDue}`,
    pastDue ? sql`${a.payBy} < ${pastDue}` : undefined,
  );
}

/**
 * GET /api/admin/courseapplicantlist/csv/: the list's rows in the list's order (学生番号, then application),
 * as the CSV the tab downloads (decision 021): every column for authority 1, 氏名カナ alone for authority 2,
 * whose own-university check runs here, before anything is sent. Read 500 at a time by keyset.
 */
export async function exportApplicants(db: Db, admin: AdminPrincipal, q: ApplicantListQuery) {
  const course = await loadCourse(db, q.id);
  assertUniversityAccess(admin, course.universityId);
  const full = admin.authority === 1;
  const search = applicantSearch(course.id, full, q, new Date());
  const terms = full ? await termsOf(db, course.id) : { refundDays: null, firstClassDay: null };
  const batches = keysetBatches(
    { key: students.loginId, id: courseApplications.id, dir: 'asc' },
    (where, orderBy, limit) =>
      db
        .select({ a: courseApplications, s: applicantStudent, net: applicantNet() })
        .from(courseApplications)
        .innerJoin(students, eq(students.id, courseApplications.studentId))
        .where(and(search, where))
        .orderBy(...orderBy)
        .limit(limit),
    (r) => ({ key: r.s.loginId, id: r.a.id }),
  );
  return full
    ? {
        full: true as const,
        rows: mapBatches(batches, (r) =>
          presentApplicantRow(r.a, r.s, figuresOf({ ...r.a, net: r.net }, terms)),
        ),
      }
    : { full: false as const, rows: mapBatches(batches, (r) => presentApplicantRowLimited(r.a, r.s)) };
}

// ---- 4. student search for "add applicant" ----

export async function searchStudents(
  db: Db,
  q: {
    id: number;
    login_id: string;
    name: string;
    name_kana: string;
    street_name1: string;
    street_name2: string;
    birthday_s: string;
    birthday_e: string;
  },
) {
  const course = await loadCourse(db, q.id);
  const rows = await db
    .select({
      id: students.id,
      loginId: students.loginId,
      name: students.name,
      nameKana: students.nameKana,
      streetName1: students.streetName1,
      streetName2: students.streetName2,
      birthday: students.birthday,
    })
    .from(students)
    .where(
      and(
        eq(students.approvalStatus, APPROVAL.APPROVED),
        q.login_id ? like(students.loginId, likePrefix(q.login_id)) : undefined,
        keyContains(students.nameFold, 'fold', q.name),
        keyContains(students.nameKanaSearch, 'kana', q.name_kana),
        q.street_name1 ? ilike(students.streetName1, likeContains(q.street_name1)) : undefined,
        q.street_name2 ? ilike(students.streetName2, likeContains(q.street_name2)) : undefined,
        q.birthday_s ? gte(students.birthday, q.birthday_s) : undefined,
        q.birthday_e ? lte(students.birthday, q.birthday_e) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(courseApplications)
            .where(
              and(
                eq(courseApplications.courseId, course.id),
                eq(courseApplications.studentId, students.id),
                isNull(courseApplications.cancelledAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(students.loginId))
    .limit(STUDENT_SEARCH_LIMIT);
  return rows.map(presentStudentCandidate);
}

// ---- 6. detail ----

export async function getApplicantDetail(
  db: Db,
  admin: AdminPrincipal,
  q: { id: number; user_id: number; is_edit: string },
) {
  const course = await loadCourse(db, q.id);
  assertUniversityAccess(admin, course.universityId);
  // the edit form is authority 1's (SPEC §6); authority 2 gets the read-only view only
  if (q.is_edit === '1' && admin.authority !== 1) throw forbidden();
  const application = await latestApplication(db, course.id, q.user_id);
  if (!application) throw notFound();
  const [student] = await db.select().from(students).where(eq(students.id, application.studentId));
  if (!student) throw notFound();
  const age = student.birthday ? ageAtFiscalYearEnd(student.birthday, todayTokyo()) : null;
  const net = (await netPaid(db, [application.id])).get(application.id) ?? 0;
  const pay = figuresOf({ ...application, net }, await termsOf(db, course.id));
  const detail = presentApplicantDetail(application, student, course, age, pay);
  if (admin.authority !== 1) return presentApplicantDetailLimited(detail);
  return { ...detail, ...(await actedFor(db, application)) };
}

/** Who in the office entered the application or decided the seat for the student (decision 065). */
async function actedFor(
  db: DbOrTx,
  a: Pick<
    Application,
    'enteredBy' | 'decidedBy' | 'decidedAt' | 'decidedChannel' | 'decisionNote' | 'lotteryStatus'
  >,
) {
  const ids = [a.enteredBy, a.decidedBy].filter((id): id is number => id !== null);
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: adminUsers.id, name: adminUsers.name })
            .from(adminUsers)
            .where(inArray(adminUsers.id, ids))
        ).map((u) => [u.id, u.name] as const)
      : [],
  );
  return {
    entered_by: a.enteredBy === null ? '' : (names.get(a.enteredBy) ?? ''),
    decided:
      a.decidedBy === null || a.decidedAt === null
        ? null
        : {
            decision: a.lotteryStatus === LOTTERY.DECLINED ? ('decline' as const) : ('confirm' as const),
            admin_name: names.get(a.decidedBy) ?? '',
            at: a.decidedAt.toISOString(),
            channel: a.decidedChannel ?? '',
            note: a.decisionNote,
          },
  };
}
