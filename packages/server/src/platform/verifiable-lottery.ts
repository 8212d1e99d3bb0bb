/**
 * A draw anyone can check (docs/decisions/015-intake-cycle.md). The order is a pure function of a
 * 256-bit seed and the pool: members sorted by priority tier, then by HMAC-SHA256(seed, application id).
 * The record keeps the seed, its SHA-256 and the pool's SHA-256, so `scripts/lottery-verify.mjs` (which
 * re-implements this file with node:crypto alone) or the admin screen's 再検証 can recompute every place.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

export const LOTTERY_ALGORITHM = 'manabi-lottery-v1';

/** A pool member: an application and the priority tier it falls in (0 = drawn first). */
export interface PoolMember {
  application_id: number;
  tier: number;
}

/** CD003 outcomes of a draw: 当選, 補欠, 落選. */
export type DrawOutcome = '2' | '5' | '3';

export interface LotteryEntry extends PoolMember {
  /** HMAC-SHA256(seed, String(application_id)), hex */
  key: string;
  /** 1-based place in the drawn order */
  place: number;
  outcome: DrawOutcome;
  /** 補欠順位 (continuing after the course's earlier waitlist), else null */
  waitlist_rank: number | null;
}

export interface DrawInput {
  seed: string;
  pool: readonly PoolMember[];
  winNum: number;
  waitlist: boolean;
  /** the highest 補欠順位 the course already had before this draw */
  rankOffset: number;
}

