import { MSG } from '@manabi/shared';
import { todayTokyo, tokyoParts } from '@manabi/shared/domain/dates';
import { CHECKIN_MSG } from '@manabi/shared/schemas/checkin';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, auditLog, courseApplications, courseSessions, students } from '../../db/schema';
import { appSecret } from '../../platform/app-secrets';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { makeCode } from './checkin.code';

let t: TestApp;
let cast: Cast;
/** the cast's student (24040001) */
let me: number;
const DAY = 86_400_000;
const ymd = (offsetDays: number) => todayTokyo(new Date(Date.now() + offsetDays * DAY));

type NewApplication = Partial<typeof courseApplications.$inferInsert>;

/**
 * A course of U01 worth 2 units that met yesterday (session 1) and meets today (session 2, all day, so the
 * test's hour is always inside it) — unless `sessions` says otherwise.
 */
async function courseToday(
  over: Parameters<typeof makeCourse>[1] = {},
  sessions: { no: number; day: string; start: string; end: string; room?: string }[] = [
    { no: 1, day: ymd(-1), start: '10:00', end: '12:00' },
    { no: 2, day: ymd(0), start: '00:00', end: '23:59', room: '第1講義室' },
  ],
) {
  const course = await makeCourse(t.db, { universityId: 'U01', unit: 2, ...over });
  if (sessions.length > 0)
    await t.db.insert(courseSessions).values(
      sessions.map((x) => ({
        courseId: course.id,
        no: x.no,
        day: x.day,
        startsAt: x.start,
        endsAt: x.end,
        room: x.room ?? '',
      })),
    );
  return course.id;
}

/** A new student with an application to the course (当選 unless `over` says otherwise). */
async function applicant(courseId: number, over: NewApplication = {}) {
  const student = await makeStudent(t.db);
  await makeApplication(t.db, { courseId, studentId: student.id, lotteryStatus: '2', ...over });
  return student;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  me = (await t.db.query.students.findFirst({ where: (x, { eq }) => eq(x.loginId, '24040001') }))!.id;
});
afterAll(() => t.close());

/** A code as the student ID shows it, made for `studentId` at `now`. */
const codeFor = async (studentId: number, now = new Date()) =>
  makeCode(await appSecret(t.db, 'checkin'), studentId, now).code;

const checkIn = (body: Record<string, unknown>, who = cast.admin) =>
  post(t.app, '/api/admin/checkin/', body, who);

const applicationOf = async (courseId: number, studentId: number) =>
  (await t.db.query.courseApplications.findFirst({
    where: (a, { and, eq }) => and(eq(a.courseId, courseId), eq(a.studentId, studentId)),
  }))!;

const auditRows = (action: 'check_in' | 'check_in_refused') =>
  t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

/** Every application row, for "nothing changed". */
const allApplications = () => t.db.select().from(courseApplications).orderBy(courseApplications.id);

const rowOf = (list: { course_id: number }[], courseId: number) => list.find((r) => r.course_id === courseId);

describe('GET /api/mypage/checkin-code/', () => {
  it('gives the session student a code of their own and when it stops being accepted; no cache keeps it', async () => {
    const res = await get(t.app, '/api/mypage/checkin-code/', cast.student);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { code, expires_at } = res.json();
    const m = /^MC1\.(\d+)\.(\d+)\.[A-Za-z0-9_-]{22}$/.exec(code);
    expect(m, code).not.toBeNull();
    expect(Number(m![1])).toBe(me);
    // accepted in its own minute and the next: it ends two minutes after its minute began
    expect(expires_at).toBe(new Date((Number(m![2]) + 2) * 60_000).toISOString());
  });

  it('is refused logged out (401) and to an admin session (403)', async () => {
    expect((await get(t.app, '/api/mypage/checkin-code/')).statusCode).toBe(401);
    expect((await get(t.app, '/api/mypage/checkin-code/', cast.admin)).statusCode).toBe(403);
  });

  it('is signed with one key kept in app_secrets, made once', async () => {
    const [a, b] = await Promise.all([appSecret(t.db, 'checkin'), appSecret(t.db, 'checkin')]);
    expect(a.length).toBe(32);
    expect(b.equals(a)).toBe(true);
    const rows = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'checkin'));
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.value, 'base64url').equals(a)).toBe(true);
  });
});

