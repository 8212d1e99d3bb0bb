import { LOTTERY } from '@manabi/shared/codes';
import { MYPAGE_COURSE_MSG } from '@manabi/shared/schemas/mypage-course';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { type Application, latestApplication } from '../../repositories/course-applications';

/**
 * A student's act on a seat whose screen was drawn before the seat moved on — in a second tab, or by the
 * office meanwhile. The answer says what happened (409 with the reason, SPEC §8), so the screen can say it
 * and point the way on, instead of a missing page or a conflict that reads as someone else's doing.
 */

/**
 * The answer when the student has no live application of the course: 409 「すでに取り消されています」 when
 * one was cancelled, else 404 (they never applied).
 */
export async function noLiveApplication(tx: DbOrTx, courseId: number, studentId: number): Promise<AppError> {
  const last = await latestApplication(tx, courseId, studentId);
  return last?.cancelledAt ? new AppError('CONFLICT', MYPAGE_COURSE_MSG.alreadyCancelled) : notFound();
}

/** 409 when the decision asked for is the one already taken (confirmed, or declined), else null. */
export function alreadyDecided(a: Application, decision: 'confirm' | 'decline'): AppError | null {
  if (decision === 'confirm' && a.lotteryStatus === LOTTERY.WON && a.confirmedAt !== null) {
    return new AppError('CONFLICT', MYPAGE_COURSE_MSG.alreadyConfirmed);
  }
  if (decision === 'decline' && a.lotteryStatus === LOTTERY.DECLINED) {
    return new AppError('CONFLICT', MYPAGE_COURSE_MSG.alreadyDeclined);
  }
  return null;
}
