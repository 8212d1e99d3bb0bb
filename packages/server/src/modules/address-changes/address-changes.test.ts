import { ADDRESS_CHANGE_MSG } from '@manabi/shared/schemas/address-change';
import { MSG } from '@manabi/shared/validation/messages';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressChangeRequests,
  auditLog,
  courseApplications,
  mailOutbox,
  notices,
  students,
} from '../../db/schema';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

const MINE = '/api/mypage/user/address/';
const REQUEST = '/api/mypage/user/address/request/';
const PENDING = '/api/admin/student/address/';
const LIST = '/api/admin/student/address/list/';
const DECIDE = '/api/admin/student/address/decide/';

let t: TestApp;
let cast: Cast;
let studentId: number;
/** a second student, 24040002: must never see or touch the first one's request */
let other: string;
let otherId: number;

const HOME = {
  postcode: '140-0011',
  pref: '東京都',
  streetName1: '品川区東大井',
  streetName2: '1丁目',
  address: '2-3',
  streetName3: '',
};
const NEW_ADDRESS = {
  postcode: '105-0011',
  pref: '東京都',
  street_name1: '港区芝公園',
  street_name2: '4丁目',
  address: '2-8',
  street_name3: 'まなびハイツ101',
};

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, { student: { name: '山田 花子', mail1: 'hanako@example.jp', ...HOME } });
  const [me] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
  studentId = me!.id;
  otherId = (await makeStudent(t.db, { loginId: '24040002', password: 'student02', ...HOME })).id;
  other = await loginAsStudent(t.app, '24040002', 'student02');
});
afterAll(() => t.close());

const mine = async (cookie = cast.student) => (await get(t.app, MINE, cookie)).json();
const studentRow = async (id = studentId) =>
  (await t.db.select().from(students).where(eq(students.id, id)))[0]!;
const requestsOf = (id: number) =>
  t.db
    .select()
    .from(addressChangeRequests)
    .where(eq(addressChangeRequests.studentId, id))
    .orderBy(asc(addressChangeRequests.id));
const pendingOf = async (id = studentId) =>
  (await get(t.app, `${PENDING}?user_id=${id}`, cast.admin)).json().request;
/** A decision as the office's screen sends it: both stamps as just read. */
const decision = async (over: Record<string, unknown> = {}, id = studentId) => {
  const request = await pendingOf(id);
  const s = await studentRow(id);
  return {
    request_id: request.request_id,
    decision: '1',
    return_reason: '',
    updated_at: request.updated_at,
    student_updated_at: s.updatedAt.toISOString(),
    ...over,
  };
};
const requestCount = async () => (await t.db.select({ n: count() }).from(addressChangeRequests))[0]!.n;

describe('who may call', () => {
  it.each([
    ['GET', MINE],
    ['POST', REQUEST],
  ])('%s %s: anonymous 401, an admin session 403', async (method, url) => {
    for (const [cookie, status] of [
      [undefined, 401],
      [cast.admin, 403],
      [cast.univ, 403],
    ] as const) {
      const res =
        method === 'GET' ? await get(t.app, url, cookie) : await post(t.app, url, NEW_ADDRESS, cookie);
      expect(res.statusCode).toBe(status);
    }
    expect(await requestCount()).toBe(0);
  });

  it.each([
    ['GET', `${PENDING}?user_id=1`],
    ['GET', LIST],
    ['POST', DECIDE],
  ])('%s %s: anonymous 401, a student 403, authority 2 403', async (method, url) => {
    for (const [cookie, status] of [
      [undefined, 401],
      [cast.student, 403],
      [cast.univ, 403],
    ] as const) {
      const res =
        method === 'GET'
          ? await get(t.app, url, cookie)
          : await post(t.app, url, { request_id: 1, decision: '1' }, cookie);
      expect(res.statusCode).toBe(status);
    }
  });
});

