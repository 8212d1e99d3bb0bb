import { MSG } from '@manabi/shared';
import type { CourseUploadPreview } from '@manabi/shared/api';
import { toCsv } from '@manabi/shared/domain/csv';
import { IMPORT_PREVIEW_MSG } from '@manabi/shared/schemas/import-preview';
import { CSV_MAX_BYTES } from '@manabi/shared/validation/rules';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  courseApplications,
  courseCategories,
  courseCategoryLinks,
  courseSessions,
  courses,
  students,
} from '../../db/schema';
import { CSV_UPLOAD_MSG } from '../../platform/csv-upload';
import { createTestApp, makeCast, post, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
  await t.db.insert(courseCategories).values([
    { name: '歴史', sortNumber: 1 },
    { name: '語学', sortNumber: 2 },
  ]);
});
afterAll(() => t.close());

const APPLICANTS = '/api/admin/course/courseapplicantupload';
const COURSES = '/api/admin/course/courseupload';

const dataUrl = (bytes: Buffer | string, type = 'text/csv') =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

interface Answer {
  result: boolean;
  msg: string;
  count?: number;
}
/** The answer; a refused file is 422 with `{ result: false, msg }` and the msg on the file field. */
function answerOf(res: { statusCode: number; body: string; json: () => unknown }, field: string): Answer {
  const body = res.json() as Answer & { err_list?: unknown };
  if (body.result) {
    expect(res.statusCode, res.body).toBe(200);
  } else {
    expect(res.statusCode, res.body).toBe(422);
    expect(body.err_list).toEqual([{ name: field, msg: body.msg }]);
  }
  return { result: body.result, msg: body.msg, ...(body.count === undefined ? {} : { count: body.count }) };
}
async function uploadApplicants(file: Buffer | string, cookie = admin): Promise<Answer> {
  const res = await post(t.app, APPLICANTS, { course_applicant: dataUrl(file) }, cookie);
  return answerOf(res, 'course_applicant');
}
async function uploadCourses(file: Buffer | string, cookie = admin): Promise<Answer> {
  const res = await post(t.app, COURSES, { course: dataUrl(file) }, cookie);
  return answerOf(res, 'course');
}

const applicationCount = async () => (await t.db.select({ n: count() }).from(courseApplications))[0]!.n;
const courseCount = async () => (await t.db.select({ n: count() }).from(courses))[0]!.n;
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const liveOf = (courseId: number) =>
  t.db
    .select({
      loginId: students.loginId,
      lottery: courseApplications.lotteryStatus,
      how: courseApplications.howApply,
      remarks: courseApplications.remarks,
    })
    .from(courseApplications)
    .innerJoin(students, eq(students.id, courseApplications.studentId))
    .where(and(eq(courseApplications.courseId, courseId), isNull(courseApplications.cancelledAt)))
    .orderBy(asc(students.loginId));

let seq = 0;
/** A course with a fresh code and `n` fresh approved students (login ids 25xxxxxx). */
async function setup(n: number) {
  seq++;
  const code = `U${String(seq).padStart(4, '0')}`;
  const course = await makeCourse(t.db, { code });
  const people = [];
  for (let i = 0; i < n; i++) {
    people.push(
      await makeStudent(t.db, { loginId: `25${String(seq).padStart(3, '0')}${String(i).padStart(3, '0')}` }),
    );
  }
  return { course, code, ids: people.map((p) => p.loginId as string), people };
}

