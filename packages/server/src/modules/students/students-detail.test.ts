import { MSG } from '@manabi/shared';
import { STUDENT_COURSE_MSG, STUDENT_COURSE_PAGE_SIZE } from '@manabi/shared/schemas/student-course';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog, courseApplications } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

const DETAIL = '/api/admin/student/detail/';
const LIST = '/api/admin/student/applicantCourse/list/';
const UPDATE = '/api/admin/student/applicantCourse/update/';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

let seq = 0;
const nextLoginId = () => `5${String(++seq).padStart(7, '0')}`;
const q = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
const appOf = async (id: number) =>
  (await t.db.select().from(courseApplications).where(eq(courseApplications.id, id)))[0]!;
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

/** Who may not call: anonymous and students 401, authority 2 403 (SPEC §6: no student section at all). */
async function expectRefused(call: (cookie: string | undefined) => Promise<{ statusCode: number }>) {
  expect((await call(undefined)).statusCode).toBe(401);
  expect((await call(student)).statusCode).toBe(403);
  expect((await call(univ)).statusCode).toBe(403);
}

/** A student with one application per course spec. */
async function studentWith(specs: { name?: string; universityId?: string; cancelled?: boolean }[]) {
  const s = await makeStudent(t.db, { loginId: nextLoginId(), passwordHash: null });
  const apps = [];
  for (const spec of specs) {
    const c = await makeCourse(t.db, {
      ...(spec.name ? { name: spec.name } : {}),
      ...(spec.universityId ? { universityId: spec.universityId } : {}),
    });
    apps.push(
      await makeApplication(t.db, {
        courseId: c.id,
        studentId: s.id,
        lotteryStatus: spec.cancelled ? '4' : '2',
        cancelledAt: spec.cancelled ? new Date() : null,
      }),
    );
  }
  return { s, apps };
}

const sessions = (n: number, values: string[]) =>
  Object.fromEntries(values.map((v, i) => [`attendance_${n}_${i + 1}`, v]));
const fifteen = (v: string) => Array.from({ length: 15 }, () => v);

/** The flattened row n of SPEC §7 student/applicantCourse/update for an application. */
function row(
  n: number,
  a: { courseId: number; studentId: number; updatedAt: Date },
  over: Record<string, string | number> = {},
) {
  return {
    [`is_update_${n}`]: '1',
    [`is_update_attendance_${n}`]: '0',
    [`student_id_${n}`]: a.studentId,
    [`course_id_${n}`]: a.courseId,
    [`attendance_status_${n}`]: '2',
    [`acquisition_unit_${n}`]: '3',
    ...sessions(n, fifteen('1')),
    [`updated_at_${n}`]: a.updatedAt.toISOString(),
    ...over,
  };
}

describe('GET /api/admin/student/detail/', () => {
  it('answers every SPEC §3 field, never the password hash; 404 when missing', async () => {
    const s = await makeStudent(t.db, {
      loginId: nextLoginId(),
      name: '山田 花子',
      streetName1: '港区芝公園',
    });
    const res = await get(t.app, q(DETAIL, { user_id: s.id }), admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user_id: s.id,
      login_id: s.loginId,
      name: '山田 花子',
      street_name1: '港区芝公園',
      approval_status: '1',
      approval_status_text: '承認済み',
      birthday: '1960-01-01',
      is_email: '1',
      updated_at: s.updatedAt.toISOString(),
    });
    expect(typeof body.age).toBe('number');
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
    expect((await get(t.app, q(DETAIL, { user_id: 999999 }), admin)).statusCode).toBe(404);
    expect((await get(t.app, q(DETAIL, { user_id: 'x' }), admin)).statusCode).toBe(422);
  });

  it('refuses anonymous callers, students and authority 2', async () => {
    const s = await makeStudent(t.db, { loginId: nextLoginId() });
    await expectRefused((cookie) => get(t.app, q(DETAIL, { user_id: s.id }), cookie));
  });
});

