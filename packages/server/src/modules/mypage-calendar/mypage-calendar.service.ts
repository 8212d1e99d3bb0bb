/**
 * My calendar (decision 028): the student's upcoming classes on the my-page, a personal calendar
 * feed at a secret address for phone calendars, and one course's classes as a .ics file. "The student's
 * classes" are the sessions of the courses where they hold a seat ({@link attendsCourse}: a live 当選,
 * confirmed or needing no confirmation), the same students the reminders and the check-in expect.
 */
import { APPROVAL, PUBLISH } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { addDays } from '@manabi/shared/domain/sessions';
import { roomBeyondVenue } from '@manabi/shared/domain/venue';
import type { CalendarFeedIssued, MypageSchedule } from '@manabi/shared/schemas/responses';
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds, courseApplications, courseSessions, courses, students } from '../../db/schema';
import { preparedPerDatabase } from '../../db/statements';
import { audit, onOwnRecord } from '../../platform/audit';
import type { StudentPrincipal } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import { attendsCourse } from '../../repositories/course-sessions';
import { type IcalEvent, writeCalendar } from './ical';
import { type ClassRow, presentFeed, presentScheduleItem } from './mypage-calendar.presenter';

/** How many classes the my-page lists (about a year of weekly courses; the feed has them all). */
export const SCHEDULE_MAX = 100;
/** The feed keeps the last half year, so a phone still shows the classes just past. */
const FEED_PAST_DAYS = 180;
/** A safety bound on one feed (15 sessions of a course; no student holds this many seats at once). */
const FEED_MAX = 2000;
/** last_used_at is written at most this often: a phone reading the feed every few minutes writes nothing. */
const LAST_USED_EVERY_MS = 3_600_000;
/** How often a subscribed calendar should read the feed again. */
const FEED_REFRESH_HOURS = 6;

/** randomToken(): 32 random bytes in base64url. Anything else is not a feed and is refused before any query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const classColumns = {
  courseId: courses.id,
  name: courses.name,
  status: courses.status,
  venue: courses.venue,
  streetAddress: courses.streetAddress,
  bring: courses.bring,
  no: courseSessions.no,
  day: courseSessions.day,
  start: courseSessions.startsAt,
  end: courseSessions.endsAt,
  room: courseSessions.room,
};

/** Date, then time, then course and session: the order a person reads a diary in. */
const classOrder = [
  asc(courseSessions.day),
  asc(courseSessions.startsAt),
  asc(courses.id),
  asc(courseSessions.no),
] as const;

const statements = preparedPerDatabase((db: Db) => ({
  /**
   * The student's classes from a day on: their applications (course_applications_student_idx), each
   * course's sessions from that day (course_sessions_day_idx or the primary key), the course.
   */
  classes: db
    .select(classColumns)
    .from(courseApplications)
    .innerJoin(
      courseSessions,
      and(
        eq(courseSessions.courseId, courseApplications.courseId),
        gte(courseSessions.day, sql.placeholder('from')),
      ),
    )
    .innerJoin(courses, eq(courses.id, courseApplications.courseId))
    .where(and(eq(courseApplications.studentId, sql.placeholder('studentId')), attendsCourse))
    .orderBy(...classOrder)
    .limit(sql.placeholder('limit'))
    .prepare('mypage_calendar_classes'),
  feedOf: db
    .select({ createdAt: calendarFeeds.createdAt, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.studentId, sql.placeholder('studentId')))
    .prepare('mypage_calendar_feed'),
  /** The feed's student, while they may still use the my-page (approved, not refused): as the guard asks. */
  byToken: db
    .select({ studentId: calendarFeeds.studentId, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .innerJoin(students, eq(students.id, calendarFeeds.studentId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, sql.placeholder('tokenHash')),
        eq(students.approvalStatus, APPROVAL.APPROVED),
        eq(students.isRejection, false),
        isNotNull(students.loginId),
      ),
    )
    .prepare('calendar_feed_by_token'),
}));

/** Where a class's event links: the course on the my-page. */
const courseUrl = (publicUrl: string, courseId: number) =>
  new URL(`/mypage/course/detail/${courseId}`, publicUrl).toString();

/** A class as a calendar event: 「講座名（第n回）」 at room / venue / address, with a link to the course. */
function eventOf(row: ClassRow, publicUrl: string): IcalEvent {
  const url = courseUrl(publicUrl, row.courseId);
  return {
    uid: `course-${row.courseId}-session-${row.no}@${new URL(publicUrl).hostname}`,
    day: row.day,
    start: row.start,
    end: row.end,
    summary: `${row.name}（第${row.no}回）`,
    // the room once: not again when the venue already names it (「まなびプラザ 1階 多目的室」)
    location: [roomBeyondVenue(row.venue, row.room), row.venue, row.streetAddress]
      .filter((x) => x !== '')
      .join(' / '),
    description: [
      ...(row.bring ? [`持ち物：${row.bring}`] : []),
      '講座の詳しい内容はマイページでご覧ください。',
      url,
    ].join('\n'),
    url,
  };
}

// ---- the my-page list ----

/**
 * GET /api/mypage/schedule/: the student's classes from today (Asia/Tokyo) on, in date and time order, at
 * most {@link SCHEDULE_MAX}; and whether they have a calendar feed.
 */
export async function mySchedule(
  db: Db,
  student: StudentPrincipal,
  now = new Date(),
): Promise<MypageSchedule> {
  const s = statements(db);
  const [rows, [feed]] = await Promise.all([
    s.classes.execute({ studentId: student.id, from: todayTokyo(now), limit: SCHEDULE_MAX }),
    s.feedOf.execute({ studentId: student.id }),
  ]);
  return { data_list: rows.map(presentScheduleItem), feed: presentFeed(feed ?? null) };
}

// ---- the feed ----

/** The feed's two addresses: https?:// for a calendar that subscribes by URL, webcal:// to open a phone's. */
function feedUrls(publicUrl: string, token: string): CalendarFeedIssued {
  const url = new URL(`/api/calendar/${token}.ics`, publicUrl).toString();
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/**
 * POST /api/mypage/schedule/feed/: a new secret address. Only its SHA-256 is stored, in place of any older
 * one (that address stops working at once); the address is answered this once and never again.
 */
export async function issueFeed(
  db: Db,
  publicUrl: string,
  student: StudentPrincipal,
  now = new Date(),
): Promise<CalendarFeedIssued> {
  const token = randomToken();
  const tokenHash = sha256(token);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ studentId: calendarFeeds.studentId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.studentId, student.id));
    await tx
      .insert(calendarFeeds)
      .values({ studentId: student.id, tokenHash, createdAt: now, lastUsedAt: null })
      .onConflictDoUpdate({
        target: calendarFeeds.studentId,
        set: { tokenHash, createdAt: now, lastUsedAt: null },
      });
    await audit(tx, {
      ...onOwnRecord(student.id),
      action: 'calendar_feed',
      detail: {
        login_id: student.loginId,
        replaced: before !== undefined,
      },
    });
  });
  return feedUrls(publicUrl, token);
}

