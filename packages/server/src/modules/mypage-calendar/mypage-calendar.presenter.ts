/** My calendar's answers: rows to the contract's names. */
import type { MypageSchedule, MypageScheduleItem } from '@manabi/shared/schemas/responses';

/** One class of a course the student holds a seat in, as the calendar statements read it. */
export interface ClassRow {
  courseId: number;
  name: string;
  status: string;
  venue: string;
  streetAddress: string;
  bring: string;
  no: number;
  day: string;
  start: string;
  end: string;
  room: string;
}

export const presentScheduleItem = (r: ClassRow): MypageScheduleItem => ({
  course_id: r.courseId,
  course_name: r.name,
  status: r.status,
  no: r.no,
  day: r.day,
  start: r.start,
  end: r.end,
  room: r.room,
  venue: r.venue,
  street_address: r.streetAddress,
  bring: r.bring,
});

/** Whether the student has a feed; never its address (only its hash is kept). */
export const presentFeed = (
  feed: { createdAt: Date; lastUsedAt: Date | null } | null,
): MypageSchedule['feed'] => ({
  issued: feed !== null,
  created_at: feed?.createdAt.toISOString() ?? '',
  last_used_at: feed?.lastUsedAt?.toISOString() ?? '',
});
