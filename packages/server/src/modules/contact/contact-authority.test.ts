import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeNotice, makeStudent } from '../../test/factories';

/**
 * What a partner university reads of reaching students (SPEC §6, decisions 065 and 087): the contact list
 * and its CSV of its own courses, the person by 氏名カナ alone — no 氏名, no 学生番号, no telephone, no record
 * of calls, no mail state — and the schema the reference documents says so. Letters, labels, a student's
 * contact record, calls and decisions are the office's: each is refused to authority 2, one test a call.
 */
let t: TestApp;
let cast: Cast;
let courseId: number;
let noticeId: number;
let studentId: number;
const PERSON = { name: '連絡 花子', loginId: '58400001', phone1: '03-4444-5555', phone2: '090-6666-7777' };

beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'admin' });
  cast = await makeCast(t);
  const course = await makeCourse(t.db, {
    universityId: 'U01',
    isLottery: true,
    capacity: 5,
    name: '大学の講座',
  });
  courseId = course.id;
  const s = await makeStudent(t.db, { ...PERSON, nameKana: 'レンラク ハナコ', mail1: 'hanako@example.jp' });
  studentId = s.id;
  await makeApplication(t.db, { courseId, studentId: s.id });
  const drawn = await post(
    t.app,
    '/api/admin/courseapplicantlist/lottery/',
    { id: courseId, win_num: 1, waitlist: '1', confirm_days: 1 },
    cast.admin,
  );
  expect(drawn.statusCode, drawn.body).toBe(200);
  noticeId = (await makeNotice(t.db, { title: '全員へのお知らせ' })).id;
});
afterAll(() => t.close());

/** Nothing that names or reaches the person, anywhere in an answer. */
const holdsNoPerson = (body: string) => {
  for (const value of Object.values(PERSON)) expect(body).not.toContain(value);
  expect(body).not.toContain('hanako@example.jp');
};

describe('the contact list for authority 2', () => {
  it('reads its university’s people by 氏名カナ and the course’s side of each reason, nothing more', async () => {
    const res = await get(t.app, '/api/admin/contact/list/', cast.univ);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.limited).toBe(true);
    expect(body.total).toBe(1);
    const [row] = body.data_list;
    expect(Object.keys(row).sort()).toEqual(['deadline', 'key', 'name_kana', 'reasons', 'user_id']);
    expect(row.name_kana).toBe('レンラク ハナコ');
    for (const reason of row.reasons)
      expect(Object.keys(reason).sort()).toEqual(
        [
          'application_id',
          'course_id',
          'course_name',
          'deadline',
          'key',
          'pending',
          'read_at',
          'reason',
        ].sort(),
      );
    holdsNoPerson(res.body);
    // the office reads the same person whole
    const full = (await get(t.app, '/api/admin/contact/list/', cast.admin)).json();
    expect(full.limited).toBe(false);
    expect(full.data_list.find((r: { user_id: number }) => r.user_id === studentId)).toMatchObject({
      name: PERSON.name,
      login_id: PERSON.loginId,
      phone1: PERSON.phone1,
    });
  });

  it('downloads its CSV with 氏名カナ and the course’s side only', async () => {
    const res = await get(t.app, '/api/admin/contact/list/csv/', cast.univ);
    expect(res.statusCode).toBe(200);
    const [header, ...records] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe('氏名カナ,講座,内容,期限,既読');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatch(/^レンラク ハナコ,大学の講座,当選の確定,/);
    holdsNoPerson(res.body);
  });

  it('the API reference says what each authority receives: two answers, told apart by `limited`', async () => {
    const doc = (await get(t.app, '/api/openapi.json', cast.admin)).json();
    const schema =
      doc.paths['/api/admin/contact/list/'].get.responses['200'].content['application/json'].schema;
    const variants = (schema.anyOf ?? schema.oneOf) as {
      properties: {
        limited: { const?: boolean; enum?: boolean[] };
        data_list: { items: { properties: object } };
      };
    }[];
    expect(variants).toHaveLength(2);
    const limitedOf = (v: (typeof variants)[number]) =>
      v.properties.limited.const ?? v.properties.limited.enum?.[0];
    const limited = variants.find((v) => limitedOf(v) === true)!;
    const full = variants.find((v) => limitedOf(v) === false)!;
    expect(Object.keys(limited.properties.data_list.items.properties).sort()).toEqual([
      'deadline',
      'key',
      'name_kana',
      'reasons',
      'user_id',
    ]);
    expect(Object.keys(full.properties.data_list.items.properties)).toEqual(
      expect.arrayContaining(['name', 'login_id', 'phone1', 'phone2', 'last_call', 'reasons']),
    );
  });
});

describe('letters, labels and the student’s contact record are the office’s alone', () => {
  it.each([
    ['the letters of a course', () => `/api/admin/contact/letters/?course_id=${courseId}`],
    ['the letters of a notice to many', () => `/api/admin/contact/letters/?notice_id=${noticeId}`],
    ['the labels of the contact list', () => '/api/admin/contact/labels/csv/?source=contact'],
    [
      'the labels of a course’s letters',
      () => `/api/admin/contact/labels/csv/?source=letters&course_id=${courseId}`,
    ],
    [
      'the labels of a course’s applicants',
      () => `/api/admin/contact/labels/csv/?source=applicants&course_id=${courseId}`,
    ],
    ['a student’s contact record', () => `/api/admin/contact/student/?user_id=${studentId}`],
  ])('authority 2 is refused %s', async (_, url) => {
    const res = await get(t.app, url(), cast.univ);
    expect(res.statusCode).toBe(403);
    holdsNoPerson(res.body);
    // the office is answered
    expect((await get(t.app, url(), cast.admin)).statusCode).toBe(200);
  });

  it.each([
    ['a letter printed', '/api/admin/contact/letters/printed/', () => ({ notice_ids: [noticeId] })],
    ['a call', '/api/admin/contact/call/add/', () => ({ user_id: studentId, outcome: '1', note: '' })],
    [
      'a decision for the student',
      '/api/admin/courseapplicantlist/decide/',
      () => ({
        course_id: courseId,
        user_id: studentId,
        updated_at: '',
        decision: 'confirm',
        channel: '4',
        note: 'x',
      }),
    ],
  ])('authority 2 may not record %s', async (_, url, body) => {
    const res = await post(t.app, url, body(), cast.univ);
    expect(res.statusCode).toBe(403);
  });
});
