import type { NoticeAudience, NoticeWriteResult } from '@manabi/shared/api';
import { PERSONAL_NOTICE } from '@manabi/shared/codes';
import {
  NOTICE_MSG,
  type NoticeAudienceQueryParsed,
  type NoticeForm,
  PUBLISHED_TO,
} from '@manabi/shared/schemas/notice';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { courses, noticeCategories, notices } from '../../db/schema';
import { type Actor, audit, changesOf } from '../../platform/audit';
import { invalid, notFound, seenAt, stale } from '../../platform/errors';
import { idOf } from './notices.service';
import { countAudience, mailDue, queueNoticeMail, reached } from './notices-mail.service';

/**
 * Admin notices (SPEC §7 "Admin notices"), the notice form: add and update, each with its notice mail
 * (queued by notices-mail.service.ts) and its audit entry, and the form's confirm step — whom a save
 * would reach and how many it would mail.
 */

/** 'YYYY-MM-DDTHH:MM' typed in Tokyo → instant; '' = open. */
const tokyoDateTime = (local: string) => (local ? new Date(`${local}:00+09:00`) : null);

// ---- 1. add / update ----

/** The course of a course target: it must exist (422 on course_id). */
async function existingCourse(tx: DbOrTx, digits: string): Promise<number> {
  const courseId = idOf(digits);
  const [found] = courseId
    ? await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId))
    : [];
  if (!found) throw invalid('course_id', NOTICE_MSG.courseNotFound);
  return found.id;
}

/**
 * The form → columns. The category must exist ('' = none); target 2 keeps generation_id, target 3
 * course_id (which must exist) and lottery_status ('' = every live applicant); the fields of the other
 * targets are stored as null. course_name is the modal's display only.
 */
async function columnsOf(tx: DbOrTx, input: NoticeForm) {
  let categoryId: number | null = null;
  if (input.category_id !== '') {
    categoryId = /^\d+$/.test(input.category_id) ? idOf(input.category_id) : null;
    const [found] = categoryId
      ? await tx
          .select({ id: noticeCategories.id })
          .from(noticeCategories)
          .where(eq(noticeCategories.id, categoryId))
      : [];
    if (!found) throw invalid('category_id', NOTICE_MSG.categoryNotFound);
  }
  const target = input.published_to;
  const courseId = target === PUBLISHED_TO.COURSE ? await existingCourse(tx, input.course_id) : null;
  return {
    categoryId,
    title: input.title,
    content: input.content,
    referenceUrl1: input.reference_url1,
    referenceUrl2: input.reference_url2,
    referenceUrl3: input.reference_url3,
    remarks: input.remarks,
    periodFrom: tokyoDateTime(input.period_from),
    periodTo: tokyoDateTime(input.period_to),
    isControl: input.is_control,
    publishedTo: Number(target),
    generationId: target === PUBLISHED_TO.GENERATION ? input.generation_id : null,
    courseId,
    lotteryStatus:
      target === PUBLISHED_TO.COURSE && input.lottery_status !== '' ? input.lottery_status : null,
    isEmail: input.is_email === '1',
    emailTitle: input.email_title,
    isImportant: input.is_important === '1',
  };
}

const auditDetail = (row: typeof notices.$inferSelect, mailQueued: number) => ({
  title: row.title,
  is_control: row.isControl,
  published_to: row.publishedTo,
  generation_id: row.generationId,
  course_id: row.courseId,
  lottery_status: row.lotteryStatus,
  is_email: row.isEmail,
  is_important: row.isImportant,
  mail_queued: mailQueued,
});

/** What an update's entry says changed: the short fields with their values, the texts by name only. */
const NOTICE_CHANGES = {
  shown: [
    'title',
    'categoryId',
    'periodFrom',
    'periodTo',
    'isControl',
    'publishedTo',
    'generationId',
    'courseId',
    'lotteryStatus',
    'isEmail',
    'emailTitle',
    'isImportant',
  ],
  withheld: ['content', 'remarks', 'referenceUrl1', 'referenceUrl2', 'referenceUrl3'],
} as const;

/** A written notice's mail, its audit entry (an update's with what it changed) and the write's answer. */
async function published(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  actor: Actor,
  action: 'create' | 'update',
  row: typeof notices.$inferSelect,
  before?: typeof notices.$inferSelect,
): Promise<NoticeWriteResult> {
  const mailed = await queueNoticeMail(tx, config, row);
  const changed = before ? changesOf(before, row, NOTICE_CHANGES) : {};
  await audit(tx, {
    actor,
    action,
    entity: 'notice',
    entityId: row.id,
    detail: { ...auditDetail(row, mailed), ...changed },
  });
  return { result: true as const, id: row.id, ...(await reached(tx, row, mailed)) };
}

export async function addNotice(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  actor: Actor,
  input: NoticeForm,
): Promise<NoticeWriteResult> {
  return db.transaction(async (tx) => {
    const columns = await columnsOf(tx, input);
    const [row] = await tx
      .insert(notices)
      .values({ ...columns, createdBy: actor.kind === 'admin' ? actor.id : null })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return published(tx, config, actor, 'create', row);
  });
}

/** Optimistic locking on updated_at (409 when stale); a missing notice is 404. */
export async function updateNotice(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  actor: Actor,
  input: NoticeForm & { id: number; updated_at: string },
): Promise<NoticeWriteResult> {
  return db.transaction(async (tx) => {
    const seen = seenAt(input.updated_at);
    const [current] = await tx
      .select()
      .from(notices)
      .where(and(eq(notices.id, input.id), ne(notices.publishedTo, PERSONAL_NOTICE)));
    if (!current) throw notFound();
    const columns = await columnsOf(tx, input);
    const [row] = await tx
      .update(notices)
      .set({ ...columns, updatedAt: new Date() })
      .where(and(eq(notices.id, input.id), eq(notices.updatedAt, seen)))
      .returning();
    if (!row) throw stale();
    // the row read above is the one replaced: the update matched its updated_at
    return published(tx, config, actor, 'update', row, current);
  });
}

// ---- 2. what a save would reach ----

/**
 * GET /api/admin/notice/audience/: what saving the form would reach — N students addressed (the publisher
 * list's total afterwards) and M of them mailed (the mails the save then queues: none unless it is
 * published with mail on and its period not ended; for an update, not those the notice has mailed before).
 */
export async function previewAudience(db: Db, q: NoticeAudienceQueryParsed): Promise<NoticeAudience> {
  const target = q.published_to;
  const noticeId = q.id === '' ? null : idOf(q.id);
  if (q.id !== '' && noticeId === null) throw notFound();
  const courseId = target === PUBLISHED_TO.COURSE ? await existingCourse(db, q.course_id) : null;
  const counts = await countAudience(
    db,
    {
      publishedTo: Number(target),
      generationId: target === PUBLISHED_TO.GENERATION ? q.generation_id : null,
      courseId,
      lotteryStatus: target === PUBLISHED_TO.COURSE && q.lottery_status !== '' ? q.lottery_status : null,
      studentId: null,
    },
    noticeId,
  );
  const periodTo = tokyoDateTime(q.period_to);
  const willMail = mailDue({ isControl: q.is_control, isEmail: q.is_email === '1', periodTo }, new Date());
  return { target_count: counts.all, mail_count: willMail ? counts.mailable : 0 };
}
