import { tokyoParts } from '@manabi/shared/domain/dates';
import { DISCLOSURE_TITLE, type Disclosure } from '@manabi/shared/schemas/student-disclosure';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { adminUsers, courses, students } from '../../db/schema';
import { type Actor, audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { readSections, type SectionsRead } from './students-disclosure.readers';
import {
  type Names,
  presentAddressRequests,
  presentApplications,
  presentAudit,
  presentCalendarFeed,
  presentCalls,
  presentDuplicates,
  presentInquiries,
  presentMails,
  presentNoticeRecords,
  presentNotices,
  presentPayments,
  presentRecord,
  type Student,
} from './students-disclosure.sections';

/**
 * Disclosure (保有個人情報の開示, decision 076): everything held about one student, read in one REPEATABLE READ,
 * read-only transaction (one consistent picture: an apply or a merge committing meanwhile is either wholly in
 * it or wholly out), one query a section, every list whole — a student has hundreds of rows at most, so one
 * document is the answer. Each read is audited once the document is made: no disclosure leaves without its
 * entry.
 */

/** The document, read in one consistent snapshot; 404 when there is no such student. */
export async function readDisclosure(db: Db, userId: number, now = new Date()): Promise<Disclosure> {
  return db.transaction(async (tx) => {
    // one snapshot for every section, and the database itself refuses a write from here on
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [s] = await tx.select().from(students).where(eq(students.id, userId));
    if (!s) throw notFound();
    return buildDisclosure(tx, s, now);
  });
}

/** The document: every section read, then each put in words with the names its rows refer to. */
async function buildDisclosure(tx: DbOrTx, s: Student, now: Date): Promise<Disclosure> {
  const read = await readSections(tx, s.id);
  const names = await readNames(tx, referredTo(s.id, read));
  return {
    title: DISCLOSURE_TITLE,
    prepared_at: now.toISOString(),
    student: { user_id: s.id, login_id: s.loginId, name: s.name },
    record: presentRecord(s),
    applications: presentApplications(read.applications, names),
    payments: presentPayments(read.payments, names),
    notices: presentNotices(read.notices),
    notice_records: presentNoticeRecords(read.noticeRecords, names),
    mails: presentMails(read.mails),
    calls: presentCalls(read.calls, names),
    address_requests: presentAddressRequests(read.addressRequests, names),
    inquiries: presentInquiries(read.inquiries),
    calendar_feed: presentCalendarFeed(read.calendarFeed),
    duplicates: presentDuplicates(read.duplicates, names, s.id),
    audit: presentAudit(read.audit, names, s),
  };
}

/** The ids the rows refer to, by what they name. */
interface Refs {
  admins: Set<number>;
  students: number[];
  courses: number[];
}

/**
 * The names the rows refer to: staff members, the same person's other record of a merge, the courses of
 * the audit entries.
 */
function referredTo(id: number, read: SectionsRead): Refs {
  const adminIds = new Set<number>();
  const addAdmin = (v: number | null) => {
    if (v !== null) adminIds.add(v);
  };
  for (const { a } of read.applications.rows) {
    addAdmin(a.enteredBy);
    addAdmin(a.decidedBy);
  }
  for (const p of read.noticeRecords.posted) addAdmin(p.by);
  for (const { c } of read.calls) addAdmin(c.adminId);
  for (const r of read.addressRequests) addAdmin(r.decidedBy);
  for (const d of read.duplicates.dismissals) addAdmin(d.by);
  for (const m of read.duplicates.merges) {
    addAdmin(m.adminId);
    addAdmin(m.undoneBy);
  }
  const { entries } = read.audit;
  for (const e of entries) if (e.actorKind === 'admin') addAdmin(e.actorId);
  for (const { p } of read.payments) addAdmin(p.recordedBy);
  return {
    admins: adminIds,
    students: read.duplicates.merges.map((m) => (m.keptId === id ? m.mergedId : m.keptId)),
    courses: [...new Set(entries.map((e) => e.courseId).filter((c): c is number => c !== null))],
  };
}

/** The names, one look-up each (one after another on the transaction's one connection). */
async function readNames(tx: DbOrTx, refs: Refs): Promise<Names> {
  const admins = refs.admins.size
    ? await tx
        .select({ id: adminUsers.id, name: adminUsers.name })
        .from(adminUsers)
        .where(inArray(adminUsers.id, [...refs.admins]))
    : [];
  const others = refs.students.length
    ? await tx
        .select({ id: students.id, loginId: students.loginId, name: students.name })
        .from(students)
        .where(inArray(students.id, refs.students))
    : [];
  const named = refs.courses.length
    ? await tx
        .select({ id: courses.id, name: courses.name })
        .from(courses)
        .where(inArray(courses.id, refs.courses))
    : [];
  const adminName = new Map(admins.map((a) => [a.id, a.name]));
  const other = new Map(others.map((o) => [o.id, o]));
  const courseName = new Map(named.map((c) => [c.id, c.name]));
  return {
    staff: (v) => (v === null ? '' : (adminName.get(v) ?? '事務局')),
    student: (otherId) => other.get(otherId),
    course: (courseId) => courseName.get(courseId) ?? '',
  };
}

/** `disclosure-<学生番号 or 管理番号>-<YYYYMMDD>.json`, the date in Tokyo. */
export function disclosureFileName(d: Pick<Disclosure, 'student'>, now: Date): string {
  const p = tokyoParts(now);
  return `disclosure-${d.student.login_id ?? d.student.user_id}-${p.year}${p.month}${p.day}.json`;
}

/**
 * GET /api/admin/student/disclosure/: the document, and its audit entry (`disclose`) written before it is
 * answered — an access to a person's data is answerable later, whether it was read on screen or taken as a
 * file.
 */
export async function discloseStudent(
  db: Db,
  actor: Actor,
  userId: number,
  download: boolean,
  now = new Date(),
): Promise<Disclosure> {
  const document = await readDisclosure(db, userId, now);
  await audit(db, {
    actor,
    action: 'disclose',
    entity: 'student',
    entityId: userId,
    studentId: userId,
    detail: { download },
  });
  return document;
}
