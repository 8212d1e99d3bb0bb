import type { Db } from '../db/client';
import {
  adminUsers,
  courseApplications,
  courses,
  lotteryRuns,
  notices,
  students,
  universities,
} from '../db/schema';
import { hashPassword } from '../platform/crypto';

let seq = 0;
const next = () => ++seq;

/** Factories build what they need, parents included, so each test states only what it cares about. */
export async function makeUniversity(db: Db, over: Partial<typeof universities.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(universities)
    .values({ id: `T${n}`, name: `テスト大学${n}`, ...over })
    .onConflictDoNothing()
    .returning();
  return row!;
}

export async function makeAdmin(
  db: Db,
  over: Partial<typeof adminUsers.$inferInsert> & { password?: string } = {},
) {
  const n = next();
  const { password = 'adminpass1', ...rest } = over;
  if (rest.universityId) await makeUniversity(db, { id: rest.universityId });
  const [row] = await db
    .insert(adminUsers)
    .values({
      loginId: `adm${n}`,
      name: `管理者${n}`,
      email: `adm${n}@example.jp`,
      passwordHash: await hashPassword(password),
      authority: 1,
      ...rest,
    })
    .returning();
  return row!;
}

export async function makeStudent(
  db: Db,
  over: Partial<typeof students.$inferInsert> & { password?: string } = {},
) {
  const n = next();
  const { password = 'student01', ...rest } = over;
  const [row] = await db
    .insert(students)
    .values({
      loginId: `2404${String(n).padStart(4, '0')}`,
      generationId: '2404',
      name: `学生 ${n}`,
      nameKana: `ガクセイ ${n}`,
      birthday: '1960-01-01',
      approvalStatus: '1',
      dateIssue: '2024-04-01',
      passwordHash: await hashPassword(password),
      ...rest,
    })
    .returning();
  return row!;
}

export async function makeCourse(db: Db, over: Partial<typeof courses.$inferInsert> = {}) {
  const n = next();
  if (over.universityId) await makeUniversity(db, { id: over.universityId });
  const [row] = await db
    .insert(courses)
    .values({ name: `テスト講座${n}`, organ: 'まなび市民大学', ...over })
    .returning();
  return row!;
}

export async function makeApplication(
  db: Db,
  over: Partial<typeof courseApplications.$inferInsert> & { courseId: number; studentId: number },
) {
  const [row] = await db.insert(courseApplications).values(over).returning();
  return row!;
}

export async function makeNotice(db: Db, over: Partial<typeof notices.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(notices)
    .values({
      title: `お知らせ${n}`,
      content: `本文${n}`,
      publishedTo: 1,
      periodFrom: new Date(Date.now() - 86_400_000),
      ...over,
    })
    .returning();
  return row!;
}

/** Marks a course as drawn: a lottery run row with nothing in it (the course list's and work list's 抽選済み). */
export async function markDrawn(db: Db, courseId: number) {
  await db.insert(lotteryRuns).values({
    courseId,
    drawnAt: new Date(),
    algorithm: 'test',
    winNum: 1,
    waitlist: false,
    tiers: [],
    poolHash: '0'.repeat(64),
    seedHash: '0'.repeat(64),
    seed: '0'.repeat(64),
    entries: [],
  });
}
