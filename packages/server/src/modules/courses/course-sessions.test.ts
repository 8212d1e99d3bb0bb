/**
 * Dated sessions in the course form (decision 028): authored, read back, kept by a client that
 * does not know them, refused with the field named when wrong, and shown to authority 2 as well.
 */

import { LOTTERY } from '@manabi/shared/codes';
import { todayTokyo } from '@manabi/shared/domain/dates';
import { addDays } from '@manabi/shared/domain/sessions';
import { SESSION_MSG } from '@manabi/shared/schemas/course-session';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSessions, courses, mailOutbox, notices } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  course_id: '',
  course_name: '授業日のある講座',
  content: '',
  organ: 'まなび市民大学',
  univ_id: '',
  period_f: '2026-11-01T09:00',
  period_t: '2026-11-20T17:00',
  period: '毎週水曜 13:00〜14:30',
  all_times: '3',
  unit: '2',
  cancel: '1',
  status: '1',
  is_lottery: '1',
  ...over,
});
const WEEKLY = [
  { day: '2026-12-02', start: '13:00', end: '14:30', room: '201' },
  { day: '2026-12-09', start: '13:00', end: '14:30', room: '201' },
  { day: '2026-12-16', start: '13:00', end: '14:30', room: '' },
];
const detail = async (id: number, cookie = admin) =>
  (await get(t.app, `/api/admin/course/?id=${id}`, cookie)).json();
const sessionRows = async (courseId: number) =>
  (await t.db.select({ n: count() }).from(courseSessions).where(eq(courseSessions.courseId, courseId)))[0]!.n;

