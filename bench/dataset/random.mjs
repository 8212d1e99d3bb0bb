// A seeded pseudo-random source (mulberry32): the same scale builds the same dataset every time.

export function rng(seed = 20261123) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    /** uniform in [0, 1) */
    next,
    /** integer in [lo, hi] */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/**
 * A picker by weight: `weights[i]` is item i's share. Draws with a 10 000-slot table, so a pick is one
 * array read however many items there are.
 */
export function weighted(items, weightOf) {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  const slots = new Array(10_000);
  let at = 0;
  let acc = 0;
  for (const item of items) {
    acc += weightOf(item);
    const end = Math.round((acc / total) * slots.length);
    while (at < end) slots[at++] = item;
  }
  while (at < slots.length) slots[at++] = items[items.length - 1];
  return (u) => slots[Math.floor(u * slots.length)];
}
