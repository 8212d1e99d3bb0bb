import type { Notice, NoticeRow, PublisherRow } from '@manabi/shared/api';
import { CONTACT_MSG } from '@manabi/shared/schemas/contact';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, noticeLetters, notices, students } from '../../db/schema';
import { type Cast, createTestApp, get, loginAsStudent, makeCast, post, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';

/**
 * A notice the office marks 「重要」 (decision 065): the my-page marks it, and the office follows it per
 * student as it does a result — the mail's fate and the read in the publisher list, and letters (with their
 * labels) for those it has not reached.
 */
const LETTERS = '/api/admin/contact/letters/';
const PRINTED = '/api/admin/contact/letters/printed/';
const LABELS = '/api/admin/contact/labels/csv/';
const PUBLISHERS = '/api/admin/notice/publisherList/';

let t: TestApp;
let cast: Cast;
let noticeId: number;
/** the generation's students by their part: mailed, without mail, mail refused by choice, mail failed, reader */
const who: Record<'mailed' | 'nomail' | 'declines' | 'failed' | 'reader', number> = {
  mailed: 0,
  nomail: 0,
  declines: 0,
  failed: 0,
  reader: 0,
};

const form = (over: Record<string, string> = {}) => ({
  category_id: '',
  title: '【重要】受講証の更新について',
  content: '3月末までに窓口で受講証を更新してください。',
  reference_url1: '',
  reference_url2: '',
  reference_url3: '',
  remarks: '',
  period_from: '',
  period_to: '',
  is_control: '1',
  published_to: '2',
  generation_id: '2699',
  course_id: '',
  course_name: '',
  lottery_status: '',
  is_email: '1',
  email_title: '受講証の更新',
  is_important: '1',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  const base = {
    generationId: '2699',
    postcode: '1050011',
    pref: '東京都',
    streetName1: '港区芝公園',
    address: '1-1',
  };
  who.mailed = (await makeStudent(t.db, { ...base, loginId: '26990001', mail1: 'a@example.jp' })).id;
  who.nomail = (await makeStudent(t.db, { ...base, loginId: '26990002', mail1: '', isEmail: false })).id;
  who.declines = (
    await makeStudent(t.db, { ...base, loginId: '26990003', mail1: 'c@example.jp', isEmail: false })
  ).id;
  // kept out of the save's mail, so the outbox's own delivery cannot race the refusal written below
  who.failed = (
    await makeStudent(t.db, { ...base, loginId: '26990004', mail1: 'd@example.jp', isEmail: false })
  ).id;
  who.reader = (await makeStudent(t.db, { ...base, loginId: '26990005', mail1: 'e@example.jp' })).id;
  const res = await post(t.app, '/api/admin/notice/add/', form(), cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  noticeId = res.json().id;
  // the mail server refused one address: its outbox row, as the mailer leaves a hard bounce
  await t.db.insert(mailOutbox).values({
    to: 'd@example.jp',
    subject: '受講証の更新',
    body: '…',
    status: 'failed',
    failureKind: 'hard',
    studentId: who.failed,
    noticeId,
  });
});
afterAll(() => t.close());

const publishers = async (query = '') => {
  const res = await get(t.app, `${PUBLISHERS}?id=${noticeId}&size=100${query}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data_list as PublisherRow[];
};
const letterIds = async (query: string) => {
  const res = await get(t.app, `${LETTERS}?notice_id=${noticeId}${query}`, cast.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; notice_title: string; letters: { user_id: number; title: string }[] };
};
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('a notice marked 重要', () => {
  it('is kept, shown in the office’s list and detail, and can be unmarked with the notice’s updated_at', async () => {
    const detail = (
      await get(t.app, `/api/admin/notice/detail/?id=${noticeId}`, cast.admin)
    ).json() as Notice;
    expect(detail.is_important).toBe('1');
    const list = (await get(t.app, '/api/admin/notice/list/?size=100', cast.admin)).json();
    expect(list.data_list.find((r: NoticeRow) => r.id === noticeId).is_important).toBe('1');

    const stale = await post(
      t.app,
      '/api/admin/notice/update/',
      { ...form({ is_important: '0' }), id: noticeId, updated_at: '2020-01-01T00:00:00.000Z' },
      cast.admin,
    );
    expect(stale.statusCode).toBe(409);
    const [row] = await t.db.select().from(notices).where(eq(notices.id, noticeId));
    expect(row!.isImportant).toBe(true);
    const entry = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notice'), eq(auditLog.entityId, String(noticeId))));
    expect(entry[0]!.detail).toMatchObject({ is_important: true });
  });

  it('is marked on the my-page: top, list and detail', async () => {
    const reader = await loginAsStudent(t.app, '26990005');
    const top = (await get(t.app, '/api/mypage/top/', reader)).json();
    expect(top.notice_list.find((n: { id: number }) => n.id === noticeId)).toMatchObject({
      is_important: true,
      is_read: false,
    });
    const news = (await get(t.app, '/api/mypage/newslist/?type=2', reader)).json();
    expect(news.data_list.find((n: { id: number }) => n.id === noticeId).is_important).toBe(true);
    const detail = await get(t.app, `/api/mypage/news/?id=${noticeId}`, reader);
    expect(detail.json()).toMatchObject({ is_important: true, is_read: false });
    expect((await post(t.app, '/api/mypage/news/addread/', { notice_id: noticeId }, reader)).statusCode).toBe(
      200,
    );
    // another student's notice to everyone is not marked
    const plain = await post(
      t.app,
      '/api/admin/notice/add/',
      form({
        title: '図書室のお知らせ',
        is_important: '',
        is_email: '0',
        published_to: '1',
        generation_id: '',
      }),
      cast.admin,
    );
    const all = (await get(t.app, '/api/mypage/newslist/?type=1', reader)).json();
    expect(all.data_list.find((n: { id: number }) => n.id === plain.json().id).is_important).toBe(false);
  });

  it('lists per student what its mail did and who has read it', async () => {
    const rows = await publishers();
    // queued or already handed to the mail server (the test app's outbox may have run): it went
    const went = (mail: PublisherRow['mail']) => (mail === 'pending' || mail === 'sent' ? 'went' : mail);
    const state = Object.fromEntries(rows.map((r) => [r.id, [went(r.mail), r.read_time !== null]]));
    expect(state).toEqual({
      [who.mailed]: ['went', false],
      [who.nomail]: ['none', false],
      [who.declines]: ['none', false],
      [who.failed]: ['failed', false],
      [who.reader]: ['went', true],
    });
    expect(sorted((await publishers('&is_read=0')).map((r) => r.id))).toEqual(
      sorted([who.mailed, who.nomail, who.declines, who.failed]),
    );
  });

  it('prints letters for the unread it has not reached by mail, records them, and gives their labels', async () => {
    const unreached = await letterIds('');
    expect(unreached.notice_title).toBe('【重要】受講証の更新について');
    expect(unreached.total).toBe(3);
    expect(sorted(unreached.letters.map((l) => l.user_id))).toEqual(
      sorted([who.nomail, who.declines, who.failed]),
    );
    expect(unreached.letters[0]!.title).toBe('【重要】受講証の更新について');
    // everyone unread: the reader is not posted what they have read
    expect(sorted((await letterIds('&who=all')).letters.map((l) => l.user_id))).toEqual(
      sorted([who.mailed, who.nomail, who.declines, who.failed]),
    );
    const labels = await get(t.app, `${LABELS}?source=letters&notice_id=${noticeId}`, cast.admin);
    expect(labels.statusCode).toBe(200);
    expect(labels.body.trimEnd().split('\r\n')).toHaveLength(4);

    const printed = await post(
      t.app,
      PRINTED,
      { letters: unreached.letters.map((l) => ({ notice_id: noticeId, user_id: l.user_id })) },
      cast.admin,
    );
    expect(printed.json()).toEqual({ result: true, count: 3 });
    expect((await letterIds('&unprinted=1')).letters).toHaveLength(0);
    const rows = await publishers();
    expect(
      rows
        .filter((r) => r.letter_printed_at !== null)
        .map((r) => r.id)
        .sort(),
    ).toEqual(sorted([who.nomail, who.declines, who.failed]).sort());
  });

  it('refuses letters to someone the notice does not reach, and records none', async () => {
    const before = await t.db.select().from(noticeLetters);
    const [outsider] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.loginId, '24040001'));
    const bodies: unknown[] = [
      {
        letters: [
          { notice_id: noticeId, user_id: who.mailed },
          { notice_id: noticeId, user_id: outsider!.id },
        ],
      },
      { letters: [{ notice_id: noticeId, user_id: 'x' }] },
      { letters: 'x' },
      { letters: [] },
    ];
    for (const body of bodies) {
      const res = await post(t.app, PRINTED, body, cast.admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().err_list[0].name).toMatch(/^(letters|notice_ids)\b/);
    }
    expect(await t.db.select().from(noticeLetters)).toEqual(before);
  });

  it('asks for exactly one of a course and a notice, and does not print the system’s personal notices', async () => {
    for (const q of ['', `?course_id=1&notice_id=${noticeId}`]) {
      const res = await get(t.app, `${LETTERS}${q}`, cast.admin);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().err_list).toContainEqual({ name: 'course_id', msg: CONTACT_MSG.sourceRequired });
    }
    const labels = await get(t.app, `${LABELS}?source=letters`, cast.admin);
    expect(labels.statusCode).toBe(422);
    const [personal] = await t.db
      .insert(notices)
      .values({ title: '結果', content: '当選', publishedTo: 4, studentId: who.mailed })
      .returning();
    expect((await get(t.app, `${LETTERS}?notice_id=${personal!.id}`, cast.admin)).statusCode).toBe(404);
    expect((await get(t.app, `${LETTERS}?notice_id=2147483000`, cast.admin)).statusCode).toBe(404);
  });

  it('is the office’s alone: authority 2 and students are refused', async () => {
    for (const cookie of [cast.univ, cast.student]) {
      expect((await get(t.app, `${LETTERS}?notice_id=${noticeId}`, cookie)).statusCode).toBe(403);
      expect((await get(t.app, `${LABELS}?source=letters&notice_id=${noticeId}`, cookie)).statusCode).toBe(
        403,
      );
      const res = await post(
        t.app,
        PRINTED,
        { letters: [{ notice_id: noticeId, user_id: who.mailed }] },
        cookie,
      );
      expect(res.statusCode).toBe(403);
    }
  });
});
