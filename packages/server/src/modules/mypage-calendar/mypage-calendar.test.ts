/**
 * My calendar: the upcoming classes on the my-page, the secret calendar feed and the per-course
 * .ics — who may call what, which classes count, and that every file is valid iCalendar (read back by
 * ical.js) with Tokyo times and the Japanese titles intact.
 */
import { todayTokyo } from '@manabi/shared/domain/dates';
import { addDays } from '@manabi/shared/domain/sessions';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, calendarFeeds, courseSessions, students } from '../../db/schema';
import { sha256 } from '../../platform/crypto';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { readIcs } from './read-ics';

let t: TestApp;
let cast: Cast;
let me: number;
let other: { id: number; cookie: string };
const today = todayTokyo();
const day = (n: number) => addDays(today, n);
const DAY_MS = 86_400_000;
const courseIds = new Map<string, number>();
/** The id of the course made under this name. */
const idOf = (name: string) => {
  const id = courseIds.get(name);
  if (id === undefined) throw new Error(`no course ${name}`);
  return id;
};

/** A course with dated sessions [day offset, start, end, room]. */
async function course(
  key: string,
  sessions: [number, string, string, string?][],
  over: Parameters<typeof makeCourse>[1] = {},
) {
  const c = await makeCourse(t.db, {
    name: key,
    venue: '市民センター',
    streetAddress: '港区芝公園1-1-1',
    ...over,
  });
  courseIds.set(key, c.id);
  if (sessions.length > 0)
    await t.db.insert(courseSessions).values(
      sessions.map(([offset, startsAt, endsAt, room = ''], i) => ({
        courseId: c.id,
        no: i + 1,
        day: day(offset),
        startsAt,
        endsAt,
        room,
      })),
    );
  return c;
}

const SCHEDULE = '/api/mypage/schedule/';
const ISSUE = '/api/mypage/schedule/feed/';
const REVOKE = '/api/mypage/schedule/feed/delete/';
const COURSE_ICS = (id: number | string) => `/api/mypage/course/ics/?id=${id}`;
const feedPath = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://manabi.example.jp' });
  cast = await makeCast(t);
  me = (await t.db.select({ id: students.id }).from(students).where(eq(students.loginId, '24040001')))[0]!.id;
  const o = await makeStudent(t.db, { loginId: '24040099', password: 'other0001' });
  other = { id: o.id, cookie: await loginAsStudent(t.app, '24040099', 'other0001') };

  const held = async (key: string, over: Partial<Parameters<typeof makeApplication>[1]> = {}) =>
    makeApplication(t.db, { courseId: idOf(key), studentId: me, lotteryStatus: '2', ...over });
  // seats held: 当選 needing no confirmation, and 当選 confirmed
  await course(
    '俳句入門',
    [
      [-7, '13:00', '14:30', '第1研修室'],
      [0, '13:00', '14:30', '第1研修室'],
      [7, '13:00', '14:30', '第2研修室'],
    ],
    { bring: '筆記用具、歳時記' },
  );
  await held('俳句入門');
  await course('古文書を読む', [
    [0, '10:00', '11:30'],
    [7, '15:00', '16:30'],
  ]);
  await held('古文書を読む', { confirmBy: new Date(Date.now() - DAY_MS), confirmedAt: new Date() });
  // a seat on a course the office has since made non-public: still the student's class
  await course('休止中の講座', [[14, '09:00', '10:00']], { status: '2' });
  await held('休止中の講座');
  // no seat: still to confirm, lottery pending, cancelled, 補欠
  await course('確定待ち', [[1, '09:00', '10:00']]);
  await held('確定待ち', { confirmBy: new Date(Date.now() + DAY_MS) });
  await course('抽選待ち', [[1, '09:00', '10:00']]);
  await held('抽選待ち', { lotteryStatus: '1' });
  await course('キャンセル済み', [[1, '09:00', '10:00']]);
  await held('キャンセル済み', { lotteryStatus: '4', cancelledAt: new Date() });
  await course('補欠', [[1, '09:00', '10:00']]);
  await held('補欠', { lotteryStatus: '5', waitlistRank: 1 });
  // another student's seat
  await course('他の人の講座', [[2, '09:00', '10:00']]);
  await makeApplication(t.db, {
    courseId: idOf('他の人の講座'),
    studentId: other.id,
    lotteryStatus: '2',
  });
  // public courses for the per-course file: one without sessions, one not public
  await course('日程未定', []);
  await course('非公開講座', [[3, '09:00', '10:00']], { status: '2' });
});
afterAll(async () => {
  await t?.close();
});

