/**
 * The intake settings' rules (decision 015): when a winner's confirmation ends, and which priority tier of
 * the draw each applicant falls in. The settings themselves are read and written by
 * repositories/course-intake.ts.
 */

import type { LotteryTier } from '@manabi/shared/domain/intake';
import { isOutsideWard } from '@manabi/shared/domain/student';
import type { DbOrTx } from '../../db/client';
import type { MailContext } from '../../platform/mail';
import type { PoolMember } from '../../platform/verifiable-lottery';
import { attendedBefore, earlierLosers } from '../../repositories/course-applications';

const DAY_MS = 86_400_000;
/** Tokyo keeps no summer time: its days start at 15:00 UTC. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/**
 * A winner's deadline `days` confirmation days from now: the end (23:59:59.999) of that Tokyo day, so that a
 * student told 「11月30日（月）23時59分まで」 has the whole day, whatever minute the office drew. A shortened
 * day (CONFIRM_DAY_SECONDS, for the browser journeys) is counted exactly: rounding it to the end of the
 * Tokyo day would make it a real day again.
 */
export function confirmDeadline(days: number | null, daySeconds: number, now: Date): Date | null {
  if (!days) return null;
  const at = now.getTime() + days * daySeconds * 1000;
  if (daySeconds !== DAY_MS / 1000) return new Date(at);
  const tokyoDayStart = Math.floor((at + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS;
  return new Date(tokyoDayStart + DAY_MS - 1);
}

/** {@link confirmDeadline} with the configured length of a day. */
export const deadline = (mail: MailContext, days: number | null, now: Date) =>
  confirmDeadline(days, mail.confirmDaySeconds, now);

/** Each pool member's tier: the first of `tiers` it meets (0 = highest), else tiers.length. */
export async function tiersOf(
  tx: DbOrTx,
  pool: readonly { id: number; studentId: number; streetName1: string }[],
  tiers: readonly LotteryTier[],
  courseId: number,
  now: Date,
): Promise<PoolMember[]> {
  const studentIds = pool.map((p) => p.studentId);
  const met = new Map<LotteryTier, Set<number>>();
  if (tiers.includes('previous_loser') && studentIds.length) {
    // lost a draw (or stayed on a waitlist) of a course whose application period ended in the past year
    met.set(
      'previous_loser',
      await earlierLosers(tx, studentIds, courseId, new Date(now.getTime() - 365 * DAY_MS)),
    );
  }
  if (tiers.includes('first_timer') && studentIds.length) {
    const seen = await attendedBefore(tx, studentIds);
    met.set('first_timer', new Set(studentIds.filter((id) => !seen.has(id))));
  }
  if (tiers.includes('ward_resident')) {
    // isOutsideWard passes a blank town; a resident must name one in the ward
    const inWard = pool.filter((p) => p.streetName1.trim() !== '' && !isOutsideWard(p.streetName1));
    met.set('ward_resident', new Set(inWard.map((p) => p.studentId)));
  }
  return pool.map((p) => {
    const tier = tiers.findIndex((t) => met.get(t)?.has(p.studentId));
    return { application_id: p.id, tier: tier === -1 ? tiers.length : tier };
  });
}
