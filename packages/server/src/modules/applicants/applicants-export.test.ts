/**
 * GET /api/admin/courseapplicantlist/csv/ (decision 021): the server streams the applicant tab's CSV. It
 * must be, byte for byte, what the tab built in the browser before from the list call (the builder below
 * is that code, kept here as the reference): every column for authority 1, 氏名カナ alone for authority 2,
 * which may have it only for its own university's courses.
 */
import type { CourseApplicantRow, CourseApplicantRowLimited } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { CSV_BOM, type CsvCell, toCsv } from '@manabi/shared/domain/csv';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeUniversity } from '../../test/factories';

let t: TestApp;
let admin: string;
let univ: string;
let student: string;
let ownCourse: number;
let otherCourse: number;
beforeAll(async () => {
  t = await createTestApp();
  await makeUniversity(t.db, { id: 'U02' });
  ({ admin, univ, student } = await makeCast(t));
  ownCourse = (await makeCourse(t.db, { universityId: 'U01' })).id;
  otherCourse = (await makeCourse(t.db, { universityId: 'U02' })).id;
  const people: [string | null, string, string][] = [
    ['35010003', '=HYPERLINK("x")', '+81 カナ'],
    ['35010001', '@SUM(A1)', '-ハイフン'],
    ['35010002', '引用 "符"', 'カンマ,あり'],
    [null, '未承認 花子', '\tタブ'],
    ['35010004', '改行\r\nあり', '\rシーアール'],
  ];
  const made = await t.db
    .insert(students)
    .values(
      people.map(([loginId, name, nameKana]) => ({
        loginId,
        generationId: loginId?.slice(0, 4) ?? null,
        name,
        nameKana,
        approvalStatus: loginId ? '1' : '0',
      })),
    )
    .returning({ id: students.id });
  const ids = made.map((s) => s.id);
  const at = new Date('2026-11-20T04:05:06Z');
  const apply = (i: number, over: Omit<Parameters<typeof makeApplication>[1], 'studentId'>) =>
    makeApplication(t.db, { ...over, studentId: ids[i] as number });
  await apply(0, { courseId: ownCourse, lotteryStatus: '2', attendanceStatus: '2', attendanceUpdatedAt: at });
  await apply(1, { courseId: ownCourse, lotteryStatus: '1', howApply: '2', acquisitionUnit: 12 });
  // the same student twice: a cancelled application and a live one (ties on 学生番号, by application)
  await apply(2, { courseId: ownCourse, lotteryStatus: '4', cancelledAt: at });
  await apply(2, {
    courseId: ownCourse,
    lotteryStatus: '2',
    attendance: ['1', '2', '0', '1', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '2'],
  });
  await apply(3, { courseId: ownCourse, lotteryStatus: '3', attendanceStatus: '3' });
  await apply(4, { courseId: ownCourse, lotteryStatus: '5', waitlistRank: 1 });
  await apply(0, { courseId: otherCourse });
});
afterAll(() => t.close());

const CSV = '/api/admin/courseapplicantlist/csv/';
const LIST = '/api/admin/courseapplicantlist/';

