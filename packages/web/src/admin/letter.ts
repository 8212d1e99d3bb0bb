import { postcodeMark } from '@manabi/shared/domain/address';
import type { Letter } from '@manabi/shared/schemas/contact';

/**
 * The words of a letter (decision 065) that are not the notice's own: the address block a window
 * envelope shows, and the counts of the print page. Pure, so the lines the post office reads are tested.
 */

/** 〒 and the postcode as 123-4567 (stored with or without the hyphen); '' when there is none. */
export const postcodeLine = (postcode: string): string => postcodeMark(postcode);

/**
 * The address block's lines above the name: 〒, address 1 (prefecture to number, as the server composes it
 * with shared/domain/address.ts: 「…芝公園4丁目2-8」), address 2 (building), each left out when empty, so a
 * student without a building has no blank line in the window.
 */
export function addressLines(letter: Pick<Letter, 'postcode' | 'address1' | 'address2'>): string[] {
  return [postcodeLine(letter.postcode), letter.address1.trim(), letter.address2.trim()].filter(Boolean);
}

/** 「氏名 様」: the honorific every letter from the city uses. */
export const addressee = (name: string): string => `${name.trim()} 様`;

/** How many letters there are and how many were printed before: 「3通（うち印刷済み 1通）」. */
export function lettersCountText(letters: readonly Pick<Letter, 'printed_at'>[]): string {
  const printed = letters.filter((l) => l.printed_at !== null).length;
  const total = `${letters.length.toLocaleString('ja-JP')}通`;
  return printed ? `${total}（うち印刷済み ${printed.toLocaleString('ja-JP')}通）` : total;
}

/** The notice ids in groups of at most `size` (the printed call takes LETTERS_MAX at a time). */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
