import { MSG } from '@manabi/shared';
import type { StudentDuplicates, StudentList } from '@manabi/shared/api';
import { toCsv } from '@manabi/shared/domain/csv';
import { studentNameKey } from '@manabi/shared/domain/student';
import { STUDENT_CSV_COLUMNS } from '@manabi/shared/schemas/student-list';
import { count, eq, like } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema';
import { CSV_UPLOAD_MSG } from '../../platform/csv-upload';
import { createTestApp, get, makeCast, post, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t, { student: { nameKey: studentNameKey('学生 0') } }));
});
afterAll(() => t.close());

const LIST = '/api/admin/student/list/';
const COUNT = '/api/admin/student/unapploval/count/';
const UPLOAD = '/api/admin/student/upload/';
const DUPLICATE = '/api/admin/student/duplicate/';

const dataUrl = (bytes: Buffer | string, type = 'text/csv') =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

const list = async (query: string) => {
  const res = await get(t.app, `${LIST}?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudentList;
};

describe('who may call the student list calls', () => {
  const calls: [string, (cookie?: string) => ReturnType<typeof get>][] = [
    ['list', (c) => get(t.app, LIST, c)],
    ['unapproved count', (c) => get(t.app, COUNT, c)],
    ['duplicate', (c) => get(t.app, `${DUPLICATE}?user_id=1`, c)],
    ['upload', (c) => post(t.app, UPLOAD, { student: dataUrl('学生番号\r\n'), student_type: '1' }, c)],
  ];
  for (const [name, call] of calls) {
    it(`${name}: authority 2 and a student → 403, nobody → 401`, async () => {
      expect((await call(univ)).statusCode).toBe(403);
      expect((await call(student)).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
    });
  }
  it('a refused caller writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(students))[0]!.n;
    const csv = toCsv([
      ['学生番号', '期生ID', '氏名', '町名', '番地', '生年月日', '電話番号1', '申込日'],
      ['24990001', '2499', '拒否 太郎', '港区芝', '1-1', '1960-01-01', '03-1111-2222', '2024-04-01'],
    ]);
    const res = await post(t.app, UPLOAD, { student: dataUrl(csv), student_type: '1' }, univ);
    expect(res.statusCode).toBe(403);
    expect((await t.db.select({ n: count() }).from(students))[0]!.n).toBe(before);
  });
});

describe('GET /api/admin/student/list/', () => {
  beforeAll(async () => {
    const people: [string, string, string, string, string, string][] = [
      // login id, name, kana, town, birthday, approval
      ['31010003', '青木 一郎', 'アオキ イチロウ', '港区芝公園', '1950-03-01', '1'],
      ['31010001', '井上 花子', 'イノウエ ハナコ', '港区高輪', '1955-01-01', '1'],
      ['31010002', '上田 五郎', 'ウエダ ゴロウ', '港区芝', '1949-12-31', '1'],
      ['31020001', '江藤 三郎', 'エトウ サブロウ', '港区赤坂', '1960-06-06', '1'],
    ];
    for (const [loginId, name, nameKana, streetName1, birthday, approvalStatus] of people) {
      await makeStudent(t.db, {
        loginId,
        generationId: loginId.slice(0, 4),
        name,
        nameKana,
        nameKey: studentNameKey(name),
        streetName1,
        birthday,
        approvalStatus,
        filingDate: '2024-03-01',
      });
    }
    await makeStudent(t.db, {
      loginId: null,
      generationId: null,
      name: '小野 未来',
      nameKana: 'オノ ミライ',
      nameKey: studentNameKey('小野 未来'),
      streetName1: '港区芝浦',
      approvalStatus: '0',
      studentType: '2',
      passwordHash: null,
    });
  });

  it('searches: login id and generation from the start, names and town contain, status and type equal', async () => {
    const ids = (l: StudentList) => l.data_list.map((r) => r.login_id);
    expect(ids(await list('login_id=3101&sort=login_id'))).toEqual(['31010001', '31010002', '31010003']);
    expect(ids(await list('login_id=1010'))).toEqual([]);
    expect(ids(await list('generation_id=3102'))).toEqual(['31020001']);
    expect(ids(await list('name=%E8%8A%B1%E5%AD%90&generation_id=31'))).toEqual(['31010001']); // 花子
    expect(ids(await list(`name_kana=${encodeURIComponent('ゴロウ')}`))).toEqual(['31010002']);
    expect(
      ids(await list(`street_name1=${encodeURIComponent('港区芝')}&generation_id=31&sort=login_id`)),
    ).toEqual(['31010002', '31010003']);
    const pending = await list(`approval_status=0&name=${encodeURIComponent('小野')}`);
    expect(pending.data_list).toEqual([
      expect.objectContaining({
        login_id: null,
        name: '小野 未来',
        approval_status: '0',
        approval_status_text: '承認待ち',
        student_type: '2',
        student_type_text: '聴講生',
      }),
    ]);
    expect(ids(await list('student_type=2&generation_id=31'))).toEqual([]);
    // a % or _ typed in a name is taken literally
    expect((await list('name=%25')).total).toBe(0);
  });

  it('pages and sorts on the server, with the total of the whole search', async () => {
    const first = await list('generation_id=31&size=10&sort=birthday&dir=desc');
    expect(first.total).toBe(4);
    expect(first.data_list.map((r) => r.birthday)).toEqual([
      '1960-06-06',
      '1955-01-01',
      '1950-03-01',
      '1949-12-31',
    ]);
    expect(first.data_list[0]).toEqual({
      user_id: expect.any(Number),
      login_id: '31020001',
      generation_id: '3102',
      name: '江藤 三郎',
      name_kana: 'エトウ サブロウ',
      street_name1: '港区赤坂',
      birthday: '1960-06-06',
      approval_status: '1',
      approval_status_text: '承認済み',
      student_type: '1',
      student_type_text: '正規生',
      filing_date: '2024-03-01',
    });
    const byKana = await list('generation_id=31&sort=name_kana');
    expect(byKana.data_list.map((r) => r.name_kana.slice(0, 2))).toEqual(['アオ', 'イノ', 'ウエ', 'エト']);

    // 25 students of one generation: 10 a page, the last page has 5
    for (let i = 1; i <= 25; i++) {
      await makeStudent(t.db, { loginId: `3201${String(i).padStart(4, '0')}`, generationId: '3201' });
    }
    const page3 = await list('generation_id=3201&page=3&sort=login_id');
    expect(page3).toMatchObject({ total: 25, page: 3, size: 10 });
    expect(page3.data_list.map((r) => r.login_id)).toEqual(
      Array.from({ length: 5 }, (_, i) => `3201${String(21 + i).padStart(4, '0')}`),
    );
    const desc50 = await list('generation_id=3201&size=50&sort=login_id&dir=desc');
    expect(desc50.data_list).toHaveLength(25);
    expect(desc50.data_list[0]!.login_id).toBe('32010025');
    // a page past the end answers the last page
    expect(await list('generation_id=3201&page=99&sort=login_id')).toEqual({ ...page3, page: 3, total: 25 });
    // nothing found
    expect(await list('login_id=99999999')).toEqual({ data_list: [], total: 0, page: 1, size: 10 });
    // no sort: newest first
    const newest = await list('generation_id=3201');
    expect(newest.data_list[0]!.login_id).toBe('32010025');
  });

  it('refuses bad search values with the field and message', async () => {
    const cases: [string, string, string][] = [
      ['login_id=123456789', 'login_id', '9桁以上は入力できません'],
      ['login_id=12a', 'login_id', '半角数字のみで入力してください'],
      ['generation_id=12345', 'generation_id', '5桁以上は入力できません'],
      [`name=${'あ'.repeat(101)}`, 'name', '101文字以上は入力できません'],
      [`name_kana=${'ア'.repeat(101)}`, 'name_kana', '101文字以上は入力できません'],
      ['approval_status=9', 'approval_status', '選択肢から選んでください'],
      ['student_type=9', 'student_type', '選択肢から選んでください'],
      ['size=20', 'size', '選択肢から選んでください'],
      ['sort=password_hash', 'sort', '選択肢から選んでください'],
      ['dir=up', 'dir', '選択肢から選んでください'],
      ['page=0', 'page', '1以上の数値のみを入力してください'],
    ];
    for (const [query, name, msg] of cases) {
      const res = await get(t.app, `${LIST}?${encodeURI(query)}`, admin);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().err_list, query).toContainEqual({ name, msg });
    }
  });
});

describe('GET /api/admin/student/unapploval/count/', () => {
  it('counts pending admissions only (rejected ones are decided)', async () => {
    const before = (await get(t.app, COUNT, admin)).json().unapploval as number;
    await makeStudent(t.db, { loginId: null, approvalStatus: '0', passwordHash: null });
    await makeStudent(t.db, { loginId: null, approvalStatus: '2', passwordHash: null });
    const res = await get(t.app, COUNT, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unapploval: before + 1 });
  });
});

// ---- upload ----

const HEADER = Object.keys(STUDENT_CSV_COLUMNS);
type Cells = Partial<Record<keyof typeof STUDENT_CSV_COLUMNS, string>>;
const person = (loginId: string, over: Cells = {}): Cells => ({
  学生番号: loginId,
  期生ID: loginId.slice(0, 4),
  氏名: `取込 ${loginId}`,
  氏名カナ: 'トリコミ',
  郵便番号: '1050011',
  都道府県: '',
  町名: '港区芝公園',
  丁目: '4',
  番地: '2-8',
  建物名: '',
  生年月日: '1958/5/12',
  性別: '女性',
  電話番号1: '03-1234-5678',
  メールアドレス1: 'torikomi@example.jp',
  電話番号2: '',
  メールアドレス2: '',
  緊急連絡先氏名: '',
  緊急連絡先続柄: '',
  緊急連絡先電話番号: '',
  取得単位数: '',
  申込日: '2026-03-01',
  備考: '',
  ...over,
});
const csvOf = (rows: Cells[], header: string[] = HEADER) =>
  toCsv([header, ...rows.map((r) => header.map((h) => r[h as keyof Cells] ?? ''))]);

interface Answer {
  result: boolean;
  msg: string;
  count?: number;
}
async function upload(file: Buffer | string, studentType = '1'): Promise<Answer> {
  const res = await post(t.app, UPLOAD, { student: dataUrl(file), student_type: studentType }, admin);
  const body = res.json() as Answer & { err_list?: unknown };
  if (body.result) expect(res.statusCode, res.body).toBe(200);
  else {
    expect(res.statusCode, res.body).toBe(422);
    expect(body.err_list).toEqual([{ name: 'student', msg: body.msg }]);
  }
  return { result: body.result, msg: body.msg, ...(body.count === undefined ? {} : { count: body.count }) };
}
const studentCount = async () => (await t.db.select({ n: count() }).from(students))[0]!.n;
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const byLogin = async (loginId: string) =>
  (await t.db.select().from(students).where(eq(students.loginId, loginId)))[0];

describe('POST /api/admin/student/upload/', () => {
  it('registers UTF-8, UTF-8 with BOM and Shift_JIS files alike: approved, no password, name_key set', async () => {
    const before = await auditCount();
    expect(await upload(csvOf([person('26010001', { 氏名: '髙橋　①子' })]))).toEqual({
      result: true,
      msg: '1件の学生を登録しました。',
      count: 1,
    });
    expect((await upload(`\uFEFF${csvOf([person('26010002')])}`, '2')).count).toBe(1);
    expect(
      (await upload(iconv.encode(csvOf([person('26010003', { 氏名: '髙橋　①子' })]), 'cp932'))).count,
    ).toBe(1);
    expect(await auditCount()).toBe(before + 3);

    const s = await byLogin('26010001');
    expect(s).toMatchObject({
      generationId: '2601',
      name: '髙橋　①子',
      nameKey: '髙橋1子',
      postcode: '105-0011',
      pref: '東京都',
      streetName1: '港区芝公園',
      birthday: '1958-05-12',
      gender: 2,
      phone1: '03-1234-5678',
      mail1: 'torikomi@example.jp',
      totalUnits: 0,
      filingDate: '2026-03-01',
      studentType: '1',
      approvalStatus: '1',
      passwordHash: null,
    });
    expect((await byLogin('26010002'))?.studentType).toBe('2');
    expect(await byLogin('26010003')).toMatchObject({ name: '髙橋　①子', nameKey: '髙橋1子' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'student')).limit(1);
    expect(entry).toMatchObject({ action: 'upload', detail: { registered: 1, rows: 1 } });
  });

  it('takes headers in any order, leaves out optional columns, 男性/1 and Excel dates', async () => {
    const header = ['申込日', '生年月日', '電話番号1', '番地', '町名', '氏名', '期生ID', '学生番号', '性別'];
    const csv = csvOf(
      [
        person('26020001', { 性別: '男性', 申込日: '2026/4/1' }),
        person('26020002', { 性別: '2', 生年月日: '1960-01-02' }),
        person('26020003', { 性別: '' }),
      ],
      header,
    );
    expect((await upload(csv)).count).toBe(3);
    expect(await byLogin('26020001')).toMatchObject({ gender: 1, filingDate: '2026-04-01', pref: '東京都' });
    expect(await byLogin('26020002')).toMatchObject({ gender: 2, birthday: '1960-01-02' });
    expect((await byLogin('26020003'))?.gender).toBeNull();
  });

  it('skips and counts student numbers already registered, neither registering nor updating them', async () => {
    await makeStudent(t.db, { loginId: '26030001', name: '既存 学生' });
    const csv = csvOf([
      person('26030002'),
      person('26030001', { 氏名: '上書き 禁止', 電話番号1: 'bad phone' }),
      person('26030003'),
    ]);
    expect(await upload(csv)).toEqual({
      result: true,
      count: 2,
      msg: '2件の学生を登録しました。すでに登録されている学生番号のため登録・更新しなかった行：1件（3行目）。',
    });
    expect((await byLogin('26030001'))?.name).toBe('既存 学生');
    // the same file again: everything skipped
    expect(await upload(csv)).toMatchObject({ result: true, count: 0 });
  });

  it('writes nothing when any row is wrong, and names the rows and reasons', async () => {
    const before = [await studentCount(), await auditCount()];
    const csv = csvOf([
      person('26040001'),
      person('2604000'),
      person('26040003', { 期生ID: '2605' }),
      person('26040004', { 生年月日: '1958/2/30' }),
      person('26040005', { 性別: '不明', 電話番号1: '' }),
      person('26040006', { メールアドレス1: 'a@b.jp', メールアドレス2: 'a@b.jp' }),
      person('26040001'),
    ]);
    const answer = await upload(csv);
    expect(answer.result).toBe(false);
    expect(answer.msg).toBe(
      [
        '登録できない行があるため、1件も登録しませんでした。',
        '3行目（学生番号）：数字8桁で入力してください。',
        '4行目（学生番号）：学生番号の上4桁と期生IDは同じにしてください。',
        '5行目（生年月日）：正しい日付を入力してください。',
        '6行目（性別）：選択肢から選んでください。',
        '6行目（電話番号1）：この項目を入力してください。',
        '7行目（メールアドレス2）：メールアドレス2は異なる内容を入力してください。',
        '8行目：2行目と同じ学生番号です。',
      ].join(''),
    );
    expect([await studentCount(), await auditCount()]).toEqual(before);
    expect(await byLogin('26040001')).toBeUndefined();
  });

  it('refuses a file it cannot use, a missing file and a bad student type (422, nothing written)', async () => {
    const before = await studentCount();
    const cases: [string, string][] = [
      ['not a data url', CSV_UPLOAD_MSG.notDataUrl],
      [dataUrl('x', 'image/png'), CSV_UPLOAD_MSG.notCsv],
      [dataUrl(''), CSV_UPLOAD_MSG.empty],
      [
        dataUrl('学生番号,氏名\r\n26050001,x\r\n'),
        CSV_UPLOAD_MSG.missingHeaders(['期生ID', '町名', '番地', '生年月日', '電話番号1', '申込日']),
      ],
      [dataUrl(`${HEADER.join(',')}\r\n`), CSV_UPLOAD_MSG.noRows],
    ];
    for (const [file, msg] of cases) {
      const res = await post(t.app, UPLOAD, { student: file, student_type: '1' }, admin);
      expect(res.statusCode, msg).toBe(422);
      expect(res.json()).toMatchObject({ result: false, msg, err_list: [{ name: 'student', msg }] });
    }
    const missing = await post(t.app, UPLOAD, { student_type: '1' }, admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().err_list).toContainEqual({
      name: 'student',
      msg: 'ファイルが選択されていません。',
    });
    const badType = await post(
      t.app,
      UPLOAD,
      { student: dataUrl(csvOf([person('26050002')])), student_type: '9' },
      admin,
    );
    expect(badType.statusCode).toBe(422);
    expect(badType.json().err_list).toContainEqual({ name: 'student_type', msg: '選択肢から選んでください' });
    expect(await studentCount()).toBe(before);
  });

  it('refuses line breaks and control characters in one-line cells, naming row and column; keeps them in 備考', async () => {
    const before = [await studentCount(), await auditCount()];
    const answer = await upload(
      csvOf([
        person('26060001', { 備考: '一行目\r\n二行目' }),
        person('26060002', { 氏名: '山田\n太郎' }),
        person('26060003', { 緊急連絡先続柄: '長\t男', 町名: '港区\u0007芝' }),
      ]),
    );
    expect(answer).toEqual({
      result: false,
      msg: [
        '登録できない行があるため、1件も登録しませんでした。',
        `3行目（氏名）：${MSG.controlCharacter}。`,
        `4行目（町名）：${MSG.controlCharacter}。`,
        `4行目（緊急連絡先続柄）：${MSG.controlCharacter}。`,
      ].join(''),
    });
    expect([await studentCount(), await auditCount()]).toEqual(before);
  });

  it('refuses a Shift_JIS file with bytes that are no character, naming the line (422 on the file field)', async () => {
    const before = [await studentCount(), await auditCount()];
    const good = iconv.encode(csvOf([person('26070001', { 氏名: '髙橋　①子' })]), 'cp932');
    // the third line's name: 0x80 (iconv-lite would store U+0080) — a file saved in neither encoding
    const third = iconv.encode(csvOf([person('26070002', { 氏名: '山田X' })]).split('\r\n')[1]!, 'cp932');
    third[third.indexOf('X')] = 0x80;
    const answer = await upload(Buffer.concat([good, third, Buffer.from('\r\n')]));
    expect(answer).toEqual({ result: false, msg: CSV_UPLOAD_MSG.badBytes(3) });
    expect([await studentCount(), await auditCount()]).toEqual(before);
    expect(await byLogin('26070001')).toBeUndefined();
  });

  it('keeps every rule across the chunks it reads a long file in (decision 021): all or nothing', async () => {
    // 1 500 rows are read in several chunks: the rules must see the whole file as one
    const ids = Array.from({ length: 1500 }, (_, i) => `2702${String(i).padStart(4, '0')}`);
    await makeStudent(t.db, { loginId: ids[1200]!, generationId: '2702', name: '登録済 次郎' });
    const before = await studentCount();

    // a number of row 2 again in row 1 402 (another chunk), a wrong phone in row 1 352: refused whole
    const twice = ids.map((id, i) =>
      person(i === 1400 ? ids[0]! : id, i === 1350 ? { 電話番号1: 'でんわ' } : {}),
    );
    const refusedTwice = await upload(csvOf(twice));
    expect(refusedTwice.result).toBe(false);
    expect(refusedTwice.msg).toContain('1352行目（電話番号1）：');
    expect(refusedTwice.msg).toContain('1402行目：2行目と同じ学生番号です。');
    expect(await studentCount()).toBe(before);

    // a quote left open on the last row: the file's fault, reported as such, after rows above were read
    const broken = `${csvOf(ids.slice(0, 1499).map((id) => person(id)))}${ids[1499]},"2702,x\r\n`;
    const refusedBroken = await upload(broken);
    expect(refusedBroken.result).toBe(false);
    expect(refusedBroken.msg).toMatch(/CSVファイルとして読み取れませんでした（\d+行目付近）/);
    expect(await studentCount()).toBe(before);

    // the registered number (row 1 202) is skipped, unchecked, and counted; the rest are registered
    const fine = ids.map((id, i) => person(id, i === 1200 ? { 電話番号1: '' } : {}));
    const done = await upload(csvOf(fine));
    expect(done).toMatchObject({ result: true, count: 1499 });
    expect(done.msg).toContain('1202行目');
    expect(await studentCount()).toBe(before + 1499);
    expect((await byLogin(ids[1200]!))?.name).toBe('登録済 次郎');
  });

  // how long it takes is a figure of the benchmark (npm run bench: the 10 000-row upload), not a test
  it('registers 5 000 rows in one go (batched)', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => person(`2701${String(i).padStart(4, '0')}`));
    const file = iconv.encode(csvOf(rows), 'cp932');
    expect((await upload(file)).count).toBe(5000);
    const [n] = await t.db.select({ n: count() }).from(students).where(like(students.loginId, '2701%'));
    expect(n!.n).toBe(5000);
  });
});