// ---- the tab's builder before decision 021 (admin/courses/applicant-columns.tsx applicantCsv) ----
const SESSIONS = Array.from({ length: 15 }, (_, i) => i + 1);
const FULL_CSV_HEADER = [
  '学生番号',
  '氏名',
  '氏名カナ',
  '抽選状況',
  '申込方法',
  '受講状況',
  '受講状況更新日',
  '取得単位',
  ...SESSIONS.map((i) => `第${i}回`),
];
const fullCsvRow = (row: CourseApplicantRow): CsvCell[] => [
  row.login_id,
  row.name,
  row.name_kana,
  codeText('CD003', row.lottery_status),
  codeText('CD005', row.how_apply),
  codeText('CD004', row.attendance_status),
  row.attendance_updated_date ? formatDateTimeJa(row.attendance_updated_date) : '',
  row.acquisition_unit,
  ...SESSIONS.map((i) => codeText('CD006', row[`attendance${i}` as keyof CourseApplicantRow] as string)),
];
async function browserCsv(query: string, cookie: string): Promise<string> {
  const res = await get(t.app, `${LIST}?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data_list as (CourseApplicantRow | CourseApplicantRowLimited)[];
  const isFull = cookie === admin;
  return (
    CSV_BOM +
    toCsv([
      isFull ? FULL_CSV_HEADER : ['氏名カナ'],
      ...(isFull
        ? (rows as CourseApplicantRow[]).map(fullCsvRow)
        : rows.map((r) => [(r as CourseApplicantRowLimited).name_kana])),
    ])
  );
}

const download = (query: string, cookie?: string) => get(t.app, `${CSV}?${query}`, cookie);

describe('GET /api/admin/courseapplicantlist/csv/', () => {
  it('is a UTF-8 file with BOM, named applicant_yyyymmddhhmmss.csv, not cached', async () => {
    const res = await download(`id=${ownCourse}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="applicant_\d{14}\.csv"; filename\*=UTF-8''applicant_\d{14}\.csv$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('equals the browser-built file byte for byte for authority 1, with every filter', async () => {
    for (const query of [
      `id=${ownCourse}`,
      `id=${ownCourse}&attendance_status=1`,
      `id=${ownCourse}&lottery_status_2=1`,
      `id=${ownCourse}&lottery_status_2=1&lottery_status_4=1`,
      `id=${ownCourse}&login_id=3501000`,
      `id=${ownCourse}&name=${encodeURIComponent('引用')}`,
      `id=${ownCourse}&name_kana=${encodeURIComponent('カナ')}`,
      `id=${otherCourse}`,
    ]) {
      const res = await download(query, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.toString('utf8'), query).toBe(await browserCsv(query, admin));
    }
  });

  it('writes code texts, the Tokyo time of the attendance update, units as numbers and formulas escaped', async () => {
    const lines = (await download(`id=${ownCourse}`, admin)).rawPayload
      .toString('utf8')
      .slice(1)
      .split('\r\n');
    expect(lines[1]).toBe(
      `35010001,'@SUM(A1),'-ハイフン,抽選待ち,電話,未受講,,12,${Array(15).fill('－（未実施）').join(',')}`,
    );
    expect(lines[4]).toMatch(
      /^35010003,"'=HYPERLINK\(""x""\)",'\+81 カナ,当選,マイページ,受講中,2026年11月20日 13:05,0,/,
    );
  });

  it('authority 2 gets 氏名カナ alone, filtered by 氏名カナ only, as its screen', async () => {
    for (const query of [
      `id=${ownCourse}`,
      `id=${ownCourse}&name_kana=${encodeURIComponent('カナ')}`,
      // conditions on hidden fields are ignored, as by the list
      `id=${ownCourse}&login_id=35010001&lottery_status_2=1&attendance_status=2`,
    ]) {
      const res = await download(query, univ);
      expect(res.statusCode, res.body).toBe(200);
      const text = res.rawPayload.toString('utf8');
      expect(text, query).toBe(await browserCsv(query, univ));
      expect(text.slice(1).split('\r\n')[0]).toBe('氏名カナ');
      expect(text).not.toContain('3501');
    }
  });

  it('may NOT be called by authority 2 for another university (403), a student (403) or nobody (401)', async () => {
    for (const [cookie, status] of [
      [univ, 403],
      [student, 403],
      [undefined, 401],
    ] as const) {
      const res = await download(`id=${otherCourse}`, cookie);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body).not.toContain('カナ');
    }
  });

  it('a missing course is 404 and a bad id 422, before any file', async () => {
    const missing = await download('id=999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-disposition']).toBeUndefined();
    const bad = await download('id=abc', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().err_list[0].name).toBe('id');
  });
});
