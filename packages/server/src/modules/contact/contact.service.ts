/**
 * Reaching every student, online or not (decision 065): the contact list, a student's contact record and the
 * calls, the letters of a course's results and the address labels. A decision taken for the student is the
 * intake module's (decideForStudent), on the student's own path.
 */

import { PERSONAL_NOTICE } from '@manabi/shared/codes';
import { mailUndeliverable } from '@manabi/shared/domain/student';
import type {
  CallAddInput,
  LabelRow,
  LabelsQuery,
  Letter,
  LettersPrintedInput,
  LettersQuery,
} from '@manabi/shared/schemas/contact';
import {
  CONTACT_MSG,
  type ContactListQuery,
  type ContactRow,
  LETTERS_MAX,
} from '@manabi/shared/schemas/contact';
import { MSG } from '@manabi/shared/validation/messages';
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import {
  adminUsers,
  courseApplications,
  courses,
  mailOutbox,
  noticeLetters,
  noticeReads,
  notices,
  studentCalls,
  students,
} from '../../db/schema';
import { audit } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import { qualified } from '../../platform/sql';
import {
  type ContactRowRaw,
  type ContactWhere,
  contactPage,
  contactWhere,
  mailStateOf,
} from '../../repositories/contact-list';
import { addressLabel } from '../common/address';
import {
  addressedTo,
  audienceStudents,
  noticeColumns,
  noticeValues,
  studentColumns,
} from '../notices/notices.audience';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** What waits, in words. */
function pendingOf(r: ContactRowRaw): string {
  if (r.reason === 'deadline') return r.promoted ? '繰り上げ当選の確定' : '当選の確定';
  if (r.reason === 'mail') return 'メールアドレスの確認';
  return r.notice_title ?? '結果の通知';
}

function rowOf(r: ContactRowRaw, full: boolean): ContactRow {
  return {
    key: `${r.reason}:${r.student_id}:${r.application_id ?? ''}`,
    reason: r.reason,
    user_id: r.student_id,
    login_id: full ? (r.login_id ?? '') : '',
    name: full ? r.name : null,
    name_kana: r.name_kana,
    phone1: full ? r.phone1 : null,
    phone2: full ? r.phone2 : null,
    course_id: r.course_id,
    course_name: r.course_name ?? '',
    application_id: r.application_id,
    pending: pendingOf(r),
    deadline: iso(r.deadline),
    notice_id: r.notice_id,
    mail: r.mail_state,
    read_at: iso(r.read_at),
    letter_printed_at: iso(r.letter_printed_at),
    mail_undeliverable: full && r.mail_undeliverable,
    last_call:
      full && r.call_at && r.call_outcome
        ? {
            called_at: iso(r.call_at) as string,
            outcome: r.call_outcome as '1' | '2' | '3' | '4',
            admin_name: r.call_admin ?? '',
          }
        : null,
  };
}

const orderOf = (q: Pick<ContactListQuery, 'sort' | 'dir'>) => ({
  sort: q.sort === '' ? ('deadline' as const) : q.sort,
  dir: q.dir === '' ? ('asc' as const) : q.dir,
});

/** GET /api/admin/contact/list/ */
export async function listContacts(db: Db, config: Config, admin: AdminPrincipal, q: ContactListQuery) {
  const w = contactWhere(admin, config, q);
  const rows = await contactPage(db, w, orderOf(q), { limit: q.size, offset: (q.page - 1) * q.size });
  const full = admin.authority === 1;
  return {
    days: w.days,
    total: rows[0]?.total ?? 0,
    page: q.page,
    size: q.size,
    limited: !full,
    data_list: rows.map((r) => rowOf(r, full)),
  };
}

const CSV_BATCH = 1000;

