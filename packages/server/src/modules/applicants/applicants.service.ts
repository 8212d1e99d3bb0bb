import { APPROVAL, LOTTERY } from '@manabi/shared/codes';
import { ageAtFiscalYearEnd } from '@manabi/shared/domain/age';
import { formatDateTimeJa, todayTokyo } from '@manabi/shared/domain/dates';
import {
  APPLICANT_MSG,
  APPLICANT_PAGE_SIZE_DEFAULT,
  type ApplicantListQuery,
  type ApplicantListSort,
  type ApplicantTableRow,
  type LotteryInput,
  lotteryStatusFilter,
  SESSION_NUMBERS,
  STUDENT_SEARCH_LIMIT,
} from '@manabi/shared/schemas/applicant';
import { and, asc, eq, gte, ilike, inArray, isNull, like, lte, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { adminUsers, courseApplications, courses, students } from '../../db/schema';
import { type Actor, type AuditEntry, audit, auditMany, changesOf } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import type { MailContext } from '../../platform/mail';
import {
  anyOf,
  isUniqueViolation,
  keyContains,
  keyOf,
  keysetBatches,
  likeContains,
  likePrefix,
  mapBatches,
  pageOfIds,
  pageWithRows,
} from '../../platform/sql';
import {
  type Application,
  cancelApplication,
  insertApplications,
  latestApplication,
  lockCourse,
  updateAttendance,
} from '../../repositories/course-applications';
import { type DrawAhead, drawAhead, drawCourse } from '../intake/draw';
import { chargeWon, refundOnCancel } from '../intake/fees';
import { tellRun } from '../intake/results';
import { settleCourse } from '../intake/settle';
import {
  presentApplicantDetail,
  presentApplicantDetailLimited,
  presentApplicantRow,
  presentApplicantRowLimited,
  presentStudentCandidate,
} from './applicants.presenter';

const ENTITY = 'course_application';

/** Every call starts here: a missing course is 404 (SPEC §8), before anything else is read. */
async function loadCourse(db: DbOrTx, id: number, lock = false) {
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

/**
 * GET /api/admin/courseapplicantlist/: the course's applications with their students, by student number
 * (then application). Without page and size the whole list (SPEC §7); with either, one page of it, the
 * search's total and the page answered (decision 020), optionally sorted by a column of the table (empty
 * values last, ties by student number).
 */
export async function listApplicants(db: Db, admin: AdminPrincipal, q: ApplicantListQuery) {
  const course = await loadCourse(db, q.id);
  assertUniversityAccess(admin, course.universityId);
  const full = admin.authority === 1;
  const where = applicantSearch(course.id, full, q);
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
      .select({ a: courseApplications, s: applicantStudent })
      .from(courseApplications)
      .innerJoin(students, eq(students.id, courseApplications.studentId))
      .where(condition)
      .orderBy(...order);
  const present = (rows: readonly { a: typeof courseApplications.$inferSelect; s: ApplicantStudent }[]) =>
    full
      ? rows.map((r) => presentApplicantRow(r.a, r.s))
      : rows.map((r) => presentApplicantRowLimited(r.a, r.s));

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
      .select({ a: courseApplications, s: applicantStudent, total: pg.total })
      .from(pg.from)
      .leftJoin(courseApplications, sql`${courseApplications.id} = any(${pg.ids})`)
      .leftJoin(students, eq(students.id, courseApplications.studentId))
      .orderBy(...order)
      .then((got) => got.map(({ a, s, total }) => ({ total, row: a && s ? { a, s } : null }))),
  );
  return { page: { data_list: present(rows), total, page, size } };
}

/**
 * The list's conditions. Authority 2 sees only name_kana (SPEC §6), so it may filter by nothing else: a
 * filter on a hidden field would reveal it row by row.
 */
function applicantSearch(courseId: number, full: boolean, q: ApplicantListQuery) {
  const statuses = full ? lotteryStatusFilter(q) : [];
  return and(
    eq(courseApplications.courseId, courseId),
    full && q.login_id ? like(students.loginId, likePrefix(q.login_id)) : undefined,
    // keyed from name and name_kana, which the roster index holds: each application's student stays an
    // index-only probe (listApplicants), and the course bounds the rows the keys are worked out for
    full ? keyContains(keyOf('name', students.name), 'name', q.name, { indexed: false }) : undefined,
    keyContains(keyOf('kana', students.nameKana), 'kana', q.name_kana, { indexed: false }),
    statuses.length ? inArray(courseApplications.lotteryStatus, statuses) : undefined,
    full && q.attendance_status ? eq(courseApplications.attendanceStatus, q.attendance_status) : undefined,
    full && q.confirmed === '1' ? sql`${courseApplications.confirmedAt} is not null` : undefined,
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
  const search = applicantSearch(course.id, full, q);
  const batches = keysetBatches(
    { key: students.loginId, id: courseApplications.id, dir: 'asc' },
    (where, orderBy, limit) =>
      db
        .select({ a: courseApplications, s: applicantStudent })
        .from(courseApplications)
        .innerJoin(students, eq(students.id, courseApplications.studentId))
        .where(and(search, where))
        .orderBy(...orderBy)
        .limit(limit),
    (r) => ({ key: r.s.loginId, id: r.a.id }),
  );
  return full
    ? { full: true as const, rows: mapBatches(batches, (r) => presentApplicantRow(r.a, r.s)) }
    : { full: false as const, rows: mapBatches(batches, (r) => presentApplicantRowLimited(r.a, r.s)) };
}

// ---- 2. lottery (docs/decisions/004-lottery.md, 015-intake-cycle.md, 034-the-draw-waits-for-the-period.md) ----

/** The application period has not ended: students were told the result comes after it. */
const periodOpen = (course: { periodTo: Date | null }, now: Date) =>
  course.periodTo !== null && now < course.periodTo;

/**
 * Draws the course's live 抽選待ち applicants (modules/intake/draw.ts): a recorded, verifiable
 * order; winners, 補欠 or losers; all in one transaction under the course lock, so a second draw waits and
 * then finds nobody undrawn (422). While the application period is open the draw is refused (422 on
 * override_reason) unless authority 1 states why; the reason goes into the run record and the audit log.
 * Once the draw has committed, each applicant's personal result is written in a transaction of its own
 * (decision 050), before the answer; should that fail, the draw stands, the failure is logged and the
 * deadline job tells the run.
 */
export async function runLottery(
  db: Db,
  mail: MailContext,
  admin: AdminPrincipal,
  input: LotteryInput,
  log: { error: (obj: object, msg: string) => void },
) {
  // the seed and the keys of the pool as it stands, before the lock: under it only newcomers need theirs
  const ahead = await drawAhead(db, input.id);
  const answer = await drawLottery(db, mail, admin, input, ahead);
  try {
    await db.transaction((tx) => tellRun(tx, mail, answer.run_id));
  } catch (err) {
    log.error({ err, run_id: answer.run_id }, 'lottery results not told; the deadline job will tell them');
  }
  return answer;
}

/** The draw of {@link runLottery} and its audit entry, in one transaction under the course lock. */
function drawLottery(
  db: Db,
  mail: MailContext,
  admin: AdminPrincipal,
  input: LotteryInput,
  ahead: DrawAhead,
) {
  return db.transaction(async (tx) => {
    const course = await loadCourse(tx, input.id, true);
    const now = new Date();
    const reason = input.override_reason === '' ? null : input.override_reason;
    if (periodOpen(course, now) && (reason === null || admin.authority !== 1))
      throw invalid('override_reason', APPLICANT_MSG.periodOpen(formatDateTimeJa(course.periodTo)));
    const actor = { kind: 'admin' as const, id: admin.id, name: admin.name };
    const overrideReason = periodOpen(course, now) ? reason : null;
    const drawn = await drawCourse(
      tx,
      mail,
      actor,
      course,
      {
        winNum: Number(input.win_num),
        waitlist: input.waitlist === '1',
        confirmDays: input.confirm_days === '' ? null : Number(input.confirm_days),
        tiers: input.tiers,
        overrideReason,
        ahead,
      },
      now,
    );
    if (!drawn) throw invalid('win_num', APPLICANT_MSG.noUndrawn);
    await audit(tx, {
      actor,
      action: 'lottery',
      entity: 'course',
      entityId: course.id,
      detail: {
        run_id: drawn.runId,
        win_num: Number(input.win_num),
        win_count: drawn.winCount,
        wait_count: drawn.waitCount,
        lose_count: drawn.loseCount,
        ...(overrideReason === null ? {} : { override_reason: overrideReason }),
      },
    });
    return {
      result: true as const,
      win_count: drawn.winCount,
      lose_count: drawn.loseCount,
      wait_count: drawn.waitCount,
      run_id: drawn.runId,
    };
  });
}

/**
 * GET /api/admin/courseapplicantlist/lottery/preview/: what a draw would do now, for the modal's last step:
 * how many get a result, how many of them by mail (the rule the draw's personal results use: a mail address
 * and mail accepted), whether the period is still open, and the seats (定員, live winners). One statement.
 */
export async function lotteryPreview(db: Db, courseId: number, now = new Date()) {
  const course = await loadCourse(db, courseId);
  const a = courseApplications;
  const live = sql`${a.cancelledAt} is null`;
  const undrawn = sql`${live} and ${a.lotteryStatus} = ${LOTTERY.PENDING}`;
  const [row] = await db
    .select({
      notify: sql<number>`count(*) filter (where ${undrawn})`.mapWith(Number),
      mail: sql<number>`count(*) filter (where ${undrawn} and ${students.isEmail} and ${students.mail1} <> '')`.mapWith(
        Number,
      ),
      winners: sql<number>`count(*) filter (where ${live} and ${a.lotteryStatus} = ${LOTTERY.WON})`.mapWith(
        Number,
      ),
    })
    .from(a)
    .innerJoin(students, eq(students.id, a.studentId))
    .where(eq(a.courseId, course.id));
  return {
    course_id: course.id,
    notify_count: row?.notify ?? 0,
    mail_count: row?.mail ?? 0,
    period_open: periodOpen(course, now),
    period_t: course.periodTo?.toISOString() ?? '',
    capacity: course.capacity,
    winners: row?.winners ?? 0,
  };
}

// ---- 3. inline table update ----

export async function updateApplicantTable(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: { course_id: number; rows: ApplicantTableRow[] },
) {
  return db.transaction(async (tx) => {
    // the course lock: a status change may free a seat (settleCourse below)
    const course = await loadCourse(tx, input.course_id, true);
    const now = new Date();
    const changed: number[] = [];
    // each application's own entry, what it changed before → after (the batch's entry names them all)
    const entries: AuditEntry[] = [];
    for (const row of input.rows) {
      const current = await latestApplication(tx, course.id, row.student_id);
      if (!current) throw invalid(`student_id_${row.n}`, APPLICANT_MSG.noApplication);
      checkLotteryChange(current, row.lottery_status, `lottery_status_${row.n}`);
      // any stale row throws: the whole batch rolls back and nothing is written
      const done = await updateAttendance(
        tx,
        current,
        {
          lotteryStatus: row.lottery_status,
          attendanceStatus: row.attendance_status,
          acquisitionUnit: row.acquisition_unit,
          attendance: row.attendance,
        },
        { seen: row.updated_at, now, flagged: row.is_update_attendance },
      );
      changed.push(done.id);
      const diff = changesOf(applicantState(current), applicantState(done), { shown: APPLICANT_CHANGES });
      if (Object.keys(diff.changes).length > 0)
        entries.push({
          actor,
          action: 'update',
          entity: ENTITY,
          entityId: done.id,
          studentId: done.studentId,
          courseId: course.id,
          detail: diff,
        });
    }
    await auditMany(tx, entries);
    if (changed.length) {
      // a row the office made 当選 is charged under the course's fee rule (decision 077)
      await chargeWon(tx, mail, course.id, changed, now);
      await audit(tx, {
        actor,
        action: 'update_batch',
        entity: ENTITY,
        detail: { course_id: course.id, ids: changed },
      });
      await settleCourse(tx, mail, actor, course, now);
    }
    return { result: true as const, count: changed.length };
  });
}

/** Cancelling has its own call (it checks the course allows it); a cancelled application stays cancelled. */
function checkLotteryChange(
  current: typeof courseApplications.$inferSelect,
  lotteryStatus: string,
  field: string,
) {
  const isCancelled = current.cancelledAt !== null;
  if (!isCancelled && lotteryStatus === LOTTERY.CANCELLED)
    throw invalid(field, APPLICANT_MSG.cancelViaCancel);
  if (isCancelled && lotteryStatus !== LOTTERY.CANCELLED) throw invalid(field, APPLICANT_MSG.cancelledStays);
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
        keyContains(students.nameSearch, 'name', q.name),
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

// ---- 5. add applicant ----

export async function addApplicant(
  db: Db,
  actor: Actor,
  input: { course_id: number; user_id: number; how_apply: string; remarks: string },
) {
  try {
    return await db.transaction(async (tx) => {
      const course = await loadCourse(tx, input.course_id, true);
      const [student] = await tx
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.id, input.user_id), eq(students.approvalStatus, APPROVAL.APPROVED)));
      if (!student) throw invalid('user_id', APPLICANT_MSG.studentNotFound);
      const live = await latestApplication(tx, course.id, student.id);
      if (live && live.cancelledAt === null) throw invalid('user_id', APPLICANT_MSG.alreadyApplied);
      const [row] = await insertApplications(tx, [
        {
          courseId: course.id,
          studentId: student.id,
          howApply: input.how_apply,
          remarks: input.remarks,
          enteredBy: actor.kind === 'admin' ? actor.id : null,
        },
      ]);
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, {
        actor,
        action: 'create',
        entity: ENTITY,
        entityId: row.id,
        detail: {
          course_id: course.id,
          student_id: student.id,
          how_apply: row.howApply,
        },
      });
      return { result: true as const, id: row.id };
    });
  } catch (err) {
    // two admins adding the same student at once: the partial unique index decides
    if (isUniqueViolation(err)) throw invalid('user_id', APPLICANT_MSG.alreadyApplied);
    throw err;
  }
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
  const detail = presentApplicantDetail(application, student, course, age);
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