describe('GET /api/admin/checkin/courses/', () => {
  it('lists today’s sessions with how many seat holders are checked in and expected', async () => {
    const course = await courseToday({ name: '受付一覧テスト講座', venue: '市民会館' });
    const tomorrow = await courseToday({}, [{ no: 1, day: ymd(1), start: '10:00', end: '12:00' }]);
    await applicant(course, { attendance: ['0', '1', ...Array(13).fill('0')] });
    await applicant(course);
    await applicant(course, { confirmBy: new Date(Date.now() + DAY), confirmedAt: new Date() });
    // not expected: still to confirm, 落選, 補欠, cancelled
    await applicant(course, { confirmBy: new Date(Date.now() + DAY) });
    await applicant(course, { lotteryStatus: '3', attendance: ['0', '1', ...Array(13).fill('0')] });
    await applicant(course, { lotteryStatus: '5', waitlistRank: 1 });
    await applicant(course, { lotteryStatus: '4', cancelledAt: new Date() });

    const res = await get(t.app, '/api/admin/checkin/courses/', cast.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(ymd(0));
    expect(rowOf(body.data_list, course)).toEqual({
      course_id: course,
      course_name: '受付一覧テスト講座',
      session_no: 2,
      day: ymd(0),
      start: '00:00',
      end: '23:59',
      room: '第1講義室',
      venue: '市民会館',
      checked_in: 1,
      expected: 3,
    });
    expect(rowOf(body.data_list, tomorrow)).toBeUndefined();
  });

  it('shows authority 2 its own university’s courses only', async () => {
    const own = await courseToday();
    const other = await courseToday({ universityId: 'U02' });
    const full = (await get(t.app, '/api/admin/checkin/courses/', cast.admin)).json().data_list;
    expect(rowOf(full, other)).toBeTruthy();
    const res = await get(t.app, '/api/admin/checkin/courses/', cast.univ);
    expect(res.statusCode).toBe(200);
    expect(rowOf(res.json().data_list, own)).toBeTruthy();
    expect(rowOf(res.json().data_list, other)).toBeUndefined();
  });

  it('is refused logged out (401) and to a student (403)', async () => {
    expect((await get(t.app, '/api/admin/checkin/courses/')).statusCode).toBe(401);
    expect((await get(t.app, '/api/admin/checkin/courses/', cast.student)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/checkin/missing/', () => {
  const missing = (courseId: number, sessionNo: number, who = cast.admin) =>
    get(t.app, `/api/admin/checkin/missing/?course_id=${courseId}&session_no=${sessionNo}`, who);
  const names = (body: { data_list: { name: string }[] }) => body.data_list.map((r) => r.name);

  it('lists the expected students not yet checked in, in kana order, and shrinks as they are', async () => {
    const course = await courseToday();
    const present = ['0', '1', ...Array(13).fill('0')];
    const sato = await applicant(course);
    await t.db
      .update(students)
      .set({ name: '佐藤 一郎', nameKana: 'サトウ イチロウ', phone1: '03-1111-2222' })
      .where(eq(students.id, sato.id));
    const aoki = await makeStudent(t.db, {
      name: '青木 花子',
      nameKana: 'アオキ ハナコ',
      phone1: '',
      phone2: '090-1234-5678',
    });
    await makeApplication(t.db, {
      courseId: course,
      studentId: aoki.id,
      lotteryStatus: '2',
      confirmBy: new Date(Date.now() + DAY),
      confirmedAt: new Date(),
    });
    // present yesterday only: still missing today
    const ueda = await makeStudent(t.db, { name: '上田 次郎', nameKana: 'ウエダ ジロウ' });
    await makeApplication(t.db, {
      courseId: course,
      studentId: ueda.id,
      lotteryStatus: '2',
      attendance: ['1', ...Array(14).fill('0')],
    });
    // not listed: already here, still to confirm, 落選, 補欠, cancelled
    await applicant(course, { attendance: present });
    await applicant(course, { confirmBy: new Date(Date.now() + DAY) });
    await applicant(course, { lotteryStatus: '3' });
    await applicant(course, { lotteryStatus: '5', waitlistRank: 1 });
    await applicant(course, { lotteryStatus: '4', cancelledAt: new Date() });

    const res = await missing(course, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      session_no: 2,
      total: 3,
      data_list: [
        { login_id: aoki.loginId, name: '青木 花子', name_kana: 'アオキ ハナコ', phone: '090-1234-5678' },
        { login_id: ueda.loginId, name: '上田 次郎', name_kana: 'ウエダ ジロウ', phone: '' },
        { login_id: sato.loginId, name: '佐藤 一郎', name_kana: 'サトウ イチロウ', phone: '03-1111-2222' },
      ],
    });
    // the counter agrees: expected − checked in
    const today = (await get(t.app, '/api/admin/checkin/courses/', cast.admin)).json();
    expect(rowOf(today.data_list, course)).toMatchObject({ checked_in: 1, expected: 4 });

    // a typed 学生番号 and a read code each take one off the list
    expect((await checkIn({ course_id: course, login_id: ueda.loginId })).statusCode).toBe(200);
    expect(names((await missing(course, 2)).json())).toEqual(['青木 花子', '佐藤 一郎']);
    expect((await checkIn({ course_id: course, code: await codeFor(aoki.id) })).statusCode).toBe(200);
    expect((await missing(course, 2)).json()).toMatchObject({ total: 1, data_list: [{ name: '佐藤 一郎' }] });
  });

  it('authority 2 sees its own university’s course without phones; another’s is 403, a missing one 404', async () => {
    const own = await courseToday();
    await applicant(own);
    const other = await courseToday({ universityId: 'U02' });
    const res = await missing(own, 2, cast.univ);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(1);
    // names to check against, no phone: a partner university gets no contact details
    expect(Object.keys(res.json().data_list[0]).sort()).toEqual(['login_id', 'name', 'name_kana']);
    expect(Object.keys((await missing(own, 2)).json().data_list[0])).toContain('phone');
    expect((await missing(other, 2, cast.univ)).statusCode).toBe(403);
    expect((await missing(other, 2, cast.admin)).statusCode).toBe(200);
    expect((await missing(999_999, 2)).statusCode).toBe(404);
  });

  it('refuses a session that is not today, and bad input, on the field', async () => {
    const course = await courseToday();
    for (const [query, name] of [
      [`course_id=${course}&session_no=1`, 'session_no'], // yesterday
      [`course_id=${course}&session_no=3`, 'session_no'], // no such session
      [`course_id=${course}&session_no=16`, 'session_no'],
      [`course_id=${course}&session_no=x`, 'session_no'],
      ['course_id=abc&session_no=2', 'course_id'],
    ] as const) {
      const res = await get(t.app, `/api/admin/checkin/missing/?${query}`, cast.admin);
      expect(res.statusCode, query).toBe(422);
      expect(
        res.json().err_list.map((e: { name: string }) => e.name),
        query,
      ).toContain(name);
    }
    const notToday = await get(
      t.app,
      `/api/admin/checkin/missing/?course_id=${course}&session_no=1`,
      cast.admin,
    );
    expect(notToday.json().err_list[0].msg).toBe(CHECKIN_MSG.noSession);
  });

  it('is refused logged out (401) and to a student (403)', async () => {
    const course = await courseToday();
    expect((await missing(course, 2, '')).statusCode).toBe(401);
    expect((await missing(course, 2, cast.student)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/checkin/', () => {
  it('records 出席 for today’s session from the student’s own code: 受講中, units added, audited, in the table', async () => {
    const course = await courseToday();
    await makeApplication(t.db, { courseId: course, studentId: me, lotteryStatus: '2' });
    const code = (await get(t.app, '/api/mypage/checkin-code/', cast.student)).json().code;
    const before = await applicationOf(course, me);
    expect(before.attendanceUpdatedAt).toBeNull();

    const res = await checkIn({ course_id: course, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: 'ok',
      session_no: 2,
      student: { login_id: '24040001', name: expect.any(String), name_kana: expect.any(String) },
    });
    const after = await applicationOf(course, me);
    expect(after.attendance).toEqual(['0', '1', ...Array(13).fill('0')]);
    expect(after.attendanceStatus).toBe('2');
    expect(after.acquisitionUnit).toBe(2);
    expect(after.attendanceUpdatedAt).not.toBeNull();
    const row = (await auditRows('check_in')).at(-1)!;
    expect(row).toMatchObject({
      actorKind: 'admin',
      entity: 'course_application',
      entityId: String(after.id),
    });
    expect(row.detail).toEqual({ course_id: course, student_id: me, session_no: 2, via: 'qr', result: 'ok' });

    // the office's attendance table (the applicant list) shows it, and so does the counter
    const list = await get(t.app, `/api/admin/courseapplicantlist/?id=${course}`, cast.admin);
    expect(list.statusCode).toBe(200);
    const mine = list.json().data_list.find((r: { login_id: string }) => r.login_id === '24040001');
    expect(mine).toMatchObject({
      attendance1: '0',
      attendance2: '1',
      attendance_status: '2',
      acquisition_unit: 2,
    });
    expect(mine.attendance_updated_date).toBeTruthy();
    const today = (await get(t.app, '/api/admin/checkin/courses/', cast.admin)).json();
    expect(rowOf(today.data_list, course)).toMatchObject({ checked_in: 1, expected: 1 });
  });

  it('a second scan of the same student answers `already` and changes nothing (and is audited)', async () => {
    const course = await courseToday();
    const student = await applicant(course);
    expect((await checkIn({ course_id: course, code: await codeFor(student.id) })).json().result).toBe('ok');
    const before = await applicationOf(course, student.id);
    const audited = (await auditRows('check_in')).length;

    const res = await checkIn({ course_id: course, code: await codeFor(student.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'already',
      session_no: 2,
      student: { login_id: student.loginId },
    });
    expect(await applicationOf(course, student.id)).toEqual(before);
    const rows = await auditRows('check_in');
    expect(rows).toHaveLength(audited + 1);
    expect(rows.at(-1)!.detail).toMatchObject({ student_id: student.id, result: 'already' });
  });

  it('two scans of one student at the same moment: one `ok`, one `already`, the units added once', async () => {
    const course = await courseToday();
    const student = await applicant(course);
    const code = await codeFor(student.id);
    const answers = await Promise.all([
      checkIn({ course_id: course, code }),
      checkIn({ course_id: course, code }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().result).sort()).toEqual(['already', 'ok']);
    const after = await applicationOf(course, student.id);
    expect(after.acquisitionUnit).toBe(2);
    expect(after.attendance[1]).toBe('1');
  });

  it('by 学生番号 (no camera): the same recording; earlier sessions and a 受講中 status stay as they were', async () => {
    const course = await courseToday();
    const student = await makeStudent(t.db, { name: '受付 手入力', nameKana: 'ウケツケ テニュウリョク' });
    await makeApplication(t.db, {
      courseId: course,
      studentId: student.id,
      lotteryStatus: '2',
      attendanceStatus: '2',
      attendance: ['1', ...Array(14).fill('0')],
      acquisitionUnit: 2,
    });
    // typed with full-width digits, as an IME gives them
    const typed = student.loginId!.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const res = await checkIn({ course_id: course, login_id: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: 'ok',
      session_no: 2,
      student: { login_id: student.loginId, name: '受付 手入力', name_kana: 'ウケツケ テニュウリョク' },
    });
    const after = await applicationOf(course, student.id);
    expect(after.attendance.slice(0, 3)).toEqual(['1', '1', '0']);
    expect(after.attendanceStatus).toBe('2');
    expect(after.acquisitionUnit).toBe(4);
    expect((await auditRows('check_in')).at(-1)!.detail).toMatchObject({ via: 'manual', result: 'ok' });
  });

  it('a 当選 who has confirmed the seat is checked in; a code made 45 s ago is still accepted', async () => {
    const course = await courseToday();
    const student = await applicant(course, {
      confirmBy: new Date(Date.now() + DAY),
      confirmedAt: new Date(),
    });
    // made 45 s ago: its own minute or the one before — accepted either way
    const res = await checkIn({
      course_id: course,
      code: await codeFor(student.id, new Date(Date.now() - 45_000)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('ok');
  });

  it('a course meeting twice today: the check-in goes to the session under way', async () => {
    const course = await courseToday({}, [
      { no: 1, day: ymd(0), start: '00:00', end: '11:59' },
      { no: 2, day: ymd(0), start: '12:00', end: '23:59' },
    ]);
    const student = await applicant(course);
    const morning = Number(tokyoParts(new Date()).hour) < 12;
    const res = await checkIn({ course_id: course, code: await codeFor(student.id) });
    expect(res.json().session_no).toBe(morning ? 1 : 2);
    expect((await applicationOf(course, student.id)).attendance.slice(0, 2)).toEqual(
      morning ? ['1', '0'] : ['0', '1'],
    );
  });

  it('refusals are 422 with the reason on the field used, and write nothing but their audit row', async () => {
    const course = await courseToday();
    const noSession = await courseToday({}, [{ no: 1, day: ymd(1), start: '10:00', end: '12:00' }]);
    const seated = await applicant(course);
    const notApplied = await makeStudent(t.db);
    const cancelled = await applicant(course, { lotteryStatus: '4', cancelledAt: new Date() });
    const lost = await applicant(course, { lotteryStatus: '3' });
    const waitlisted = await applicant(course, { lotteryStatus: '5', waitlistRank: 1 });
    const mustConfirm = await applicant(course, { confirmBy: new Date(Date.now() + DAY) });
    const code = await codeFor(seated.id);
    const [, , window, mac] = code.split('.');
    const other = await applicant(course);

    const cases: [Record<string, unknown>, string, string, string][] = [
      // two minutes old: a screenshot
      [
        { code: await codeFor(seated.id, new Date(Date.now() - 120_000)) },
        'code',
        CHECKIN_MSG.expired,
        'expired',
      ],
      [
        { code: `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}` },
        'code',
        CHECKIN_MSG.unreadable,
        'unreadable',
      ],
      // another student's id with this student's mac
      [{ code: `MC1.${other.id}.${window}.${mac}` }, 'code', CHECKIN_MSG.unreadable, 'unreadable'],
      [{ code: 'https://www.city.example.jp/' }, 'code', CHECKIN_MSG.unreadable, 'unreadable'],
      [{ code: await codeFor(notApplied.id) }, 'code', CHECKIN_MSG.notApplicant, 'not_applicant'],
      [{ code: await codeFor(cancelled.id) }, 'code', CHECKIN_MSG.notApplicant, 'not_applicant'],
      [{ login_id: '99999999' }, 'login_id', CHECKIN_MSG.notApplicant, 'not_applicant'],
      [{ login_id: lost.loginId }, 'login_id', CHECKIN_MSG.notWon('落選'), 'not_won'],
      [{ code: await codeFor(waitlisted.id) }, 'code', CHECKIN_MSG.notWon('補欠'), 'not_won'],
      [{ login_id: mustConfirm.loginId }, 'login_id', CHECKIN_MSG.notConfirmed, 'not_confirmed'],
      [{ course_id: noSession, code }, 'code', CHECKIN_MSG.noSession, 'no_session'],
    ];
    for (const [over, name, msg, reason] of cases) {
      const body = { course_id: course, ...over };
      const before = await allApplications();
      const refused = (await auditRows('check_in_refused')).length;
      const audited = await auditCount();
      const res = await checkIn(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().err_list).toEqual([{ name, msg }]);
      expect(await allApplications(), reason).toEqual(before);
      const rows = await auditRows('check_in_refused');
      expect(rows, reason).toHaveLength(refused + 1);
      expect(await auditCount()).toBe(audited + 1);
      expect(rows.at(-1)!.detail).toMatchObject({ course_id: body.course_id, refusal: reason });
    }
    // the seated student's own code still works
    expect((await checkIn({ course_id: course, code })).json().result).toBe('ok');
  });

  it('a bad body is 422 on its field, before anything is read or written', async () => {
    const course = await courseToday();
    const audited = await auditCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ course_id: course }, 'login_id', MSG.required],
      [{ course_id: course, code: '', login_id: '' }, 'login_id', MSG.required],
      [{ course_id: course, login_id: '2404' }, 'login_id', MSG.digits8],
      [{ course_id: course, login_id: 'abcdefgh' }, 'login_id', MSG.digits8],
      [{ course_id: course, code: 'x'.repeat(201) }, 'code', MSG.maxLen(200)],
      [{ code: await codeFor(me) }, 'course_id', MSG.invalidValue],
      [{ course_id: 2_147_483_648, code: await codeFor(me) }, 'course_id', MSG.invalidValue],
    ];
    for (const [body, name, msg] of cases) {
      const res = await checkIn(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().err_list[0], JSON.stringify(body)).toEqual({ name, msg });
    }
    expect(await auditCount()).toBe(audited);
  });

  it('authority 2: its own university’s course works; another university’s is 403 (audited, nothing written)', async () => {
    const own = await courseToday();
    const other = await courseToday({ universityId: 'U02' });
    const student = await applicant(own);
    await makeApplication(t.db, { courseId: other, studentId: student.id, lotteryStatus: '2' });

    const ok = await checkIn({ course_id: own, login_id: student.loginId }, cast.univ);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toBe('ok');

    const before = await applicationOf(other, student.id);
    const res = await checkIn({ course_id: other, code: await codeFor(student.id) }, cast.univ);
    expect(res.statusCode).toBe(403);
    expect(await applicationOf(other, student.id)).toEqual(before);
    expect((await auditRows('check_in_refused')).at(-1)!.detail).toMatchObject({
      course_id: other,
      refusal: 'forbidden',
    });
    // authority 1 may
    expect((await checkIn({ course_id: other, code: await codeFor(student.id) })).json().result).toBe('ok');
  });

  it('a course that is not there is 404', async () => {
    expect((await checkIn({ course_id: 2_000_000_000, login_id: '24040001' })).statusCode).toBe(404);
  });

  it('is refused logged out (401), to a student (403) and from another site (403), writing nothing', async () => {
    const course = await courseToday();
    const student = await applicant(course);
    const body = { course_id: course, login_id: student.loginId };
    const audited = await auditCount();
    expect((await checkIn(body, '')).statusCode).toBe(401);
    expect((await checkIn(body, cast.student)).statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/checkin/',
      payload: body,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: cast.admin },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await auditCount()).toBe(audited);
    expect((await applicationOf(course, student.id)).attendance[1]).toBe('0');
  });
});