/** POST /api/mypage/schedule/feed/delete/: the address stops working. No feed: nothing to do, same answer. */
export async function revokeFeed(db: Db, student: StudentPrincipal): Promise<{ result: true }> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.studentId, student.id))
      .returning({ studentId: calendarFeeds.studentId });
    if (gone.length > 0)
      await audit(tx, {
        ...onOwnRecord(student.id),
        action: 'calendar_feed_revoke',
        detail: {
          login_id: student.loginId,
        },
      });
  });
  return { result: true as const };
}

/** The name a phone lists the feed under. */
const FEED_NAME = 'まなび 受講予定';

/**
 * GET /api/calendar/{token}.ics: the feed's student's classes from half a year back on. An unknown,
 * replaced or revoked address, or one whose student may no longer use the my-page, is the same plain 404.
 */
export async function feedCalendar(
  db: Db,
  publicUrl: string,
  token: string,
  now = new Date(),
): Promise<string> {
  if (!TOKEN.test(token)) throw notFound();
  const s = statements(db);
  const [feed] = await s.byToken.execute({ tokenHash: sha256(token) });
  if (!feed) throw notFound();
  if (!feed.lastUsedAt || now.getTime() - feed.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db
      .update(calendarFeeds)
      .set({ lastUsedAt: now })
      .where(eq(calendarFeeds.studentId, feed.studentId));
  }
  const rows = await s.classes.execute({
    studentId: feed.studentId,
    from: addDays(todayTokyo(now), -FEED_PAST_DAYS),
    limit: FEED_MAX,
  });
  return writeCalendar({
    name: FEED_NAME,
    events: rows.map((r) => eventOf(r, publicUrl)),
    now,
    refreshHours: FEED_REFRESH_HOURS,
  });
}

// ---- one course ----

/** Characters a file name cannot hold on some system (and control characters): each becomes _. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * GET /api/mypage/course/ics/?id: a public course's classes (any the course detail shows, held seat or
 * not) as a .ics file named after the course. Not public, unknown, or without dated sessions → 404.
 */
export async function courseCalendar(
  db: Db,
  publicUrl: string,
  courseId: number,
  now = new Date(),
): Promise<{ fileName: string; text: string }> {
  const rows = await db
    .select(classColumns)
    .from(courses)
    .innerJoin(courseSessions, eq(courseSessions.courseId, courses.id))
    .where(and(eq(courses.id, courseId), eq(courses.status, PUBLISH.PUBLIC)))
    .orderBy(...classOrder);
  const first = rows[0];
  if (!first) throw notFound();
  const base = first.name.replace(UNSAFE_IN_FILE_NAME, '_').trim().slice(0, 80) || 'course';
  return {
    fileName: `${base}.ics`,
    text: writeCalendar({ name: first.name, events: rows.map((r) => eventOf(r, publicUrl)), now }),
  };
}
