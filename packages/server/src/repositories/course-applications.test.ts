import { LOTTERY } from '@manabi/shared/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, students } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { makeCourse, makeStudent } from '../test/factories';
import { seatHolders } from './course-applications';

let t: TestApp;
let big: number;
let small: number[];
beforeAll(async () => {
  t = await createTestApp();
  const student = await makeStudent(t.db, { loginId: '26110001' });
  const other = await makeStudent(t.db, { loginId: '26110002' });
  big = (await makeCourse(t.db)).id;
  small = [];
  for (let i = 0; i < 8; i++) small.push((await makeCourse(t.db)).id);
  // one course with 20,000 live applications, the others with one or two: the statistics tell the small courses
  // apart from the big one, as on a city's roll, and a small course's own plan looks cheaper than one made for
  // every course
  const now = new Date();
  await t.db.execute(sql`with made as (
      insert into ${students} (name, approval_status) select 'まなび 太郎', '0' from generate_series(1, 20000)
      returning id)
    insert into ${courseApplications} (course_id, student_id) select ${big}, id from made`);
  await t.db
    .insert(courseApplications)
    .values([
      ...small.map((courseId) => ({ courseId, studentId: student.id })),
      { courseId: small[0]!, studentId: other.id, lotteryStatus: LOTTERY.WAITLISTED },
      { courseId: small[1]!, studentId: other.id, lotteryStatus: LOTTERY.DECLINED },
      { courseId: small[2]!, studentId: other.id, cancelledAt: now },
    ]);
  await t.db.execute(sql`analyze ${courseApplications}`);
});
afterAll(async () => {
  await t.close();
});

describe('seatHolders', () => {
  it('counts the live applications holding or waiting for a seat of their own: not 補欠, 辞退 or cancelled', async () => {
    expect(await seatHolders(t.db, big)).toBe(20_000);
    expect(await Promise.all(small.slice(0, 4).map((id) => seatHolders(t.db, id)))).toEqual([1, 1, 1, 1]);
  });

  // skipped on the embedded database: its worker names statements itself (decision 031) and plans every call
  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps one plan for every course on a connection (PostgreSQL: planned five times, not on every call)',
    async () => {
      const plans = await t.db.transaction(async (tx) => {
        for (const id of [...small, ...small]) await seatHolders(tx, id);
        const result = await tx.execute(
          sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'seat_holders'`,
        );
        return (result as unknown as { rows: { generic_plans: string; custom_plans: string }[] }).rows;
      });
      expect(plans).toHaveLength(1);
      expect(Number(plans[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(11);
    },
  );
});
