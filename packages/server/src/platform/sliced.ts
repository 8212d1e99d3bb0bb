import { setImmediate } from 'node:timers/promises';

/**
 * Work over a whole upload (tens of megabytes of text or bytes) done in slices with a turn of the event loop
 * between them, so that no one synchronous step holds every other request for its whole length. Each
 * slice gives what the one pass over the whole would give: the callers keep slices that cut nothing they
 * read (a base64 quadruple, a multi-byte character; decoders carry what a cut leaves over).
 */

/** One turn of the event loop: the requests waiting meanwhile are answered. */
export const nextTurn = (): Promise<void> => setImmediate();

/** `step(from, to)` over [0, length) in slices of at most `size`, a turn between them (none after the last). */
export async function eachSlice(
  length: number,
  size: number,
  step: (from: number, to: number) => void,
): Promise<void> {
  for (let from = 0; from < length; from += size) {
    if (from > 0) await nextTurn();
    step(from, Math.min(length, from + size));
  }
}

/** The text of `pieces` joined; pieces long enough to matter are never joined, only sliced. */
export type TextPieces = string | readonly string[];

const piecesOf = (text: TextPieces): readonly string[] => (typeof text === 'string' ? [text] : text);

/** How many characters the pieces hold together. */
export const lengthOf = (text: TextPieces): number =>
  piecesOf(text).reduce((n, piece) => n + piece.length, 0);

/** The first `n` characters of the joined text (all of it when shorter). */
export function headOf(text: TextPieces, n: number): string {
  let head = '';
  for (const piece of piecesOf(text)) {
    if (head.length >= n) break;
    head += piece.slice(0, n - head.length);
  }
  return head;
}

/** The last `n` characters of the joined text (all of it when shorter). */
export function tailOf(text: TextPieces, n: number): string {
  let tail = '';
  const pieces = piecesOf(text);
  for (let i = pieces.length - 1; i >= 0 && tail.length < n; i--) {
    const piece = pieces[i] as string;
    tail = piece.slice(Math.max(0, piece.length - (n - tail.length))) + tail;
  }
  return tail;
}

/**
 * The joined text from character `from` on, in slices of exactly `size` characters (the last one
 * shorter), however the pieces are cut, with a turn of the event loop before each slice but the first.
 * No piece is joined whole: only the characters of one slice are copied at a time.
 */
export async function* textSlices(text: TextPieces, size: number, from = 0): AsyncGenerator<string> {
  let skip = from;
  let buffer = '';
  let first = true;
  for (const piece of piecesOf(text)) {
    let at = Math.min(skip, piece.length);
    skip -= at;
    while (at < piece.length) {
      const part = piece.slice(at, at + size - buffer.length);
      at += part.length;
      buffer += part;
      if (buffer.length < size) break;
      if (!first) await nextTurn();
      first = false;
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') {
    if (!first) await nextTurn();
    yield buffer;
  }
}