/** The facts of a run a verifier needs (the JSON record carries these names). */
export interface LotteryRecord {
  algorithm: string;
  win_num: number;
  waitlist: boolean;
  rank_offset: number;
  pool_hash: string;
  seed_hash: string;
  seed: string;
  entries: LotteryEntry[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A fresh 256-bit seed from the operating system's CSPRNG, as 64 hex digits. */
export const newSeed = (): string => randomBytes(32).toString('hex');

export const seedHash = (seed: string): string => sha256(Buffer.from(seed, 'hex'));

const byApplication = (a: PoolMember, b: PoolMember) => a.application_id - b.application_id;

/** The pool's canonical text: `id:tier` lines in ascending application id, joined by '\n'. */
export const poolText = (pool: readonly PoolMember[]): string =>
  [...pool]
    .sort(byApplication)
    .map((m) => `${m.application_id}:${m.tier}`)
    .join('\n');

export const poolHash = (pool: readonly PoolMember[]): string => sha256(poolText(pool));

/**
 * The drawn order: tier ascending, then key ascending (application id breaks a tie no one will see). The
 * first min(winNum, pool) win; the rest wait ranked (waitlist) or lose.
 */
export function drawOrder(input: DrawInput): LotteryEntry[] {
  const members = membersOf(input);
  const key = Buffer.from(input.seed, 'hex');
  return ordered(
    members.map((m) => ({ ...m, key: hmacKey(key, m.application_id) })),
    input,
  );
}

/**
 * {@link drawOrder}, the same order, with the keys worked out `slice` members at a time and a turn of the
 * event loop between slices: a pool of thousands costs one HMAC each, and the app keeps answering meanwhile.
 * `known` holds keys worked out beforehand with the same seed ({@link keysInTurns}); a member without one
 * gets it here.
 */
export async function drawOrderInTurns(
  input: DrawInput,
  slice = 500,
  known: ReadonlyMap<number, string> = new Map(),
): Promise<LotteryEntry[]> {
  const members = membersOf(input);
  const key = Buffer.from(input.seed, 'hex');
  const keyed: Keyed[] = [];
  for (let i = 0; i < members.length; i += slice) {
    if (i > 0) await nextTurn();
    for (const m of members.slice(i, i + slice))
      keyed.push({ ...m, key: known.get(m.application_id) ?? hmacKey(key, m.application_id) });
  }
  return ordered(keyed, input);
}

/**
 * The draw keys of `applicationIds` under `seed`, `slice` at a time with a turn of the event loop between:
 * worked out before the draw takes its lock, for {@link drawOrderInTurns} to look up (decision 050).
 */
export async function keysInTurns(
  seed: string,
  applicationIds: readonly number[],
  slice = 500,
): Promise<Map<number, string>> {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new RangeError('the seed is 64 hex digits');
  const key = Buffer.from(seed, 'hex');
  const keys = new Map<number, string>();
  for (let i = 0; i < applicationIds.length; i += slice) {
    if (i > 0) await nextTurn();
    for (const id of applicationIds.slice(i, i + slice)) keys.set(id, hmacKey(key, id));
  }
  return keys;
}

type Keyed = PoolMember & { key: string };

/** HMAC-SHA256(seed, String(application id)), hex: a member's draw key. */
const hmacKey = (seed: Buffer, applicationId: number): string =>
  createHmac('sha256', seed).update(String(applicationId)).digest('hex');

/** The input checked, its pool in ascending application id. */
function membersOf({ seed, pool, winNum }: DrawInput): PoolMember[] {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new RangeError('the seed is 64 hex digits');
  if (!Number.isSafeInteger(winNum) || winNum < 0) throw new RangeError(`invalid winNum: ${winNum}`);
  return [...pool].sort(byApplication).map((m) => ({ application_id: m.application_id, tier: m.tier }));
}

function ordered(keyed: Keyed[], { winNum, waitlist, rankOffset }: DrawInput): LotteryEntry[] {
  keyed.sort(
    (a, b) => a.tier - b.tier || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || byApplication(a, b),
  );
  const wins = Math.min(winNum, keyed.length);
  return keyed.map((m, i) => {
    const won = i < wins;
    const outcome: DrawOutcome = won ? '2' : waitlist ? '5' : '3';
    return { ...m, place: i + 1, outcome, waitlist_rank: outcome === '5' ? rankOffset + i - wins + 1 : null };
  });
}

export interface VerifyCheck {
  name: 'algorithm' | 'seed' | 'pool' | 'order';
  /** what was checked, in Japanese for the office's screen */
  label: string;
  ok: boolean;
}

/** Recomputes a record: the seed against its hash, the pool against its hash, every place and outcome. */
export function verifyRecord(record: LotteryRecord): { match: boolean; checks: VerifyCheck[] } {
  const pool = record.entries.map((e) => ({ application_id: e.application_id, tier: e.tier }));
  const algorithmOk = record.algorithm === LOTTERY_ALGORITHM;
  const seedOk = /^[0-9a-f]{64}$/.test(record.seed) && seedHash(record.seed) === record.seed_hash;
  const poolOk = poolHash(pool) === record.pool_hash;
  let orderOk = false;
  if (seedOk && algorithmOk) {
    const again = drawOrder({
      seed: record.seed,
      pool,
      winNum: record.win_num,
      waitlist: record.waitlist,
      rankOffset: record.rank_offset,
    });
    const same = (a: LotteryEntry, b: LotteryEntry | undefined) =>
      !!b &&
      a.application_id === b.application_id &&
      a.tier === b.tier &&
      a.key === b.key &&
      a.place === b.place &&
      a.outcome === b.outcome &&
      a.waitlist_rank === b.waitlist_rank;
    const recorded = [...record.entries].sort((a, b) => a.place - b.place);
    orderOk = again.length === recorded.length && again.every((e, i) => same(e, recorded[i]));
  }
  const checks: VerifyCheck[] = [
    { name: 'algorithm', label: `抽選方式が ${LOTTERY_ALGORITHM} であること`, ok: algorithmOk },
    { name: 'seed', label: '公開した乱数（シード）が、抽選前に記録したハッシュ値と一致すること', ok: seedOk },
    {
      name: 'pool',
      label: '抽選の対象者（申込ID と優先区分）が、抽選前に記録したハッシュ値と一致すること',
      ok: poolOk,
    },
    { name: 'order', label: '乱数と対象者から計算し直した順位・結果が、記録と一致すること', ok: orderOk },
  ];
  return { match: checks.every((c) => c.ok), checks };
}
