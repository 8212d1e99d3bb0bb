/**
 * course_figures and student_years (decision 062) are kept by triggers: after every kind of write the
 * application rows see — a bulk insert, a cancel, applying again, a draw, confirming, declining, a lapse,
 * moving up, attendance, 受講済み, a row moved to another student (a merge) or course, a delete, a course
 * moved to another fiscal year or university, a truncate — the kept tables equal a recount from the rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { courseApplications, courseFigures, studentYears } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { makeCourse, makeStudent, makeUniversity } from '../../test/factories';

let database: Database;
const db = () => database.db;
const courseIds: number[] = [];
const studentIds: number[] = [];

async function tables() {
  const figures = (await db().select().from(courseFigures).orderBy(courseFigures.courseId)).filter(
    // a course whose rows all went keeps a row of zeros, as a recount (which has no row for it) means
    ({ courseId, ...counts }) => Object.values(counts).some((n) => n !== 0),
  );
  const years = await db()
    .select()
    .from(studentYears)
    .orderBy(studentYears.fy, studentYears.universityId, studentYears.studentId);
  return { figures, years };
}

/** Runs the write, then: the kept tables are what a recount makes of the rows. */
async function afterWrite(write: SQL) {
  await db().execute(write);
  const kept = await tables();
  await db().execute(sql`select manabi_statistics_recount()`);
  expect(kept).toEqual(await tables());
  return kept;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await makeUniversity(db(), { id: 'U02' });
  for (const [universityId, startDate] of [
    ['U01', '2030-05-10'],
    ['U01', '2031-03-20'],
    ['U02', '2030-10-01'],
  ] as const) {
    courseIds.push((await makeCourse(db(), { universityId, startDate, capacity: 3 })).id);
  }
  for (let i = 0; i < 5; i++) studentIds.push((await makeStudent(db(), { loginId: null })).id);
});
afterAll(() => database.close());

describe('the kept statistics equal a recount after every kind of write', () => {
  const [a, b, c] = [0, 1, 2];
  const course = (i: number) => courseIds[i] as number;
  const student = (i: number) => studentIds[i] as number;

  it('starts empty, and a bulk insert of applications to three courses counts each pair once', async () => {
    expect(await tables()).toEqual({ figures: [], years: [] });
    const rows = [0, 1, 2, 3].flatMap((s) =>
      [a, b, c].map((k) => ({ courseId: course(k), studentId: student(s) })),
    );
    await db().insert(courseApplications).values(rows);
    const kept = await tables();
    await db().execute(sql`select manabi_statistics_recount()`);
    expect(kept).toEqual(await tables());
    expect(kept.figures.map((f) => f.applications)).toEqual([4, 4, 4]);
    // course b is in fiscal year 2030 too (20 March 2031); c is another university's
    expect(new Set(kept.years.map((y) => `${y.fy}/${y.universityId}`))).toEqual(
      new Set(['2030/U01', '2030/U02']),
    );
  });

  it('a cancel keeps the pair; applying again after it does not count the person twice', async () => {
    await afterWrite(
      sql`update course_applications set cancelled_at = now() where course_id = ${course(a)} and student_id = ${student(0)}`,
    );
    const kept = await afterWrite(
      sql`insert into course_applications (course_id, student_id) values (${course(a)}, ${student(0)})`,
    );
    const ours = kept.figures.find((f) => f.courseId === course(a));
    expect(ours).toMatchObject({ applications: 4, live: 4 });
  });

  it('a draw, confirming, declining, a lapse and moving up', async () => {
    await afterWrite(sql`update course_applications set lottery_status = case when student_id in
      (${student(0)}, ${student(1)}, ${student(2)}) then '2' else '5' end,
      confirm_by = now() + interval '3 days' where course_id = ${course(a)} and cancelled_at is null`);
    await afterWrite(sql`update course_applications set confirmed_at = now()
      where course_id = ${course(a)} and student_id = ${student(0)} and cancelled_at is null`);
    await afterWrite(sql`update course_applications set lottery_status = '6', decline_reason = 'declined'
      where course_id = ${course(a)} and student_id = ${student(1)}`);
    await afterWrite(sql`update course_applications set lottery_status = '6', decline_reason = 'lapsed'
      where course_id = ${course(a)} and student_id = ${student(2)}`);
    const kept =
      await afterWrite(sql`update course_applications set lottery_status = '2', promoted_at = now(),
      confirm_by = null where course_id = ${course(a)} and student_id = ${student(3)}`);
    expect(kept.figures.find((f) => f.courseId === course(a))).toMatchObject({
      winners: 4,
      confirmed: 2,
      declined: 1,
      lapsed: 1,
      promoted: 1,
    });
  });

  it('attendance, 受講済み and its units; a change that touches no figure writes none', async () => {
    await afterWrite(sql`update course_applications set attendance = array['1','2','3','0','0','0','0','0','0','0','0','0','0','0','0']::varchar(1)[]
      where course_id = ${course(a)} and student_id = ${student(0)} and cancelled_at is null`);
    await afterWrite(sql`update course_applications set attendance_status = '3', acquisition_unit = 2
      where course_id = ${course(a)} and student_id = ${student(0)} and cancelled_at is null`);
    const before = await tables();
    await afterWrite(sql`update course_applications set remarks = 'メモ' where course_id = ${course(a)}`);
    expect(await tables()).toEqual(before);
  });

  it('rows moved to another student (a merge) or course, and deletes', async () => {
    // student 3's applications become student 4's: pairs move, the years' people too
    await afterWrite(
      sql`update course_applications set student_id = ${student(4)} where student_id = ${student(3)}`,
    );
    // one row moved, cancelled, to a course its student already applied to (no new pair there), and one to a
    // student who had none on that course (a new pair)
    await afterWrite(sql`update course_applications set course_id = ${course(b)}, cancelled_at = now()
      where course_id = ${course(c)} and student_id = ${student(1)}`);
    await afterWrite(sql`update course_applications set student_id = ${student(1)}
      where course_id = ${course(c)} and student_id = ${student(2)}`);
    await afterWrite(sql`delete from course_applications where course_id = ${course(a)} and student_id = ${student(0)}
      and cancelled_at is not null`);
    const kept = await afterWrite(sql`delete from course_applications where course_id = ${course(b)}`);
    expect(kept.figures.some((f) => f.courseId === course(b))).toBe(false);
  });

  it('a course moved to another fiscal year or university takes its students with it', async () => {
    await afterWrite(sql`update courses set start_date = '2031-04-01' where id = ${course(c)}`);
    const kept = await afterWrite(sql`update courses set university_id = 'U01' where id = ${course(c)}`);
    expect(kept.years.filter((y) => y.fy === 2031).every((y) => y.universityId === 'U01')).toBe(true);
    await afterWrite(sql`update courses set name = '名前だけ変わる' where id = ${course(a)}`);
  });

  it('a truncate empties both', async () => {
    await afterWrite(sql`truncate course_applications`);
    expect(await tables()).toEqual({ figures: [], years: [] });
  });
});