describe('the student gives a new address', () => {
  it('422 on the field, with the office form’s Japanese message, and writes nothing', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ postcode: '12-345' }, 'postcode', '郵便番号'],
      [{ street_name1: '' }, 'street_name1', '入力してください'],
      [{ address: '' }, 'address', '入力してください'],
      [{ pref: 'あ'.repeat(11) }, 'pref', '11文字以上'],
      [{ street_name2: 'あ'.repeat(31) }, 'street_name2', '31文字以上'],
      [{ street_name3: 'あ'.repeat(61) }, 'street_name3', '61文字以上'],
      [
        {
          postcode: HOME.postcode,
          street_name1: HOME.streetName1,
          street_name2: HOME.streetName2,
          address: HOME.address,
          street_name3: '',
        },
        'street_name1',
        '今の住所と同じ',
      ],
    ];
    for (const [over, name, words] of cases) {
      const res = await post(t.app, REQUEST, { ...NEW_ADDRESS, updated_at: '', ...over }, cast.student);
      expect(res.statusCode, name).toBe(422);
      const err = res.json().err_list.find((e: { name: string }) => e.name === name);
      expect(err?.msg, name).toContain(words);
    }
    expect(await requestCount()).toBe(0);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('is stored as pending, mailed to the office and audited; the record keeps the old address', async () => {
    const before = await mine();
    expect(before).toMatchObject({
      current: { postcode: '140-0011', street_name1: '品川区東大井' },
      request: null,
      office_phone: t.config.officePhone,
    });
    const res = await post(t.app, REQUEST, { ...NEW_ADDRESS, updated_at: '' }, cast.student);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true });

    const after = await mine();
    expect(after.current.street_name1).toBe('品川区東大井');
    expect(after.request).toMatchObject({
      status: '0',
      status_text: '事務局で確認中',
      street_name1: '港区芝公園',
      address_text: '東京都港区芝公園4丁目2-8 まなびハイツ101',
      decided_at: null,
    });
    expect((await studentRow()).streetName1).toBe('品川区東大井');

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, t.config.officeMail));
    expect(mail?.subject).toBe('【まなび】住所変更の届出があります');
    expect(mail?.body).toContain(`/admin/student/detail/${studentId}`);
    // the name and the new address stay behind the link: the outbox and the office's mailbox are out of
    // reach of the record's erasure
    expect(mail?.body).not.toContain('港区芝公園4丁目2-8');
    expect(mail?.body).not.toContain((await studentRow()).name);
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'address_request'));
    expect(log).toMatchObject({ actorKind: 'student', actorId: studentId, entityId: String(studentId) });
  });

  it('another student sees none of it', async () => {
    expect((await mine(other)).request).toBeNull();
    expect((await mine(other)).current.street_name1).toBe('品川区東大井');
  });

  it('a second request replaces the pending one only when the screen showed it (else 409)', async () => {
    const { request } = await mine();
    // the screen showed no pending request: refused, nothing changes
    const blind = await post(
      t.app,
      REQUEST,
      { ...NEW_ADDRESS, address: '9-9', updated_at: '' },
      cast.student,
    );
    expect(blind.statusCode).toBe(409);
    const stale = await post(
      t.app,
      REQUEST,
      { ...NEW_ADDRESS, address: '9-9', updated_at: '2020-01-01T00:00:00.000Z' },
      cast.student,
    );
    expect(stale.statusCode).toBe(409);
    expect((await mine()).request.address).toBe('2-8');

    const res = await post(
      t.app,
      REQUEST,
      { ...NEW_ADDRESS, street_name2: '3丁目', updated_at: request.updated_at },
      cast.student,
    );
    expect(res.statusCode).toBe(200);
    const rows = await requestsOf(studentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: '0', streetName2: '3丁目' });
  });
});

describe('the office sees pending requests', () => {
  it('on the student’s page and in the list of every pending one', async () => {
    expect(await pendingOf()).toMatchObject({ status: '0', street_name1: '港区芝公園' });
    expect(await pendingOf(otherId)).toBeNull();
    const list = (await get(t.app, LIST, cast.admin)).json();
    expect(list).toMatchObject({ total: 1, page: 1 });
    expect(list.data_list).toEqual([
      expect.objectContaining({ user_id: studentId, login_id: '24040001', name: '山田 花子' }),
    ]);
    expect((await get(t.app, `${LIST}?page=abc`, cast.admin)).statusCode).toBe(422);
    expect((await get(t.app, `${PENDING}?user_id=x`, cast.admin)).statusCode).toBe(422);
  });
});

