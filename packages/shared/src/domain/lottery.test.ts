import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawLottery } from './lottery';

describe('drawLottery', () => {
  it('picks exactly min(winNum, n) winners; winners and losers partition the candidates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 80 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (n, winNum, randoms) => {
          const candidates = Array.from({ length: n }, (_, i) => i + 1);
          const draws = randoms[Symbol.iterator]();
          const { winners, losers } = drawLottery(candidates, winNum, (k) =>
            Math.floor((draws.next().value as number) * k),
          );
          expect(winners).toHaveLength(Math.min(winNum, n));
          expect(losers).toHaveLength(n - Math.min(winNum, n));
          expect(new Set(winners).size).toBe(winners.length);
          expect(new Set(losers).size).toBe(losers.length);
          expect(winners.filter((w) => losers.includes(w))).toEqual([]);
          expect([...winners, ...losers].sort((a, b) => a - b)).toEqual(candidates);
        },
      ),
    );
  });

  it('does not change the input array', () => {
    const candidates = Object.freeze([1, 2, 3, 4]);
    const { winners, losers } = drawLottery(candidates, 2, (k) => k - 1);
    expect([...winners, ...losers].sort()).toEqual([1, 2, 3, 4]);
    expect(candidates).toEqual([1, 2, 3, 4]);
  });

  it('can give every candidate every rank (the shuffle uses the whole range)', () => {
    const seen = new Set<string>();
    for (const a of [0, 1, 2])
      for (const b of [0, 1])
        seen.add(drawLottery(['x', 'y', 'z'], 3, (k) => (k === 3 ? a : b)).winners.join(''));
    expect(seen.size).toBe(6);
  });

  it('refuses a randomInt that leaves its range, and a negative winNum', () => {
    expect(() => drawLottery([1, 2], 1, () => 5)).toThrow(RangeError);
    expect(() => drawLottery([1, 2], -1, () => 0)).toThrow(RangeError);
  });
});