/** The list as searched, every page, a batch at a time (GET /api/admin/contact/list/csv/). */
export async function* contactCsvRows(
  db: Db,
  config: Config,
  admin: AdminPrincipal,
  q: ContactListQuery,
): AsyncGenerator<ContactRow[]> {
  const w = contactWhere(admin, config, q);
  const full = admin.authority === 1;
  for (let offset = 0; ; offset += CSV_BATCH) {
    const rows = await contactPage(db, w, orderOf(q), { limit: CSV_BATCH, offset });
    if (rows.length) yield rows.map((r) => rowOf(r, full));
    if (rows.length < CSV_BATCH) return;
  }
}

// ---- a student's contact record ----

async function studentRow(db: DbOrTx, userId: number) {
  const [s] = await db
    .select({
      id: students.id,
      mail1: students.mail1,
      isEmail: students.isEmail,
      mailBouncedAddress: students.mailBouncedAddress,
      bouncedAt: students.mailBouncedAt,
      bounceReason: students.mailBounceReason,
    })
    .from(students)
    .where(eq(students.id, userId));
  if (!s) throw notFound();
  return s;
}

/** GET /api/admin/contact/student/?user_id: what reached the student and the calls made to them. */
export async function studentContact(db: Db, userId: number) {
  const s = await studentRow(db, userId);
  const bounced = mailUndeliverable(s) && s.bouncedAt !== null;
  const [told, calls] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: notices.title,
        courseId: notices.courseId,
        courseName: courses.name,
        createdAt: notices.createdAt,
        mail: mailStateOf(sql`${notices.id}`, sql`${notices.studentId}`),
        readAt: noticeReads.readAt,
        printedAt: noticeLetters.printedAt,
      })
      .from(notices)
      .leftJoin(courses, eq(courses.id, notices.courseId))
      .leftJoin(
        noticeReads,
        and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.studentId, notices.studentId)),
      )
      .leftJoin(
        noticeLetters,
        and(eq(noticeLetters.noticeId, notices.id), eq(noticeLetters.studentId, notices.studentId)),
      )
      .where(and(eq(notices.studentId, s.id), isNotNull(notices.applicationId)))
      .orderBy(desc(notices.id))
      .limit(50),
    db
      .select({
        id: studentCalls.id,
        calledAt: studentCalls.calledAt,
        adminName: adminUsers.name,
        outcome: studentCalls.outcome,
        note: studentCalls.note,
        courseId: studentCalls.courseId,
        courseName: courses.name,
      })
      .from(studentCalls)
      .leftJoin(adminUsers, eq(adminUsers.id, studentCalls.adminId))
      .leftJoin(courses, eq(courses.id, studentCalls.courseId))
      .where(eq(studentCalls.studentId, s.id))
      .orderBy(desc(studentCalls.calledAt), desc(studentCalls.id))
      .limit(100),
  ]);
  return {
    user_id: s.id,
    mail1: s.mail1,
    is_email: s.isEmail,
    mail_undeliverable: bounced ? { at: (s.bouncedAt as Date).toISOString(), reason: s.bounceReason } : null,
    notices: told.map((n) => ({
      notice_id: n.id,
      title: n.title,
      course_id: n.courseId,
      course_name: n.courseName ?? '',
      created_at: n.createdAt.toISOString(),
      mail: n.mail,
      read_at: n.readAt?.toISOString() ?? null,
      letter_printed_at: n.printedAt?.toISOString() ?? null,
    })),
    calls: calls.map((c) => ({
      id: c.id,
      called_at: c.calledAt.toISOString(),
      admin_name: c.adminName ?? '',
      outcome: c.outcome as '1' | '2' | '3' | '4',
      note: c.note,
      course_id: c.courseId,
      course_name: c.courseName ?? '',
    })),
  };
}

