import type {
  CourseCancelView,
  MypageAppliedList,
  MypageAttendedList,
  MypageCourseDetail,
  MypageCourseList,
} from '@manabi/shared/api';
import { ATTENDANCE, HOW_APPLY, LOTTERY, PUBLISH } from '@manabi/shared/codes';
import {
  applyRefusal,
  courseFlags,
  isCancelable,
  WINDOW_END_MINUTE_MS,
} from '@manabi/shared/domain/course-rules';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { amountDue, payByDeadline, refundRuleText } from '@manabi/shared/domain/fees';
import { feeLines } from '@manabi/shared/domain/intake';
import {
  type CourseApplicationInput,
  type CourseCancelInput,
  MYPAGE_COURSE_MSG,
  MYPAGE_COURSE_PAGE_SIZE,
  type MypageCourseListInput,
} from '@manabi/shared/schemas/mypage-course';
import {
  and,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseApplications, courseFees, courses, students } from '../../db/schema';
import { preparedPerDatabase } from '../../db/statements';
import { audit } from '../../platform/audit';
import type { StudentPrincipal } from '../../platform/context';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { likeContains, paged, sqlLiteral } from '../../platform/sql';
import {
  type Application,
  applicationCancel,
  applicationsInsert,
  type Course,
  inHistory,
  seatHolders,
  studentTurn,
  unitTotal,
} from '../../repositories/course-applications';
import {
  type CatalogCourse,
  type CatalogEntry,
  catalogCourseForStudent,
  catalogForStudent,
  categoryNames,
} from '../../repositories/course-catalog';
import { intakeOf } from '../../repositories/course-intake';
import { type SessionOut, sessionList } from '../../repositories/course-sessions';
import {
  chargeSeats,
  defaultFeeRule,
  type FeeRule,
  feeRuleOf,
  netPaid,
  receiptsOf,
} from '../../repositories/payments';
import { lockForTurn } from '../../repositories/person-locks';
import {
  firstClassesOfWinners,
  historyColumns,
  historyOrder,
  historyPage,
} from '../../repositories/student-history';
import { refundOnCancel } from '../intake/fees';
import { settleCourse } from '../intake/settle';
import { courseMail } from './mypage-courses.mail';
import {
  liveOf,
  presentCancelView,
  presentCourseDetail,
  presentHistoryRow,
  presentReceipts,
  presentSearchItem,
  ruleOf,
} from './mypage-courses.presenter';

const isPublic = eq(courses.status, PUBLISH.PUBLIC);

/** The student's live (not cancelled) application of the course in the outer query: at most one (unique index). */
const liveApplicationOf = (studentId: number | Placeholder) =>
  and(
    eq(courseApplications.courseId, courses.id),
    eq(courseApplications.studentId, studentId),
    isNull(courseApplications.cancelledAt),
  );

/** The search form's conditions on courses: keyword (name, keyword, description), organ, first class day. */
function courseConditions(q: MypageCourseListInput): (SQL | undefined)[] {
  const keyword = q.keyword.trim();
  const organ = q.organ.trim();
  return [
    keyword
      ? or(
          ilike(courses.name, likeContains(keyword)),
          ilike(courses.keyword, likeContains(keyword)),
          ilike(courses.content, likeContains(keyword)),
        )
      : undefined,
    organ ? ilike(courses.organ, likeContains(organ)) : undefined,
    // start_date is 'YYYY-MM-DD', so text order is date order
    q.date_from ? gte(courses.startDate, q.date_from) : undefined,
    q.date_to ? lte(courses.startDate, q.date_to) : undefined,
  ];
}

const pageOf = (q: MypageCourseListInput) => Math.max(1, Number(q.page) || 1);

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

// ---- 2. the student's history (applied, attended) ----

/**
 * The student's history reads as the screens first ask them (no condition, a page),
 * prepared once per database (decision 023): the student, the day and the page are placeholders.
 */
