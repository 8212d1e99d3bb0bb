import { MSG } from '@manabi/shared';
import { APPLICANT_MSG } from '@manabi/shared/schemas/applicant';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseApplications, students } from '../../db/schema';
import { resolvePersonal } from '../../platform/audit';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent, makeUniversity } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  await makeUniversity(t.db, { id: 'U02' });
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

let loginSeq = 0;
const nextLoginId = () => `3${String(++loginSeq).padStart(7, '0')}`;

/** A course (of U01 unless told) with one application per given over-ride; students in login_id order. */
async function courseWith(
  apps: Partial<typeof courseApplications.$inferInsert>[],
  course: Parameters<typeof makeCourse>[1] = { universityId: 'U01' },
) {
  const c = await makeCourse(t.db, course);
  const rows = [];
  for (const over of apps) {
    const s = await makeStudent(t.db, { loginId: nextLoginId() });
    rows.push({ s, a: await makeApplication(t.db, { courseId: c.id, studentId: s.id, ...over }) });
  }
  return { c, rows };
}

const q = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
const appOf = async (id: number) =>
  (await t.db.select().from(courseApplications).where(eq(courseApplications.id, id)))[0]!;
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const appCount = async () => (await t.db.select({ n: count() }).from(courseApplications))[0]!.n;

const ATT = (v: string) =>
  Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`attendance${i + 1}`, v]));

/** Who may not call: anonymous and students 401; authority 2 403 (writes, or another university). */
async function expectRefused(
  call: (cookie: string | undefined) => Promise<{ statusCode: number }>,
  univStatus: number,
) {
  expect((await call(undefined)).statusCode).toBe(401);
  expect((await call(student)).statusCode).toBe(403);
  expect((await call(univ)).statusCode).toBe(univStatus);
}