// ---- duplicates ----

describe('GET /api/admin/student/duplicate/', () => {
  const dup = async (userId: number) => {
    const res = await get(t.app, `${DUPLICATE}?user_id=${userId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StudentDuplicates;
  };
  const mk = (name: string, streetName1: string, birthday: string | null, over = {}) =>
    makeStudent(t.db, { name, nameKey: studentNameKey(name), streetName1, birthday, ...over });

  it('puts every other student in the strongest group it matches; names compare by width and spaces', async () => {
    const target = await mk('重複　太郎', '港区三田', '1951-02-03', {
      loginId: null,
      approvalStatus: '0',
      passwordHash: null,
    });
    const all = await mk('重複 太郎', '港区三田', '1951-02-03', { loginId: '28010001' });
    const halfWidth = await mk('重複太郎', '港区三田', '1951-02-03', {
      loginId: null,
      approvalStatus: '2',
      passwordHash: null,
    });
    const nmSn = await mk('重複  太郎', '港区三田', '1940-01-01', { loginId: '28010002' });
    const nmBd = await mk('重複 太郎', '港区芝', '1951-02-03', { loginId: '28010003' });
    const snBd = await mk('別人 次郎', '港区三田', '1951-02-03', { loginId: '28010004' });
    const nm = await mk('重複 太郎', '港区芝', null, { loginId: '28010005' });
    const sn = await mk('別人 三郎', '港区三田', '1940-01-01', { loginId: '28010006' });
    const bd = await mk('別人 四郎', '港区芝', '1951-02-03', { loginId: '28010007' });
    await mk('無関係 花子', '港区芝', '1940-01-01', { loginId: '28010008' });

    const d = await dup(target.id);
    const row = (s: typeof all) => ({
      user_id: s.id,
      login_id: s.loginId,
      name: s.name,
      street_name1: s.streetName1,
      birthday: s.birthday,
      approval_status: s.approvalStatus,
    });
    expect(d.user_data).toEqual(row(target));
    expect(d.nm_sn_bd).toEqual([row(all), row(halfWidth)]);
    expect(d.nm_sn).toEqual([row(nmSn)]);
    expect(d.nm_bd).toEqual([row(nmBd)]);
    expect(d.sn_bd).toEqual([row(snBd)]);
    expect(d.nm).toEqual([row(nm)]);
    expect(d.sn).toEqual([row(sn)]);
    expect(d.bd).toEqual([row(bd)]);
    expect(d.counts).toEqual({ nm_sn_bd: 2, nm_sn: 1, nm_bd: 1, sn_bd: 1, nm: 1, sn: 1, bd: 1 });
  });

  it('caps each group at 100 rows and reports the full count', async () => {
    const target = await mk('上限 確認', '港区海岸', null, {
      loginId: null,
      approvalStatus: '0',
      passwordHash: null,
    });
    for (let i = 0; i < 105; i++) {
      await mk(`上限 ${i}`, '港区海岸', null, { loginId: `2802${String(i).padStart(4, '0')}` });
    }
    const d = await dup(target.id);
    expect(d.sn).toHaveLength(100);
    expect(d.counts.sn).toBe(105);
    expect(d.sn[0]!.login_id).toBe('28020000');
    // a blank birthday matches nothing
    expect(d.counts).toMatchObject({ bd: 0, nm_bd: 0, sn_bd: 0, nm_sn_bd: 0 });
  });

  it('answers 404 for an approved or missing student and 422 for a bad id', async () => {
    const approved = await mk('承認 済子', '港区芝', '1950-01-01');
    expect((await get(t.app, `${DUPLICATE}?user_id=${approved.id}`, admin)).statusCode).toBe(404);
    expect((await get(t.app, `${DUPLICATE}?user_id=99999999`, admin)).statusCode).toBe(404);
    expect((await get(t.app, `${DUPLICATE}?user_id=abc`, admin)).statusCode).toBe(422);
    expect((await get(t.app, DUPLICATE, admin)).statusCode).toBe(422);
  });
});
