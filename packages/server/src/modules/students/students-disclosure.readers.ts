import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  addressChangeRequests,
  auditLog,
  calendarFeeds,
  courseApplications,
  courseSessions,
  courses,
  duplicateDismissals,
  duplicatePairs,
  inquiries,
  mailOutbox,
  noticeLetters,
  noticeMails,
  noticeReads,
  notices,
  payments,
  studentCalls,
  studentMerges,
} from '../../db/schema';
import { resolvePersonal } from '../../platform/audit';

/**
 * What the disclosure reads (decision 076): one reader a section of the document, one query a table, every
 * list whole. They run inside the document's one REPEATABLE READ transaction.
 */

/**
 * Every section's rows, the readers one after another on the transaction's one connection (each query runs
 * when awaited), in the document's order.
 */
export async function readSections(tx: DbOrTx, id: number) {
  return {
    applications: await readApplications(tx, id),
    payments: await readPayments(tx, id),
    notices: await readNotices(tx, id),
    noticeRecords: await readNoticeRecords(tx, id),
    mails: await readMails(tx, id),
    calls: await readCalls(tx, id),
    addressRequests: await readAddressRequests(tx, id),
    inquiries: await readInquiries(tx, id),
    calendarFeed: await readCalendarFeed(tx, id),
    duplicates: await readDuplicates(tx, id),
    audit: await readAudit(tx, id),
  };
}

export type SectionsRead = Awaited<ReturnType<typeof readSections>>;

/** The student's applications with their courses, and the class days of those courses. */
async function readApplications(tx: DbOrTx, id: number) {
  const rows = await tx
    .select({
      a: courseApplications,
      course: courses.name,
      period: courses.period,
      start: courses.startDate,
    })
    .from(courseApplications)
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .where(eq(courseApplications.studentId, id))
    .orderBy(asc(courseApplications.id));
  const sessions = await tx
    .select({ course: courseSessions.courseId, no: courseSessions.no, day: courseSessions.day })
    .from(courseSessions)
    .where(
      inArray(
        courseSessions.courseId,
        tx
          .select({ c: courseApplications.courseId })
          .from(courseApplications)
          .where(eq(courseApplications.studentId, id)),
      ),
    );
  return { rows, sessions };
}

function readPayments(tx: DbOrTx, id: number) {
  return tx
    .select({ p: payments, course: courses.name })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(payments.studentId, id))
    .orderBy(asc(payments.paidOn), asc(payments.id));
}

/** The notices addressed to the student, with whether and when she read them. */
function readNotices(tx: DbOrTx, id: number) {
  return tx
    .select({ n: notices, course: courses.name, readAt: noticeReads.readAt })
    .from(notices)
    .leftJoin(courses, eq(courses.id, notices.courseId))
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.studentId, id)))
    .where(eq(notices.studentId, id))
    .orderBy(asc(notices.id));
}

/** Every notice the student read, was mailed, or was sent by post. */
async function readNoticeRecords(tx: DbOrTx, id: number) {
  const reads = await tx
    .select({ notice: notices.id, title: notices.title, at: noticeReads.readAt })
    .from(noticeReads)
    .innerJoin(notices, eq(notices.id, noticeReads.noticeId))
    .where(eq(noticeReads.studentId, id));
  const mailed = await tx
    .select({ notice: notices.id, title: notices.title, at: noticeMails.queuedAt })
    .from(noticeMails)
    .innerJoin(notices, eq(notices.id, noticeMails.noticeId))
    .where(eq(noticeMails.studentId, id));
  const posted = await tx
    .select({
      notice: notices.id,
      title: notices.title,
      at: noticeLetters.printedAt,
      by: noticeLetters.printedBy,
    })
    .from(noticeLetters)
    .innerJoin(notices, eq(notices.id, noticeLetters.noticeId))
    .where(eq(noticeLetters.studentId, id));
  return { reads, mailed, posted };
}

function readMails(tx: DbOrTx, id: number) {
  return tx.select().from(mailOutbox).where(eq(mailOutbox.studentId, id)).orderBy(asc(mailOutbox.id));
}

function readCalls(tx: DbOrTx, id: number) {
  return tx
    .select({ c: studentCalls, course: courses.name })
    .from(studentCalls)
    .leftJoin(courses, eq(courses.id, studentCalls.courseId))
    .where(eq(studentCalls.studentId, id))
    .orderBy(asc(studentCalls.calledAt), asc(studentCalls.id));
}

function readAddressRequests(tx: DbOrTx, id: number) {
  return tx
    .select()
    .from(addressChangeRequests)
    .where(eq(addressChangeRequests.studentId, id))
    .orderBy(asc(addressChangeRequests.id));
}

function readInquiries(tx: DbOrTx, id: number) {
  return tx.select().from(inquiries).where(eq(inquiries.studentId, id)).orderBy(asc(inquiries.id));
}

async function readCalendarFeed(tx: DbOrTx, id: number) {
  // never the token's hash: only whether a feed exists and when it was made and last read
  const [feed] = await tx
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.studentId, id));
  return feed;
}

/** The likely-duplicate pairs the student is in, the office's 「別人」 on them, and her merges. */
async function readDuplicates(tx: DbOrTx, id: number) {
  const pairs = await tx
    .select({ score: duplicatePairs.score, reasons: duplicatePairs.reasons, at: duplicatePairs.foundAt })
    .from(duplicatePairs)
    .where(or(eq(duplicatePairs.studentA, id), eq(duplicatePairs.studentB, id)));
  const dismissals = await tx
    .select({ at: duplicateDismissals.createdAt, by: duplicateDismissals.adminId })
    .from(duplicateDismissals)
    .where(or(eq(duplicateDismissals.studentA, id), eq(duplicateDismissals.studentB, id)));
  const merges = await tx
    .select()
    .from(studentMerges)
    .where(or(eq(studentMerges.keptId, id), eq(studentMerges.mergedId, id)))
    .orderBy(asc(studentMerges.id));
  return { pairs, dismissals, merges };
}

/** The audit entries about the student, their details with the personal values they refer to put back. */
async function readAudit(tx: DbOrTx, id: number) {
  const entries = await tx
    .select()
    .from(auditLog)
    .where(eq(auditLog.studentId, id))
    .orderBy(asc(auditLog.id));
  const details = await resolvePersonal(
    tx,
    entries.map((e) => e.detail as Record<string, unknown> | null),
  );
  return { entries, details };
}