describe('a course’s dated sessions', () => {
  it('are saved with the course and read back in order, session n being attendance n', async () => {
    const res = await post(
      t.app,
      '/api/admin/course/add/',
      body({ sessions: WEEKLY, bring: '筆記用具' }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    const c = await detail(res.json().id);
    expect(c.sessions).toEqual(WEEKLY.map((s, i) => ({ no: i + 1, ...s })));
    expect(c.remind).toBe(true);
    expect(c.bring).toBe('筆記用具');
    expect(c.period).toBe('毎週水曜 13:00〜14:30');
  });

  it('a client sending back what the API gave keeps them; one that omits them keeps them; [] clears them', async () => {
    const { id } = (await post(t.app, '/api/admin/course/add/', body({ sessions: WEEKLY }), admin)).json();
    const given = await detail(id);
    // what the API gave, sent back as it is (booleans, numbers, `no` and all)
    const again = await post(t.app, '/api/admin/course/update/', { ...given, category: [] }, admin);
    expect(again.statusCode).toBe(200);
    expect((await detail(id)).sessions).toEqual(given.sessions);

    const { sessions: _omitted, ...without } = await detail(id);
    const kept = await post(
      t.app,
      '/api/admin/course/update/',
      { ...without, category: [], remind: false },
      admin,
    );
    expect(kept.statusCode).toBe(200);
    const now = await detail(id);
    expect(now.sessions).toHaveLength(3);
    expect(now.remind).toBe(false);

    const cleared = await post(
      t.app,
      '/api/admin/course/update/',
      { ...now, category: [], sessions: [] },
      admin,
    );
    expect(cleared.statusCode).toBe(200);
    expect(await sessionRows(id)).toBe(0);
  });

  it.each([
    ['a time that is not one', [{ ...WEEKLY[0], start: '25:00' }], 'sessions.0.start', SESSION_MSG.time],
    [
      'an end before its start',
      [{ ...WEEKLY[0], end: '12:00' }],
      'sessions.0.end',
      SESSION_MSG.endAfterStart,
    ],
    ['no day', [{ ...WEEKLY[0], day: '' }], 'sessions.0.day', '必須項目です'],
    [
      'an impossible day',
      [{ ...WEEKLY[0], day: '2026-02-30' }],
      'sessions.0.day',
      '正しい日付を入力してください',
    ],
    ['the same day and time twice', [WEEKLY[0], WEEKLY[0]], 'sessions.1.day', SESSION_MSG.sameDayTwice],
    [
      'more sessions than 全回数',
      [...WEEKLY, { ...WEEKLY[0], day: '2026-12-23' }],
      'sessions',
      SESSION_MSG.moreThanAllTimes,
    ],
    ['a room with a control character', [{ ...WEEKLY[0], room: 'a\u0007b' }], 'sessions.0.room', undefined],
    ['not a list', 'every Wednesday', 'sessions', undefined],
  ])('refuses %s with the field named, and writes nothing', async (_what, sessions, field, msg) => {
    const before = (await t.db.select({ n: count() }).from(courses))[0]!.n;
    const res = await post(t.app, '/api/admin/course/add/', body({ sessions }), admin);
    expect(res.statusCode).toBe(422);
    const err = res.json().err_list.find((e: { name: string }) => e.name === field);
    expect(err, JSON.stringify(res.json().err_list)).toBeDefined();
    if (msg) expect(err.msg).toContain(msg === '必須項目です' ? '' : msg);
    expect((await t.db.select({ n: count() }).from(courses))[0]!.n).toBe(before);
  });

  it('reads full-width and one-digit hours as a person types them', async () => {
    const res = await post(
      t.app,
      '/api/admin/course/add/',
      body({ sessions: [{ day: '２０２６-１２-０２', start: '９:００', end: '１０：３０', room: '' }] }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect((await detail(res.json().id)).sessions[0]).toMatchObject({
      day: '2026-12-02',
      start: '09:00',
      end: '10:30',
    });
  });

  it('are shown to authority 2 for its university’s course, not to students or anyone else', async () => {
    const course = await makeCourse(t.db, { universityId: 'U01' });
    await t.db
      .insert(courseSessions)
      .values({ courseId: course.id, no: 1, day: '2026-12-02', startsAt: '10:00', endsAt: '11:00' });
    const limited = await get(t.app, `/api/admin/course/?id=${course.id}`, univ);
    expect(limited.statusCode).toBe(200);
    expect(limited.json().sessions).toHaveLength(1);
    expect((await get(t.app, `/api/admin/course/?id=${course.id}`, student)).statusCode).toBe(403);
    expect((await get(t.app, `/api/admin/course/?id=${course.id}`)).statusCode).toBe(401);
    const other = await makeCourse(t.db, { universityId: 'U09' });
    expect((await get(t.app, `/api/admin/course/?id=${other.id}`, univ)).statusCode).toBe(403);
  });
});

describe('a change of class days still ahead', () => {
  const ahead = (days: number, room = '201') => ({
    day: addDays(todayTokyo(), days),
    start: '10:00',
    end: '12:00',
    room,
  });

  it('tells every live winner once, on the my-page and by mail to those who take it; not the others', async () => {
    const past = { day: addDays(todayTokyo(), -7), start: '10:00', end: '12:00', room: '201' };
    const { id } = (
      await post(
        t.app,
        '/api/admin/course/add/',
        body({ course_name: '日程が変わる講座', sessions: [past, ahead(7), ahead(14)] }),
        admin,
      )
    ).json();
    const who = async (
      over: Partial<Parameters<typeof makeStudent>[1]>,
      status: string,
      cancelled = false,
    ) => {
      const s = await makeStudent(t.db, { passwordHash: null, ...over });
      const a = await makeApplication(t.db, {
        courseId: id,
        studentId: s.id,
        lotteryStatus: status,
        cancelledAt: cancelled ? new Date() : null,
      });
      return { student: s.id, application: a.id };
    };
    const withMail = await who({ isEmail: true, mail1: 'class-change@example.jp' }, LOTTERY.WON);
    const noMail = await who({ isEmail: false }, LOTTERY.WON);
    const waiting = await who({ isEmail: true }, LOTTERY.WAITLISTED);
    const gone = await who({ isEmail: true }, LOTTERY.WON, true);
    const told = async () =>
      t.db
        .select()
        .from(notices)
        .where(inArray(notices.studentId, [withMail.student, noMail.student, waiting.student, gone.student]));

    // the same classes sent back, and a past class corrected: nobody is told
    const given = await detail(id);
    const same = await post(t.app, '/api/admin/course/update/', { ...given, category: [] }, admin);
    expect(same.statusCode).toBe(200);
    const corrected = await post(
      t.app,
      '/api/admin/course/update/',
      { ...(await detail(id)), category: [], sessions: [{ ...past, room: '202' }, ahead(7), ahead(14)] },
      admin,
    );
    expect(corrected.statusCode).toBe(200);
    expect(await told()).toHaveLength(0);

    // the second class ahead moves a day and to another room
    const moved = await post(
      t.app,
      '/api/admin/course/update/',
      {
        ...(await detail(id)),
        category: [],
        sessions: [{ ...past, room: '202' }, ahead(7), ahead(15, '会議室A')],
      },
      admin,
    );
    expect(moved.statusCode).toBe(200);
    const rows = await told();
    expect(rows.map((n) => n.studentId).sort()).toEqual([withMail.student, noMail.student].sort());
    const mine = rows.find((n) => n.studentId === withMail.student)!;
    expect(mine).toMatchObject({
      courseId: id,
      applicationId: withMail.application,
      title: '【日程変更】「日程が変わる講座」の授業の日程が変わりました',
    });
    expect(mine.content).toContain('会議室A');
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.noticeId,
          rows.map((n) => n.id),
        ),
      );
    expect(mails.map((m) => [m.to, m.studentId, m.noticeId])).toEqual([
      ['class-change@example.jp', withMail.student, mine.id],
    ]);
    expect(mails[0]!.subject).toBe(`【まなび】${mine.title}`);
    expect(mails[0]!.body).toContain(mine.content);
    // the winner who takes no mail is owed a letter: the office's contact list says so
    const owed = (await get(t.app, `/api/admin/contact/list/?reason=letter&course_id=${id}`, admin)).json();
    const letters = (r: { user_id: number; reasons: { reason: string; pending: string }[] }) =>
      r.reasons.filter((x) => x.reason === 'letter').map((x) => [r.user_id, x.pending]);
    expect(owed.data_list.flatMap(letters)).toEqual([[noMail.student, mine.title]]);
  });

  it('writes nothing, and tells nobody, when the update is refused', async () => {
    const { id } = (
      await post(
        t.app,
        '/api/admin/course/add/',
        body({ course_name: '断られる変更', sessions: [ahead(7)] }),
        admin,
      )
    ).json();
    const s = await makeStudent(t.db, { passwordHash: null, isEmail: true });
    await makeApplication(t.db, { courseId: id, studentId: s.id, lotteryStatus: LOTTERY.WON });
    const given = await detail(id);
    const staleAnswer = await post(
      t.app,
      '/api/admin/course/update/',
      { ...given, category: [], updated_at: '2020-01-01T00:00:00.000Z', sessions: [ahead(8)] },
      admin,
    );
    expect(staleAnswer.statusCode).toBe(409);
    expect(await t.db.select().from(notices).where(eq(notices.studentId, s.id))).toHaveLength(0);
    expect((await detail(id)).sessions.map((x: { day: string }) => x.day)).toEqual([ahead(7).day]);
  });
});
