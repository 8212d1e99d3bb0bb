/**
 * The deadline job of the intake cycle (decision 015): winners past their confirm-by deadline lapse (辞退)
 * and their seats go to the waitlist. Safe with several app processes on one database: each course is
 * worked on under its row lock taken with SKIP LOCKED, so a course another process (or a student's cancel)
 * holds is left for the next round, and under the lock the due rows are read again, so no one lapses twice.
 */
import type { Db } from '../db/client';
import { lapseDue } from '../modules/intake/deadlines';
import { tellUntoldRuns } from '../modules/intake/results';
import type { MailContext } from '../platform/mail';
import { coursesWithDueDeadlines, tryLockCourse } from '../repositories/course-applications';

/** One round: returns how many winners lapsed. */
export async function runDeadlineJob(db: Db, mail: MailContext, now = new Date()): Promise<number> {
  let lapsed = 0;
  for (const courseId of await coursesWithDueDeadlines(db, now)) {
    lapsed += await db.transaction(async (tx) => {
      const course = await tryLockCourse(tx, courseId);
      return course ? lapseDue(tx, mail, course, now) : 0;
    });
  }
  // a draw whose results a crash left untold (decision 050)
  await tellUntoldRuns(db, mail, now);
  return lapsed;
}