describe('GET /api/admin/courseapplicantlist/', () => {
  const L = '/api/admin/courseapplicantlist/';

  it('lists every application by login_id, cancelled ones included, and filters', async () => {
    const { c, rows } = await courseWith([
      { lotteryStatus: '1' },
      { lotteryStatus: '2', attendanceStatus: '2', attendance: ATT_ARR('1') },
      { lotteryStatus: '4', cancelledAt: new Date() },
    ]);
    const res = await get(t.app, q(L, { id: c.id }), admin);
    expect(res.statusCode).toBe(200);
    const list = res.json().data_list;
    expect(list.map((r: { login_id: string }) => r.login_id)).toEqual(rows.map((r) => r.s.loginId));
    expect(list[1]).toMatchObject({
      course_applicant_id: rows[1]!.a.id,
      student_id: rows[1]!.s.id,
      user_id: rows[1]!.s.id,
      course_id: c.id,
      name: rows[1]!.s.name,
      name_kana: rows[1]!.s.nameKana,
      lottery_status: '2',
      how_apply: '1',
      attendance_status: '2',
      attendance_updated_date: null,
      acquisition_unit: 0,
      attendance1: '1',
      attendance15: '1',
      updated_at: rows[1]!.a.updatedAt.toISOString(),
      is_cancel: false,
    });
    // SPEC §3 Course applicant: the cancellation as is_cancel beside the キャンセル status
    expect(list[2]).toMatchObject({ lottery_status: '4', is_cancel: true });

    const won = (
      await get(t.app, q(L, { id: c.id, lottery_status_2: '1', lottery_status_4: '1' }), admin)
    ).json();
    expect(won.data_list.map((r: { lottery_status: string }) => r.lottery_status)).toEqual(['2', '4']);
    const byName = (await get(t.app, q(L, { id: c.id, name: rows[0]!.s.name }), admin)).json();
    expect(byName.data_list).toHaveLength(1);
    const byLogin = (await get(t.app, q(L, { id: c.id, login_id: rows[2]!.s.loginId! }), admin)).json();
    expect(byLogin.data_list[0].student_id).toBe(rows[2]!.s.id);
    const attending = (await get(t.app, q(L, { id: c.id, attendance_status: '2' }), admin)).json();
    expect(attending.data_list.map((r: { student_id: number }) => r.student_id)).toEqual([rows[1]!.s.id]);
  });

  it('gives authority 2 only name_kana (and ids) on its own university, ignoring hidden filters', async () => {
    const { c, rows } = await courseWith([{}, { lotteryStatus: '2' }]);
    const res = await get(t.app, q(L, { id: c.id, name: 'どれでもない', lottery_status_3: '1' }), univ);
    expect(res.statusCode).toBe(200);
    expect(res.json().data_list).toEqual(
      rows.map((r) => ({
        course_applicant_id: r.a.id,
        student_id: r.s.id,
        course_id: c.id,
        name_kana: r.s.nameKana,
      })),
    );
  });

  it('validates the query', async () => {
    const { c } = await courseWith([]);
    const res = await get(t.app, q(L, { id: c.id, attendance_status: '9' }), admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toContainEqual({ name: 'attendance_status', msg: MSG.invalidChoice });
  });

  it('answers 404 for a missing course and refuses outsiders', async () => {
    expect((await get(t.app, q(L, { id: 999999 }), admin)).statusCode).toBe(404);
    const { c } = await courseWith([{}], { universityId: 'U02' });
    await expectRefused((cookie) => get(t.app, q(L, { id: c.id }), cookie), 403);
  });
});

function ATT_ARR(v: string) {
  return Array.from({ length: 15 }, () => v);
}

/** The flattened fields of one table row n (SPEC §7 courseapplicantlist/update). */
function tableRow(n: number, a: typeof courseApplications.$inferSelect, over: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    [`is_update_${n}`]: '1',
    [`is_update_attendance_${n}`]: '0',
    [`student_id_${n}`]: String(a.studentId),
    [`lottery_status_${n}`]: a.lotteryStatus,
    [`attendance_status_${n}`]: a.attendanceStatus,
    [`acquisition_unit_${n}`]: String(a.acquisitionUnit),
    [`updated_at_${n}`]: a.updatedAt.toISOString(),
  };
  a.attendance.forEach((v, i) => {
    fields[`attendance_${n}_${i + 1}`] = v;
  });
  for (const [k, v] of Object.entries(over)) fields[`${k}_${n}`] = v;
  return fields;
}

