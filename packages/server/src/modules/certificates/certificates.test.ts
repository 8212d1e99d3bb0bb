import { MSG } from '@manabi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { saveSessions } from '../../repositories/course-sessions';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { getMyCertificate, listCourseCertificates } from './certificates.service';

let t: TestApp;
let cast: Cast;
let me: { id: number; loginId: string | null; name: string; generationId: string | null };
const course: Record<string, number> = {};
const application: Record<string, number> = {};

/** 15 attendance values: `marks` first, the rest 未実施. */
const sessions15 = (...marks: string[]) => [...marks, ...Array(15 - marks.length).fill('0')];

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, { student: { name: '修了 太郎', nameKana: 'シュウリョウ タロウ' } });
  const [student] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
  if (!student) throw new Error('no student');
  me = student;
  const other = await makeStudent(t.db, {
    loginId: '24040099',
    name: '別の 学生',
    nameKana: 'ベツノ ガクセイ',
  });
  const early = await makeStudent(t.db, {
    loginId: '24040050',
    name: '早い 番号',
    nameKana: 'ハヤイ バンゴウ',
  });
  const attending = await makeStudent(t.db, { loginId: '24040070' });
  const quitter = await makeStudent(t.db, { loginId: '24040080' });

  // dated: three sessions of a U01 course, attended twice and once late
  const dated = await makeCourse(t.db, {
    name: '園芸入門',
    organ: 'まなび市民大学 園芸学部',
    universityId: 'U01',
    period: '毎週水曜 13:00〜14:30',
    startDate: '2026-04-08',
    allTimes: 3,
  });
  await saveSessions(t.db, dated.id, [
    { day: '2026-07-15', start: '13:00', end: '14:30', room: '' },
    { day: '2026-04-08', start: '13:00', end: '14:30', room: '101' },
    { day: '2026-05-13', start: '13:00', end: '14:30', room: '' },
  ]);
  // undated, another university: the free-text 開催日 and the course's first day
  const undated = await makeCourse(t.db, {
    name: '郷土史',
    universityId: 'U02',
    period: '2025年10月〜12月 毎週金曜',
    startDate: '2025-10-01',
    allTimes: 5,
  });
  // no sessions and no first day: last in the transcript
  const someday = await makeCourse(t.db, { name: '書道', period: '' });
  const ongoing = await makeCourse(t.db, { name: '受講中の講座', universityId: 'U01' });
  const cancelled = await makeCourse(t.db, { name: 'キャンセルした講座' });
  const notMine = await makeCourse(t.db, { name: 'ほかの学生の講座', universityId: 'U01' });
  Object.assign(course, {
    dated: dated.id,
    undated: undated.id,
    someday: someday.id,
    ongoing: ongoing.id,
    cancelled: cancelled.id,
    notMine: notMine.id,
  });

  const finished = { lotteryStatus: '2', attendanceStatus: '3' };
  const apply = async (key: string, over: Parameters<typeof makeApplication>[1]) => {
    application[key] = (await makeApplication(t.db, over)).id;
  };
  await apply('dated', {
    courseId: dated.id,
    studentId: me.id,
    ...finished,
    attendance: sessions15('1', '3', '1'),
    acquisitionUnit: 4,
  });
  await apply('undated', {
    courseId: undated.id,
    studentId: me.id,
    ...finished,
    attendance: sessions15('1', '1', '2', '1', '1'),
    acquisitionUnit: 2,
  });
  await apply('someday', { courseId: someday.id, studentId: me.id, ...finished, acquisitionUnit: 1 });
  // 受講中 with units already: neither a certificate nor a line of the transcript
  await apply('ongoing', {
    courseId: ongoing.id,
    studentId: me.id,
    lotteryStatus: '2',
    attendanceStatus: '2',
    acquisitionUnit: 5,
  });
  await apply('cancelled', {
    courseId: cancelled.id,
    studentId: me.id,
    ...finished,
    acquisitionUnit: 3,
    cancelledAt: new Date(),
  });
  await apply('notMine', { courseId: notMine.id, studentId: other.id, ...finished });
  // the dated course's other students: two finished, one still attending, one cancelled
  await apply('other', { courseId: dated.id, studentId: other.id, ...finished, acquisitionUnit: 3 });
  await apply('early', { courseId: dated.id, studentId: early.id, ...finished });
  await apply('attending', {
    courseId: dated.id,
    studentId: attending.id,
    lotteryStatus: '2',
    attendanceStatus: '2',
  });
  await apply('quitter', {
    courseId: dated.id,
    studentId: quitter.id,
    ...finished,
    cancelledAt: new Date(),
  });
});
afterAll(() => t.close());

