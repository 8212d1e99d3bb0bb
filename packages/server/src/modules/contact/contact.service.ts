/**
 * Reaching every student, online or not (decision 065): the contact list, a student's contact record and the
 * calls. The letters of a course's results and the address labels are contact-letters.service.ts's. A
 * decision taken for the student is the intake module's (decideForStudent), on the student's own path.
 */

import { mailUndeliverable } from '@manabi/shared/domain/student';
import type {
  CallAddInput,
  ContactListQuery,
  ContactReasonItem,
  ContactReasonLimited,
  ContactRow,
  ContactRowLimited,
} from '@manabi/shared/schemas/contact';
import { MSG } from '@manabi/shared/validation/messages';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import {
  adminUsers,
  courses,
  noticeLetters,
  noticeReads,
  notices,
  studentCalls,
  students,
} from '../../db/schema';
import { audit } from '../../platform/audit';
import type { AdminPrincipal } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { type ContactRowRaw, contactPage, contactWhere, mailStateOf } from '../../repositories/contact-list';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** What waits, in words. */
function pendingOf(r: ContactRowRaw): string {
  if (r.reason === 'deadline') return r.promoted ? '繰り上げ当選の確定' : '当選の確定';
  if (r.reason === 'mail') return 'メールアドレスの確認';
  return r.notice_title ?? '結果の通知';
}

/** One open reason as authority 2 may read it: the course's side alone (SPEC §6). */
const limitedReasonOf = (r: ContactRowRaw): ContactReasonLimited => ({
  key: `${r.reason}:${r.application_id ?? ''}`,
  reason: r.reason,
  course_id: r.course_id,
  course_name: r.course_name ?? '',
  application_id: r.application_id,
  pending: pendingOf(r),
  deadline: iso(r.deadline),
  read_at: iso(r.read_at),
});

const reasonOf = (r: ContactRowRaw): ContactReasonItem => ({
  ...limitedReasonOf(r),
  notice_id: r.notice_id,
  mail: r.mail_state,
  letter_printed_at: iso(r.letter_printed_at),
});

/** The page's rows, a reason each, as people: each with her reasons, in the order they came. */
function peopleOf(raw: readonly ContactRowRaw[]): ContactRowRaw[][] {
  const by = new Map<number, ContactRowRaw[]>();
  for (const r of raw) {
    const mine = by.get(r.student_id);
    if (mine) mine.push(r);
    else by.set(r.student_id, [r]);
  }
  return [...by.values()];
}

/** Authority 1's row: who, how to reach her, every reason, the newest call. */
function rowOf(reasons: readonly ContactRowRaw[]): ContactRow {
  const r = reasons[0] as ContactRowRaw;
  return {
    key: String(r.student_id),
    user_id: r.student_id,
    login_id: r.login_id ?? '',
    name: r.name,
    name_kana: r.name_kana,
    phone1: r.phone1,
    phone2: r.phone2,
    mail_undeliverable: r.mail_undeliverable,
    deadline: iso(r.first_deadline),
    reasons: reasons.map(reasonOf),
    last_call:
      r.call_at && r.call_outcome
        ? {
            called_at: iso(r.call_at) as string,
            outcome: r.call_outcome as '1' | '2' | '3' | '4',
            admin_name: r.call_admin ?? '',
          }
        : null,
  };
}

/** Authority 2's row: 氏名カナ, and the course's side of each reason (SPEC §6). */
function limitedRowOf(reasons: readonly ContactRowRaw[]): ContactRowLimited {
  const r = reasons[0] as ContactRowRaw;
  return {
    key: String(r.student_id),
    user_id: r.student_id,
    name_kana: r.name_kana,
    deadline: iso(r.first_deadline),
    reasons: reasons.map(limitedReasonOf),
  };
}

const orderOf = (q: Pick<ContactListQuery, 'sort' | 'dir'>) => ({
  sort: q.sort === '' ? ('deadline' as const) : q.sort,
  dir: q.dir === '' ? ('asc' as const) : q.dir,
});

/** GET /api/admin/contact/list/: a page of people, one row each with every reason still open. */
export async function listContacts(db: Db, config: Config, admin: AdminPrincipal, q: ContactListQuery) {
  const w = contactWhere(admin, config, q);
  const raw = await contactPage(db, w, orderOf(q), { limit: q.size, offset: (q.page - 1) * q.size });
  const head = { days: w.days, total: raw[0]?.total ?? 0, page: q.page, size: q.size };
  const people = peopleOf(raw);
  return w.full
    ? { ...head, limited: false as const, data_list: people.map(rowOf) }
    : { ...head, limited: true as const, data_list: people.map(limitedRowOf) };
}

export const CSV_BATCH = 1000;

/** The list as searched, every page, a batch of people at a time, in the caller's rows. */
async function* contactBatches<Row>(
  db: Db,
  config: Config,
  admin: AdminPrincipal,
  q: ContactListQuery,
  present: (reasons: readonly ContactRowRaw[]) => Row,
): AsyncGenerator<Row[]> {
  const w = contactWhere(admin, config, q);
  for (let offset = 0; ; offset += CSV_BATCH) {
    const people = peopleOf(await contactPage(db, w, orderOf(q), { limit: CSV_BATCH, offset }));
    if (people.length) yield people.map(present);
    if (people.length < CSV_BATCH) return;
  }
}

/** GET /api/admin/contact/list/csv/ as authority 1 reads it. */
export const contactCsvRows = (db: Db, config: Config, admin: AdminPrincipal, q: ContactListQuery) =>
  contactBatches(db, config, admin, q, rowOf);

/** GET /api/admin/contact/list/csv/ as authority 2 reads it: 氏名カナ and the courses' side. */
export const contactCsvRowsLimited = (db: Db, config: Config, admin: AdminPrincipal, q: ContactListQuery) =>
  contactBatches(db, config, admin, q, limitedRowOf);

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