interface Item {
  course_id: number;
  course_name: string;
  status: string;
  no: number;
  day: string;
  start: string;
  end: string;
  room: string;
  venue: string;
  street_address: string;
  bring: string;
}

describe('GET /api/mypage/schedule/', () => {
  it('lists the classes of the courses with a seat, from today on, by date and time', async () => {
    const res = await get(t.app, SCHEDULE, cast.student);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data_list as Item[];
    expect(list.map((i) => [i.course_name, i.no, i.day, i.start])).toEqual([
      ['古文書を読む', 1, day(0), '10:00'],
      ['俳句入門', 2, day(0), '13:00'],
      ['俳句入門', 3, day(7), '13:00'],
      ['古文書を読む', 2, day(7), '15:00'],
      ['休止中の講座', 1, day(14), '09:00'],
    ]);
    expect(list.at(-1)?.status).toBe('2');
    expect(list[1]).toEqual({
      course_id: idOf('俳句入門'),
      course_name: '俳句入門',
      status: '1',
      no: 2,
      day: day(0),
      start: '13:00',
      end: '14:30',
      room: '第1研修室',
      venue: '市民センター',
      street_address: '港区芝公園1-1-1',
      bring: '筆記用具、歳時記',
    });
    // a course that names nothing to bring says so with ''
    expect(list[0]?.bring).toBe('');
    expect(res.json().feed).toEqual({ issued: false, created_at: '', last_used_at: '' });
  });

  it('another student sees only their own classes', async () => {
    const list = (await get(t.app, SCHEDULE, other.cookie)).json().data_list as Item[];
    expect(list.map((i) => i.course_name)).toEqual(['他の人の講座']);
  });

  it('lists at most 100 classes', async () => {
    const s = await makeStudent(t.db, { loginId: '24040098', password: 'many00001' });
    // 7 courses of 15 classes: 105, and some classes of different courses at the same hour
    for (let k = 0; k < 7; k++) {
      const sessions = Array.from({ length: 15 }, (_, i): [number, string, string] => [
        i,
        `0${k % 3}:00`,
        '10:00',
      ]);
      const c = await course(`十五回講座${k}`, sessions);
      await makeApplication(t.db, { courseId: c.id, studentId: s.id, lotteryStatus: '2' });
    }
    const res = await get(t.app, SCHEDULE, await loginAsStudent(t.app, '24040098', 'many00001'));
    const list = res.json().data_list as Item[];
    expect(list).toHaveLength(100);
    const keys = list.map((i) => `${i.day} ${i.start} ${String(i.course_id).padStart(6, '0')}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('refuses anyone without a student session: logged out 401, an admin session 403', async () => {
    expect((await get(t.app, SCHEDULE)).statusCode).toBe(401);
    expect((await get(t.app, SCHEDULE, cast.admin)).statusCode).toBe(403);
    expect((await get(t.app, SCHEDULE, cast.univ)).statusCode).toBe(403);
  });
});

describe('the calendar feed', () => {
  it('issues a secret address, keeps only its hash, audits it and answers the calendar at it', async () => {
    const res = await post(t.app, ISSUE, {}, cast.student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { url, webcal_url } = res.json() as { url: string; webcal_url: string };
    expect(url).toMatch(/^https:\/\/manabi\.example\.jp\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcal_url).toBe(url.replace('https:', 'webcal:'));
    const token = /calendar\/([^.]+)\.ics$/.exec(url)![1]!;

    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.studentId, me));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'calendar_feed'), eq(auditLog.entityId, String(me))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audited).toMatchObject({ actorKind: 'student', actorId: me, entity: 'student' });
    expect(JSON.stringify(audited)).not.toContain(token);

    const schedule = (await get(t.app, SCHEDULE, cast.student)).json();
    expect(schedule.feed.issued).toBe(true);
    expect(schedule.feed.created_at).toBe(row?.createdAt.toISOString());
    expect(JSON.stringify(schedule)).not.toContain(token);

    // the feed: no cookie at all
    const feed = await get(t.app, feedPath(url));
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect(feed.headers['referrer-policy']).toBe('no-referrer');
    const { events, calendar } = readIcs(feed.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('まなび 受講予定');
    // the class of a week ago is kept (half a year back); only courses with a seat
    expect(events.map((e) => [e.summary, e.startDate.toJSDate().toISOString()])).toEqual([
      ['俳句入門（第1回）', `${day(-7)}T04:00:00.000Z`],
      ['古文書を読む（第1回）', `${day(0)}T01:00:00.000Z`],
      ['俳句入門（第2回）', `${day(0)}T04:00:00.000Z`],
      ['俳句入門（第3回）', `${day(7)}T04:00:00.000Z`],
      ['古文書を読む（第2回）', `${day(7)}T06:00:00.000Z`],
      ['休止中の講座（第1回）', `${day(14)}T00:00:00.000Z`],
    ]);
    const first = events[0]!;
    expect(first.uid).toBe(`course-${idOf('俳句入門')}-session-1@manabi.example.jp`);
    expect(first.location).toBe('第1研修室 / 市民センター / 港区芝公園1-1-1');
    expect(first.description).toContain(`https://manabi.example.jp/mypage/course/detail/${idOf('俳句入門')}`);
    expect(first.startDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(events[1]?.location).toBe('市民センター / 港区芝公園1-1-1');

    // another student's feed is theirs alone
    const theirs = (await post(t.app, ISSUE, {}, other.cookie)).json() as { url: string };
    const their = readIcs((await get(t.app, feedPath(theirs.url))).body).events;
    expect(their.map((e) => e.summary)).toEqual(['他の人の講座（第1回）']);
  });

  it('notes when a calendar last read it, at most once an hour', async () => {
    const { url } = (await post(t.app, ISSUE, {}, cast.student)).json() as { url: string };
    const lastUsed = async () =>
      (await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.studentId, me)))[0]?.lastUsedAt ?? null;
    expect(await lastUsed()).toBeNull();
    await get(t.app, feedPath(url));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await get(t.app, feedPath(url));
    expect((await lastUsed())?.getTime()).toBe(first?.getTime());
    const twoHoursAgo = new Date(first!.getTime() - 2 * 3_600_000);
    await t.db.update(calendarFeeds).set({ lastUsedAt: twoHoursAgo }).where(eq(calendarFeeds.studentId, me));
    await get(t.app, feedPath(url));
    expect((await lastUsed())!.getTime()).toBeGreaterThan(twoHoursAgo.getTime());
    expect((await get(t.app, SCHEDULE, cast.student)).json().feed.last_used_at).not.toBe('');
  });

  it('a new address stops the old one; revoking stops it; unknown ones are a plain 404', async () => {
    const old = (await post(t.app, ISSUE, {}, cast.student)).json() as { url: string };
    const fresh = (await post(t.app, ISSUE, {}, cast.student)).json() as { url: string };
    expect(fresh.url).not.toBe(old.url);
    const gone = await get(t.app, feedPath(old.url));
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('private, no-store');
    expect(gone.body).not.toMatch(/calendar|feed|token|カレンダー/i);
    expect((await get(t.app, feedPath(fresh.url))).statusCode).toBe(200);
    // the router decodes percent-escapes: the log's redaction must know this spelling too (logging.ts)
    expect((await get(t.app, feedPath(fresh.url).replace('/calendar/', '/%63alendar/'))).statusCode).toBe(
      200,
    );

    const revokes = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'calendar_feed_revoke'))).length;
    const revokesBefore = await revokes();
    const revoked = await post(t.app, REVOKE, {}, cast.student);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ result: true });
    expect((await get(t.app, feedPath(fresh.url))).statusCode).toBe(404);
    expect((await get(t.app, SCHEDULE, cast.student)).json().feed).toEqual({
      issued: false,
      created_at: '',
      last_used_at: '',
    });
    expect(await revokes()).toBe(revokesBefore + 1);
    // revoking again changes nothing and says the same
    expect((await post(t.app, REVOKE, {}, cast.student)).json()).toEqual({ result: true });
    expect(await revokes()).toBe(revokesBefore + 1);

    for (const token of ['A'.repeat(43), 'short', `${'A'.repeat(43)}x`, '%00', "'or'1'='1"]) {
      const res = await get(t.app, `/api/calendar/${encodeURIComponent(token)}.ics`);
      expect(res.statusCode, token).toBe(404);
    }
  });

  it('stops when the student may no longer use the my-page', async () => {
    const { url } = (await post(t.app, ISSUE, {}, other.cookie)).json() as { url: string };
    expect((await get(t.app, feedPath(url))).statusCode).toBe(200);
    await t.db.update(students).set({ isRejection: true }).where(eq(students.id, other.id));
    expect((await get(t.app, feedPath(url))).statusCode).toBe(404);
    await t.db.update(students).set({ isRejection: false }).where(eq(students.id, other.id));
  });

  it('issuing and revoking need a student session and a same-origin JSON call', async () => {
    await t.db.delete(calendarFeeds).where(eq(calendarFeeds.studentId, me));
    for (const url of [ISSUE, REVOKE]) {
      expect((await post(t.app, url, {})).statusCode, url).toBe(401);
      expect((await post(t.app, url, {}, cast.admin)).statusCode, url).toBe(403);
      const crossSite = await t.app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: cast.student },
      });
      expect(crossSite.statusCode, url).toBe(403);
    }
    // none of the refused calls made a feed
    const feeds = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.studentId, me));
    expect(feeds).toHaveLength(0);
  });
});

