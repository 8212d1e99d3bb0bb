import { createHash, type Hash } from 'node:crypto';
import { IMPORT_PREVIEW_MSG, PREVIEW_LIST_LIMIT } from '@manabi/shared/schemas/import-preview';
import type { UploadAnswer } from './csv-upload';

/**
 * What a CSV upload's preview and the upload itself share (decision 070): the digest both work out while
 * they walk the same file the same way, and the capped lists a preview answers. The upload compares the
 * digest it worked out with the preview's `preview_hash` inside its transaction: equal means it is about to
 * write exactly what the preview showed.
 */

/** One field of a registered record whose stored value differs from the row's. */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

// separators that no CSV text this app accepts contains (control characters are refused or are no text),
// so two different outcomes never write the same stream
const UNIT = '\u001f';
const RECORD = '\u001e';

/**
 * sha256 over the file's bytes, the upload's options and the outcome of every row, fed as they are worked
 * out: the preview and the upload hash the same stream, so the same file against the same database gives
 * the same hex, and anything that changes what would be written changes it.
 */
export class OutcomeDigest {
  readonly #hash: Hash = createHash('sha256');

  /** The file as uploaded, a slice at a time. */
  bytes(slice: Uint8Array): void {
    this.#hash.update(slice);
  }

  /** One record of the outcome (an option, a row's verdict), its parts kept apart. */
  record(...parts: readonly (string | number)[]): void {
    this.#hash.update(parts.join(UNIT) + RECORD);
  }

  hex(): string {
    return this.#hash.digest('hex');
  }
}

/** The first `limit` entries of a list whose length only is kept beyond them: memory stays flat. */
export class CappedList<T> {
  readonly items: T[] = [];
  #seen = 0;
  constructor(readonly limit: number = PREVIEW_LIST_LIMIT) {}

  push(item: T): void {
    if (this.#seen++ < this.limit) this.items.push(item);
  }

  get truncated(): boolean {
    return this.#seen > this.limit;
  }
}

/**
 * The upload's answer when it was sent a preview_hash and worked out another: 409, nothing written, the
 * message on the file field.
 */
export const changedSincePreview = (previewHash: string | undefined, digest: string): UploadAnswer | null =>
  previewHash === undefined || previewHash === digest
    ? null
    : { result: false, msg: IMPORT_PREVIEW_MSG.changed, status: 409 };
