import { MSG } from '@manabi/shared';
import type { Notice, NoticeAudience, NoticeWriteResult } from '@manabi/shared/api';
import { NOTICE_MSG } from '@manabi/shared/schemas/notice';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, noticeMails, students } from '../../db/schema';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

/**
 * The notice form's 「対象：N人（うちメール M人）」: the preview (GET /api/admin/notice/audience/) counts what a
 * save then does, for every kind of audience — N = the publisher list's total, M = the mails queued.
 */

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
let courseId: number;
let otherCourseId: number;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t, {
    student: { generationId: '2404', mail1: 'a@example.jp' },
  }));
  const [s1] = await t.db.select().from(students).where(eq(students.loginId, '24040001'));
  // generation 2404: mail1, mail2 only, no address, mail refused; outside every audience: login refused,
  // a pending admission
  const s2 = await makeStudent(t.db, { loginId: '24040002', generationId: '2404', mail2: 'b@example.jp' });
  const s3 = await makeStudent(t.db, { loginId: '24040003', generationId: '2404' });
  const s4 = await makeStudent(t.db, {
    loginId: '24040004',
    generationId: '2404',
    mail1: 'd@example.jp',
    isEmail: false,
  });
  const refused = await makeStudent(t.db, {
    loginId: '24040005',
    generationId: '2404',
    mail1: 'e@example.jp',
    isRejection: true,
  });
  const pending = await makeStudent(t.db, {
    loginId: null,
    generationId: '2404',
    mail1: 'f@example.jp',
    approvalStatus: '0',
  });
  // generation 2504
  const s7 = await makeStudent(t.db, { loginId: '25040001', generationId: '2504', mail1: 'g@example.jp' });
  await makeStudent(t.db, { loginId: '25040002', generationId: '2504', mail1: 'h@example.jp' });

  courseId = (await makeCourse(t.db, { code: 'A-100', name: '対象を数える講座' })).id;
  otherCourseId = (await makeCourse(t.db, { code: 'A-200', name: '申込のない講座' })).id;
  // 当選: s1 (mail), s4 (mail refused); 落選: s2 (mail2); 未抽選: s7 (mail); cancelled: s3; outside: refused, pending
  await makeApplication(t.db, { courseId, studentId: s1!.id, lotteryStatus: '2' });
  await makeApplication(t.db, { courseId, studentId: s4.id, lotteryStatus: '2' });
  await makeApplication(t.db, { courseId, studentId: s2.id, lotteryStatus: '3' });
  await makeApplication(t.db, { courseId, studentId: s7.id, lotteryStatus: '1' });
  await makeApplication(t.db, { courseId, studentId: s3.id, lotteryStatus: '4', cancelledAt: new Date() });
  await makeApplication(t.db, { courseId, studentId: refused.id, lotteryStatus: '2' });
  await makeApplication(t.db, { courseId, studentId: pending.id, lotteryStatus: '2' });
});
afterAll(() => t.close());

const form = (over: Record<string, string> = {}) => ({
  category_id: '',
  title: '対象の人数',
  content: '本文です。',
  reference_url1: '',
  reference_url2: '',
  reference_url3: '',
  remarks: '',
  period_from: '',
  period_to: '',
  is_control: '1',
  published_to: '1',
  generation_id: '',
  course_id: '',
  course_name: '',
  lottery_status: '',
  is_email: '1',
  email_title: `件名${++serial}`,
  ...over,
});
type Form = ReturnType<typeof form>;