describe('GET /api/mypage/course/ics/', () => {
  it("downloads a public course's classes as a .ics named after it, seat or not", async () => {
    const id = idOf('他の人の講座');
    const res = await get(t.app, COURSE_ICS(id), cast.student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="______.ics"; filename*=UTF-8''${encodeURIComponent('他の人の講座.ics')}`,
    );
    const { events, calendar } = readIcs(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('他の人の講座');
    expect(events.map((e) => [e.uid, e.summary, e.startDate.toJSDate().toISOString()])).toEqual([
      [`course-${id}-session-1@manabi.example.jp`, '他の人の講座（第1回）', `${day(2)}T00:00:00.000Z`],
    ]);
  });

  it('lists every session of the course, past ones too', async () => {
    const res = await get(t.app, COURSE_ICS(idOf('俳句入門')), cast.student);
    expect(readIcs(res.body).events.map((e) => e.summary)).toEqual([
      '俳句入門（第1回）',
      '俳句入門（第2回）',
      '俳句入門（第3回）',
    ]);
  });

  it('is 404 for a course without sessions, a non-public one or an unknown one; 422 for a bad id', async () => {
    for (const id of [idOf('日程未定'), idOf('非公開講座'), 999999]) {
      expect((await get(t.app, COURSE_ICS(id), cast.student)).statusCode, String(id)).toBe(404);
    }
    const bad = await get(t.app, COURSE_ICS('abc'), cast.student);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list[0].name).toBe('id');
  });

  it('refuses anyone without a student session', async () => {
    const id = idOf('俳句入門');
    expect((await get(t.app, COURSE_ICS(id))).statusCode).toBe(401);
    expect((await get(t.app, COURSE_ICS(id), cast.admin)).statusCode).toBe(403);
  });
});

describe('the course detail lists the class days', () => {
  it('gives the sessions in order, and [] for a course without', async () => {
    const detail = (await get(t.app, `/api/mypage/course/?id=${idOf('俳句入門')}`, cast.student)).json();
    expect(detail.sessions).toEqual([
      { no: 1, day: day(-7), start: '13:00', end: '14:30', room: '第1研修室' },
      { no: 2, day: day(0), start: '13:00', end: '14:30', room: '第1研修室' },
      { no: 3, day: day(7), start: '13:00', end: '14:30', room: '第2研修室' },
    ]);
    const none = (await get(t.app, `/api/mypage/course/?id=${idOf('日程未定')}`, cast.student)).json();
    expect(none.sessions).toEqual([]);
  });

  it("says what to bring (持ち物), and '' when the course names nothing", async () => {
    const detail = (await get(t.app, `/api/mypage/course/?id=${idOf('俳句入門')}`, cast.student)).json();
    expect(detail.bring).toBe('筆記用具、歳時記');
    const none = (await get(t.app, `/api/mypage/course/?id=${idOf('日程未定')}`, cast.student)).json();
    expect(none.bring).toBe('');
  });

  it('shows a session moved after the course was read: the sessions travel with the cached catalogue', async () => {
    const id = idOf('日程未定');
    expect((await get(t.app, `/api/mypage/course/?id=${id}`, cast.student)).json().sessions).toEqual([]);
    // the office dates the course (the catalogue's version moves with it, migration 0009's trigger)
    await t.db
      .insert(courseSessions)
      .values({ courseId: id, no: 1, day: day(3), startsAt: '09:30', endsAt: '11:00' });
    const after = (await get(t.app, `/api/mypage/course/?id=${id}`, cast.student)).json();
    expect(after.sessions).toEqual([{ no: 1, day: day(3), start: '09:30', end: '11:00', room: '' }]);
    await t.db.delete(courseSessions).where(eq(courseSessions.courseId, id));
    expect((await get(t.app, `/api/mypage/course/?id=${id}`, cast.student)).json().sessions).toEqual([]);
  });
});
