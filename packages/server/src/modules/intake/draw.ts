/**
 * The verifiable draw (decisions 004, 015, 043, 050): the course's undrawn pool with its tiers, a fresh seed,
 * the order (platform/verifiable-lottery.ts), every applicant's outcome written as one set, the run record and
 * the settings it used — in the caller's transaction, under the course lock. The personal results follow
 * once that has committed (results.ts `tellRun`).
 */
import { LOTTERY } from '@manabi/shared/codes';
import type { LotteryTier } from '@manabi/shared/domain/intake';
import type { DbOrTx } from '../../db/client';
import { lotteryRuns } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import type { MailContext } from '../../platform/mail';
import {
  drawOrderInTurns,
  keysInTurns,
  LOTTERY_ALGORITHM,
  type LotteryEntry,
  newSeed,
  poolHash,
  seedHash,
} from '../../platform/verifiable-lottery';
import {
  type Course,
  lastRank,
  liveWinners,
  undrawnIds,
  undrawnPool,
  writeDrawOutcomes,
} from '../../repositories/course-applications';
import { saveIntake } from '../../repositories/course-intake';
import { chargeWon } from './fees';
import { deadline, tiersOf } from './settings';

export interface DrawOptions {
  winNum: number;
  waitlist: boolean;
  confirmDays: number | null;
  tiers: readonly LotteryTier[];
  /** authority 1's reason for drawing while the application period is open (none: drawn after it) */
  overrideReason?: string | null;
  /** the seed and the keys worked out before the lock was taken ({@link drawAhead}) */
  ahead?: DrawAhead;
}

/** A draw's seed, and the keys under it of the pool as it stood before the lock. */
export interface DrawAhead {
  seed: string;
  keys: ReadonlyMap<number, string>;
}

/**
 * Before the course lock is taken: a fresh seed and the draw keys of the course's undrawn applications as
 * they stand now (decision 050). Each key is HMAC(seed, application id) whoever reads it, so the draw under
 * the lock looks them up for its own pool and works out only those of applications that came since.
 */
export async function drawAhead(db: DbOrTx, courseId: number): Promise<DrawAhead> {
  const seed = newSeed();
  return { seed, keys: await keysInTurns(seed, await undrawnIds(db, courseId)) };
}

export interface DrawResult {
  runId: number;
  entries: LotteryEntry[];
  winCount: number;
  waitCount: number;
  loseCount: number;
}

/**
 * Draws the course's live 抽選待ち applicants: a fresh seed, the pool with its tiers, the order, every
 * status, the run record and the settings it used — one transaction. The run is left untold: once the
 * caller has committed, `tellRun` (results.ts) gives each applicant their result (the deadline job does if a crash
 * came between). Returns null when nobody is undrawn.
 */
export async function drawCourse(
  tx: DbOrTx,
  mail: MailContext,
  actor: Actor & { name: string },
  course: Course,
  options: DrawOptions,
  now = new Date(),
): Promise<DrawResult | null> {
  const undrawn = await undrawnPool(tx, course.id);
  if (undrawn.length === 0) return null;
  const pool = await tiersOf(tx, undrawn, options.tiers, course.id, now);
  const seed = options.ahead?.seed ?? newSeed();
  const rankOffset = options.waitlist ? await lastRank(tx, course.id) : 0;
  const entries = await drawOrderInTurns(
    { seed, pool, winNum: options.winNum, waitlist: options.waitlist, rankOffset },
    undefined,
    options.ahead?.keys,
  );
  const confirmBy = deadline(mail, options.confirmDays, now);
  await writeDrawOutcomes(tx, entries, confirmBy, now);
  // each winner's seat charged under the course's fee rule, one statement (decision 077)
  await chargeWon(
    tx,
    mail,
    course.id,
    entries.filter((e) => e.outcome === LOTTERY.WON).map((e) => e.application_id),
    now,
  );
  const [run] = await tx
    .insert(lotteryRuns)
    .values({
      courseId: course.id,
      adminId: actor.id,
      adminName: actor.name,
      drawnAt: now,
      algorithm: LOTTERY_ALGORITHM,
      winNum: options.winNum,
      waitlist: options.waitlist,
      confirmDays: options.confirmDays,
      tiers: [...options.tiers],
      poolHash: poolHash(pool),
      seedHash: seedHash(seed),
      seed,
      rankOffset,
      entries,
      overrideReason: options.overrideReason ?? null,
      toldAt: null,
    })
    .returning({ id: lotteryRuns.id });
  if (!run) throw new Error('lottery_runs insert returned nothing');
  // the seats a freed place is refilled up to: every live winner after this draw
  await saveIntake(
    tx,
    course.id,
    {
      seats: await liveWinners(tx, course.id),
      waitlist: options.waitlist,
      confirmDays: options.confirmDays,
      tiers: [...options.tiers],
    },
    now,
  );
  const count = (o: string) => entries.filter((e) => e.outcome === o).length;
  return {
    runId: run.id,
    entries,
    winCount: count(LOTTERY.WON),
    waitCount: count(LOTTERY.WAITLISTED),
    loseCount: count(LOTTERY.LOST),
  };
}
