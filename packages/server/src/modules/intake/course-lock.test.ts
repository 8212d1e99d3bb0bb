/**
 * The course lock (FOR NO KEY UPDATE, decision 050) keeps the course's writers in turn but does not stand in
 * the way of a row that only refers to the course: the personal results written after a draw check their
 * foreign key while another writer holds the lock, and that writer takes it while they are being written.
 * Needs a PostgreSQL server (two sessions at once): TEST_DATABASE_URL (CI sets it).
 */
import { PERSONAL_NOTICE } from '@manabi/shared/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../db/schema';
import { lockCourse } from '../../repositories/course-applications';
import { createTestApp, type TestApp } from '../../test/app';
import { makeCourse, makeStudent } from '../../test/factories';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the course lock and the rows that refer to the course', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  // a wait on the other session would be a deadlock of this test: lock_timeout turns it into a failure
  const meanwhile = (write: Parameters<TestApp['db']['transaction']>[0]) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      return write(tx);
    });

  it('a personal notice of the course is written while a writer holds the lock', async () => {
    const course = await makeCourse(t.db);
    const student = await makeStudent(t.db);
    await t.db.transaction(async (tx) => {
      expect(await lockCourse(tx, course.id)).toBeDefined();
      await meanwhile((other) =>
        other.insert(notices).values({
          title: '結果',
          content: '本文',
          publishedTo: PERSONAL_NOTICE,
          studentId: student.id,
          courseId: course.id,
          sourceKey: `lock-test:${course.id}`,
        }),
      );
    });
  });

  it('a writer takes the lock while the results of the course are being written', async () => {
    const course = await makeCourse(t.db);
    const student = await makeStudent(t.db);
    await t.db.transaction(async (tx) => {
      await tx.insert(notices).values({
        title: '結果',
        content: '本文',
        publishedTo: PERSONAL_NOTICE,
        studentId: student.id,
        courseId: course.id,
        sourceKey: `lock-test-2:${course.id}`,
      });
      expect(await meanwhile((other) => lockCourse(other, course.id))).toBeDefined();
    });
  });

  it('two writers of the course still take turns', async () => {
    const course = await makeCourse(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await lockCourse(tx, course.id);
        await t.db.transaction(async (other) => {
          await other.execute(sql`set local lock_timeout = '200ms'`);
          await lockCourse(other, course.id);
        });
      }),
    ).rejects.toThrow();
  });
});