describe('POST /api/admin/courseapplicantlist/update/', () => {
  const U = '/api/admin/courseapplicantlist/update/';

  it('applies the ticked rows in one batch, stamps attendance changes and audits once', async () => {
    const { c, rows } = await courseWith([
      { lotteryStatus: '2' },
      { lotteryStatus: '2' },
      { lotteryStatus: '3' },
    ]);
    const auditsBefore = await auditCount();
    const body = {
      course_id: c.id,
      ...tableRow(0, rows[0]!.a, { acquisition_unit: '99999', attendance_status: '3' }),
      ...tableRow(1, rows[1]!.a, { is_update: '0', acquisition_unit: '5' }),
      ...tableRow(2, rows[2]!.a, { lottery_status: '2', is_update_attendance: '1' }),
      attendance_0_3: '1',
    };
    const res = await post(t.app, U, body, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, count: 2 });
    const a0 = await appOf(rows[0]!.a.id);
    expect(a0).toMatchObject({ acquisitionUnit: 99999, attendanceStatus: '3' });
    expect(a0.attendance[2]).toBe('1');
    expect(a0.attendanceUpdatedAt).not.toBeNull();
    expect(a0.updatedAt.getTime()).toBeGreaterThan(rows[0]!.a.updatedAt.getTime());
    expect(await appOf(rows[1]!.a.id)).toMatchObject({ acquisitionUnit: 0, updatedAt: rows[1]!.a.updatedAt });
    expect((await appOf(rows[2]!.a.id)).lotteryStatus).toBe('2');
    // the batch's entry, and one entry a changed application saying what changed, before → after, on its
    // student's and the course's timelines
    expect(await auditCount()).toBe(auditsBefore + 3);
    const [log] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update_batch'), eq(auditLog.entity, 'course_application')));
    expect(log?.detail).toMatchObject({ course_id: c.id, ids: [rows[0]!.a.id, rows[2]!.a.id] });
    const each = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update'), eq(auditLog.courseId, c.id)))
      .orderBy(auditLog.id);
    expect(each.map((e) => [e.entityId, e.studentId])).toEqual([
      [String(rows[0]!.a.id), rows[0]!.a.studentId],
      [String(rows[2]!.a.id), rows[2]!.a.studentId],
    ]);
    expect(each[0]?.detail).toMatchObject({
      changes: { attendanceStatus: ['1', '3'], acquisitionUnit: [0, 99999], attendance3: ['0', '1'] },
    });
    expect(each[1]?.detail).toMatchObject({ changes: { lotteryStatus: ['3', '2'] } });
  });

  it('stamps 受講状況の更新日時 by one rule: status, a session or the units — not a lottery result alone', async () => {
    const { c, rows } = await courseWith([{ lotteryStatus: '1' }, { lotteryStatus: '2' }]);
    const res = await post(
      t.app,
      U,
      {
        course_id: c.id,
        ...tableRow(0, rows[0]!.a, { lottery_status: '2' }),
        ...tableRow(1, rows[1]!.a, { acquisition_unit: '3' }),
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await appOf(rows[0]!.a.id)).attendanceUpdatedAt).toBeNull();
    expect((await appOf(rows[1]!.a.id)).attendanceUpdatedAt).not.toBeNull();
  });

  it('names the malformed field of row n and writes nothing', async () => {
    const { c, rows } = await courseWith([{}, {}]);
    const res = await post(
      t.app,
      U,
      {
        course_id: c.id,
        ...tableRow(0, rows[0]!.a, { acquisition_unit: '7' }),
        ...tableRow(3, rows[1]!.a, { acquisition_unit: '100000', attendance_status: '' }),
        attendance_3_2: '9',
      },
      admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual(
      expect.arrayContaining([
        { name: 'acquisition_unit_3', msg: '6桁以上は入力できません' },
        { name: 'attendance_status_3', msg: MSG.required },
        { name: 'attendance_3_2', msg: MSG.invalidChoice },
      ]),
    );
    const negative = await post(
      t.app,
      U,
      { course_id: c.id, ...tableRow(0, rows[0]!.a, { acquisition_unit: '-1' }) },
      admin,
    );
    expect(negative.json().err_list).toContainEqual({
      name: 'acquisition_unit_0',
      msg: MSG.zeroOrPositiveInt,
    });
    expect(await appOf(rows[0]!.a.id)).toEqual(rows[0]!.a);
    // fields the call does not read (the list's own id, user_id_{n}, …) are ignored, not refused
    const unknown = await post(
      t.app,
      U,
      {
        course_id: c.id,
        id: c.id,
        ...tableRow(0, rows[0]!.a, { acquisition_unit: '4' }),
        user_id_0: rows[0]!.a.studentId,
        attendance_0_16: '1',
        memo_0: 'x',
      },
      admin,
    );
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect((await appOf(rows[0]!.a.id))?.acquisitionUnit).toBe(4);
  });

  it('refuses the whole batch with 409 when any row is stale', async () => {
    const { c, rows } = await courseWith([{}, {}]);
    const old = rows[1]!.a;
    await post(t.app, U, { course_id: c.id, ...tableRow(0, old, { acquisition_unit: '1' }) }, admin);
    const res = await post(
      t.app,
      U,
      {
        course_id: c.id,
        ...tableRow(0, rows[0]!.a, { acquisition_unit: '50' }),
        ...tableRow(1, old, { acquisition_unit: '60' }),
      },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.stale);
    expect((await appOf(rows[0]!.a.id)).acquisitionUnit).toBe(0);
    expect((await appOf(old.id)).acquisitionUnit).toBe(1);
  });

  it('answers 404 for a missing course; refuses outsiders and authority 2', async () => {
    expect((await post(t.app, U, { course_id: 999999 }, admin)).statusCode).toBe(404);
    const { c, rows } = await courseWith([{}]);
    await expectRefused(
      (cookie) =>
        post(t.app, U, { course_id: c.id, ...tableRow(0, rows[0]!.a, { acquisition_unit: '9' }) }, cookie),
      403,
    );
    expect(await appOf(rows[0]!.a.id)).toEqual(rows[0]!.a);
  });
});

