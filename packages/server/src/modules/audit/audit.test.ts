import { AUDIT_MSG, type AuditRow } from '@manabi/shared/schemas/audit';
import { MSG } from '@manabi/shared/validation/messages';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog } from '../../db/schema';
import { audit } from '../../platform/audit';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeCourse, makeStudent } from '../../test/factories';

/**
 * The audit log, readable (decision 067): every act found by whom it is about, who did it, the act and the
 * day; newest first; how it came; the CSV of a search; refused to anyone but authority 1; and entries that
 * nothing can change or remove.
 */
const LIST = '/api/admin/audit/list/';
const CSV = '/api/admin/audit/list/csv/';

let t: TestApp;
let cast: Cast;
let hanako: { id: number; loginId: string | null };
let ichiro: { id: number; loginId: string | null };
let courseId: number;
let adminId: number;
let adminName: string;

type Page = { total: number; capped: boolean; data_list: AuditRow[]; student: AuditRow['student'] };
const list = async (query: string) => {
  const res = await get(t.app, `${LIST}?${query}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  hanako = await makeStudent(t.db, { loginId: '26050001', name: '監査 花子' });
  ichiro = await makeStudent(t.db, { loginId: '26050002', name: '監査 一郎' });
  courseId = (await makeCourse(t.db, { name: '監査の講座', code: 'A2601' })).id;
  [{ id: adminId, name: adminName }] = (await t.db
    .select({ id: adminUsers.id, name: adminUsers.name })
    .from(adminUsers)
    .where(eq(adminUsers.loginId, 'admin'))) as [{ id: number; name: string }];
  // a telephone call on 花子, from our pages (a same-origin browser call)
  const call = await t.app.inject({
    method: 'POST',
    url: '/api/admin/contact/call/add/',
    payload: { user_id: hanako.id, outcome: '1', note: '確定の意思を確認', course_id: '' },
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
      cookie: cast.admin,
    },
  });
  expect(call.statusCode, call.body).toBe(200);
  // an application of 一郎 to the course, entered by the office through the API from another client
  const added = await post(
    t.app,
    '/api/admin/addcourseapplicant/add/',
    { course_id: courseId, user_id: ichiro.id, how_apply: '2', remarks: '' },
    cast.admin,
  );
  expect(added.statusCode, added.body).toBe(200);
  // and a job's act
  await audit(t.db, {
    actor: { kind: 'system', id: null },
    action: 'lapse',
    entity: 'course_application',
    entityId: added.json().id,
    studentId: ichiro.id,
    courseId,
    detail: { course_id: courseId, confirm_by: '2026-12-01T00:00:00.000Z' },
  });
});
afterAll(() => t.close());

describe('the audit viewer', () => {
  it('lists every act newest first, in words, with who did it and how it came', async () => {
    const page = await list('');
    const ids = page.data_list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [lapse, create, callEntry] = page.data_list;
    expect(lapse).toMatchObject({
      action: 'lapse',
      actor_kind: 'system',
      via: 'job',
      route: null,
      student: { id: ichiro.id, login_id: '26050002', name: '監査 一郎' },
      course: { id: courseId, name: '監査の講座', code: 'A2601' },
    });
    expect(create).toMatchObject({
      action: 'create',
      entity: 'course_application',
      actor_kind: 'admin',
      actor_name: adminName,
      via: 'api',
      route: '/api/admin/addcourseapplicant/add/',
      student: { id: ichiro.id },
      course: { id: courseId },
    });
    expect(callEntry).toMatchObject({
      action: 'call',
      via: 'screen',
      route: '/api/admin/contact/call/add/',
      student: { id: hanako.id, name: '監査 花子' },
      course: null,
      detail: expect.objectContaining({ outcome: '1' }),
    });
    expect(page).toMatchObject({ total: page.data_list.length, capped: false });
  });

  it('finds a student’s, a course’s, a staff member’s and an act’s entries, and by day', async () => {
    const byStudent = await list(`user_id=${hanako.id}`);
    expect(byStudent.data_list.map((r) => r.action)).toEqual(['call']);
    expect(byStudent.student).toEqual({ id: hanako.id, login_id: '26050001', name: '監査 花子' });
    // the same student by 学生番号, typed in full width
    const typed = await list(`login_id=${encodeURIComponent('２６０５０００１')}`);
    expect(typed.data_list.map((r) => r.id)).toEqual(byStudent.data_list.map((r) => r.id));
    expect((await list(`course_id=${courseId}`)).data_list.map((r) => r.action)).toEqual(['lapse', 'create']);
    const byAdmin = await list(`admin_id=${adminId}`);
    expect(byAdmin.data_list.every((r) => r.actor_kind === 'admin')).toBe(true);
    expect(byAdmin.data_list.map((r) => r.action)).toEqual(['create', 'call']);
    expect((await list('action=call')).data_list).toHaveLength(1);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect((await list(`date_from=${today}&date_to=${today}`)).total).toBeGreaterThanOrEqual(3);
    expect((await list('date_from=2099-01-01')).data_list).toHaveLength(0);
    expect((await list('date_to=2000-01-01')).data_list).toHaveLength(0);
  });

  it('pages on the server', async () => {
    for (let i = 0; i < 60; i++)
      await audit(t.db, {
        actor: { kind: 'system', id: null },
        action: 'mail_retry',
        entity: 'mail',
        entityId: i + 1,
      });
    const first = await list('action=mail_retry');
    expect(first).toMatchObject({ total: 60, capped: false });
    expect(first.data_list).toHaveLength(50);
    const second = await list('action=mail_retry&page=2');
    expect(second.data_list).toHaveLength(10);
    expect(second.data_list[0]!.id).toBeLessThan(first.data_list[49]!.id);
    expect((await list('action=mail_retry&size=100')).data_list).toHaveLength(60);
  });

  it('downloads the search as CSV, newest first, in words', async () => {
    const res = await get(t.app, `${CSV}?course_id=${courseId}`, cast.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('日時,操作した人,操作,学生番号,氏名,講座,経路,内容');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('自動処理,期限切れの辞退,26050002,監査 一郎,監査の講座（A2601）,自動処理');
    expect(lines[2]).toContain(`,${adminName},申込の登録,26050002,監査 一郎,監査の講座（A2601）,API,`);
  });

  it('names the students and courses a detail refers to by id, and says its codes and money in words', async () => {
    const office = { kind: 'admin', id: adminId } as const;
    await audit(t.db, {
      actor: office,
      action: 'duplicate_dismiss',
      entity: 'student',
      entityId: hanako.id,
      studentId: hanako.id,
      detail: { other_id: ichiro.id },
    });
    await audit(t.db, {
      actor: office,
      action: 'upload',
      entity: 'course_application',
      detail: { course_ids: [courseId], rows: 1, registered: 1 },
    });
    const dismissed = (await list('action=duplicate_dismiss')).data_list[0];
    expect(dismissed?.refs.student).toEqual({ [String(ichiro.id)]: '監査 一郎（26050002）' });
    const uploaded = (await list('action=upload')).data_list[0];
    expect(uploaded?.refs.course).toEqual({ [String(courseId)]: '監査の講座（A2601）' });
    // the CSV says the same, in words: no id, no key
    const csv = (await get(t.app, `${CSV}?admin_id=${adminId}`, cast.admin)).body;
    expect(csv).toContain('別人とした学生：監査 一郎（26050002）');
    expect(csv).toContain('講座：監査の講座（A2601）');
    expect(csv).toContain('登録：1件');
    expect(csv).not.toMatch(/other_id|course_ids|学生（ID/);
  });

  it('refuses a bad search on its field, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['login_id=123', 'login_id', AUDIT_MSG.loginId],
      ['login_id=99999999', 'login_id', AUDIT_MSG.studentNotFound],
      ['action=drop_table', 'action', MSG.invalidChoice],
      ['date_from=2026-02-30', 'date_from', MSG.dateInvalid],
      ['date_from=2026-05-02&date_to=2026-05-01', 'date_to', MSG.periodOrder],
      ['user_id=abc', 'user_id', MSG.invalidValue],
      ['page=x', 'page', expect.any(String) as unknown as string],
      ['size=1000', 'size', MSG.invalidChoice],
      ['admin_id=%00', 'admin_id', expect.any(String) as unknown as string],
    ];
    for (const [query, name, msg] of cases) {
      const res = await get(t.app, `${LIST}?${query}`, cast.admin);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().err_list, query).toContainEqual({ name, msg });
    }
    expect((await get(t.app, `${CSV}?login_id=99999999`, cast.admin)).statusCode).toBe(422);
  });

  it('is authority 1’s alone', async () => {
    for (const url of [LIST, CSV]) {
      expect((await get(t.app, url, cast.univ)).statusCode, url).toBe(403);
      expect((await get(t.app, url, cast.student)).statusCode, url).toBe(403);
      expect((await get(t.app, url)).statusCode, url).toBe(401);
    }
  });
});

describe('the audit log is append-only', () => {
  it('refuses to change, remove or empty an entry, whoever asks', async () => {
    const [before] = await t.db.select({ n: count() }).from(auditLog);
    const [first] = await t.db.select().from(auditLog).orderBy(auditLog.id).limit(1);
    /** What the database answered: the refusal's own words, under the driver's wrapping. */
    const refusal = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'done';
      } catch (err) {
        const e = err as { message: string; cause?: { message?: string } };
        return e.cause?.message ?? e.message;
      }
    };
    const change = () => t.db.update(auditLog).set({ action: 'update' }).where(eq(auditLog.id, first!.id));
    expect(await refusal(change)).toMatch(/append-only/);
    expect(await refusal(() => t.db.delete(auditLog).where(eq(auditLog.id, first!.id)))).toMatch(
      /append-only/,
    );
    expect(await refusal(() => t.db.execute(sql`truncate ${auditLog}`))).toMatch(/append-only/);
    const [after] = await t.db.select({ n: count() }).from(auditLog);
    expect(after).toEqual(before);
    const [same] = await t.db.select().from(auditLog).where(eq(auditLog.id, first!.id));
    expect(same).toEqual(first);
  });
});