/** POST /api/admin/contact/call/add/: a telephone call recorded on the student, audited. */
export async function addCall(db: Db, admin: AdminPrincipal, input: CallAddInput) {
  return db.transaction(async (tx) => {
    const s = await studentRow(tx, input.user_id);
    const courseId = input.course_id === '' ? null : input.course_id;
    if (courseId !== null) {
      const [c] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
      if (!c) throw invalid('course_id', MSG.invalidValue);
    }
    const [made] = await tx
      .insert(studentCalls)
      .values({ studentId: s.id, adminId: admin.id, courseId, outcome: input.outcome, note: input.note })
      .returning({ id: studentCalls.id });
    if (!made) throw new Error('call insert returned nothing');
    await audit(tx, {
      actor: { kind: 'admin', id: admin.id },
      action: 'call',
      entity: 'student',
      entityId: s.id,
      detail: { call_id: made.id, course_id: courseId, outcome: input.outcome },
    });
    return { result: true as const, id: made.id };
  });
}

// ---- letters and labels ----

const letterColumns = {
  noticeId: notices.id,
  studentId: students.id,
  loginId: students.loginId,
  name: students.name,
  postcode: students.postcode,
  pref: students.pref,
  streetName1: students.streetName1,
  streetName2: students.streetName2,
  address: students.address,
  streetName3: students.streetName3,
  title: notices.title,
  content: notices.content,
  createdAt: notices.createdAt,
  printedAt: noticeLetters.printedAt,
};

/**
 * The newest personal notice about each live application of the course, to whom `who` says; with
 * `unprinted`, only those whose letter has not been printed.
 */
async function courseLetters(
  db: Db,
  courseId: number,
  q: { who: '' | 'nomail' | 'all'; unprinted: '' | '1' },
) {
  const newest = sql`${notices.id} = (select max(n2.id) from ${notices} n2 where n2.application_id = ${courseApplications.id})`;
  return db
    .select(letterColumns)
    .from(courseApplications)
    .innerJoin(notices, newest)
    .innerJoin(students, eq(students.id, courseApplications.studentId))
    .leftJoin(
      noticeLetters,
      and(eq(noticeLetters.noticeId, notices.id), eq(noticeLetters.studentId, students.id)),
    )
    .where(
      and(
        eq(courseApplications.courseId, courseId),
        isNull(courseApplications.cancelledAt),
        q.who === 'all' ? undefined : sql`(NOT ${students.isEmail} OR ${students.mail1} = '')`,
        q.unprinted === '1' ? isNull(noticeLetters.printedAt) : undefined,
      ),
    )
    .orderBy(students.loginId, students.id);
}

async function courseOf(db: DbOrTx, admin: AdminPrincipal, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, name: courses.name, universityId: courses.universityId })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw notFound();
  assertUniversityAccess(admin, course.universityId);
  return course;
}

/** A notice the office wrote (to everyone, a generation or a course's applicants); 404 otherwise. */
async function officeNoticeOf(db: DbOrTx, noticeId: number) {
  const [notice] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, noticeId), ne(notices.publishedTo, PERSONAL_NOTICE)));
  if (!notice) throw notFound();
  return notice;
}

/**
 * The letters of a notice to many (decision 065): one per addressed student who has not read it — with
 * `nomail`, only those its mail did not reach (none sent, or refused) — the first LETTERS_MAX in 学生番号
 * order, with how many there are in all. A letter printed and the notice read later no longer need one.
 */