// ---- 7. detail update ----

/** An application as its update's entry compares it: the seat, the attendance of each class, the units. */
const applicantState = (a: {
  lotteryStatus: string;
  attendanceStatus: string;
  acquisitionUnit: number;
  remarks: string;
  attendance: readonly string[];
}) => ({
  lotteryStatus: a.lotteryStatus,
  attendanceStatus: a.attendanceStatus,
  acquisitionUnit: a.acquisitionUnit,
  remarks: a.remarks,
  ...Object.fromEntries(SESSION_NUMBERS.map((n) => [`attendance${n}`, a.attendance[n - 1] ?? null])),
});
const APPLICANT_CHANGES = [
  'lotteryStatus',
  'attendanceStatus',
  'acquisitionUnit',
  'remarks',
  ...SESSION_NUMBERS.map((n) => `attendance${n}`),
];

export async function updateApplicant(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: {
    course_id: number;
    user_id: number;
    lottery_status: string;
    attendance_status: string;
    acquisition_unit: string;
    remarks: string;
    updated_at: string;
  } & Record<`attendance${number}`, string>,
) {
  return db.transaction(async (tx) => {
    const course = await loadCourse(tx, input.course_id, true);
    const current = await latestApplication(tx, course.id, input.user_id);
    if (!current) throw notFound();
    checkLotteryChange(current, input.lottery_status, 'lottery_status');
    const attendance = SESSION_NUMBERS.map((i) => input[`attendance${i}`] as string);
    const row = await updateAttendance(
      tx,
      current,
      {
        lotteryStatus: input.lottery_status,
        attendanceStatus: input.attendance_status,
        attendance,
        acquisitionUnit: Number(input.acquisition_unit),
        remarks: input.remarks,
      },
      { seen: input.updated_at },
    );
    await audit(tx, {
      actor,
      action: 'update',
      entity: ENTITY,
      entityId: row.id,
      studentId: row.studentId,
      courseId: course.id,
      detail: {
        lottery_status: row.lotteryStatus,
        attendance_status: row.attendanceStatus,
        acquisition_unit: row.acquisitionUnit,
        ...changesOf(applicantState(current), applicantState(row), { shown: APPLICANT_CHANGES }),
      },
    });
    await chargeWon(tx, mail, course.id, [row.id], new Date());
    await settleCourse(tx, mail, actor, course);
    return { result: true as const };
  });
}