const YMD = /^\d{4}-\d{2}-\d{2}$/;

describe('GET /api/mypage/certificate/', () => {
  const url = (id: number | string) => `/api/mypage/certificate/?id=${id}`;

  it("is the student's certificate of a finished course: dates from the sessions, 出席 counted, units", async () => {
    const res = await get(t.app, url(course.dated!), cast.student);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      certificate_no: `${course.dated}-${application.dated}`,
      issued_on: expect.stringMatching(YMD),
      login_id: '24040001',
      name: '修了 太郎',
      name_kana: 'シュウリョウ タロウ',
      course_id: course.dated,
      course_name: '園芸入門',
      organ: 'まなび市民大学 園芸学部',
      // the sessions' first and last day, whatever order they were entered in
      first_day: '2026-04-08',
      last_day: '2026-07-15',
      start_date: '2026-04-08',
      period: '毎週水曜 13:00〜14:30',
      // 出席, 遅刻・早退, 出席
      attended_times: 2,
      all_times: 3,
      acquisition_unit: 4,
    });
    // the same number on every print
    expect((await get(t.app, url(course.dated!), cast.student)).json().certificate_no).toBe(
      body.certificate_no,
    );
  });

  it('falls back to the free-text 開催日 for a course without dated sessions', async () => {
    const res = await get(t.app, url(course.undated!), cast.student);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_day: null,
      last_day: null,
      // the 受講期間 from the course's 開講日, the 開催日 apart from it
      start_date: '2025-10-01',
      period: '2025年10月〜12月 毎週金曜',
      attended_times: 4,
      all_times: 5,
      acquisition_unit: 2,
    });
  });

  it('is dated today in Tokyo, not in UTC', async () => {
    // 00:30 in Tokyo on 26 November is still the 25th in UTC
    const cert = await getMyCertificate(
      t.db,
      { ...me, loginId: '24040001' },
      course.dated!,
      new Date('2026-11-26T00:30:00+09:00'),
    );
    expect(cert.issued_on).toBe('2026-11-26');
  });

  it('answers the same 404 for a course not finished, cancelled, of another student or that does not exist', async () => {
    for (const id of [course.ongoing!, course.cancelled!, course.notMine!, 999_999]) {
      const res = await get(t.app, url(id), cast.student);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json(), String(id)).toEqual({ code: 'NOT_FOUND', message: MSG.notFound });
    }
  });

  it('refuses an unreadable id on the id field', async () => {
    const res = await get(t.app, url('abc'), cast.student);
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().err_list).toEqual([{ name: 'id', msg: MSG.invalidValue }]);
  });

  it('needs a student session: 401 without one, 403 for an admin', async () => {
    expect((await get(t.app, url(course.dated!))).statusCode).toBe(401);
    expect((await get(t.app, url(course.dated!), cast.admin)).statusCode).toBe(403);
  });
});

