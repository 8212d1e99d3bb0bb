/**
 * Text read in slices gives exactly the text, however it arrived in pieces and wherever the slices cut
 * (multi-byte characters and surrogate pairs included), and the event loop runs between the slices.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachSlice, headOf, lengthOf, tailOf, textSlices } from './sliced';

/** The text cut at `cuts` (any order, repeats make empty pieces). */
const cutAt = (text: string, cuts: number[]) => {
  const pieces: string[] = [];
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    pieces.push(text.slice(at, cut));
    at = cut;
  }
  pieces.push(text.slice(at));
  return pieces;
};

const collect = async (gen: AsyncGenerator<string>) => {
  const out: string[] = [];
  for await (const s of gen) out.push(s);
  return out;
};

// ASCII, Japanese, astral characters (surrogate pairs) and control characters
const anyText = fc.string({
  unit: fc.constantFrom('a', '=', '/', '日', '本', '😀', '\u0001', '\n'),
  maxLength: 80,
});
const cutsOf = (text: string) => fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 8 });

describe('text in slices', () => {
  it('gives the joined text from any start, in slices of exactly the size but the last, however it is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyText.chain((text) =>
          fc.tuple(
            fc.constant(text),
            cutsOf(text),
            fc.integer({ min: 1, max: 12 }),
            fc.integer({ min: 0, max: text.length + 2 }),
          ),
        ),
        async ([text, cuts, size, from]) => {
          const pieces = cutAt(text, cuts);
          const slices = await collect(textSlices(pieces, size, from));
          expect(slices.join('')).toBe(text.slice(from));
          for (const s of slices.slice(0, -1)) expect(s).toHaveLength(size);
          expect(slices.every((s) => s.length > 0)).toBe(true);
          expect(lengthOf(pieces)).toBe(text.length);
          expect(headOf(pieces, size)).toBe(text.slice(0, size));
          expect(tailOf(pieces, size)).toBe(text.slice(Math.max(0, text.length - size)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a single string as one piece', async () => {
    expect(await collect(textSlices('abcdefg', 3, 1))).toEqual(['bcd', 'efg']);
    expect(headOf('abc', 5)).toBe('abc');
    expect(tailOf('abc', 2)).toBe('bc');
  });

  it('lets the event loop run between slices, not before the first or after the last', async () => {
    const events: string[] = [];
    const tick = () => setImmediate(() => events.push('turn'));
    for await (const s of textSlices(['abcd', 'ef'], 2)) {
      events.push(s);
      tick();
    }
    expect(events).toEqual(['ab', 'turn', 'cd', 'turn', 'ef']);

    const steps: string[] = [];
    await new Promise((resolve) => setImmediate(resolve));
    events.length = 0;
    await eachSlice(5, 2, (from, to) => {
      events.push(`${from}-${to}`);
      steps.push(`${from}-${to}`);
      tick();
    });
    expect(steps).toEqual(['0-2', '2-4', '4-5']);
    expect(events).toEqual(['0-2', 'turn', '2-4', 'turn', '4-5']);
  });
});