describe('the office decides', () => {
  it('422 per field, nothing written', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ decision: '' }, 'decision', ADDRESS_CHANGE_MSG.chooseDecision],
      [{ decision: '9' }, 'decision', '選択肢から選んでください'],
      [{ decision: '2', return_reason: '  ' }, 'return_reason', ADDRESS_CHANGE_MSG.returnReasonRequired],
      [{ decision: '2', return_reason: 'あ'.repeat(501) }, 'return_reason', '501文字以上'],
      [{ request_id: 'x' }, 'request_id', ''],
      [{ updated_at: '' }, 'updated_at', MSG.lockStampMissing],
      [{ student_updated_at: '' }, 'student_updated_at', MSG.lockStampMissing],
    ];
    for (const [over, name, words] of cases) {
      const res = await post(t.app, DECIDE, await decision(over), cast.admin);
      expect(res.statusCode, name).toBe(422);
      const err = res.json().err_list.find((e: { name: string }) => e.name === name);
      expect(err?.msg, name).toContain(words);
    }
    expect((await pendingOf()).status).toBe('0');
  });

  it('409 when the request or the student changed since the screen read them; nothing written', async () => {
    const staleRequest = await post(
      t.app,
      DECIDE,
      await decision({ updated_at: '2020-01-01T00:00:00.000Z' }),
      cast.admin,
    );
    expect(staleRequest.statusCode).toBe(409);
    const staleStudent = await post(
      t.app,
      DECIDE,
      await decision({ student_updated_at: '2020-01-01T00:00:00.000Z' }),
      cast.admin,
    );
    expect(staleStudent.statusCode).toBe(409);
    expect((await pendingOf()).status).toBe('0');
    expect((await studentRow()).streetName1).toBe('品川区東大井');
    expect(await t.db.select().from(notices).where(like(notices.sourceKey, 'address:%'))).toHaveLength(0);
    const unknown = await post(t.app, DECIDE, await decision({ request_id: 999_999 }), cast.admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('approval: the record takes the address, the student is told on the my-page, audited', async () => {
    const body = await decision();
    const res = await post(t.app, DECIDE, body, cast.admin);
    expect(res.statusCode).toBe(200);
    expect(await studentRow()).toMatchObject({
      postcode: '105-0011',
      streetName1: '港区芝公園',
      streetName2: '3丁目',
      address: '2-8',
      streetName3: 'まなびハイツ101',
    });
    const seen = await mine();
    expect(seen.current.street_name1).toBe('港区芝公園');
    expect(seen.request).toMatchObject({ status: '1', status_text: '承認済み' });
    expect(seen.request.decided_at).not.toBeNull();
    const [notice] = await t.db.select().from(notices).where(eq(notices.studentId, studentId));
    expect(notice).toMatchObject({ title: '住所変更の届出を承認しました', publishedTo: 4 });
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'address_approve'));
    expect(log).toMatchObject({ actorKind: 'admin', entityId: String(studentId) });
    expect(await pendingOf()).toBeNull();
    expect((await get(t.app, LIST, cast.admin)).json().total).toBe(0);
    // the same screen pressed again: already decided
    const again = await post(t.app, DECIDE, body, cast.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADDRESS_CHANGE_MSG.notPending);
    // the screen that still shows the pending request cannot replace it now
    const late = await post(
      t.app,
      REQUEST,
      { ...NEW_ADDRESS, address: '1-1', updated_at: body.updated_at },
      cast.student,
    );
    expect(late.statusCode).toBe(409);
  });

  it('return: the reason reaches the student, the record keeps its address; a new request may follow', async () => {
    const first = await post(t.app, REQUEST, { ...NEW_ADDRESS, address: '5-5', updated_at: '' }, other);
    expect(first.statusCode).toBe(200);
    const res = await post(
      t.app,
      DECIDE,
      await decision({ decision: '2', return_reason: '番地が見当たりません。' }, otherId),
      cast.admin,
    );
    expect(res.statusCode).toBe(200);
    expect((await studentRow(otherId)).address).toBe('2-3');
    const seen = await mine(other);
    expect(seen.request).toMatchObject({
      status: '2',
      status_text: '返却',
      return_reason: '番地が見当たりません。',
    });
    const [notice] = await t.db.select().from(notices).where(eq(notices.studentId, otherId));
    expect(notice?.title).toBe('住所変更の届出が返却されました');
    expect(notice?.content).toContain('番地が見当たりません。');
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'address_return'));
    expect(log).toMatchObject({ entityId: String(otherId) });
    // the returned one is not pending: a fresh request is a new row
    const again = await post(t.app, REQUEST, { ...NEW_ADDRESS, address: '5-6', updated_at: '' }, other);
    expect(again.statusCode).toBe(200);
    expect((await requestsOf(otherId)).map((r) => r.status)).toEqual(['2', '0']);
  });
});

describe('区内在住 priority reads the record, not a request', () => {
  it('a pending request into the ward does not count in a draw; once approved it does', async () => {
    const admin = cast.admin;
    const pastPeriod = { periodFrom: new Date('2026-01-01'), periodTo: new Date('2026-01-31') };
    // other (24040002) lives in 品川区 and asks to move into 港区 (pending since the test above)
    expect((await pendingOf(otherId)).street_name1).toBe('港区芝公園');
    const resident = await makeStudent(t.db, { streetName1: '港区三田', password: 'x' });
    const first = await makeCourse(t.db, { capacity: 10, ...pastPeriod });
    for (const s of [otherId, resident.id]) await makeApplication(t.db, { courseId: first.id, studentId: s });
    const draw = (courseId: number) =>
      post(
        t.app,
        '/api/admin/courseapplicantlist/lottery/',
        { id: courseId, win_num: 1, waitlist: '0', tiers: ['ward_resident'] },
        admin,
      );
    expect((await draw(first.id)).statusCode).toBe(200);
    const winners = async (courseId: number) =>
      (
        await t.db
          .select({ studentId: courseApplications.studentId })
          .from(courseApplications)
          .where(and(eq(courseApplications.courseId, courseId), eq(courseApplications.lotteryStatus, '2')))
      ).map((r) => r.studentId);
    expect(await winners(first.id)).toEqual([resident.id]);

    expect((await post(t.app, DECIDE, await decision({}, otherId), admin)).statusCode).toBe(200);
    const outsider = await makeStudent(t.db, { streetName1: '品川区大井', password: 'x' });
    const second = await makeCourse(t.db, { capacity: 10, ...pastPeriod });
    for (const s of [otherId, outsider.id])
      await makeApplication(t.db, { courseId: second.id, studentId: s });
    expect((await draw(second.id)).statusCode).toBe(200);
    expect(await winners(second.id)).toEqual([otherId]);
  });
});
