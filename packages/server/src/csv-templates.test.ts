/**
 * The 「ひな形」 each CSV upload offers (shared csvTemplate over the columns the server parses with) is a
 * file that upload reads: BOM and header accepted, refused only for having no rows.
 */
import { CSV_BOM, csvTemplate } from '@manabi/shared/domain/csv';
import {
  APPLICANT_CSV_COLUMNS,
  APPLICANT_CSV_OPTIONAL,
  COURSE_CSV_COLUMNS,
  COURSE_CSV_OPTIONAL,
} from '@manabi/shared/schemas/course-upload';
import { STUDENT_CSV_COLUMNS, STUDENT_CSV_OPTIONAL } from '@manabi/shared/schemas/student-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_UPLOAD_MSG } from './platform/csv-upload';
import { createTestApp, makeCast, post, type TestApp } from './test/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await makeCast(t));
});
afterAll(() => t.close());

const dataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;

const UPLOADS = [
  {
    name: 'students',
    columns: STUDENT_CSV_COLUMNS,
    optional: STUDENT_CSV_OPTIONAL as readonly string[],
    send: (file: string) => ({
      url: '/api/admin/student/upload/',
      body: { student: file, student_type: '1' },
    }),
  },
  {
    name: 'course applications',
    columns: APPLICANT_CSV_COLUMNS,
    optional: APPLICANT_CSV_OPTIONAL as readonly string[],
    send: (file: string) => ({
      url: '/api/admin/course/courseapplicantupload',
      body: { course_applicant: file },
    }),
  },
  {
    name: 'courses',
    columns: COURSE_CSV_COLUMNS,
    optional: COURSE_CSV_OPTIONAL as readonly string[],
    send: (file: string) => ({ url: '/api/admin/course/courseupload', body: { course: file } }),
  },
] as const;

describe.each(UPLOADS)('the $name template', ({ columns, optional, send }) => {
  it('is BOM and the header row of the columns the upload parses, nothing else', () => {
    expect(csvTemplate(columns)).toBe(`${CSV_BOM}${Object.keys(columns).join(',')}\r\n`);
  });

  it('is read by the upload: the header passes, and the file is refused only for having no rows', async () => {
    const { url, body } = send(dataUrl(csvTemplate(columns)));
    const res = await post(t.app, url, body, admin);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().msg).toBe(CSV_UPLOAD_MSG.noRows);
    // and a header the upload needs, left out, is refused for it: the check above would see that
    const needed = Object.keys(columns).find((h) => !optional.includes(h)) as string;
    const short = send(
      dataUrl(
        `${Object.keys(columns)
          .filter((h) => h !== needed)
          .join(',')}\r\n`,
      ),
    );
    const refused = await post(t.app, short.url, short.body, admin);
    expect(refused.json().msg).toContain(`「${needed}」`);
  });
});