describe('GET /api/admin/courseapplicantdetail/', () => {
  const D = '/api/admin/courseapplicantdetail/';

  it('shows the application with the personal data to authority 1', async () => {
    const c = await makeCourse(t.db, { universityId: 'U01', isCancelable: false });
    const s = await makeStudent(t.db, {
      loginId: nextLoginId(),
      postcode: '180-0001',
      pref: '東京都',
      streetName1: '吉祥寺北町',
      streetName2: '一丁目',
      address: '2-3',
      streetName3: 'まなびハイツ101',
      birthday: '1950-05-10',
      gender: 2,
      phone1: '0422-11-2222',
      mail1: 'a@example.jp',
      emergencyName: '家族 太郎',
      emergencyRelation: '長男',
      emergencyPhone: '090-1111-2222',
    });
    const a = await makeApplication(t.db, {
      courseId: c.id,
      studentId: s.id,
      remarks: '電話で受付',
      aidTuitionFee: true,
    });
    const res = await get(t.app, q(D, { id: c.id, user_id: s.id, is_edit: '1' }), admin);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      course_applicant_id: a.id,
      course_id: c.id,
      user_id: s.id,
      student_id: s.id,
      course_name: c.name,
      remarks: '電話で受付',
      is_cancel: false,
      cannot_cancel: true,
      postcode: '180-0001',
      address: '東京都吉祥寺北町一丁目2-3 まなびハイツ101',
      birthday: '1950-05-10',
      gender: '2',
      phone1: '0422-11-2222',
      mail1: 'a@example.jp',
      e_name: '家族 太郎',
      e_emereletion: '長男',
      e_phone: '090-1111-2222',
      aid_tuition_fee: '1',
      is_student: true,
      is_email: true,
      is_open_applicant: true,
      attendance15: '0',
    });
    expect(typeof d.age).toBe('number');
    expect(d.age).toBeGreaterThanOrEqual(75);
  });

  it('gives authority 2 the reduced view on its own university', async () => {
    const { c, rows } = await courseWith([{}]);
    const res = await get(t.app, q(D, { id: c.id, user_id: rows[0]!.s.id }), univ);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.name_kana).toBe(rows[0]!.s.nameKana);
    for (const hidden of [
      'birthday',
      'age',
      'acquisition_unit',
      'attendance_status',
      'attendance1',
      'is_cancel',
      'cannot_cancel',
      'phone1',
      'mail1',
      'address',
    ]) {
      expect(d).not.toHaveProperty(hidden);
    }
    expect(
      (await get(t.app, q(D, { id: c.id, user_id: rows[0]!.s.id, is_edit: '1' }), univ)).statusCode,
    ).toBe(403);
  });

  it('validates, answers 404 and refuses outsiders', async () => {
    const bad = await get(t.app, q(D, { id: 'abc', user_id: 1 }), admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list).toContainEqual({ name: 'id', msg: MSG.invalidValue });
    const { c, rows } = await courseWith([{}], { universityId: 'U02' });
    expect((await get(t.app, q(D, { id: c.id, user_id: 999999 }), admin)).statusCode).toBe(404);
    expect((await get(t.app, q(D, { id: 999999, user_id: rows[0]!.s.id }), admin)).statusCode).toBe(404);
    await expectRefused((cookie) => get(t.app, q(D, { id: c.id, user_id: rows[0]!.s.id }), cookie), 403);
  });
});