const previewOf = async (values: Form, id = '') => {
  const query = new URLSearchParams({
    id,
    is_control: values.is_control,
    published_to: values.published_to,
    generation_id: values.generation_id,
    course_id: values.course_id,
    lottery_status: values.lottery_status,
    is_email: values.is_email,
    period_to: values.period_to,
  });
  const res = await get(t.app, `/api/admin/notice/audience/?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NoticeAudience;
};

/** What a save did: the notice's publisher-list total and the mails it queued (by its unique subject). */
const afterSave = async (id: number, subject: string) => {
  const publishers = await get(t.app, `/api/admin/notice/publisherList/?id=${id}`, admin);
  expect(publishers.statusCode).toBe(200);
  const [mails] = await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return { target_count: publishers.json().total as number, mail_count: mails!.n };
};

const add = async (values: Form) => {
  const res = await post(t.app, '/api/admin/notice/add/', values, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NoticeWriteResult;
};

describe('the notice audience preview counts what the save then writes', () => {
  const kinds: [string, Record<string, string>, NoticeAudience][] = [
    // 2404: s1 s2 s3 s4 (mailable s1 s2); 2504: two, both mailable
    ['everyone', {}, { target_count: 6, mail_count: 4 }],
    ['a generation', { published_to: '2', generation_id: '2404' }, { target_count: 4, mail_count: 2 }],
    [
      'a generation with nobody',
      { published_to: '2', generation_id: '9999' },
      { target_count: 0, mail_count: 0 },
    ],
    ["a course's live applicants", { published_to: '3' }, { target_count: 4, mail_count: 3 }],
    ["a course's 当選者", { published_to: '3', lottery_status: '2' }, { target_count: 2, mail_count: 1 }],
    ["a course's 落選者", { published_to: '3', lottery_status: '3' }, { target_count: 1, mail_count: 1 }],
    ['mail off', { is_email: '0' }, { target_count: 6, mail_count: 0 }],
    ['not published', { is_control: '2' }, { target_count: 6, mail_count: 0 }],
    ['a period that has ended', { period_to: '2020-01-01T00:00' }, { target_count: 6, mail_count: 0 }],
  ];
  it.each(kinds)('%s', async (_kind, over, expected) => {
    const values = form({
      ...(over.published_to === '3' ? { course_id: String(courseId), course_name: '対象を数える講座' } : {}),
      ...over,
    });
    const preview = await previewOf(values);
    expect(preview).toEqual(expected);
    const written = await add(values);
    // the save answers the same counts, and they are what it wrote
    expect({ target_count: written.target_count, mail_count: written.mail_count }).toEqual(expected);
    expect(await afterSave(written.id, values.email_title)).toEqual(expected);
  });

  it('an update counts only students the notice has not mailed yet', async () => {
    const values = form({ published_to: '2', generation_id: '2404' });
    const { id } = await add(values);
    // widened to everyone: the two of 2404 already mailed are not mailed again, the two of 2504 are
    const widened = { ...values, published_to: '1', generation_id: '' };
    expect(await previewOf(widened, String(id))).toEqual({ target_count: 6, mail_count: 2 });
    const seen = (await get(t.app, `/api/admin/notice/detail/?id=${id}`, admin)).json() as Notice;
    const res = await post(
      t.app,
      '/api/admin/notice/update/',
      { ...widened, id, updated_at: seen.updated_at },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: true, id, target_count: 6, mail_count: 2 });
    const [mailed] = await t.db.select({ n: count() }).from(noticeMails).where(eq(noticeMails.noticeId, id));
    expect(mailed!.n).toBe(4);
    // nothing left to mail
    expect(await previewOf(widened, String(id))).toEqual({ target_count: 6, mail_count: 0 });
  });

  it('a course nobody applied to reaches nobody', async () => {
    expect(await previewOf(form({ published_to: '3', course_id: String(otherCourseId) }))).toEqual({
      target_count: 0,
      mail_count: 0,
    });
  });
});

describe('the notice audience preview refuses bad input on the field, and whom it must', () => {
  const url = (q: Record<string, string>) =>
    `/api/admin/notice/audience/?${new URLSearchParams({ is_control: '1', is_email: '1', ...q })}`;

  it('a missing course, a missing target field, an unknown code → 422 on that field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ published_to: '3', course_id: '999999' }, 'course_id', NOTICE_MSG.courseNotFound],
      [{ published_to: '3', course_id: '' }, 'course_id', MSG.required],
      [{ published_to: '2', generation_id: '' }, 'generation_id', MSG.required],
      [{ published_to: '9' }, 'published_to', ''],
    ];
    for (const [q, name, msg] of cases) {
      const res = await get(t.app, url(q), admin);
      expect(res.statusCode, res.body).toBe(422);
      const item = (res.json().err_list as { name: string; msg: string }[]).find((e) => e.name === name);
      expect(item, res.body).toBeDefined();
      if (msg) expect(item!.msg).toContain(msg);
    }
  });

  it('authority 2 and a student → 403, anonymous → 401', async () => {
    const u = url({ published_to: '1' });
    expect((await get(t.app, u, univ)).statusCode).toBe(403);
    expect((await get(t.app, u, student)).statusCode).toBe(403);
    expect((await get(t.app, u)).statusCode).toBe(401);
  });
});
