import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawOrder,
  drawOrderInTurns,
  keysInTurns,
  LOTTERY_ALGORITHM,
  type LotteryRecord,
  newSeed,
  type PoolMember,
  poolHash,
  seedHash,
  verifyRecord,
} from './verifiable-lottery';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const poolArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 0, maxLength: 40 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) => fc.integer({ min: 0, max: 3 }).map((tier) => ({ application_id: id, tier }))),
    ),
  )
  .map((members) => members as PoolMember[]);

function recordOf(
  seed: string,
  pool: PoolMember[],
  winNum: number,
  waitlist: boolean,
  rankOffset = 0,
): LotteryRecord {
  return {
    algorithm: LOTTERY_ALGORITHM,
    win_num: winNum,
    waitlist,
    rank_offset: rankOffset,
    pool_hash: poolHash(pool),
    seed_hash: seedHash(seed),
    seed,
    entries: drawOrder({ seed, pool, winNum, waitlist, rankOffset }),
  };
}

describe('[server][lottery] the verifiable draw', () => {
  it('property: the same record gives the same order, and it verifies', () => {
    fc.assert(
      fc.property(
        seedArb,
        poolArb,
        fc.integer({ min: 0, max: 50 }),
        fc.boolean(),
        (seed, pool, winNum, waitlist) => {
          const a = drawOrder({ seed, pool, winNum, waitlist, rankOffset: 0 });
          // the pool's order of arrival does not matter: it is canonicalised
          const b = drawOrder({ seed, pool: [...pool].reverse(), winNum, waitlist, rankOffset: 0 });
          expect(b).toEqual(a);
          expect(verifyRecord(recordOf(seed, pool, winNum, waitlist)).match).toBe(true);
        },
      ),
    );
  });

  it('property: winners = min(win_num, pool), every member exactly once, tiers first, ranks 1..k after the offset', () => {
    fc.assert(
      fc.property(
        seedArb,
        poolArb,
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 9 }),
        (seed, pool, winNum, offset) => {
          const order = drawOrder({ seed, pool, winNum, waitlist: true, rankOffset: offset });
          expect(order.filter((e) => e.outcome === '2')).toHaveLength(Math.min(winNum, pool.length));
          expect(order.map((e) => e.application_id).sort((x, y) => x - y)).toEqual(
            pool.map((m) => m.application_id).sort((x, y) => x - y),
          );
          expect(order.map((e) => e.place)).toEqual(order.map((_, i) => i + 1));
          for (let i = 1; i < order.length; i++)
            expect(order[i]!.tier).toBeGreaterThanOrEqual(order[i - 1]!.tier);
          const ranks = order.filter((e) => e.outcome === '5').map((e) => e.waitlist_rank);
          expect(ranks).toEqual(ranks.map((_, i) => offset + i + 1));
        },
      ),
    );
  });

  it('property: any change to the pool or the seed fails the check', () => {
    fc.assert(
      fc.property(
        seedArb,
        poolArb.filter((p) => p.length >= 2),
        fc.nat(),
        (seed, pool, pick) => {
          const record = recordOf(seed, pool, 1, true);
          // a member dropped from the pool after the draw
          const dropped = { ...record, entries: record.entries.filter((_, i) => i !== pick % pool.length) };
          expect(verifyRecord(dropped).checks.find((c) => c.name === 'pool')?.ok).toBe(false);
          // a member's tier raised after the draw
          const raised = {
            ...record,
            entries: record.entries.map((e, i) =>
              i === pick % pool.length ? { ...e, tier: e.tier + 1 } : e,
            ),
          };
          expect(verifyRecord(raised).match).toBe(false);
          // another seed than the committed one
          const reseeded = { ...record, seed: newSeed() };
          expect(verifyRecord(reseeded).checks.find((c) => c.name === 'seed')?.ok).toBe(false);
          // two places swapped
          const swapped = {
            ...record,
            entries: record.entries.map((e, i) =>
              i === 0 ? { ...e, place: 2 } : i === 1 ? { ...e, place: 1 } : e,
            ),
          };
          expect(verifyRecord(swapped).checks.find((c) => c.name === 'order')?.ok).toBe(false);
        },
      ),
    );
  });

  it('without a waitlist the rest lose; a seed is 64 hex digits from the CSPRNG', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
    const order = drawOrder({
      seed,
      pool: [1, 2, 3].map((id) => ({ application_id: id, tier: 0 })),
      winNum: 1,
      waitlist: false,
      rankOffset: 0,
    });
    expect(order.map((e) => [e.outcome, e.waitlist_rank])).toEqual([
      ['2', null],
      ['3', null],
      ['3', null],
    ]);
    expect(() => drawOrder({ seed: 'abc', pool: [], winNum: 1, waitlist: false, rankOffset: 0 })).toThrow();
  });

  it('drawn in turns (the server draws a big pool so) gives the same order as drawn at once', async () => {
    const seed = newSeed();
    const pool = Array.from({ length: 1234 }, (_, i) => ({ application_id: 5000 - i * 3, tier: i % 3 }));
    const input = { seed, pool, winNum: 100, waitlist: true, rankOffset: 4 };
    expect(await drawOrderInTurns(input, 100)).toEqual(drawOrder(input));
    await expect(drawOrderInTurns({ ...input, seed: 'abc' })).rejects.toThrow();
  });

  it('with keys worked out beforehand for part of the pool (and some who left it), the same order', async () => {
    const seed = newSeed();
    const pool = Array.from({ length: 700 }, (_, i) => ({ application_id: 100 + i * 7, tier: i % 2 }));
    const input = { seed, pool, winNum: 50, waitlist: true, rankOffset: 0 };
    const before = [...pool.slice(0, 600).map((m) => m.application_id), 1, 2, 3];
    const known = await keysInTurns(seed, before, 128);
    expect(known.size).toBe(603);
    expect(await drawOrderInTurns(input, 100, known)).toEqual(drawOrder(input));
    await expect(keysInTurns('abc', before)).rejects.toThrow();
  });
});