const statements = preparedPerDatabase((db: Db) => {
  const studentId = sql.placeholder('studentId');
  const mine = and(eq(courseApplications.studentId, studentId), isNull(courseApplications.cancelledAt));
  // the attendance code written into the SQL (as decision 029 does for the published flag): sent as a value,
  // each call's trial plan knew it and looked cheaper than the plan kept for every call, so PostgreSQL planned
  // every call of the attended page anew (0.3–0.6 ms, four times its running)
  const _notAttended = sql`${courseApplications.attendanceStatus} = ${sqlLiteral(ATTENDANCE.NOT_ATTENDED)}`;
  const history = inHistory(sql.placeholder('today'));
  return {
    applied: historyPage(
      db,
      and(mine, not(history)),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare('mypage_applied_page'),
    // the page's rows carry the unit total (one statement); an empty page asks unitSum
    attended: db
      .select({ ...historyColumns, unitSum: unitTotal(studentId) })
      .from(courseApplications)
      .innerJoin(courses, eq(courses.id, courseApplications.courseId))
      .where(and(mine, history))
      .orderBy(...historyOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('mypage_attended_page'),
    unitSum: db
      .select({ n: unitTotal(studentId) })
      .from(students)
      .where(eq(students.id, studentId))
      .prepare('mypage_unit_sum'),
    // the cancel view, which every cancel opens first
    cancelView: db
      .select({ course: courses, application: courseApplications, contact: CONTACT, fees: courseFees })
      .from(courses)
      .innerJoin(courseApplications, liveApplicationOf(studentId))
      .innerJoin(students, eq(students.id, courseApplications.studentId))
      .leftJoin(courseFees, eq(courseFees.courseId, courses.id))
      .where(eq(courses.id, sql.placeholder('courseId')))
      .prepare('mypage_cancel_view'),
  };
});

/**
 * The page's charged seats: only these can hold a payment (one is refused on a seat without amount_due), so
 * a page without one reads no receipts — most students' pages, on the lists' hot path.
 */
const chargedIds = (rows: readonly { application: { id: number; amountDue: number | null } }[]) =>
  rows.filter((r) => r.application.amountDue !== null).map((r) => r.application.id);

/** No lottery box ticked and no search condition: the plain list the screen opens with. */
const isPlain = (q: MypageCourseListInput) =>
  !q.keyword.trim() &&
  !q.organ.trim() &&
  !q.date_from &&
  !q.date_to &&
  !(['1', '2', '3', '4', '5', '6'] as const).some((v) => q[`lottery_status_${v}`] === '1');

/** The prepared page reader of a plain list, in the shape `paged` calls. */
const plainPage =
  (statement: ReturnType<typeof statements>['applied'], studentId: number, today: string) =>
  (limit: number, offset: number) =>
    statement.execute({ studentId, today, limit, offset });

/**
 * GET /api/mypage/appliedcourselist/: the student's applications not in 受講履歴 (decision 039) — not yet
 * attended, or being attended (受講中) until the course's last class day has passed — newest course first.
 * No lottery box ticked: every live application; boxes ticked: those statuses, and キャンセル (4) is the
 * only way cancelled applications are listed.
 */
export async function listApplied(
  db: Db,
  student: StudentPrincipal,
  q: MypageCourseListInput,
  now = new Date(),
): Promise<MypageAppliedList> {
  const ticked = (['1', '2', '3', '4', '5', '6'] as const).filter((v) => q[`lottery_status_${v}`] === '1');
  const live = isNull(courseApplications.cancelledAt);
  const statuses =
    ticked.length === 0
      ? live
      : or(
          ...ticked.map((v) =>
            v === LOTTERY.CANCELLED
              ? or(isNotNull(courseApplications.cancelledAt), eq(courseApplications.lotteryStatus, v))
              : and(live, eq(courseApplications.lotteryStatus, v)),
          ),
        );
  const today = todayTokyo(now);
  const { rows, total, page } = await paged(
    pageOf(q),
    MYPAGE_COURSE_PAGE_SIZE,
    isPlain(q)
      ? plainPage(statements(db).applied, student.id, today)
      : (limit, offset) =>
          historyPage(
            db,
            and(
              eq(courseApplications.studentId, student.id),
              not(inHistory(today)),
              statuses,
              ...courseConditions(q),
            ),
            limit,
            offset,
          ),
  );
  const firsts = await firstClassesOfWinners(db, rows);
  const receipts = await receiptsOf(db, chargedIds(rows));
  return {
    data_list: rows.map((r) => ({
      ...presentHistoryRow(r, now, firsts.get(r.course.id) ?? null),
      receipts: presentReceipts(receipts.get(r.application.id)),
    })),
    total,
    page,
    page_size: MYPAGE_COURSE_PAGE_SIZE,
  };
}

/**
 * GET /api/mypage/attendedcourselist/: 受講履歴 (decision 039), live applications finished (受講済み) or
 * attended in a course that has ended, each with the units it earns (null for one not marked 受講済み);
 * acquisition_unit_sum is the student's unit total ({@link unitTotal}, the transcript's too), whatever the
 * search: with no search it is the sum of the rows listed over all pages.
 */
export async function listAttended(
  db: Db,
  student: StudentPrincipal,
  q: MypageCourseListInput,
  now = new Date(),
): Promise<MypageAttendedList> {
  const s = statements(db);
  const today = todayTokyo(now);
  const mine = and(eq(courseApplications.studentId, student.id), isNull(courseApplications.cancelledAt));
  const { rows, total, page } = await paged(
    pageOf(q),
    MYPAGE_COURSE_PAGE_SIZE,
    isPlain(q)
      ? plainPage(s.attended, student.id, today)
      : (limit, offset) =>
          historyPage(db, and(mine, inHistory(today), ...courseConditions(q)), limit, offset),
  );
  // the plain page's rows carry the total; a searched or empty page asks for it
  const carried = (rows[0] as { unitSum?: number } | undefined)?.unitSum;
  const unitSum = carried ?? (await s.unitSum.execute({ studentId: student.id }))[0]?.n ?? 0;
  const receipts = await receiptsOf(db, chargedIds(rows));
  return {
    data_list: rows.map((r) => ({
      ...presentHistoryRow(r, now),
      receipts: presentReceipts(receipts.get(r.application.id)),
    })),
    acquisition_unit_sum: unitSum,
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
        }
      : null;
  const refundRule = rule.required ? refundRuleText(rule.refundDays, rule.refundNote) : '';
  return presentCourseDetail(c, categories, a, flags, sessions, { charge, refundRule });
}

// ---- 4. apply ----

const REFUSAL_MSG = {
  notInPeriod: ['course_id', MYPAGE_COURSE_MSG.notInPeriod],
  alreadyApplied: ['course_id', MYPAGE_COURSE_MSG.alreadyApplied],
  full: ['course_id', MYPAGE_COURSE_MSG.full],
  mustAgree: ['is_dont_canncel', MYPAGE_COURSE_MSG.mustAgree],
} as const;

/** What the cancel view shows of the student. */
const CONTACT = {
  loginId: students.loginId,
  name: students.name,
  phone1: students.phone1,
  phone2: students.phone2,
  mail1: students.mail1,
  mail2: students.mail2,
  isEmail: students.isEmail,
};

/**
 * POST /api/mypage/courseapplication/: one transaction under the course's row lock. The same rules as the
 * detail's flags (course-rules.ts): public, in the window, not already applied, a seat on a first-come
 * course, and the agreement when the course forbids late cancelling. Lottery courses start 抽選待ち,
 * first-come ones 当選. A confirmation mail goes to mail 1 when the student takes mail.
 */
export async function applyCourse(
  db: Db,
  config: MailContext,
  student: StudentPrincipal,
  input: CourseApplicationInput,
  now = new Date(),
): Promise<{ result: true }> {
  const courseId = Number(input.course_id);
  return db.transaction(async (tx) => {
    const { student: here, course: c } = await lockForTurn(tx, student.id, courseId);
    if (!here || !c) throw notFound();
    const turn = await studentTurn(tx, courseId, student.id);
    if (!turn) throw notFound();
    const refusal = applyRefusal(
      ruleOf(c),
      liveOf(turn.live ?? null),
      !c.isLottery && c.capacity !== null ? turn.seats : 0,
      input.is_dont_canncel === '1',
      now,
    );
    if (refusal === 'notFound') throw notFound();
    // a full first-come course with a waitlist takes the application as 順番待ち (補欠, decision 015)
    const waits = refusal === 'full' && (await intakeOf(tx, courseId)).waitlist;
    if (refusal && !waits) {
      const [name, msg] = REFUSAL_MSG[refusal];
      throw invalid(name, msg);
    }
    const { contact } = turn;
    // a first-come seat is won now: charged under the course's fee rule, the mail saying what and by when
    const wins = !waits && !c.isLottery;
    const rule = wins ? await feeRuleOf(tx, courseId) : null;
    const fee =
      rule?.required && amountDue(feeAmounts(c), false) > 0
        ? feeLines({
            amount: amountDue(feeAmounts(c), false),
            payBy: payByDeadline(rule, config.confirmDaySeconds, now)?.toISOString() ?? null,
            howToPay: rule.howToPay,
            autoLapse: rule.autoLapse,
          })
        : [];
    const id = await audit(tx, {
      actor: { kind: 'student', id: student.id },
      action: 'apply',
      entity: 'course_application',
      detail: {
        course_id: courseId,
        login_id: student.loginId,
        agreed_no_cancel: !c.isCancelable,
        waitlisted: waits,
      },
      mail:
        contact.isEmail && contact.mail1
          ? {
              to: contact.mail1,
              ...courseMail(config, waits ? 'waitlist' : 'apply', contact.name, c, fee),
              studentId: student.id,
            }
          : null,
      write: applicationsInsert([
        {
          courseId,
          studentId: student.id,
          lotteryStatus: waits ? LOTTERY.WAITLISTED : c.isLottery ? LOTTERY.PENDING : LOTTERY.WON,
          howApply: HOW_APPLY.MYPAGE,
          at: now,
        },
      ]),
    });
    if (id === undefined) throw new Error('insert returned nothing');
    if (rule) await chargeSeats(tx, rule, [id], config.confirmDaySeconds, now);
    // the new 補欠 gets the next place in line
    if (waits) await settleCourse(tx, config, { kind: 'student', id: student.id }, c, now);
    return { result: true as const };
  });
}

/** A course row's fee columns as the shared rules name them. */
const feeAmounts = (c: Pick<Course, 'tuitionFee' | 'tuitionFee1' | 'materialCost'>) => ({
  tuition_fee: c.tuitionFee,
  tuition_fee1: c.tuitionFee1,
  material_cost: c.materialCost,
});

// ---- 5. cancel ----

/** GET /api/mypage/coursecancel/?id: the student's cancellable application of the course, else 404. */
export async function getCancelView(
  db: Db,
  student: StudentPrincipal,
  courseId: number,
  now = new Date(),
): Promise<CourseCancelView> {
  const [row] = await statements(db).cancelView.execute({ studentId: student.id, courseId });
  if (!row || !isCancelable(ruleOf(row.course), liveOf(row.application), now)) throw notFound();
  const refund = await refundOnCancel(
    db,
    row.course,
    row.application,
    now,
    row.fees ?? defaultFeeRule(row.course.id),
  );
  return presentCancelView(row.course, row.application, row.contact, {
    ...refund,
    refundRule: refundRuleText(refund.rule.refundDays, refund.rule.refundNote),
  });
}

/**
 * POST /api/mypage/coursecancel/cancel/: one transaction under the course's row lock. No live application
 * → 404; an application changed since the view (the office drew the lottery, say) → 409; no longer
 * cancellable → 422. The row stays, marked キャンセル; a cancellation mail goes as for applying.
 */
export async function cancelCourse(
  db: Db,
  config: MailContext,
  student: StudentPrincipal,
  input: CourseCancelInput,
  now = new Date(),
): Promise<{ result: true }> {
  const courseId = Number(input.course_id);
  const seen = seenAt(input.updated_at);
  return db.transaction(async (tx) => {
    const { student: here, course: c } = await lockForTurn(tx, student.id, courseId);
    if (!here || !c) throw notFound();
    const turn = await studentTurn(tx, courseId, student.id);
    const a = turn?.live;
    if (!turn || !a) throw notFound();
    if (a.updatedAt.getTime() !== seen.getTime()) throw stale();
    if (!isCancelable(ruleOf(c), liveOf(a), now)) throw invalid('course_id', MYPAGE_COURSE_MSG.notCancelable);
    const { contact } = turn;
    // a paid seat's cancellation records what the refund rule gives back (the office pays it)
    const refund = a.amountDue === null ? null : await refundOnCancel(tx, c, a, now);
    const id = await audit(tx, {
      actor: { kind: 'student', id: student.id },
      action: 'cancel',
      entity: 'course_application',
      detail: {
        course_id: courseId,
        login_id: student.loginId,
        lottery_status: a.lotteryStatus,
        ...(refund && refund.net > 0 ? { net_paid: refund.net, refund_due: refund.refundDue } : {}),
      },
      mail:
        contact.isEmail && contact.mail1
          ? { to: contact.mail1, ...courseMail(config, 'cancel', contact.name, c), studentId: student.id }
          : null,
      write: applicationCancel(tx, a, { now }),
    });
    if (id === undefined) throw stale();
    // a winner's seat goes to the top 補欠 in this same transaction (decision 015)
    await settleCourse(tx, config, { kind: 'student', id: student.id }, c, now);
    return { result: true as const };
  });
}
