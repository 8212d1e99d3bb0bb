/**
 * The student upload's preview (decision 070): what POST student/upload/ would do with a file, nothing
 * written; and the upload given the preview's hash, which writes exactly that or nothing (409).
 */
import type { StudentUploadPreview } from '@manabi/shared/api';
import { toCsv } from '@manabi/shared/domain/csv';
import { IMPORT_PREVIEW_MSG, PREVIEW_LIST_LIMIT } from '@manabi/shared/schemas/import-preview';
import { STUDENT_CSV_COLUMNS } from '@manabi/shared/schemas/student-list';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { createTestApp, makeCast, post, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
});
afterAll(() => t.close());

const UPLOAD = '/api/admin/student/upload/';
const PREVIEW = '/api/admin/student/upload/preview/';

const dataUrl = (bytes: Buffer | string) => `data:text/csv;base64,${Buffer.from(bytes).toString('base64')}`;

const HEADER = Object.keys(STUDENT_CSV_COLUMNS);
type Cells = Partial<Record<keyof typeof STUDENT_CSV_COLUMNS, string>>;
const person = (loginId: string, over: Cells = {}): Cells => ({
  学生番号: loginId,
  期生ID: loginId.slice(0, 4),
  氏名: `下見 ${loginId}`,
  氏名カナ: 'シタミ',
  郵便番号: '1050011',
  町名: '港区芝公園',
  丁目: '4',
  番地: '2-8',
  生年月日: '1958/5/12',
  性別: '女性',
  電話番号1: '03-1234-5678',
  申込日: '2026-03-01',
  ...over,
});
const csvOf = (rows: Cells[], header: string[] = HEADER) =>
  toCsv([header, ...rows.map((r) => header.map((h) => r[h as keyof Cells] ?? ''))]);