async function lettersOfNotice(
  db: Db,
  notice: typeof notices.$inferSelect,
  q: { who: '' | 'nomail' | 'all'; unprinted: '' | '1' },
) {
  const student = qualified(students, students.id);
  // both as NOT EXISTS, so PostgreSQL reads the notice's reads and mails once (anti-joins) rather than
  // asking for each of a whole roster; a notice to many is mailed at most once a student (notice_mails), so
  // "no mail that is queued or sent" is mailStateOf's none or failed
  const unread = sql`not exists (select 1 from ${noticeReads} r where r.notice_id = ${notice.id}::int and r.student_id = ${student})`;
  const unreached = sql`not exists (select 1 from ${mailOutbox} o
    where o.notice_id = ${notice.id}::int and o.student_id = ${student} and o.status <> 'failed')`;
  const rows = await db
    .select({
      ...letterColumns,
      noticeId: sql<number>`${notice.id}::int`.mapWith(Number),
      title: sql<string>`${notice.title}::text`,
      content: sql<string>`${notice.content}::text`,
      createdAt: sql<Date>`${notice.createdAt}::timestamptz`.mapWith(notices.createdAt),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(students)
    .leftJoin(
      noticeLetters,
      and(eq(noticeLetters.noticeId, notice.id), eq(noticeLetters.studentId, students.id)),
    )
    .where(
      and(
        audienceStudents,
        addressedTo(noticeValues(notice), studentColumns),
        unread,
        q.who === 'all' ? undefined : unreached,
        q.unprinted === '1' ? isNull(noticeLetters.printedAt) : undefined,
      ),
    )
    .orderBy(students.loginId, students.id)
    .limit(LETTERS_MAX);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** A course's letters or a notice's, as asked (exactly one source: the query schema's rule). */
async function lettersOf(db: Db, admin: AdminPrincipal, q: LettersQuery) {
  if (q.notice_id !== '') {
    const notice = await officeNoticeOf(db, q.notice_id);
    return { course: null, notice, ...(await lettersOfNotice(db, notice, q)) };
  }
  const course = await courseOf(db, admin, q.course_id as number);
  const rows = await courseLetters(db, course.id, q);
  return { course, notice: null, rows, total: rows.length };
}

/** GET /api/admin/contact/letters/: one letter per student, in the words of the my-page. */
export async function letters(
  db: Db,
  config: Pick<Config, 'officeName' | 'officeAddress' | 'officePhone'>,
  admin: AdminPrincipal,
  q: LettersQuery,
) {
  const { course, notice, rows, total } = await lettersOf(db, admin, q);
  return {
    office: { name: config.officeName, address: config.officeAddress, phone: config.officePhone },
    course_id: course?.id ?? null,
    course_name: course?.name ?? '',
    notice_id: notice?.id ?? null,
    notice_title: notice?.title ?? '',
    total,
    letters: rows.map(
      (r): Letter => ({
        notice_id: r.noticeId,
        user_id: r.studentId,
        login_id: r.loginId ?? '',
        name: r.name,
        ...addressLabel(r),
        title: r.title,
        body: r.content,
        notified_at: r.createdAt.toISOString(),
        printed_at: r.printedAt?.toISOString() ?? null,
      }),
    ),
  };
}

/**
 * POST /api/admin/contact/letters/printed/: the letters just printed, recorded as posted (who, when; a
 * reprint moves the date). Each id of `notice_ids` must be a personal notice, and each of `letters` a notice
 * addressed to that student (a personal one to them, or one to many reaching them); else nothing is recorded.
 */
export async function lettersPrinted(db: Db, admin: AdminPrincipal, input: LettersPrintedInput) {
  const personal = [...new Set(input.notice_ids)];
  const pairs = [...new Map(input.letters.map((l) => [`${l.notice_id}:${l.user_id}`, l])).values()];
  return db.transaction(async (tx) => {
    const found = personal.length
      ? await tx
          .select({ id: notices.id, studentId: notices.studentId })
          .from(notices)
          .where(and(inArray(notices.id, personal), isNotNull(notices.studentId)))
      : [];
    if (found.length !== personal.length) throw invalid('notice_ids', MSG.invalidValue);
    if (pairs.length && (await addressedPairs(tx, pairs)) !== pairs.length)
      throw invalid('letters', MSG.invalidValue);
    const rows = [
      ...found.map((n) => ({ noticeId: n.id, studentId: n.studentId as number })),
      ...pairs.map((l) => ({ noticeId: l.notice_id, studentId: l.user_id })),
    ];
    const now = new Date();
    await tx
      .insert(noticeLetters)
      .values(rows.map((r) => ({ ...r, printedAt: now, printedBy: admin.id })))
      .onConflictDoUpdate({
        target: [noticeLetters.noticeId, noticeLetters.studentId],
        set: { printedAt: now, printedBy: admin.id },
      });
    const noticeIds = [...new Set(rows.map((r) => r.noticeId))];
    await audit(tx, {
      actor: { kind: 'admin', id: admin.id },
      action: 'letters_printed',
      entity: 'notice',
      entityId: noticeIds.length === 1 ? noticeIds[0] : null,
      detail: { count: rows.length, notice_ids: noticeIds.slice(0, 100) },
    });
    return { result: true as const, count: rows.length };
  });
}

/** How many of the (notice, student) pairs are a notice addressed to that student: one statement. */
async function addressedPairs(tx: DbOrTx, pairs: readonly { notice_id: number; user_id: number }[]) {
  const noticeIds = pairs.map((p) => p.notice_id);
  const studentIds = pairs.map((p) => p.user_id);
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(
      sql`unnest(${sql.param(noticeIds)}::int[], ${sql.param(studentIds)}::int[]) as p(notice_id, student_id)
        join ${notices} on ${notices.id} = p.notice_id
        join ${students} on ${students.id} = p.student_id`,
    )
    .where(
      and(
        addressedTo(noticeColumns, studentColumns),
        // a personal notice reaches its student whatever their login; a notice to many, the my-page's users
        or(eq(notices.publishedTo, PERSONAL_NOTICE), audienceStudents),
      ),
    );
  return row?.n ?? 0;
}

const labelOf = (r: {
  name: string;
  loginId: string | null;
  postcode: string;
  pref: string;
  streetName1: string;
  streetName2: string;
  address: string;
  streetName3: string;
}): LabelRow => ({ ...addressLabel(r), name: r.name, login_id: r.loginId ?? '' });

const addressOf = {
  name: students.name,
  loginId: students.loginId,
  postcode: students.postcode,
  pref: students.pref,
  streetName1: students.streetName1,
  streetName2: students.streetName2,
  address: students.address,
  streetName3: students.streetName3,
};

/**
 * GET /api/admin/contact/labels/csv/: the address labels of a course's letters, of its applicants, or of the
 * list as searched. The course is checked before the download starts, so a refusal is an answer, not a broken
 * file.
 */
export async function labels(
  db: Db,
  config: Config,
  admin: AdminPrincipal,
  q: LabelsQuery,
): Promise<AsyncIterable<LabelRow[]>> {
  if (q.source === 'contact') return contactLabels(db, contactWhere(admin, config, q));
  if (q.source === 'letters') {
    if ((q.course_id === '') === (q.notice_id === '')) throw invalid('course_id', CONTACT_MSG.sourceRequired);
    const { rows } = await lettersOf(db, admin, q);
    return (async function* () {
      yield rows.map(labelOf);
    })();
  }
  if (q.course_id === '') throw invalid('course_id', CONTACT_MSG.courseRequired);
  const course = await courseOf(db, admin, q.course_id);
  const rows = await db
    .select(addressOf)
    .from(courseApplications)
    .innerJoin(students, eq(students.id, courseApplications.studentId))
    .where(and(eq(courseApplications.courseId, course.id), isNull(courseApplications.cancelledAt)))
    .orderBy(students.loginId, students.id);
  return (async function* () {
    yield rows.map(labelOf);
  })();
}

/** The list's students, each once, a page at a time. */
async function* contactLabels(db: Db, w: ContactWhere): AsyncGenerator<LabelRow[]> {
  const seen = new Set<number>();
  for (let offset = 0; ; offset += CSV_BATCH) {
    const page = await contactPage(db, w, { sort: 'login_id', dir: 'asc' }, { limit: CSV_BATCH, offset });
    const ids = page.map((r) => r.student_id).filter((id) => !seen.has(id));
    for (const id of ids) seen.add(id);
    if (ids.length) {
      const rows = await db
        .select(addressOf)
        .from(students)
        .where(inArray(students.id, ids))
        .orderBy(students.loginId);
      yield rows.map(labelOf);
    }
    if (page.length < CSV_BATCH) return;
  }
}
