import type { Notice, NoticeCourseRow, NoticeRow, PublisherRow } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import type { courses, notices } from '../../db/schema';

type NoticeRecord = typeof notices.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentNoticeCourseRow = (
  row: Pick<typeof courses.$inferSelect, 'id' | 'name' | 'period' | 'organ' | 'universityId' | 'keyword'>,
): NoticeCourseRow => ({
  id: row.id,
  course_name: row.name,
  period: row.period,
  organ: row.organ,
  univ_id: row.universityId,
  keyword: row.keyword,
});

export const presentNoticeRow = (
  row: Pick<
    NoticeRecord,
    'id' | 'title' | 'periodFrom' | 'periodTo' | 'isControl' | 'publishedTo' | 'createdAt' | 'isImportant'
  > & { categoryName: string | null },
): NoticeRow => ({
  id: row.id,
  title: row.title,
  category_name: row.categoryName,
  period_from: iso(row.periodFrom),
  period_from_str: formatDateTimeJa(row.periodFrom),
  period_to: iso(row.periodTo),
  period_to_str: formatDateTimeJa(row.periodTo),
  is_control: row.isControl,
  published_to: String(row.publishedTo),
  created_at: row.createdAt.toISOString(),
  is_important: row.isImportant ? '1' : '0',
});

/** SPEC §3 Notice (refarence_url1..3 as the spec spells it); target fields only for their target. */
export const presentNotice = (
  row: NoticeRecord,
  names: { categoryName: string | null; courseName: string | null },
): Notice => ({
  ...presentNoticeRow({ ...row, categoryName: names.categoryName }),
  category_id: row.categoryId,
  content: row.content,
  refarence_url1: row.referenceUrl1,
  refarence_url2: row.referenceUrl2,
  refarence_url3: row.referenceUrl3,
  remarks: row.remarks,
  generation_id: row.generationId,
  course_id: row.courseId,
  course_name: row.courseId === null ? null : names.courseName,
  lottery_status: row.lotteryStatus,
  is_email: row.isEmail ? '1' : '0',
  email_title: row.emailTitle,
  updated_at: row.updatedAt.toISOString(),
});

export const presentPublisherRow = (row: {
  id: number;
  loginId: string | null;
  name: string;
  nameKana: string;
  lotteryStatus: string | null;
  readAt: Date | null;
  mail: PublisherRow['mail'];
  printedAt: Date | null;
}): PublisherRow => ({
  id: row.id,
  login_id: row.loginId ?? '',
  name: row.name,
  name_kana: row.nameKana,
  lottery_status: row.lotteryStatus,
  read_time: iso(row.readAt),
  mail: row.mail,
  letter_printed_at: iso(row.printedAt),
});