describe('POST /api/admin/courseapplicantdetail/cancel/', () => {
  const C = '/api/admin/courseapplicantdetail/cancel/';

  it('cancels: cancelled_at set, lottery status 4, audited', async () => {
    const { c, rows } = await courseWith([{ lotteryStatus: '2' }]);
    const a = rows[0]!.a;
    const res = await post(
      t.app,
      C,
      { course_id: c.id, user_id: a.studentId, updated_at: a.updatedAt.toISOString() },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const after = await appOf(a.id);
    expect(after.cancelledAt).not.toBeNull();
    expect(after.lotteryStatus).toBe('4');
    const logs = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cancel'), eq(auditLog.entityId, String(a.id))));
    expect(logs).toHaveLength(1);
    // the student may apply again afterwards (the unique index covers live applications only)
    await makeApplication(t.db, { courseId: c.id, studentId: a.studentId });
  });

  it('refuses when the course forbids cancelling, and validates, writing nothing', async () => {
    const { c, rows } = await courseWith([{ lotteryStatus: '2' }], {
      universityId: 'U01',
      isCancelable: false,
    });
    const a = rows[0]!.a;
    const res = await post(
      t.app,
      C,
      { course_id: c.id, user_id: a.studentId, updated_at: a.updatedAt.toISOString() },
      admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual([{ name: 'course_id', msg: APPLICANT_MSG.notCancelable }]);
    const missing = await post(t.app, C, { course_id: c.id, user_id: a.studentId }, admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().err_list).toContainEqual({ name: 'updated_at', msg: MSG.lockStampMissing });
    expect(await appOf(a.id)).toEqual(a);
  });

  it('answers 409 when stale, 404 when missing, and refuses outsiders', async () => {
    const { c, rows } = await courseWith([{}]);
    const a = rows[0]!.a;
    const stale = await post(
      t.app,
      C,
      { course_id: c.id, user_id: a.studentId, updated_at: new Date(0).toISOString() },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    expect(await appOf(a.id)).toEqual(a);
    expect(
      (
        await post(
          t.app,
          C,
          { course_id: c.id, user_id: 999999, updated_at: a.updatedAt.toISOString() },
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          t.app,
          C,
          { course_id: 999999, user_id: a.studentId, updated_at: a.updatedAt.toISOString() },
          admin,
        )
      ).statusCode,
    ).toBe(404);
    await expectRefused(
      (cookie) =>
        post(
          t.app,
          C,
          { course_id: c.id, user_id: a.studentId, updated_at: a.updatedAt.toISOString() },
          cookie,
        ),
      403,
    );
    expect(await appOf(a.id)).toEqual(a);
  });
});

describe('POST /api/admin/courseapplicantdetail/update/', () => {
  const U = '/api/admin/courseapplicantdetail/update/';
  const body = (a: typeof courseApplications.$inferSelect, over: Record<string, unknown> = {}) => ({
    course_id: a.courseId,
    user_id: a.studentId,
    lottery_status: '2',
    attendance_status: '2',
    ...ATT('1'),
    acquisition_unit: '12',
    remarks: '窓口で変更',
    updated_at: a.updatedAt.toISOString(),
    ...over,
  });

  it('updates the application and audits it', async () => {
    const { rows } = await courseWith([{}]);
    const a = rows[0]!.a;
    const res = await post(t.app, U, body(a), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });
    const after = await appOf(a.id);
    expect(after).toMatchObject({
      lotteryStatus: '2',
      attendanceStatus: '2',
      acquisitionUnit: 12,
      remarks: '窓口で変更',
    });
    expect(after.attendance).toEqual(ATT_ARR('1'));
    expect(after.attendanceUpdatedAt).not.toBeNull();
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, String(a.id))));
    expect(entries).toHaveLength(1);
    // the entry says what changed, before → after, and whose application of which course
    expect(entries[0]).toMatchObject({ studentId: a.studentId, courseId: a.courseId });
    // the remark, the office's words about the person, is kept by reference (decision 081)
    expect(JSON.stringify(entries[0]?.detail)).not.toContain('窓口で変更');
    const [detail] = await resolvePersonal(t.db, [entries[0]?.detail as Record<string, unknown>]);
    expect((detail as { changes: Record<string, unknown> }).changes).toMatchObject({
      lotteryStatus: [a.lotteryStatus, '2'],
      acquisitionUnit: [a.acquisitionUnit, 12],
      remarks: [a.remarks, '窓口で変更'],
      attendance1: [a.attendance[0], '1'],
    });
  });

  it('validates (15 sessions required, remarks ≤500, units ≤99999, cancel only by cancel) and writes nothing', async () => {
    const { rows } = await courseWith([{}]);
    const a = rows[0]!.a;
    const res = await post(
      t.app,
      U,
      body(a, { attendance5: undefined, remarks: 'あ'.repeat(501), acquisition_unit: '100000' }),
      admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual(
      expect.arrayContaining([
        { name: 'attendance5', msg: MSG.required },
        { name: 'remarks', msg: '501文字以上は入力できません' },
        { name: 'acquisition_unit', msg: '6桁以上は入力できません' },
      ]),
    );
    const cancel = await post(t.app, U, body(a, { lottery_status: '4' }), admin);
    expect(cancel.json().err_list).toEqual([{ name: 'lottery_status', msg: APPLICANT_MSG.cancelViaCancel }]);
    expect(await appOf(a.id)).toEqual(a);
  });

  it('answers 409 when stale, 404 when missing, and refuses outsiders', async () => {
    const { rows } = await courseWith([{}]);
    const a = rows[0]!.a;
    expect((await post(t.app, U, body(a), admin)).statusCode).toBe(200);
    const late = await post(t.app, U, body(a, { remarks: '後から' }), admin);
    expect(late.statusCode).toBe(409);
    expect((await appOf(a.id)).remarks).toBe('窓口で変更');
    expect((await post(t.app, U, body(a, { user_id: 999999 }), admin)).statusCode).toBe(404);
    expect((await post(t.app, U, body(a, { course_id: 999999 }), admin)).statusCode).toBe(404);
    const now = await appOf(a.id);
    await expectRefused((cookie) => post(t.app, U, body(now, { remarks: '不正' }), cookie), 403);
    expect(await appOf(a.id)).toEqual(now);
  });
});