async function preview(file: string, studentType = '1', cookie = admin) {
  return post(t.app, PREVIEW, { student: dataUrl(file), student_type: studentType }, cookie);
}
async function previewOk(file: string, studentType = '1'): Promise<StudentUploadPreview> {
  const res = await preview(file, studentType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudentUploadPreview;
}
const upload = (file: string, previewHash?: string, studentType = '1') =>
  post(
    t.app,
    UPLOAD,
    {
      student: dataUrl(file),
      student_type: studentType,
      ...(previewHash === undefined ? {} : { preview_hash: previewHash }),
    },
    admin,
  );
const studentCount = async () => (await t.db.select({ n: count() }).from(students))[0]!.n;
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('POST /api/admin/student/upload/preview/', () => {
  it('counts new, changed, unchanged and wrong rows, lists the changes field by field and the errors by row and column', async () => {
    // two registered students, stored exactly as an upload of these rows stores them
    expect((await upload(csvOf([person('27010001'), person('27010002')]))).statusCode).toBe(200);
    const file = csvOf([
      person('27010001'), // the same
      person('27010002', { 電話番号1: '03-9999-0000', 性別: '男性', 氏名: '下見 変更' }), // registered, differs
      person('27010003'), // new
      person('27010004', { 期生ID: '2601', 生年月日: 'きのう' }), // wrong
      person('27010003'), // twice in the file
    ]);
    const before = [await studentCount(), await auditCount()];
    const p = await previewOk(file);
    expect(p.counts).toEqual({ rows: 5, new: 1, changed: 1, unchanged: 1, errors: 2 });
    expect(p.changes).toEqual([
      {
        line: 3,
        login_id: '27010002',
        name: '下見 27010002',
        fields: [
          { field: 'name', label: '氏名', before: '下見 27010002', after: '下見 変更' },
          { field: 'gender', label: '性別', before: '女性', after: '男性' },
          { field: 'phone_1', label: '電話番号1', before: '03-1234-5678', after: '03-9999-0000' },
        ],
      },
    ]);
    expect(p.new_rows).toEqual([{ line: 4, login_id: '27010003', name: '下見 27010003' }]);
    expect(p.errors).toEqual([
      { line: 5, column: '生年月日', message: '正しい日付を入力してください' },
      { line: 5, column: '学生番号', message: '学生番号の上4桁と期生IDは同じにしてください' },
      { line: 6, column: '', message: '4行目と同じ学生番号です' },
    ]);
    expect(p.preview_hash).toMatch(/^[0-9a-f]{64}$/);
    expect([p.changes_truncated, p.errors_truncated, p.new_rows_truncated]).toEqual([false, false, false]);
    // nothing written: no student, no audit entry
    expect([await studentCount(), await auditCount()]).toEqual(before);
    // the same file and type give the same hash; another type another
    expect((await previewOk(file)).preview_hash).toBe(p.preview_hash);
    expect((await previewOk(file, '2')).preview_hash).not.toBe(p.preview_hash);
  });

  it('compares only the columns the file has, and reads them as the form does (full-width digits, Excel dates)', async () => {
    expect((await upload(csvOf([person('27020001', { 備考: '足が不自由' })]))).statusCode).toBe(200);
    const short = ['学生番号', '期生ID', '氏名', '町名', '番地', '生年月日', '電話番号1', '申込日'];
    const p = await previewOk(
      csvOf([person('２７０２０００１', { 氏名: '下見 27020001', 生年月日: '1958-05-12' })], short),
    );
    expect(p.counts).toMatchObject({ rows: 1, unchanged: 1, changed: 0 });
  });

  it('names the new rows that look like a registered student, scored as the roster is (decision 069)', async () => {
    const known = await makeStudent(t.db, {
      loginId: '27030001',
      name: '髙橋 花子',
      nameKana: 'タカハシ ハナコ',
      birthday: '1950-01-02',
      phone1: '090-2222-3333',
    });
    const p = await previewOk(
      csvOf([
        // typed again: the common form of 髙, the reading in hiragana, month and day swapped, no hyphens
        person('27030002', {
          氏名: '高橋　花子',
          氏名カナ: 'たかはし はなこ',
          生年月日: '1950/2/1',
          電話番号1: '09022223333',
          郵便番号: '',
          町名: '港区六本木',
        }),
        person('27030003', {
          氏名: '別人 太郎',
          氏名カナ: 'ベツジン タロウ',
          生年月日: '1944/8/8',
          電話番号1: '03-9876-5432',
        }),
      ]),
    );
    expect(p.duplicates.filter((d) => d.match_user_id === known.id)).toEqual([
      {
        line: 2,
        login_id: '27030002',
        name: '高橋　花子',
        match_user_id: known.id,
        match_login_id: '27030001',
        match_name: '髙橋 花子',
        score: 85,
        reasons: ['氏名（異体字）', 'フリガナ一致', '生年月日（月と日が逆）', '電話一致'],
      },
    ]);
    expect(p.duplicates.filter((d) => d.line === 3)).toEqual([]);
  });

  it('caps each list while the counts stay exact', async () => {
    const rows = Array.from({ length: PREVIEW_LIST_LIMIT + 50 }, (_, i) =>
      person(`2704${String(i).padStart(4, '0')}`, i % 2 ? { 電話番号1: 'x' } : {}),
    );
    const p = await previewOk(csvOf(rows));
    expect(p.counts).toMatchObject({ rows: rows.length, new: 125, errors: 125 });
    expect(p.new_rows).toHaveLength(125);
    expect(p.errors).toHaveLength(125);
    const more = await previewOk(
      csvOf([...rows, ...rows.map((r) => ({ ...r, 学生番号: `28${r.学生番号!.slice(2)}`, 期生ID: '2804' }))]),
    );
    expect(more.counts).toMatchObject({ rows: rows.length * 2, new: 250, errors: 250 });
    expect(more.new_rows).toHaveLength(PREVIEW_LIST_LIMIT);
    expect(more.errors).toHaveLength(PREVIEW_LIST_LIMIT);
    expect([more.new_rows_truncated, more.errors_truncated]).toEqual([true, true]);
  });

  it('refuses a file it cannot read as the upload does: 422, the message on the file field', async () => {
    const res = await preview('学生番号\r\n');
    expect(res.statusCode).toBe(422);
    const body = res.json() as { result: boolean; msg: string; err_list: unknown };
    expect(body.result).toBe(false);
    expect(body.err_list).toEqual([{ name: 'student', msg: body.msg }]);
  });

  it('refuses wrong input with a Japanese message on its field', async () => {
    for (const [body, field] of [
      [{ student: 12, student_type: '1' }, 'student'],
      [{ student: dataUrl('a'), student_type: '9' }, 'student_type'],
      [{ student: ['x'], student_type: '1' }, 'student'],
      [{ student: `data:text/csv;base64,\u0007AAAA`, student_type: '1' }, 'student'],
    ] as const) {
      const res = await post(t.app, PREVIEW, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const { err_list } = res.json() as { err_list: { name: string; msg: string }[] };
      expect(err_list.map((e) => e.name)).toContain(field);
      expect(err_list.every((e) => /[ぁ-んァ-ヶ一-龠]/.test(e.msg))).toBe(true);
    }
    const bad = await post(
      t.app,
      UPLOAD,
      { student: dataUrl('a'), student_type: '1', preview_hash: 'abc' },
      admin,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      err_list: [{ name: 'preview_hash', msg: IMPORT_PREVIEW_MSG.badHash }],
    });
  });

  it('authority 2 and students → 403, nobody → 401, nothing read or written', async () => {
    const before = [await studentCount(), await auditCount()];
    for (const [cookie, status] of [
      [univ, 403],
      [student, 403],
      [undefined, 401],
    ] as const) {
      const res = await post(
        t.app,
        PREVIEW,
        { student: dataUrl(csvOf([person('27050001')])), student_type: '1' },
        cookie,
      );
      expect(res.statusCode).toBe(status);
    }
    expect([await studentCount(), await auditCount()]).toEqual(before);
  });
});

describe('POST /api/admin/student/upload/ with the preview_hash', () => {
  it('registers exactly the previewed file', async () => {
    const file = csvOf([person('27060001'), person('27060002')]);
    const p = await previewOk(file);
    const res = await upload(file, p.preview_hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: true, msg: '2件の学生を登録しました。', count: 2 });
    expect(await t.db.select({ n: count() }).from(students).where(like(students.loginId, '270600%'))).toEqual(
      [{ n: 2 }],
    );
  });

  it('refuses with 409, nothing written, when another upload registered one of its students meanwhile', async () => {
    const file = csvOf([person('27070001'), person('27070002')]);
    const p = await previewOk(file);
    expect((await upload(csvOf([person('27070002')]))).statusCode).toBe(200);
    const before = [await studentCount(), await auditCount()];
    const res = await upload(file, p.preview_hash);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      result: false,
      msg: IMPORT_PREVIEW_MSG.changed,
      err_list: [{ name: 'student', msg: IMPORT_PREVIEW_MSG.changed }],
    });
    expect([await studentCount(), await auditCount()]).toEqual(before);
    expect(await t.db.select().from(students).where(eq(students.loginId, '27070001'))).toEqual([]);
  });

  it('refuses with 409 when a registered student changed meanwhile, or the file or the type is not the previewed one', async () => {
    expect((await upload(csvOf([person('27080001')]))).statusCode).toBe(200);
    const file = csvOf([person('27080001'), person('27080002')]);
    const p = await previewOk(file);
    expect(p.counts).toMatchObject({ unchanged: 1, new: 1 });
    const before = [await studentCount(), await auditCount()];
    expect((await upload(csvOf([person('27080001'), person('27080003')]), p.preview_hash)).statusCode).toBe(
      409,
    );
    expect((await upload(file, p.preview_hash, '2')).statusCode).toBe(409);
    await t.db.update(students).set({ phone1: '03-0000-0000' }).where(eq(students.loginId, '27080001'));
    expect((await upload(file, p.preview_hash)).statusCode).toBe(409);
    expect([await studentCount(), await auditCount()]).toEqual(before);
    // without the hash the upload is SPEC's: the registered row skipped, the new one registered
    const res = await upload(file);
    expect(res.json()).toMatchObject({ result: true, count: 1 });
  });

  it('still refuses wrong rows with 422 and their messages when a hash is sent', async () => {
    const file = csvOf([person('27090001', { 電話番号1: '' })]);
    const p = await previewOk(file);
    const res = await upload(file, p.preview_hash);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { msg: string }).msg).toContain('2行目（電話番号1）');
  });
});