// ---- 8. cancel ----

export async function cancelApplicant(
  db: Db,
  mail: MailContext,
  actor: Actor,
  input: { course_id: number; user_id: number; updated_at: string },
) {
  return db.transaction(async (tx) => {
    // the course row lock, as the student's own cancel takes it: seat changes on a course take turns
    const course = await loadCourse(tx, input.course_id, true);
    const current = await latestApplication(tx, course.id, input.user_id);
    if (!current) throw notFound();
    if (!course.isCancelable) throw invalid('course_id', APPLICANT_MSG.notCancelable);
    if (current.cancelledAt !== null) throw invalid('user_id', APPLICANT_MSG.alreadyCancelled);
    await cancelApplication(tx, current, { seen: input.updated_at });
    const row = current;
    // a paid seat's cancellation records what the refund rule gives back (decision 077)
    const refund = current.amountDue === null ? null : await refundOnCancel(tx, course, current, new Date());
    await audit(tx, {
      actor,
      action: 'cancel',
      entity: ENTITY,
      entityId: row.id,
      detail: {
        course_id: course.id,
        student_id: current.studentId,
        previous_lottery_status: current.lotteryStatus,
        ...(refund && refund.net > 0 ? { net_paid: refund.net, refund_due: refund.refundDue } : {}),
      },
    });
    // a winner's cancel frees a seat: the top 補欠 moves up in this same transaction
    await settleCourse(tx, mail, actor, course);
    return { result: true as const };
  });
}