describe('GET /api/admin/addcourseapplicant/studentlist/', () => {
  const S = '/api/admin/addcourseapplicant/studentlist/';

  it('finds approved students without a live application to the course', async () => {
    const { c, rows } = await courseWith([{}, { lotteryStatus: '4', cancelledAt: new Date() }]);
    const town = `検索町${c.id}`;
    const free = await makeStudent(t.db, {
      loginId: nextLoginId(),
      streetName1: town,
      birthday: '1955-06-01',
    });
    await makeStudent(t.db, { loginId: nextLoginId(), streetName1: town, birthday: '1940-01-01' });
    await makeStudent(t.db, { loginId: null, streetName1: town, approvalStatus: '0' });
    await t.db.update(students).set({ streetName1: town }).where(eq(students.id, rows[0]!.s.id));
    await t.db.update(students).set({ streetName1: town }).where(eq(students.id, rows[1]!.s.id));

    const res = await get(
      t.app,
      q(S, { id: c.id, street_name1: town, birthday_s: '1950-01-01', birthday_e: '1999-12-31' }),
      admin,
    );
    expect(res.statusCode).toBe(200);
    // rows[0] applied (live): left out; rows[1] cancelled: may apply again; the 1940 one is outside the range
    expect(res.json()).toEqual([
      expect.objectContaining({ user_id: rows[1]!.s.id }),
      {
        user_id: free.id,
        login_id: free.loginId,
        name: free.name,
        name_kana: free.nameKana,
        street_name1: town,
        street_name2: '',
        birthday: '1955-06-01',
      },
    ]);
    const byLogin = await get(t.app, q(S, { id: c.id, login_id: free.loginId! }), admin);
    expect(byLogin.json().map((r: { user_id: number }) => r.user_id)).toEqual([free.id]);
  });

  it('validates, answers 404 and refuses outsiders and authority 2', async () => {
    const { c } = await courseWith([]);
    const bad = await get(t.app, q(S, { id: c.id, birthday_s: '2024-02-30' }), admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list).toContainEqual({ name: 'birthday_s', msg: MSG.dateInvalid });
    expect((await get(t.app, q(S, { id: 999999 }), admin)).statusCode).toBe(404);
    await expectRefused((cookie) => get(t.app, q(S, { id: c.id }), cookie), 403);
  });
});

