/**
 * The personal results of a draw follow its commit in a transaction of their own (decision 050). A crash
 * between the two leaves the run untold; the deadline job tells it, once, with the draw's own outcomes.
 */
import { intakeMessage } from '@manabi/shared/domain/intake';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApplications, lotteryRuns, mailOutbox, notices } from '../../db/schema';
import { runDeadlineJob } from '../../jobs/intake-deadlines';
import { cancelApplication, lockCourse } from '../../repositories/course-applications';
import { createTestApp, type TestApp } from '../../test/app';
import { makeApplication, makeCourse, makeStudent } from '../../test/factories';
import { drawCourse } from './draw';
import { tellRun } from './results';
import { settleCourse } from './settle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const office = { kind: 'admin' as const, id: 1, name: '事務局' };

/** A drawn course of three (one winner, two 補欠) whose results were never told: the crash came first. */
async function drawnUntold() {
  const course = await makeCourse(t.db, {
    isLottery: true,
    capacity: 1,
    periodTo: new Date(Date.now() - 86_400_000),
  });
  const studentIds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await makeStudent(t.db, { mail1: `told${course.id}-${i}@example.jp`, isEmail: true });
    await makeApplication(t.db, { courseId: course.id, studentId: s.id });
    studentIds.push(s.id);
  }
  const drawn = await t.db.transaction(async (tx) => {
    const locked = await lockCourse(tx, course.id);
    return drawCourse(tx, t.config, office, locked ?? course, {
      winNum: 1,
      waitlist: true,
      confirmDays: 3,
      tiers: [],
    });
  });
  if (!drawn) throw new Error('nobody drawn');
  return { course, drawn, studentIds };
}

const resultsOf = (courseId: number) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.courseId, courseId), eq(notices.publishedTo, 4)))
    .orderBy(asc(notices.id));
const mailsTo = (addresses: string[]) =>
  t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));
const runOf = async (id: number) => (await t.db.select().from(lotteryRuns).where(eq(lotteryRuns.id, id)))[0];

describe('the results of a draw, told after its commit', () => {
  it('a draw commits its statuses and record untold; the deadline job tells every applicant once', async () => {
    const { course, drawn, studentIds } = await drawnUntold();
    const apps = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.courseId, course.id));
    expect(apps.map((a) => a.lotteryStatus).sort()).toEqual(['2', '5', '5']);
    expect((await runOf(drawn.runId))?.toldAt).toBeNull();
    expect(await resultsOf(course.id)).toHaveLength(0);

    await runDeadlineJob(t.db, t.config);
    const told = await resultsOf(course.id);
    expect(told.map((n) => n.studentId).sort()).toEqual([...studentIds].sort());
    expect(told.map((n) => n.sourceKey).sort()).toEqual(
      drawn.entries.map((e) => `lottery:${drawn.runId}:${e.application_id}`).sort(),
    );
    const addresses = studentIds.map((_, i) => `told${course.id}-${i}@example.jp`);
    expect(await mailsTo(addresses)).toHaveLength(3);
    expect((await runOf(drawn.runId))?.toldAt).not.toBeNull();

    // again, by the job or by hand: nobody is told twice
    await runDeadlineJob(t.db, t.config);
    expect(await t.db.transaction((tx) => tellRun(tx, t.config, drawn.runId))).toBe(false);
    expect(await resultsOf(course.id)).toHaveLength(3);
    expect(await mailsTo(addresses)).toHaveLength(3);
  });

  it("tells the draw's own outcome and 補欠順位, whatever happened to the application since", async () => {
    const { course, drawn } = await drawnUntold();
    const [first, second] = drawn.entries.filter((e) => e.outcome === '5');
    if (!first || !second) throw new Error('two 補欠 expected');
    // 補欠1 cancels before the results go out: 補欠2 moves up to place 1
    await t.db.transaction(async (tx) => {
      const locked = await lockCourse(tx, course.id);
      const [row] = await tx
        .select()
        .from(courseApplications)
        .where(eq(courseApplications.id, first.application_id));
      if (row) await cancelApplication(tx, row);
      await settleCourse(tx, t.config, office, locked ?? course);
    });
    const [moved] = await t.db
      .select()
      .from(courseApplications)
      .where(eq(courseApplications.id, second.application_id));
    expect(moved?.waitlistRank).toBe(1);

    expect(await t.db.transaction((tx) => tellRun(tx, t.config, drawn.runId))).toBe(true);
    const told = await resultsOf(course.id);
    const secondsNotice = told.find((n) => n.sourceKey === `lottery:${drawn.runId}:${second.application_id}`);
    expect(secondsNotice?.title).toBe(
      intakeMessage({
        kind: 'waitlisted',
        courseName: course.name,
        confirmBy: null,
        waitlistRank: 2,
        firstClass: null,
      }).title,
    );
  });
});
