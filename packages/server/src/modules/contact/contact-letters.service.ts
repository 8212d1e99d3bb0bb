/**
 * The letters and labels of reaching a student on paper (decision 065): the letters of a course's results or
 * of a notice to many, their printing recorded, and the address labels of the letters, of a course's
 * applicants or of the contact list as searched.
 */

import { LOTTERY, PERSONAL_NOTICE } from '@manabi/shared/codes';
import { paperAnswerBody } from '@manabi/shared/domain/intake';
import type {
  LabelRow,
  LabelsQuery,
  Letter,
  LettersPrintedInput,
  LettersQuery,
} from '@manabi/shared/schemas/contact';
import { CONTACT_MSG, LETTERS_MAX } from '@manabi/shared/schemas/contact';
import { MSG } from '@manabi/shared/validation/messages';
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import {
  courseApplications,
  courses,
  mailOutbox,
  noticeLetters,
  noticeReads,
  notices,
  students,
} from '../../db/schema';
import { audit } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { assertUniversityAccess } from '../../platform/guards';
import { qualified } from '../../platform/sql';
import { type ContactWhere, contactPage, contactWhere } from '../../repositories/contact-list';
import { addressLabel } from '../common/address';
import {
  addressedTo,
  audienceStudents,
  noticeColumns,
  noticeValues,
  studentColumns,
} from '../notices/notices.audience';
import { CSV_BATCH } from './contact.service';

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
 * `unprinted`, only those whose letter has not been printed. `toConfirm` is the seat's deadline while the
 * student still has to answer (a winner not confirmed, the deadline ahead).
 */
async function courseLetters(
  db: Db,
  courseId: number,
  q: { who: '' | 'nomail' | 'all'; unprinted: '' | '1' },
  now: Date,
) {
  const newest = sql`${notices.id} = (select max(n2.id) from ${notices} n2 where n2.application_id = ${courseApplications.id})`;
  const a = courseApplications;
  return db
    .select({
      ...letterColumns,
      toConfirm: sql<Date | null>`case when ${a.lotteryStatus} = ${LOTTERY.WON} and ${a.confirmedAt} is null
        and ${a.confirmBy} > ${now} then ${a.confirmBy} end`.mapWith(a.confirmBy),
    })
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
  const rows = await courseLetters(db, course.id, q, new Date());
  return { course, notice: null, rows, total: rows.length };
}

/** Whom a letter tells the student to call: the office's telephone and its hours. */
type OfficeConfig = Pick<Config, 'officeName' | 'officeAddress' | 'officePhone' | 'officeHours'>;

/**
 * GET /api/admin/contact/letters/: one letter per student, in the words of the my-page; one that asks for an
 * answer says how to give it without a computer and carries a reply slip (decision 087).
 */
export async function letters(db: Db, config: OfficeConfig, admin: AdminPrincipal, q: LettersQuery) {
  const { course, notice, rows, total } = await lettersOf(db, admin, q);
  const office = { phone: config.officePhone, hours: config.officeHours };
  return {
    office: {
      name: config.officeName,
      address: config.officeAddress,
      phone: config.officePhone,
      hours: config.officeHours,
    },
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
        body: replyOf(r, course) ? paperAnswerBody(r.content, office) : r.content,
        notified_at: r.createdAt.toISOString(),
        printed_at: r.printedAt?.toISOString() ?? null,
        reply: replyOf(r, course),
      }),
    ),
  };
}

/** The reply slip of a course's letter whose seat still waits for the student's answer. */
const replyOf = (r: object, course: { id: number; name: string } | null): Letter['reply'] => {
  const by = 'toConfirm' in r && r.toConfirm instanceof Date ? r.toConfirm : null;
  return course && by
    ? { course_id: course.id, course_name: course.name, confirm_by: by.toISOString() }
    : null;
};

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

/** The list's students, each once (the list is one row a person), a page of people at a time. */
async function* contactLabels(db: Db, w: ContactWhere): AsyncGenerator<LabelRow[]> {
  for (let offset = 0; ; offset += CSV_BATCH) {
    const page = await contactPage(db, w, { sort: 'login_id', dir: 'asc' }, { limit: CSV_BATCH, offset });
    const ids = [...new Set(page.map((r) => r.student_id))];
    if (ids.length) {
      const rows = await db
        .select(addressOf)
        .from(students)
        .where(inArray(students.id, ids))
        .orderBy(students.loginId);
      yield rows.map(labelOf);
    }
    if (ids.length < CSV_BATCH) return;
  }
}