describe('POST /api/admin/addcourseapplicant/add/', () => {
  const A = '/api/admin/addcourseapplicant/add/';

  it('adds an application and audits it; a second live one is refused', async () => {
    const { c } = await courseWith([]);
    const s = await makeStudent(t.db, { loginId: nextLoginId() });
    const res = await post(
      t.app,
      A,
      { course_id: c.id, user_id: s.id, how_apply: '2', remarks: '電話受付' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    // a lottery course (the default): the application waits for the draw
    expect(res.json()).toEqual({ result: true, id, lottery_status: '1', over_capacity: false });
    expect(await appOf(id)).toMatchObject({
      courseId: c.id,
      studentId: s.id,
      howApply: '2',
      remarks: '電話受付',
      lotteryStatus: '1',
    });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'create'), eq(auditLog.entityId, String(id)))),
    ).toHaveLength(1);

    const before = await appCount();
    const again = await post(
      t.app,
      A,
      { course_id: c.id, user_id: s.id, how_apply: '3', remarks: '' },
      admin,
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().err_list).toEqual([{ name: 'user_id', msg: APPLICANT_MSG.alreadyApplied }]);
    expect(await appCount()).toBe(before);
  });

  it('validates (student chosen, how_apply, remarks ≤500) and writes nothing', async () => {
    const { c } = await courseWith([]);
    const before = await appCount();
    const res = await post(t.app, A, { course_id: c.id, how_apply: '', remarks: 'あ'.repeat(501) }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().err_list).toEqual(
      expect.arrayContaining([
        { name: 'user_id', msg: MSG.selectStudent },
        { name: 'how_apply', msg: MSG.required },
        { name: 'remarks', msg: '501文字以上は入力できません' },
      ]),
    );
    const pending = await makeStudent(t.db, { loginId: null, approvalStatus: '0' });
    const unapproved = await post(t.app, A, { course_id: c.id, user_id: pending.id, how_apply: '1' }, admin);
    expect(unapproved.json().err_list).toEqual([{ name: 'user_id', msg: APPLICANT_MSG.studentNotFound }]);
    expect(await appCount()).toBe(before);
  });

  it('answers 404 for a missing course and refuses outsiders and authority 2', async () => {
    const s = await makeStudent(t.db, { loginId: nextLoginId() });
    expect(
      (await post(t.app, A, { course_id: 999999, user_id: s.id, how_apply: '1' }, admin)).statusCode,
    ).toBe(404);
    const { c } = await courseWith([]);
    const before = await appCount();
    await expectRefused(
      (cookie) => post(t.app, A, { course_id: c.id, user_id: s.id, how_apply: '1' }, cookie),
      403,
    );
    expect(await appCount()).toBe(before);
  });
});
