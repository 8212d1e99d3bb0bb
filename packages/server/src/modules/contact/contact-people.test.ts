import type { ContactRow } from '@manabi/shared/schemas/contact';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications } from '../../db/schema';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

/**
 * 「連絡が必要な学生」 one row a person (decision 087): every reason still open in her row and the CSV's record,
 * and a reason gone once it is resolved by any channel — the seat confirmed by telephone, at the desk or on
 * the my-page, given up, or the office has spoken with her about that course.
 */
const LIST = '/api/admin/contact/list/';
const DECIDE = '/api/admin/courseapplicantlist/decide/';

let t: TestApp;
let cast: Cast;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

/** A student who takes no mail (the address on record was refused, too, when `bounced`). */
async function noMailStudent(bounced = false) {
  seq += 1;
  const mail = `p${seq}@example.jp`;
  return makeStudent(t.db, {
    loginId: `5860${String(seq).padStart(4, '0')}`,
    nameKana: `ヒトリ ${String(seq).padStart(3, '0')}`,
    isEmail: false,
    mail1: bounced ? mail : '',
    mailBouncedAddress: bounced ? mail : '',
    phone1: `03-5555-${String(seq).padStart(4, '0')}`,
  });
}

/** A lottery course every applicant wins, drawn with a one-day confirmation: the results are its notices. */
async function drawnFor(studentIds: number[]) {
  seq += 1;
  const course = await makeCourse(t.db, { isLottery: true, capacity: 100, name: `一行の講座${seq}` });
  for (const studentId of studentIds) await makeApplication(t.db, { courseId: course.id, studentId });
  const res = await post(
    t.app,
    '/api/admin/courseapplicantlist/lottery/',
    { id: course.id, win_num: studentIds.length, waitlist: '1', confirm_days: 1 },
    cast.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return course;
}

const list = async (query = 'size=100') => {
  const res = await get(t.app, `${LIST}?${query}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; limited: false; data_list: ContactRow[] };
};

/** The person's row (there is at most one), as `[reason, course]` pairs in the row's order. */
async function reasonsOf(studentId: number, query = 'size=100') {
  const rows = (await list(query)).data_list.filter((r) => r.user_id === studentId);
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.reasons.map((r) => [r.reason, r.course_id]) ?? [];
}

const seatOf = async (courseId: number, studentId: number) =>
  (
    await t.db
      .select()
      .from(courseApplications)
      .where(and(eq(courseApplications.courseId, courseId), eq(courseApplications.studentId, studentId)))
  )[0]!;

const decide = async (courseId: number, studentId: number, decision: string, channel: string) => {
  const seat = await seatOf(courseId, studentId);
  const res = await post(
    t.app,
    DECIDE,
    {
      course_id: courseId,
      user_id: studentId,
      updated_at: seat.updatedAt.toISOString(),
      decision,
      channel,
      note: '本人の意向を確認',
    },
    cast.admin,
  );
  expect(res.statusCode, res.body).toBe(200);
};

describe('one row a person', () => {
  let p: Awaited<ReturnType<typeof noMailStudent>>;
  let a: Awaited<ReturnType<typeof drawnFor>>;
  let b: Awaited<ReturnType<typeof drawnFor>>;

  beforeAll(async () => {
    // two seats to confirm, a refused address and two results to post: five reasons, one person
    p = await noMailStudent(true);
    a = await drawnFor([p.id]);
    b = await drawnFor([p.id]);
  });

  it('lists every open reason of a person in her one row: the deadlines first, then the mail, then letters', async () => {
    const reasons = await reasonsOf(p.id);
    expect(reasons).toEqual([
      ['deadline', a.id],
      ['deadline', b.id],
      ['mail', null],
      ['letter', a.id],
      ['letter', b.id],
    ]);
    const row = (await list()).data_list.find((r) => r.user_id === p.id)!;
    expect(row.reasons.map((r) => r.key)).toHaveLength(new Set(row.reasons.map((r) => r.key)).size);
    expect(row.deadline).toBe(row.reasons[0]?.deadline);
    expect(row).toMatchObject({ login_id: p.loginId, phone1: p.phone1, mail_undeliverable: true });
  });

  it('a search by reason or course finds the person and still shows all of her reasons; the total counts people', async () => {
    for (const q of ['reason=mail', 'reason=letter', `course_id=${b.id}`, 'reason=deadline']) {
      expect(await reasonsOf(p.id, q), q).toHaveLength(5);
    }
    const byCourse = await list(`course_id=${a.id}`);
    expect(byCourse.total).toBe(1);
    expect(byCourse.data_list).toHaveLength(1);
    // the work list's card counts people, as the list it links to shows them
    const w = (await get(t.app, '/api/admin/worklist/', cast.admin)).json();
    for (const reason of ['deadline', 'mail', 'letter'] as const)
      expect(w.contact[reason], reason).toBe((await list(`reason=${reason}`)).total);
  });

  it('the CSV has one record a person, her reasons a line each in the same order', async () => {
    const res = await get(t.app, `${LIST}csv/`, cast.admin);
    expect(res.statusCode).toBe(200);
    const records = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(records).toHaveLength((await list()).total + 1);
    const mine = records.filter((r) => r.includes(p.loginId ?? '-'));
    expect(mine).toHaveLength(1);
    // 理由 is the first cell, quoted for its line breaks
    const first = /^"([^"]*)"/.exec(mine[0] ?? '')?.[1];
    expect(first?.split('\n')).toEqual([
      '確定期限が近い・未読',
      '確定期限が近い・未読',
      'メールが届きません',
      '郵送が必要',
      '郵送が必要',
    ]);
  });

  it('a seat confirmed by telephone takes its deadline and its letter off, and asks no letter of its own', async () => {
    await decide(a.id, p.id, 'confirm', '2');
    expect(await reasonsOf(p.id)).toEqual([
      ['deadline', b.id],
      ['mail', null],
      ['letter', b.id],
    ]);
  });

  it('a seat confirmed on the my-page takes its reasons off too', async () => {
    const cookie = await loginAsStudent(t.app, p.loginId ?? '', 'student01');
    const seat = await seatOf(b.id, p.id);
    const res = await post(
      t.app,
      '/api/mypage/courseconfirm/',
      { course_id: b.id, updated_at: seat.updatedAt.toISOString() },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await reasonsOf(p.id)).toEqual([['mail', null]]);
  });
});

describe('a reason resolved by any channel leaves the list', () => {
  it('a seat declined at the desk', async () => {
    const s = await noMailStudent();
    const c = await drawnFor([s.id]);
    expect(await reasonsOf(s.id)).toEqual([
      ['deadline', c.id],
      ['letter', c.id],
    ]);
    await decide(c.id, s.id, 'decline', '3');
    expect(await reasonsOf(s.id)).toEqual([]);
  });

  it('a seat the student gave up on the my-page', async () => {
    const s = await noMailStudent();
    const c = await drawnFor([s.id]);
    const cookie = await loginAsStudent(t.app, s.loginId ?? '', 'student01');
    const seat = await seatOf(c.id, s.id);
    const res = await post(
      t.app,
      '/api/mypage/coursedecline/',
      { course_id: c.id, updated_at: seat.updatedAt.toISOString() },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await reasonsOf(s.id)).toEqual([]);
  });

  it('a call in which the office spoke with her about the course; not one that did not reach her', async () => {
    const s = await noMailStudent();
    const c = await drawnFor([s.id]);
    const other = await drawnFor([s.id]);
    const call = async (courseId: number, outcome: string) => {
      const res = await post(
        t.app,
        '/api/admin/contact/call/add/',
        { user_id: s.id, course_id: courseId, outcome, note: '' },
        cast.admin,
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await call(c.id, '2'); // 不在
    await call(c.id, '3'); // 伝言
    expect(await reasonsOf(s.id)).toHaveLength(4);
    await call(c.id, '1'); // 本人と話した
    expect(await reasonsOf(s.id)).toEqual([
      ['deadline', other.id],
      ['letter', other.id],
    ]);
    // the row's last call is the one just made
    const row = (await list()).data_list.find((r) => r.user_id === s.id)!;
    expect(row.last_call?.outcome).toBe('1');
  });
});
