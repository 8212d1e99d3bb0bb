/**
 * course_figures, student_years, student_year_figures and course_months (decisions 062–064) are kept by
 * triggers: after every kind of write the application rows see — a bulk insert, a cancel, applying again, a
 * draw, confirming, declining, a lapse, moving up, attendance, 受講済み, a row moved to another student (a
 * merge) or course, a delete, a course moved to another fiscal year or university, a truncate — and after an
 * edit of a student's birthday, gender, town or cohort, and with writes for one student at once, the kept
 * tables equal a recount from the rows. */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  courseApplications,
  courseFigures,
  courseMonths,
  studentYearFigures,
  studentYears,
} from '../../db/schema';
import { rowsOf } from '../../db/statements';
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
  const t = studentYearFigures;
  const people = await db().select().from(t).orderBy(t.fy, t.universityId, t.kind, t.value, t.shard);
  const months = await db().select().from(courseMonths).orderBy(courseMonths.month, courseMonths.courseId);
  return { figures, years, people, months };
}

/** A year's kept people figures under one key, summed over shards: 'kind:value' → n. */
async function peopleOf(fy: number, university: string) {
  const rows = (await tables()).people.filter((p) => p.fy === fy && p.universityId === university);
  const m: Record<string, number> = {};
  for (const r of rows) m[`${r.kind}:${r.value}`] = (m[`${r.kind}:${r.value}`] ?? 0) + r.n;
  return m;
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
    ['U01', '2029-06-01'],
  ] as const) {
    courseIds.push((await makeCourse(db(), { universityId, startDate, capacity: 3 })).id);
  }
  for (let i = 0; i < 6; i++) studentIds.push((await makeStudent(db(), { loginId: null })).id);
  await db().execute(sql`update students set birthday = '1950-02-10', gender = 1, street_name1 = '港区 芝',
    generation_id = '0001' where id = ${studentIds[0] as number}`);
});
afterAll(() => database.close());

