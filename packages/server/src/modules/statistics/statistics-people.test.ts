/**
 * SPEC §6 keeps 氏名 and 学生番号 from authority 2 in every list. The statistics are counts: no read and no CSV
 * table lists a person, for either authority, so there is nothing of a person's for authority 2 to see — these
 * tests hold it so, read by read and table by table, with students whose name, kana and number would be found
 * in any answer that carried them, on the courses of authority 2's own university.
 */
import {
  STATISTICS_GROUPS,
  STATISTICS_TABLES,
  statisticsGroupsResponseSchema,
  statisticsSessionsResponseSchema,
  statisticsStudentsResponseSchema,
  statisticsSummaryResponseSchema,
  statisticsTrendsResponseSchema,
} from '@manabi/shared/schemas/statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Cast, createTestApp, get, makeCast, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';

const FY = 2035;
let t: TestApp;
let cast: Cast;
const PEOPLE = [
  { loginId: '35040001', name: '統計 一郎', nameKana: 'トウケイ イチロウ' },
  { loginId: '35040002', name: '数字 花子', nameKana: 'スウジ ハナコ' },
];

beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  const course = await makeCourse(t.db, { universityId: 'U01', capacity: 1, startDate: `${FY}-05-01` });
  for (const p of PEOPLE) {
    const s = await makeStudent(t.db, { ...p, generationId: '3504', streetName1: '港区芝' });
    await makeApplication(t.db, {
      courseId: course.id,
      studentId: s.id,
      lotteryStatus: '2',
      attendanceStatus: '3',
      attendance: ['1', ...Array(14).fill('0')],
    });
  }
});
afterAll(() => t.close());

const READS = [
  'summary',
  ...STATISTICS_GROUPS.map((g) => `groups&group=${g}`),
  'sessions',
  'students',
  'trends',
  ...STATISTICS_TABLES.map((table) => `csv&table=${table}`),
];
const urlOf = (read: string) => {
  const [path, ...rest] = read.split('&');
  return `/api/admin/statistics/${path}/?${[`fy=${FY}`, ...rest].join('&')}`;
};

/** The answer names none of the students: no 氏名, no カナ, no 学生番号 (in any width or spacing). */
function expectNobody(body: string, read: string) {
  const flat = body.replace(/[\s\u3000]/g, '');
  for (const p of PEOPLE) {
    for (const value of [p.name, p.nameKana, p.loginId]) {
      expect(flat, `${read}: ${value}`).not.toContain(value.replace(/[\s\u3000]/g, ''));
    }
  }
}

describe('no statistics read lists a person', () => {
  it.each(READS)('%s: authority 2 gets counts of its courses, and no 氏名 or 学生番号', async (read) => {
    const res = await get(t.app, urlOf(read), cast.univ);
    expect(res.statusCode, res.body).toBe(200);
    expectNobody(res.body, read);
  });

  it.each(READS)('%s: authority 1 the same counts, and no one named either', async (read) => {
    const res = await get(t.app, urlOf(read), cast.admin);
    expect(res.statusCode, res.body).toBe(200);
    expectNobody(res.body, read);
  });

  it('the students were counted, so the answers above could have named them', async () => {
    for (const who of [cast.univ, cast.admin]) {
      const students = (await get(t.app, urlOf('students'), who)).json();
      expect(students.students).toBe(2);
      const course = (await get(t.app, urlOf('groups&group=course'), who)).json().data_list[0];
      expect(course).toMatchObject({ applications: 2, completed: 2 });
    }
  });

  it('the contract says so: no response schema has a field of a person', () => {
    const PERSON_FIELDS =
      /^(login_id|student_id|user_id|name_kana|kana|birthday|phone|mail|address|postcode)/;
    const keysOf = (schema: z.ZodType): string[] => {
      if (schema instanceof z.ZodObject)
        return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([k, v]) => [
          k,
          ...keysOf(v),
        ]);
      if (schema instanceof z.ZodArray) return keysOf(schema.element as z.ZodType);
      if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional)
        return keysOf(schema.unwrap() as z.ZodType);
      return [];
    };
    for (const schema of [
      statisticsSummaryResponseSchema,
      statisticsGroupsResponseSchema,
      statisticsSessionsResponseSchema,
      statisticsStudentsResponseSchema,
      statisticsTrendsResponseSchema,
    ]) {
      const keys = keysOf(schema);
      expect(keys.length).toBeGreaterThan(2);
      expect(keys.filter((k) => PERSON_FIELDS.test(k))).toEqual([]);
    }
    // the one `name` is a group's: a course, an organiser or a category
    expect(statisticsGroupsResponseSchema.shape.data_list.element.shape.name.description).toMatch(
      /never a person/,
    );
  });
});