describe('GET /api/mypage/transcript/', () => {
  it('lists the finished courses first class day first, undated last, with the total of their units', async () => {
    const res = await get(t.app, '/api/mypage/transcript/', cast.student);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      login_id: '24040001',
      name: '修了 太郎',
      name_kana: 'シュウリョウ タロウ',
      issued_on: expect.stringMatching(YMD),
      // 2 + 4 + 1: the 受講中 course's 5 and the cancelled one's 3 are not certified
      acquisition_unit_sum: 7,
    });
    expect(body.data_list).toEqual([
      {
        course_id: course.undated,
        course_name: '郷土史',
        organ: 'まなび市民大学',
        first_day: null,
        last_day: null,
        start_date: '2025-10-01',
        period: '2025年10月〜12月 毎週金曜',
        acquisition_unit: 2,
      },
      {
        course_id: course.dated,
        course_name: '園芸入門',
        organ: 'まなび市民大学 園芸学部',
        first_day: '2026-04-08',
        last_day: '2026-07-15',
        start_date: '2026-04-08',
        period: '毎週水曜 13:00〜14:30',
        acquisition_unit: 4,
      },
      {
        course_id: course.someday,
        course_name: '書道',
        organ: 'まなび市民大学',
        first_day: null,
        last_day: null,
        start_date: null,
        period: '',
        acquisition_unit: 1,
      },
    ]);
  });

  it('is empty with a total of 0 for a student who has finished nothing', async () => {
    await makeStudent(t.db, { loginId: '24040060', password: 'student60' });
    const cookie = await loginAsStudent(t.app, '24040060', 'student60');
    const res = await get(t.app, '/api/mypage/transcript/', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ login_id: '24040060', acquisition_unit_sum: 0, data_list: [] });
  });

  it('needs a student session: 401 without one, 403 for an admin', async () => {
    expect((await get(t.app, '/api/mypage/transcript/')).statusCode).toBe(401);
    expect((await get(t.app, '/api/mypage/transcript/', cast.admin)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/course/certificates/', () => {
  const url = (id: number | string) => `/api/admin/course/certificates/?id=${id}`;

  it('gives a certificate for every finished student of the course, in 学生番号 order', async () => {
    const res = await get(t.app, url(course.dated!), cast.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ course_id: course.dated, course_name: '園芸入門', total: 3 });
    expect(body.data_list.map((c: { login_id: string }) => c.login_id)).toEqual([
      '24040001',
      '24040050',
      '24040099',
    ]);
    // each one is what the student's own call answers
    const mine = (await get(t.app, `/api/mypage/certificate/?id=${course.dated}`, cast.student)).json();
    expect(body.data_list[0]).toEqual(mine);
    expect(body.data_list[2]).toMatchObject({
      certificate_no: `${course.dated}-${application.other}`,
      name: '別の 学生',
      acquisition_unit: 3,
      attended_times: 0,
      first_day: '2026-04-08',
      last_day: '2026-07-15',
    });
  });

  it('stops at the limit and says how many finished', async () => {
    const cut = await listCourseCertificates(t.db, course.dated!, { max: 2 });
    expect(cut.total).toBe(3);
    expect(cut.data_list.map((c) => c.login_id)).toEqual(['24040001', '24040050']);
  });

  it('is an empty list for a course nobody has finished, and 404 for no such course', async () => {
    const res = await get(t.app, url(course.ongoing!), cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 0, data_list: [] });
    expect((await get(t.app, url(999_999), cast.admin)).statusCode).toBe(404);
  });

  it('refuses authority 2 every course, its own university’s too (attendance and units are not theirs, SPEC §6)', async () => {
    expect((await get(t.app, url(course.dated!), cast.univ)).statusCode).toBe(403);
    expect((await get(t.app, url(course.undated!), cast.univ)).statusCode).toBe(403);
    expect((await get(t.app, url(course.someday!), cast.univ)).statusCode).toBe(403);
  });

  it('refuses an unreadable id on the id field', async () => {
    const res = await get(t.app, url('0'), cast.admin);
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().err_list).toEqual([{ name: 'id', msg: MSG.invalidValue }]);
  });

  it('needs an admin session: 401 without one, 403 for a student', async () => {
    expect((await get(t.app, url(course.dated!))).statusCode).toBe(401);
    expect((await get(t.app, url(course.dated!), cast.student)).statusCode).toBe(403);
  });
});