describe('POST /api/admin/course/courseapplicantupload', () => {
  it('registers UTF-8, UTF-8 with BOM and Shift_JIS files alike, as 抽選待ち', async () => {
    const { course, code, ids } = await setup(3);
    const csv = (id: string) => `講座ID,学生番号,申込方法,備考\r\n${code},${id},電話,①電話で受付\r\n`;
    const before = await auditCount();
    expect(await uploadApplicants(csv(ids[0]!))).toEqual({
      result: true,
      msg: '1件の申込を登録しました。',
      count: 1,
    });
    expect((await uploadApplicants(`\uFEFF${csv(ids[1]!)}`)).count).toBe(1);
    expect((await uploadApplicants(iconv.encode(csv(ids[2]!), 'cp932'))).count).toBe(1);
    expect(await liveOf(course.id)).toEqual(
      ids.map((loginId) => ({ loginId, lottery: '1', how: '2', remarks: '①電話で受付' })),
    );
    // one audit entry per upload
    expect(await auditCount()).toBe(before + 3);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'upload')).limit(1);
    expect(entry).toMatchObject({ entity: 'course_application', detail: { registered: 1, rows: 1 } });
  });

  it('reads CRLF, quoted cells with commas and line breaks, any column order; 申込方法 defaults to CSV', async () => {
    const { course, code, ids } = await setup(2);
    const csv = `学生番号,備考,講座ID\r\n${ids[0]},"窓口, 代理\r\n申込",${code}\r\n"${ids[1]}",,"${code}"\r\n\r\n,,\r\n`;
    expect((await uploadApplicants(csv)).count).toBe(2);
    expect(await liveOf(course.id)).toEqual([
      { loginId: ids[0], lottery: '1', how: '5', remarks: '窓口, 代理\r\n申込' },
      { loginId: ids[1], lottery: '1', how: '5', remarks: '' },
    ]);
  });

  it('refuses 外字 and undecodable Shift_JIS bytes, naming the line; a line break in 講座ID names row and column', async () => {
    const { course, code, ids } = await setup(2);
    const before = await auditCount();
    const head = iconv.encode(
      `講座ID,学生番号,備考\r\n${code},${ids[0]},窓口\r\n${code},${ids[1]},`,
      'cp932',
    );
    // 0xF040: the first user-defined character (U+E000 through iconv-lite); 0x81 0x7F: no character
    const gaiji = Buffer.concat([head, Buffer.from([0xf0, 0x40]), Buffer.from('\r\n')]);
    expect(await uploadApplicants(gaiji)).toEqual({ result: false, msg: CSV_UPLOAD_MSG.userDefined(3) });
    const broken = Buffer.concat([head, Buffer.from([0x81, 0x7f]), Buffer.from('\r\n')]);
    expect(await uploadApplicants(broken)).toEqual({ result: false, msg: CSV_UPLOAD_MSG.badBytes(3) });
    const newline = toCsv([
      ['講座ID', '学生番号', '備考'],
      [code, ids[0]!, '一行目\n二行目'],
      [`${code}\n`.repeat(2), ids[1]!, ''],
    ]);
    expect(await uploadApplicants(newline)).toEqual({
      result: false,
      msg: `登録できない行があるため、1件も登録しませんでした。3行目（講座ID）：${MSG.controlCharacter}。`,
    });
    expect(await liveOf(course.id)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('skips and counts unregistered students and those who already applied', async () => {
    const { course, code, ids, people } = await setup(3);
    const pending = await makeStudent(t.db, { loginId: '26000001', approvalStatus: '0' });
    await makeApplication(t.db, { courseId: course.id, studentId: people[1]!.id });
    // a cancelled application does not stop a new one
    await makeApplication(t.db, {
      courseId: course.id,
      studentId: people[2]!.id,
      cancelledAt: new Date(),
      lotteryStatus: '4',
    });
    const csv = toCsv([
      ['講座ID', '学生番号'],
      [code, ids[0]!],
      [code, '29999999'],
      [code, ids[1]!],
      [code, pending.loginId!],
      [code, ids[2]!],
    ]);
    expect(await uploadApplicants(csv)).toEqual({
      result: true,
      count: 2,
      msg: '2件の申込を登録しました。未登録の学生のため登録しなかった行：2件（3行目、5行目）。すでに申込済みのため登録しなかった行：1件（4行目）。',
    });
    expect((await liveOf(course.id)).map((r) => r.loginId)).toEqual(ids);
  });

  it('writes nothing when any row is wrong, and names the rows', async () => {
    const { code, ids } = await setup(2);
    const before = [await applicationCount(), await auditCount()];
    const csv = toCsv([
      ['講座ID', '学生番号', '申込方法', '備考'],
      [code, ids[0]!, '', ''],
      ['NOPE', ids[1]!, '', ''],
      [code, '1234', '', ''],
      [code, ids[1]!, '伝書鳩', ''],
      [code, ids[1]!, '', 'あ'.repeat(501)],
      [code, ids[0]!, '窓口', ''],
    ]);
    const answer = await uploadApplicants(csv);
    expect(answer.result).toBe(false);
    expect(answer.msg).toBe(
      [
        '登録できない行があるため、1件も登録しませんでした。',
        '3行目：講座IDが見つかりません。',
        '4行目（学生番号）：数字8桁で入力してください。',
        '5行目（申込方法）：選択肢から選んでください。',
        '6行目（備考）：501文字以上は入力できません。',
        '7行目：2行目と同じ学生・講座の組み合わせです。',
      ].join(''),
    );
    expect([await applicationCount(), await auditCount()]).toEqual(before);
  });

  it('lists ten row errors, then how many more', async () => {
    const rows = Array.from({ length: 14 }, (_, i) => [`X${i}`, '24040001']);
    const answer = await uploadApplicants(toCsv([['講座ID', '学生番号'], ...rows]));
    expect(answer.result).toBe(false);
    expect(answer.msg).toContain('11行目：講座IDが見つかりません。');
    expect(answer.msg).not.toContain('12行目');
    expect(answer.msg.endsWith('ほか4件。')).toBe(true);
  });

  it('answers result false with the message for a file it cannot use', async () => {
    const before = await applicationCount();
    const cases: [unknown, string][] = [
      ['not a data url', CSV_UPLOAD_MSG.notDataUrl],
      ['data:text/csv;base64,%%%%', CSV_UPLOAD_MSG.notDataUrl],
      [dataUrl('x', 'image/png'), CSV_UPLOAD_MSG.notCsv],
      [dataUrl(''), CSV_UPLOAD_MSG.empty],
      [dataUrl('講座ID,備考\r\nC1,x\r\n'), CSV_UPLOAD_MSG.missingHeaders(['学生番号'])],
      [dataUrl('講座ID,学生番号\r\n'), CSV_UPLOAD_MSG.noRows],
      // just over 20 MB decoded still fits the body limit: the read refuses it
      [dataUrl(Buffer.alloc(CSV_MAX_BYTES + 1, 0x41)), CSV_UPLOAD_MSG.tooLarge(CSV_MAX_BYTES)],
    ];
    for (const [file, msg] of cases) {
      const res = await post(t.app, APPLICANTS, { course_applicant: file }, admin);
      expect(answerOf(res, 'course_applicant')).toEqual({ result: false, msg });
    }
    expect(await applicationCount()).toBe(before);
  });

  it('answers 422 without the body field, 413 for a body beyond the upload limit', async () => {
    const missing = await post(t.app, APPLICANTS, {}, admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().err_list[0]).toMatchObject({ name: 'course_applicant' });
    const huge = await post(
      t.app,
      APPLICANTS,
      { course_applicant: `data:text/csv;base64,${'A'.repeat(29_000_000)}` },
      admin,
    );
    expect(huge.statusCode).toBe(413);
  });

  it('registers 5 000 rows in one upload', async () => {
    const code = 'U9000';
    const course = await makeCourse(t.db, { code });
    const hash = (await t.db.select({ h: students.passwordHash }).from(students).limit(1))[0]!.h;
    const ids = Array.from({ length: 5000 }, (_, i) => `27${String(i).padStart(6, '0')}`);
    for (let i = 0; i < ids.length; i += 1000) {
      await t.db.insert(students).values(
        ids.slice(i, i + 1000).map((loginId) => ({
          loginId,
          generationId: '2704',
          name: '一括',
          nameKana: 'イッカツ',
          birthday: '1960-01-01',
          approvalStatus: '1',
          dateIssue: '2024-04-01',
          passwordHash: hash,
        })),
      );
    }
    const csv = toCsv([
      ['講座ID', '学生番号', '申込方法', '備考'],
      ...ids.map((id) => [code, id, '窓口', '一括']),
    ]);
    // how long it takes is a figure of the benchmark (npm run bench: the applicant upload), not a test
    const answer = await uploadApplicants(csv);
    expect(answer).toMatchObject({ result: true, count: 5000 });
    expect((await liveOf(course.id)).length).toBe(5000);
  }, 60_000);
});

// ---- course import ----

const COURSE_HEADER = [
  '講座ID',
  '講座名',
  '内容',
  '実施団体',
  '大学ID',
  '申込期間（開始）',
  '申込期間（終了）',
  '開催日時',
  '定員',
  '回数',
  'キャンセル',
  '単位',
  'カテゴリ',
  '公開状態',
  '抽選',
];
const courseRow = (over: Partial<Record<string, string>> = {}) => {
  const base: Record<string, string> = {
    講座ID: '',
    講座名: 'CSVの講座',
    内容: '<p>楽しい<b>講座</b></p><script>alert(1)</script>',
    実施団体: 'まなび市民大学',
    大学ID: '',
    '申込期間（開始）': '2026/4/1 9:00',
    '申込期間（終了）': '2026-04-30 17:00',
    開催日時: '毎週土曜日',
    定員: '30',
    回数: '10',
    キャンセル: '可',
    単位: '2',
    カテゴリ: '歴史、語学',
    公開状態: '公開',
    抽選: 'なし',
    ...over,
  };
  return COURSE_HEADER.map((h) => base[h] ?? '');
};

describe('POST /api/admin/course/courseupload', () => {
  it('creates the courses with their categories, HTML stripped, Excel dates read', async () => {
    const before = await auditCount();
    const csv = toCsv([
      COURSE_HEADER,
      courseRow({ 講座ID: 'K0001' }),
      courseRow({
        講座ID: 'K0002',
        講座名: '二つ目',
        カテゴリ: '語学',
        公開状態: '2',
        キャンセル: '不可',
        抽選: 'あり',
      }),
    ]);
    expect(await uploadCourses(iconv.encode(csv, 'cp932'))).toEqual({
      result: true,
      msg: '2件の講座を登録しました。',
      count: 2,
    });
    const rows = await t.db.select().from(courses).where(eq(courses.code, 'K0001'));
    expect(rows[0]).toMatchObject({
      name: 'CSVの講座',
      content: '楽しい講座',
      periodFrom: new Date('2026-04-01T09:00:00+09:00'),
      periodTo: new Date('2026-04-30T17:00:00+09:00'),
      isCancelable: true,
      isLottery: false,
      status: '1',
      capacity: 30,
      unit: 2,
    });
    const [second] = await t.db.select().from(courses).where(eq(courses.code, 'K0002'));
    expect(second).toMatchObject({ name: '二つ目', status: '2', isCancelable: false, isLottery: true });
    const cats = await t.db
      .select({ course: courseCategoryLinks.courseId, name: courseCategories.name })
      .from(courseCategoryLinks)
      .innerJoin(courseCategories, eq(courseCategories.id, courseCategoryLinks.categoryId))
      .orderBy(asc(courseCategoryLinks.courseId), asc(courseCategories.sortNumber));
    expect(cats.filter((c) => c.course === rows[0]!.id).map((c) => c.name)).toEqual(['歴史', '語学']);
    expect(cats.filter((c) => c.course === second!.id).map((c) => c.name)).toEqual(['語学']);
    expect(await auditCount()).toBe(before + 1);
  });

  it('refuses a used or repeated 講座ID, unknown categories and invalid rows, writing nothing', async () => {
    await makeCourse(t.db, { code: 'K0100' });
    const before = [await courseCount(), await auditCount()];
    const csv = toCsv([
      COURSE_HEADER,
      courseRow({ 講座ID: 'K0101' }),
      courseRow({ 講座ID: 'K0100' }),
      courseRow({ 講座ID: 'K0101' }),
      courseRow({ 講座ID: 'K0102', カテゴリ: '歴史,園芸' }),
      courseRow({ 講座ID: 'K0103', 講座名: '', '申込期間（開始）': '2026/2/30 9:00', 公開状態: '限定' }),
      courseRow({ 講座ID: 'K0104', 大学ID: 'ZZ' }),
    ]);
    const answer = await uploadCourses(csv);
    expect(answer.result).toBe(false);
    expect(answer.msg).toBe(
      [
        '登録できない行があるため、1件も登録しませんでした。',
        '3行目：この講座IDはすでに登録されています。',
        '4行目：2行目と同じ講座IDです。',
        '5行目：カテゴリ「園芸」が見つかりません。',
        '6行目（講座名）：この項目を入力してください。',
        '6行目（申込期間（開始））：正しい日付を入力してください。',
        '6行目（公開状態）：選択肢から選んでください。',
        '7行目：大学ID「ZZ」が見つかりません。',
      ].join(''),
    );
    expect([await courseCount(), await auditCount()]).toEqual(before);
  });

  it('reads 授業日n as session n (Excel dates, full-width, ～), 前日のお知らせ and 持ち物', async () => {
    const header = [...COURSE_HEADER, '前日のお知らせ', '持ち物', '授業日1', '授業日2', '授業日3'];
    const csv = toCsv([
      header,
      [
        ...courseRow({ 講座ID: 'K0301' }),
        '送らない',
        '筆記用具',
        '2026/12/2 13:00-14:30 201教室',
        '２０２６／１２／９　１３：００～１４：３０',
        '',
      ],
      [...courseRow({ 講座ID: 'K0302' }), '', '', '', '', ''],
    ]);
    const answer = await uploadCourses(iconv.encode(csv, 'cp932'));
    expect(answer, answer.msg).toMatchObject({ result: true, count: 2 });
    const [k1] = await t.db.select().from(courses).where(eq(courses.code, 'K0301'));
    expect(k1).toMatchObject({ remind: false, bring: '筆記用具' });
    const rows = await t.db
      .select()
      .from(courseSessions)
      .where(eq(courseSessions.courseId, k1!.id))
      .orderBy(asc(courseSessions.no));
    expect(rows.map(({ no, day, startsAt, endsAt, room }) => ({ no, day, startsAt, endsAt, room }))).toEqual([
      { no: 1, day: '2026-12-02', startsAt: '13:00', endsAt: '14:30', room: '201教室' },
      { no: 2, day: '2026-12-09', startsAt: '13:00', endsAt: '14:30', room: '' },
    ]);
    const [k2] = await t.db.select().from(courses).where(eq(courses.code, 'K0302'));
    expect(k2?.remind).toBe(true);
    expect(await t.db.select().from(courseSessions).where(eq(courseSessions.courseId, k2!.id))).toEqual([]);
  });

  it('names the 授業日 column of a session it cannot read, and writes nothing', async () => {
    const before = await courseCount();
    const header = [...COURSE_HEADER, '授業日1', '授業日2', '授業日3'];
    const csv = toCsv([
      header,
      [...courseRow({ 講座ID: 'K0401' }), '2026/12/2 13:00-14:30', '12月9日の午後', '2026/12/16 15:00-14:00'],
      [...courseRow({ 講座ID: 'K0402' }), '', '2026/12/9 10:00-11:00', ''],
    ]);
    const answer = await uploadCourses(csv);
    expect(answer.result).toBe(false);
    expect(answer.msg).toContain('2行目（授業日2）：正しい日付を入力してください');
    expect(answer.msg).toContain('2行目（授業日3）：終了時刻は開始時刻より後にしてください');
    expect(answer.msg).toContain('3行目（授業日1）：この項目を入力してください');
    expect(await courseCount()).toBe(before);
  });

  it('refuses a line break in a one-line cell, naming the row and column; keeps it in 内容', async () => {
    const before = await courseCount();
    const csv = toCsv([
      COURSE_HEADER,
      courseRow({ 講座ID: 'K0201', 内容: '一行目\n二行目' }),
      courseRow({ 講座ID: 'K0202', 講座名: '講座の\n名前' }),
    ]);
    const answer = await uploadCourses(csv);
    expect(answer.result).toBe(false);
    expect(answer.msg).toBe(
      `登録できない行があるため、1件も登録しませんでした。3行目（講座名）：${MSG.controlCharacter}。`,
    );
    expect(await courseCount()).toBe(before);
  });

  it('refuses a Shift_JIS course file with a byte that is no character, naming the line', async () => {
    const before = [await courseCount(), await auditCount()];
    const file = iconv.encode(
      toCsv([
        COURSE_HEADER,
        courseRow({ 講座ID: 'K0301' }),
        courseRow({ 講座ID: 'K0302', 開催日時: '毎週X' }),
      ]),
      'cp932',
    );
    // iconv-lite reads 0x80 as U+0080 without a replacement character: it must not reach the database
    file[file.lastIndexOf('X')] = 0x80;
    expect(await uploadCourses(file)).toEqual({ result: false, msg: CSV_UPLOAD_MSG.badBytes(3) });
    expect([await courseCount(), await auditCount()]).toEqual(before);
  });

  it('needs the headers of the required fields', async () => {
    const answer = await uploadCourses(
      toCsv([
        ['講座名', '実施団体'],
        ['a', 'b'],
      ]),
    );
    expect(answer.result).toBe(false);
    expect(answer.msg).toContain('必要な見出し（項目名）がありません：「申込期間（開始）」');
  });
});

describe('who may not upload', () => {
  it('refuses anonymous callers (401), students and authority 2 (403), writing nothing', async () => {
    const { code, ids } = await setup(1);
    const before = [await applicationCount(), await courseCount(), await auditCount()];
    for (const [cookie, status] of [
      [undefined, 401],
      [student, 403],
      [univ, 403],
    ] as const) {
      const a = await post(
        t.app,
        APPLICANTS,
        { course_applicant: dataUrl(`講座ID,学生番号\n${code},${ids[0]}\n`) },
        cookie,
      );
      expect(a.statusCode).toBe(status);
      const c = await post(t.app, COURSES, { course: dataUrl(toCsv([COURSE_HEADER, courseRow()])) }, cookie);
      expect(c.statusCode).toBe(status);
    }
    expect([await applicationCount(), await courseCount(), await auditCount()]).toEqual(before);
  });
});

// ---- the course import's preview (decision 070) ----

const PREVIEW = '/api/admin/course/courseupload/preview/';

describe('POST /api/admin/course/courseupload/preview/', () => {
  it('counts and lists new and wrong rows by row and column, writing nothing', async () => {
    await makeCourse(t.db, { code: 'K0500' });
    const csv = toCsv([
      COURSE_HEADER,
      courseRow({ 講座ID: 'K0501', 講座名: '新しい講座' }),
      courseRow({ 講座ID: 'K0500' }),
      courseRow({ 講座ID: 'K0502', 講座名: '', カテゴリ: '園芸' }),
    ]);
    const before = [await courseCount(), await auditCount()];
    const res = await post(t.app, PREVIEW, { course: dataUrl(csv) }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as CourseUploadPreview;
    expect(p.counts).toEqual({ rows: 3, new: 1, changed: 0, unchanged: 0, errors: 2 });
    expect(p.new_rows).toEqual([{ line: 2, course_id: 'K0501', name: '新しい講座' }]);
    expect(p.changes).toEqual([]);
    expect(p.errors).toEqual([
      { line: 3, column: '', message: 'この講座IDはすでに登録されています' },
      { line: 4, column: '', message: 'カテゴリ「園芸」が見つかりません' },
      { line: 4, column: '講座名', message: 'この項目を入力してください' },
    ]);
    expect(p.preview_hash).toMatch(/^[0-9a-f]{64}$/);
    expect([await courseCount(), await auditCount()]).toEqual(before);
  });

  it('the import given the preview_hash registers exactly that file, and refuses with 409 once a 講座ID is taken meanwhile', async () => {
    const csv = toCsv([COURSE_HEADER, courseRow({ 講座ID: 'K0601' }), courseRow({ 講座ID: 'K0602' })]);
    const hashOf = async (file: string) =>
      ((await post(t.app, PREVIEW, { course: dataUrl(file) }, admin)).json() as CourseUploadPreview)
        .preview_hash;
    const hash = await hashOf(csv);
    // another file with the first file's hash: 409, nothing written
    const other = toCsv([COURSE_HEADER, courseRow({ 講座ID: 'K0603' })]);
    const before = [await courseCount(), await auditCount()];
    const wrong = await post(t.app, COURSES, { course: dataUrl(other), preview_hash: hash }, admin);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({
      result: false,
      msg: IMPORT_PREVIEW_MSG.changed,
      err_list: [{ name: 'course', msg: IMPORT_PREVIEW_MSG.changed }],
    });
    expect([await courseCount(), await auditCount()]).toEqual(before);
    const done = await post(t.app, COURSES, { course: dataUrl(csv), preview_hash: hash }, admin);
    expect(done.json()).toEqual({ result: true, msg: '2件の講座を登録しました。', count: 2 });

    // previewed, then one of its 講座ID registered by someone else: the import names the row (422)
    const next = toCsv([COURSE_HEADER, courseRow({ 講座ID: 'K0604' }), courseRow({ 講座ID: 'K0605' })]);
    const nextHash = await hashOf(next);
    await makeCourse(t.db, { code: 'K0605' });
    const late = await post(t.app, COURSES, { course: dataUrl(next), preview_hash: nextHash }, admin);
    expect(late.statusCode).toBe(422);
    expect((await t.db.select().from(courses).where(eq(courses.code, 'K0604'))).length).toBe(0);
    // a category renamed meanwhile changes what would be stored: 409
    const cat = toCsv([COURSE_HEADER, courseRow({ 講座ID: 'K0606', カテゴリ: '歴史' })]);
    const catHash = await hashOf(cat);
    const [history] = await t.db.select().from(courseCategories).where(eq(courseCategories.name, '歴史'));
    await t.db.update(courseCategories).set({ name: '旧歴史' }).where(eq(courseCategories.id, history!.id));
    await t.db.insert(courseCategories).values({ name: '歴史', sortNumber: 9 });
    const moved = await post(t.app, COURSES, { course: dataUrl(cat), preview_hash: catHash }, admin);
    expect(moved.statusCode).toBe(409);
  });

  it('refuses bad input on its field, an unreadable file as the import does, and every caller but authority 1', async () => {
    const bad = await post(t.app, PREVIEW, { course: 5 }, admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ err_list: [{ name: 'course' }] });
    const unreadable = await post(
      t.app,
      PREVIEW,
      { course: dataUrl(`${COURSE_HEADER.join(',')}\r\n`) },
      admin,
    );
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json()).toMatchObject({ result: false, msg: CSV_UPLOAD_MSG.noRows });
    const hash = await post(t.app, COURSES, { course: dataUrl('x'), preview_hash: 'Z'.repeat(64) }, admin);
    expect(hash.json()).toMatchObject({
      err_list: [{ name: 'preview_hash', msg: IMPORT_PREVIEW_MSG.badHash }],
    });
    const before = [await courseCount(), await auditCount()];
    for (const [cookie, status] of [
      [undefined, 401],
      [student, 403],
      [univ, 403],
    ] as const) {
      const res = await post(
        t.app,
        PREVIEW,
        { course: dataUrl(toCsv([COURSE_HEADER, courseRow()])) },
        cookie,
      );
      expect(res.statusCode).toBe(status);
    }
    expect([await courseCount(), await auditCount()]).toEqual(before);
  });
});
