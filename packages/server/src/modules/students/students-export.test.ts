/**
 * GET /api/admin/student/list/csv/ (decision 021): the server streams the student list's CSV. The file must
 * be, byte for byte, what the screen built in the browser before from the list's pages (the builder below
 * is that code, kept here as the reference), for any search and sort, and only authority 1 may have it.
 */
import type { StudentList, StudentRow } from '@manabi/shared/api';
import { CSV_BOM, type CsvCell, toCsv } from '@manabi/shared/domain/csv';
import { formatDateJa } from '@manabi/shared/domain/dates';
import { studentNameKey } from '@manabi/shared/domain/student';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeStudent } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, univ, student } = await makeCast(t));
  // cells a spreadsheet would run as formulas, quoting, line breaks, empty and NULL columns, Japanese
  const people: [string | null, string, string, string, string | null, string, string | null][] = [
    // login id, name, kana, town, birthday, approval, filing date
    ['32010001', '=HYPERLINK("x")', '+81 カナ', '-1丁目', '1950-03-01', '1', '2024-04-01'],
    ['32010002', '@SUM(A1)', '\tタブ', '\r改行', '1955-01-01', '1', '2024-04-02'],
    ['32010003', '引用 "符"', 'カンマ,あり', '港区\n芝', null, '1', null],
    [null, '未承認 花子', 'ミショウニン ハナコ', '港区芝公園', '1960-06-06', '0', '2024-05-01'],
    [null, '却下 次郎', 'キャッカ ジロウ', '', null, '2', '2024-05-02'],
    ['32020001', '山田 太郎', 'ヤマダ タロウ', '港区赤坂', '1944-12-31', '1', '2023-04-01'],
  ];
  for (const [loginId, name, nameKana, streetName1, birthday, approvalStatus, filingDate] of people) {
    await makeStudent(t.db, {
      loginId,
      generationId: loginId?.slice(0, 4) ?? null,
      name,
      nameKana,
      nameKey: studentNameKey(name),
      streetName1,
      birthday,
      approvalStatus,
      filingDate,
      studentType: name === '山田 太郎' ? '2' : '1',
    });
  }
  // enough rows for several pages of the old builder (100 a page)
  await t.db.insert(students).values(
    Array.from({ length: 130 }, (_, i) => ({
      loginId: `3303${String(i).padStart(4, '0')}`,
      generationId: '3303',
      name: `学生 ${i % 7}`,
      nameKana: `ガクセイ ${i % 5}`,
      streetName1: `町${i % 3}`,
      birthday: i % 4 === 0 ? null : `19${40 + (i % 20)}-01-0${1 + (i % 9)}`,
      filingDate: i % 6 === 0 ? null : '2024-04-01',
      approvalStatus: '1',
    })),
  );
});
afterAll(() => t.close());

const CSV = '/api/admin/student/list/csv/';

// ---- the browser's builder before decision 021 (admin/students/student-list-page.tsx, api/student-list.ts) ----
const CSV_HEADER = [
  '学生番号',
  '期生ID',
  '氏名',
  '氏名カナ',
  '町名',
  '生年月日',
  '承認状況',
  '学生種別',
  '申込日',
];
const csvRow = (s: StudentRow): CsvCell[] => [
  s.login_id ?? '',
  s.generation_id ?? '',
  s.name,
  s.name_kana,
  s.street_name1,
  formatDateJa(s.birthday),
  s.approval_status_text,
  s.student_type_text,
  formatDateJa(s.filing_date),
];
async function browserCsv(query: string): Promise<string> {
  const rows: StudentRow[] = [];
  for (let page = 1; ; page++) {
    const res = await get(t.app, `/api/admin/student/list/?${query}&page=${page}&size=100`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as StudentList;
    rows.push(...answer.data_list);
    if (answer.page < page || rows.length >= answer.total || answer.data_list.length < 100) break;
  }
  return CSV_BOM + toCsv([CSV_HEADER, ...rows.map(csvRow)]);
}

const download = async (query: string, cookie = admin) => get(t.app, `${CSV}?${query}`, cookie);

describe('GET /api/admin/student/list/csv/', () => {
  it('is a UTF-8 file with BOM, named student_yyyymmddhhmmss.csv, not cached', async () => {
    const res = await download('');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="student_\d{14}\.csv"; filename\*=UTF-8''student_\d{14}\.csv$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(CSV_HEADER.join(','));
  });

  it('equals the browser-built file byte for byte: every search and sort, formulas escaped, quoting, CRLF', async () => {
    const queries = [
      '',
      'sort=login_id',
      'sort=login_id&dir=desc',
      'sort=name',
      'sort=name&dir=desc',
      'sort=birthday',
      'sort=birthday&dir=desc',
      'sort=filing_date&dir=desc',
      'sort=generation_id',
      'sort=street_name1&dir=desc',
      'sort=approval_status',
      'sort=student_type&dir=desc',
      'login_id=3201',
      'generation_id=3303&sort=login_id&dir=desc',
      'name=%E5%BC%95%E7%94%A8',
      'approval_status=0',
      'student_type=2',
      'name_kana=%E3%82%AB%E3%83%8A',
      'street_name1=%E6%B8%AF%E5%8C%BA',
    ];
    for (const query of queries) {
      const res = await download(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.rawPayload.toString('utf8'), query).toBe(await browserCsv(query));
    }
  });

  it('escapes what a spreadsheet would run: = + - @ tab and CR at the start get a leading quote', async () => {
    const text = (await download('login_id=3201&sort=login_id')).rawPayload.toString('utf8');
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toBe(
      `32010001,3201,"'=HYPERLINK(""x"")",'+81 カナ,'-1丁目,1950年3月1日,承認済み,正規生,2024年4月1日`,
    );
    expect(text).toContain(`32010002,3201,'@SUM(A1),'\tタブ,"'\r改行"`);
    expect(text).toContain(`32010003,3201,"引用 ""符""","カンマ,あり","港区\n芝",,承認済み,正規生,\r\n`);
  });

  it('honours the search: only the matching students, none when nothing matches', async () => {
    const pending = (await download('approval_status=0')).rawPayload.toString('utf8');
    expect(pending.slice(1).split('\r\n').filter(Boolean)).toEqual([
      CSV_HEADER.join(','),
      ',,未承認 花子,ミショウニン ハナコ,港区芝公園,1960年6月6日,承認待ち,正規生,2024年5月1日',
    ]);
    const none = (await download('name=%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84')).rawPayload;
    expect(none.toString('utf8')).toBe(`${CSV_BOM}${CSV_HEADER.join(',')}\r\n`);
  });

  it('refuses a bad condition with the list’s message (422), before any file', async () => {
    const res = await download('sort=password_hash');
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().err_list[0].name).toBe('sort');
  });

  it('authority 2 and students may not download it (403), nobody without a session (401)', async () => {
    for (const [cookie, status] of [
      [univ, 403],
      [student, 403],
      [undefined, 401],
    ] as const) {
      const res = await get(t.app, CSV, cookie);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body).not.toContain('32010001');
    }
  });
});