describe('GET /api/admin/student/applicantCourse/list/', () => {
  it("lists the student's applications with texts, filtered and by site", async () => {
    const { s } = await studentWith([
      { name: '江戸の歴史' },
      { name: '港の経済', universityId: 'U01' },
      { name: '取り消した講座', cancelled: true },
    ]);
    const all = (await get(t.app, q(LIST, { user_id: s.id }), admin)).json();
    expect(all.is_end).toBe(true);
    expect(all.data_list.map((r: { course_name: string }) => r.course_name).sort()).toEqual(
      ['取り消した講座', '江戸の歴史', '港の経済'].sort(),
    );
    expect(all.data_list[0]).toMatchObject({
      student_id: s.id,
      lottery_status_text: expect.any(String),
      attendance_status_text: '未受講',
      attendance1: '0',
    });
    const named = (await get(t.app, q(LIST, { user_id: s.id, course_name: '経済' }), admin)).json();
    expect(named.data_list.map((r: { course_name: string }) => r.course_name)).toEqual(['港の経済']);
    const own = (await get(t.app, q(LIST, { user_id: s.id, site_id: '4' }), admin)).json();
    expect(own.data_list).toHaveLength(2);
    const univCourses = (await get(t.app, q(LIST, { user_id: s.id, site_id: '11' }), admin)).json();
    expect(univCourses.data_list.map((r: { univ_id: string }) => r.univ_id)).toEqual(['U01']);
    const cancelled = (await get(t.app, q(LIST, { user_id: s.id, lottery_status: '4' }), admin)).json();
    expect(cancelled.data_list).toHaveLength(1);
  });

  it('names the staff member who entered an application for the student, and no one for their own', async () => {
    const { s, apps } = await studentWith([{ name: '電話で受けた講座' }, { name: '本人が申し込んだ講座' }]);
    const [office] = await t.db.select().from(adminUsers).where(eq(adminUsers.loginId, 'admin'));
    await t.db
      .update(courseApplications)
      .set({ enteredBy: office!.id })
      .where(eq(courseApplications.id, apps[0]!.id));
    const rows = (await get(t.app, q(LIST, { user_id: s.id }), admin)).json().data_list as {
      course_name: string;
      entered_by: string;
    }[];
    const by = Object.fromEntries(rows.map((r) => [r.course_name, r.entered_by]));
    expect(by).toEqual({ 電話で受けた講座: office!.name, 本人が申し込んだ講座: '' });
  });

  it('pages by offset_num with is_end', async () => {
    const { s } = await studentWith(Array.from({ length: STUDENT_COURSE_PAGE_SIZE + 1 }, () => ({})));
    const first = (await get(t.app, q(LIST, { user_id: s.id, offset_num: 0 }), admin)).json();
    const second = (await get(t.app, q(LIST, { user_id: s.id, offset_num: 1 }), admin)).json();
    expect([first.data_list.length, first.is_end]).toEqual([STUDENT_COURSE_PAGE_SIZE, false]);
    expect([second.data_list.length, second.is_end]).toEqual([1, true]);
  });

  it('answers 404 for a missing student, 422 for bad conditions; refuses the others', async () => {
    expect((await get(t.app, q(LIST, { user_id: 999999 }), admin)).statusCode).toBe(404);
    const bad = await get(
      t.app,
      q(LIST, { user_id: 1, attendance_status: '9', course_name: 'x'.repeat(101) }),
      admin,
    );
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .err_list.map((e: { name: string }) => e.name)
        .sort(),
    ).toEqual(['attendance_status', 'course_name']);
    const { s } = await studentWith([{}]);
    await expectRefused((cookie) => get(t.app, q(LIST, { user_id: s.id }), cookie));
  });
});

describe('POST /api/admin/student/applicantCourse/update/', () => {
  it('updates the ticked rows (attendance status, units, sessions) and leaves the others; audited', async () => {
    const { s, apps } = await studentWith([{}, {}]);
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const before = await auditCount();
    const res = await post(
      t.app,
      UPDATE,
      {
        user_id: s.id,
        ...row(0, a, { attendance_0_15: '2', acquisition_unit_0: '１２' }),
        ...row(1, b, { is_update_1: '0' }),
        // fields this call does not read are ignored, not refused (and change nothing)
        id: s.id,
        lottery_status_0: '3',
        user_id_0: s.id,
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, count: 1 });
    const saved = await appOf(a.id);
    expect(saved.attendanceStatus).toBe('2');
    expect(saved.acquisitionUnit).toBe(12);
    expect(saved.attendance).toEqual([...fifteen('1').slice(0, 14), '2']);
    expect(saved.attendanceUpdatedAt).not.toBeNull();
    expect(saved.lotteryStatus).toBe('2');
    expect(await appOf(b.id)).toEqual(b);
    expect(await auditCount()).toBe(before + 1);
  });

  it('a stale row refuses the whole batch with 409 and writes nothing', async () => {
    const { s, apps } = await studentWith([{}, {}]);
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const res = await post(
      t.app,
      UPDATE,
      { user_id: s.id, ...row(0, a), ...row(1, b, { updated_at_1: '2000-01-01T00:00:00.000Z' }) },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(await appOf(a.id)).toEqual(a);
    expect(await appOf(b.id)).toEqual(b);
  });

  it('names bad cells, another student, cancelled or unknown rows (422), writing nothing', async () => {
    const { s, apps } = await studentWith([{}, { cancelled: true }]);
    const [a, cancelled] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const other = await studentWith([{}]);
    const cases: [Record<string, unknown>, { name: string; msg: string }][] = [
      [
        { ...row(0, a, { acquisition_unit_0: '100000' }) },
        { name: 'acquisition_unit_0', msg: MSG.maxLen(5, '桁') },
      ],
      [{ ...row(0, a, { attendance_0_3: '9' }) }, { name: 'attendance_0_3', msg: MSG.invalidChoice }],
      [
        { ...row(0, a, { student_id_0: other.s.id }) },
        { name: 'student_id_0', msg: STUDENT_COURSE_MSG.notThisStudent },
      ],
      [
        { ...row(0, other.apps[0]!, { student_id_0: s.id }) },
        { name: 'course_id_0', msg: STUDENT_COURSE_MSG.noApplication },
      ],
      [{ ...row(0, cancelled) }, { name: 'attendance_status_0', msg: STUDENT_COURSE_MSG.cancelled }],
      [
        { ...row(0, a), ...row(1, a) },
        { name: 'course_id_1', msg: STUDENT_COURSE_MSG.duplicateRow },
      ],
    ];
    for (const [body, error] of cases) {
      const res = await post(t.app, UPDATE, { user_id: s.id, ...body }, admin);
      expect(res.statusCode, JSON.stringify(error)).toBe(422);
      expect(res.json().err_list).toContainEqual(error);
    }
    expect(await appOf(a.id)).toEqual(a);
    expect(await appOf(cancelled.id)).toEqual(cancelled);
  });

  it('answers 404 for a missing student; refuses anonymous callers, students and authority 2', async () => {
    const { s, apps } = await studentWith([{}]);
    expect((await post(t.app, UPDATE, { user_id: 999999 }, admin)).statusCode).toBe(404);
    await expectRefused((cookie) => post(t.app, UPDATE, { user_id: s.id, ...row(0, apps[0]!) }, cookie));
    expect(await appOf(apps[0]!.id)).toEqual(apps[0]);
  });
});