describe('the kept statistics equal a recount after every kind of write', () => {
  const [a, b, c, d] = [0, 1, 2, 3];
  const course = (i: number) => courseIds[i] as number;
  const student = (i: number) => studentIds[i] as number;

  it('starts empty, and a bulk insert of applications to three courses counts each pair once', async () => {
    expect(await tables()).toEqual({ figures: [], years: [], people: [], months: [] });
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
      new Set(['2030/U01', '2030/U02', '2030/*']),
    );
    // the whole programme counts each student once, however many universities they went to
    expect(kept.years.filter((y) => y.universityId === '*').map((y) => y.n)).toEqual([3, 3, 3, 3]);
    const year = await peopleOf(2030, '*');
    expect(year).toMatchObject({
      'new:': 4,
      'age:81': 1,
      'gender:1': 1,
      'town:港区芝': 1,
      'generation:0001': 1,
    });
    expect(
      Object.entries(year)
        .filter(([k]) => k.startsWith('gender:'))
        .reduce((n, [, v]) => n + v, 0),
    ).toBe(4);
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
    expect(kept.years.filter((y) => y.fy === 2031).every((y) => ['U01', '*'].includes(y.universityId))).toBe(
      true,
    );
    await afterWrite(sql`update courses set name = '名前だけ変わる' where id = ${course(a)}`);
  });

  it("a course's dated sessions decide its year: entered, moved and removed, its students follow", async () => {
    const startOf = async () =>
      (
        await rowsOf<{ start_date: string }>(
          db(),
          sql`select start_date from courses where id = ${course(c)}`,
        )
      )[0];
    // classes from 20 March 2031: fiscal year 2030, whatever start date the course had
    await afterWrite(sql`insert into course_sessions (course_id, no, day, starts_at, ends_at)
      values (${course(c)}, 1, '2031-03-20', '10:00', '12:00'), (${course(c)}, 2, '2031-03-27', '10:00', '12:00')`);
    expect(await startOf()).toEqual({ start_date: '2031-03-20' });
    const kept = await afterWrite(
      sql`update course_sessions set day = '2031-04-03' where course_id = ${course(c)} and no = 1`,
    );
    expect(await startOf()).toEqual({ start_date: '2031-03-27' });
    expect(kept.years.some((y) => y.fy === 2030 && y.universityId === 'U01')).toBe(true);
    await afterWrite(sql`delete from course_sessions where course_id = ${course(c)} and no = 2`);
    expect(await startOf()).toEqual({ start_date: '2031-04-03' });
    // with none left the course keeps the day it had
    await afterWrite(sql`delete from course_sessions where course_id = ${course(c)}`);
    expect(await startOf()).toEqual({ start_date: '2031-04-03' });
  });

  it("a student's birthday, gender, town or cohort edited moves them in every year; other edits write none", async () => {
    await afterWrite(sql`update students set birthday = '1960-05-01', street_name1 = '新宿区 西新宿'
      where id = ${student(0)}`);
    expect(await peopleOf(2030, 'U01')).toMatchObject({ 'age:70': 1, 'town:新宿区西新宿': 1 });
    expect((await peopleOf(2030, 'U01'))['town:港区芝']).toBeUndefined();
    await afterWrite(sql`update students set gender = 2, generation_id = null where id = ${student(0)}`);
    const before = await tables();
    await afterWrite(sql`update students set name = '名前だけ変わる' where id = ${student(0)}`);
    expect(await tables()).toEqual(before);
  });

  it("an application to an earlier year makes the later year's newcomer a returning student, and back", async () => {
    const newcomers = (await peopleOf(2030, '*'))['new:'] ?? 0;
    await afterWrite(
      sql`insert into course_applications (course_id, student_id) values (${course(d)}, ${student(0)})`,
    );
    expect((await peopleOf(2030, '*'))['new:']).toBe(newcomers - 1);
    expect((await peopleOf(2029, '*'))['new:']).toBe(1);
    await afterWrite(sql`update course_applications set cancelled_at = now()
      where course_id = ${course(d)} and student_id = ${student(0)}`);
    expect((await peopleOf(2030, '*'))['new:']).toBe(newcomers);
    expect(await peopleOf(2029, '*')).toEqual({});
  });

  it("one student's applications and edits at once, from parallel transactions, are each counted once", async () => {
    const s = student(5);
    await afterWrite(
      sql`insert into course_applications (course_id, student_id) values (${course(a)}, ${s})`,
    );
    const writes = [
      sql`insert into course_applications (course_id, student_id) values (${course(d)}, ${s})`,
      sql`insert into course_applications (course_id, student_id) values (${course(c)}, ${s})`,
      sql`update course_applications set cancelled_at = now() where course_id = ${course(a)} and student_id = ${s}
        and cancelled_at is null`,
      sql`update students set birthday = '1955-01-01', street_name1 = '港区 高輪' where id = ${s}`,
      sql`update students set gender = 2 where id = ${s}`,
    ];
    await Promise.all(
      writes.map((w) =>
        db().transaction(async (tx) => {
          await tx.execute(w);
          // each holds what it wrote for a moment, so that the others meet it
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    const kept = await tables();
    await db().execute(sql`select manabi_statistics_recount()`);
    expect(kept).toEqual(await tables());
  });

  it("applications made and cancelled count in their Tokyo month, at the month's edge too", async () => {
    const s = student(2);
    // 1 May 00:30 in Tokyo is still 30 April in UTC
    await afterWrite(sql`insert into course_applications (course_id, student_id, created_at)
      values (${course(d)}, ${s}, '2030-04-30T15:30:00Z')`);
    const month = async (m: string) =>
      (await tables()).months.find((r) => r.month === m && r.courseId === course(d));
    expect(await month('2030-05')).toMatchObject({ made: 1, cancelled: 0 });
    // cancelled at 23:59 on 31 May in Tokyo
    await afterWrite(sql`update course_applications set cancelled_at = '2030-05-31T14:59:00Z'
      where course_id = ${course(d)} and student_id = ${s}`);
    expect(await month('2030-05')).toMatchObject({ made: 1, cancelled: 1 });
    await afterWrite(sql`update course_applications set cancelled_at = '2030-06-01T00:00:00Z'
      where course_id = ${course(d)} and student_id = ${s}`);
    expect(await month('2030-05')).toMatchObject({ made: 1, cancelled: 0 });
    expect(await month('2030-06')).toMatchObject({ made: 0, cancelled: 1 });
    await afterWrite(
      sql`delete from course_applications where course_id = ${course(d)} and student_id = ${s}`,
    );
    expect(await month('2030-05')).toBeUndefined();
  });

  it('a truncate empties them all', async () => {
    // the personal results name their applications (notices.application_id): truncated with them
    await afterWrite(sql`truncate course_applications cascade`);
    expect(await tables()).toEqual({ figures: [], years: [], people: [], months: [] });
  });
});
