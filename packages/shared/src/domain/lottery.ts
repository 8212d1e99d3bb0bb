/**
 * The lottery's pure selection (SPEC §5, docs/decisions/004-lottery.md): exactly min(winNum, n) winners,
 * everyone else loses, nobody twice. The caller supplies the randomness (node:crypto randomInt on the
 * server) so the rule stays testable.
 */
export interface LotteryDraw<T> {
  winners: T[];
  losers: T[];
}

/**
 * Fisher–Yates shuffle with `randomInt(k)` returning a uniform integer in [0, k), then the first
 * min(winNum, n) of the shuffled order win. A winNum below 0 or not an integer is a programming error.
 */
export function drawLottery<T>(
  candidates: readonly T[],
  winNum: number,
  randomInt: (maxExclusive: number) => number,
): LotteryDraw<T> {
  if (!Number.isSafeInteger(winNum) || winNum < 0) throw new RangeError(`invalid winNum: ${winNum}`);
  const order = [...candidates];
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    if (!Number.isInteger(j) || j < 0 || j > i) throw new RangeError(`randomInt(${i + 1}) returned ${j}`);
    const tmp = order[i] as T;
    order[i] = order[j] as T;
    order[j] = tmp;
  }
  const k = Math.min(winNum, order.length);
  return { winners: order.slice(0, k), losers: order.slice(k) };
}
