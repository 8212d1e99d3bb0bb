import { CSV_MAX_BYTES } from '@manabi/shared/validation/rules';
import iconv from 'iconv-lite';
import { CSV_UPLOAD_MSG, CsvUploadError } from './csv-messages';
import { eachSlice, headOf, lengthOf, nextTurn, type TextPieces, tailOf, textSlices } from './sliced';

/**
 * A CSV upload's file from data URL to text: the data URL decoded to bytes (base64 of a CSV media type,
 * within the size), the bytes to text (UTF-8, else Shift_JIS as Excel writes it), and nothing stored as
 * mojibake. Done in slices with a turn of the event loop between them. platform/csv-upload.ts re-exports
 * what callers use.
 */

// The types a browser or Windows gives a .csv (the UI lets the same set through: shared isCsvFile).
const CSV_MEDIA_TYPES = new Set([
  '',
  'text/csv',
  'application/csv',
  'text/x-csv',
  'text/plain',
  'application/vnd.ms-excel',
]);
const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*),/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_BODY = /^[A-Za-z0-9+/]*$/;

/**
 * Work is done in slices of about this many bytes or characters with a turn of the event loop between
 * them: reading a 20 MB file never holds other requests for long.
 */
const SLICE = 256 * 1024;
/** Lines checked per turn (the mixed-encoding check). */
const ROW_SLICE = 10_000;

/**
 * data URL → bytes; refuses anything but base64 of a CSV media type (of any media type with `anyMediaType`:
 * a bank's transfer file comes as .txt, .dat or nothing), and more than maxBytes. The data URL may come as the
 * pieces the body reader decoded it from: it is read `slice` characters at a time (a multiple of 4, so that
 * each slice decodes on its own) and never joined whole.
 */
export async function decodeDataUrl(
  dataUrl: TextPieces,
  maxBytes: number = CSV_MAX_BYTES,
  slice: number = SLICE,
  { anyMediaType = false }: { anyMediaType?: boolean } = {},
): Promise<Buffer> {
  const m = DATA_URL.exec(headOf(dataUrl, 512));
  if (!m) throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
  const mediaType = (m[1] ?? '').trim().toLowerCase();
  const params = (m[2] ?? '').toLowerCase().split(';');
  if (!params.includes('base64')) throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
  if (!anyMediaType && !CSV_MEDIA_TYPES.has(mediaType)) throw new CsvUploadError(CSV_UPLOAD_MSG.notCsv);
  const start = m[0].length;
  const length = lengthOf(dataUrl) - start;
  // the size is known before decoding: no buffer is made for a file that is refused anyway
  const end = tailOf(dataUrl, 2);
  const padding = end.endsWith('==') ? 2 : end.endsWith('=') ? 1 : 0;
  if (Math.floor((length * 3) / 4) - padding > maxBytes) {
    throw new CsvUploadError(CSV_UPLOAD_MSG.tooLarge(maxBytes));
  }
  if (length % 4 !== 0) throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
  // one buffer of the decoded size, written slice by slice: no list of parts to concatenate after
  const bytes = Buffer.allocUnsafe((length / 4) * 3);
  let at = 0;
  let read = 0;
  // slices of a multiple of 4 characters decode on their own; padding may only end the last one
  for await (const text of textSlices(dataUrl, slice, start)) {
    read += text.length;
    // Buffer.from skips characters outside the alphabet silently: check the text first
    if (!(read === length ? BASE64 : BASE64_BODY).test(text)) {
      throw new CsvUploadError(CSV_UPLOAD_MSG.notDataUrl);
    }
    at += bytes.write(text, at, 'base64');
  }
  return bytes.subarray(0, at);
}

/** A decoder fed in slices: a multi-byte character split between two slices comes out whole. */
interface ChunkDecoder {
  write(bytes: Buffer): string;
  end(): string | undefined;
}

async function decodeInSlices(bytes: Buffer, decoder: ChunkDecoder): Promise<string[]> {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += SLICE) {
    parts.push(decoder.write(bytes.subarray(i, i + SLICE)));
    await nextTurn();
  }
  parts.push(decoder.end() ?? '');
  return parts.filter((p) => p !== '');
}

const utf8Decoder = (): ChunkDecoder => {
  // fatal: bytes that are not UTF-8 throw (then the file is read as Shift_JIS); a BOM is dropped
  const d = new TextDecoder('utf-8', { fatal: true });
  return { write: (b) => d.decode(b, { stream: true }), end: () => d.decode() };
};

/**
 * The file's text, in pieces: UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, else Shift_JIS as
 * Excel on Windows writes it (CP932, which adds the NEC/IBM characters such as ①, ㈱ to plain Shift_JIS).
 */
export async function decodeCsvText(bytes: Buffer): Promise<string[]> {
  // a NUL never occurs in a CSV of text: an Excel workbook (.xlsx is a zip) or other binary renamed .csv
  await eachSlice(bytes.length, SLICE, (from, to) => {
    if (bytes.subarray(from, to).includes(0)) throw new CsvUploadError(CSV_UPLOAD_MSG.notCsv);
  });
  let utf8: string[] | undefined;
  try {
    utf8 = await decodeInSlices(bytes, utf8Decoder());
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
  }
  if (utf8) {
    await refuseFirst(utf8, UNREADABLE, CSV_UPLOAD_MSG.badBytes);
    return utf8;
  }
  // Not UTF-8 as a whole. Nothing may be stored as mojibake: a file whose lines are partly UTF-8 and partly
  // not was pasted together from two sources; bytes that are not Shift_JIS either are not text.
  await assertOneEncoding(bytes);
  const pieces = await decodeInSlices(bytes, iconv.getDecoder('cp932'));
  // iconv-lite never throws: a byte sequence that is no CP932 character comes out as U+FFFD, and the lone
  // byte 0x80 as the control character U+0080, so the decoded text is checked instead
  await refuseFirst(pieces, UNREADABLE, CSV_UPLOAD_MSG.badBytes);
  await refuseFirst(pieces, USER_DEFINED, CSV_UPLOAD_MSG.userDefined);
  return pieces;
}

/**
 * Never text of a readable file: U+FFFD (what a decoder puts for bytes that are no character; CP932 has
 * none of its own, and in a UTF-8 file it marks text an earlier program already lost) and the C1 controls
 * (iconv-lite's 0x80, or Shift_JIS read once as Latin-1 and saved as UTF-8).
 */
const UNREADABLE = /[\u0080-\u009F\uFFFD]/;
/** CP932 0xF040–0xF9FC, 外字: private-use code points that show as nothing, or something else, elsewhere. */
const USER_DEFINED = /[\uE000-\uF8FF]/;

/** Refuses the text when `pattern` occurs in it, naming the line (LF-counted) of the first occurrence. */
async function refuseFirst(
  pieces: readonly string[],
  pattern: RegExp,
  msg: (line: number) => string,
): Promise<void> {
  for (const [i, piece] of pieces.entries()) {
    const at = piece.search(pattern);
    if (at >= 0) {
      const before = pieces.slice(0, i).reduce((n, p) => n + lineBreaks(p, p.length), 0);
      throw new CsvUploadError(msg(before + lineBreaks(piece, at) + 1));
    }
    await nextTurn();
  }
}

const lineBreaks = (text: string, end: number) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (b: Buffer) => {
  try {
    strictUtf8.decode(b);
    return true;
  } catch {
    return false;
  }
};

/**
 * Refuses a file some of whose lines are UTF-8 with non-ASCII text while others are not UTF-8 at all,
 * naming the first line of the kind there is less of. Lines split at LF, which is never part of a
 * Shift_JIS character; checked in slices with a turn of the event loop between them.
 */
async function assertOneEncoding(bytes: Buffer): Promise<void> {
  let utf8 = 0;
  let other = 0;
  let firstUtf8 = 0;
  let firstOther = 0;
  let line = 1;
  for (let start = 0; start < bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const lineBytes = bytes.subarray(start, end < 0 ? bytes.length : end);
    start = end < 0 ? bytes.length : end + 1;
    if (line % ROW_SLICE === 0) await nextTurn();
    if (!lineBytes.some((b) => b >= 0x80)) continue;
    const utf8Line = isUtf8(lineBytes);
    // Japanese in UTF-8 takes 3 bytes a character; a valid line without one (ﾃｽ in Shift_JIS is C3 BD,
    // UTF-8 for ý) proves nothing either way and is read with the rest
    if (utf8Line && !lineBytes.some((b) => b >= 0xe0)) continue;
    if (utf8Line) {
      utf8++;
      firstUtf8 ||= line;
    } else {
      other++;
      firstOther ||= line;
    }
  }
  if (utf8 > 0 && other > 0) {
    throw new CsvUploadError(CSV_UPLOAD_MSG.mixedEncoding(utf8 >= other ? firstOther : firstUtf8));
  }
}

/**
 * The file's text: data URL (or its pieces) → bytes → text (the bytes are let go of once decoded). `seen`
 * is handed the bytes a slice at a time first (the preview's digest, decision 070).
 */
export async function readCsvText(
  dataUrl: TextPieces,
  maxBytes: number = CSV_MAX_BYTES,
  seen?: (slice: Buffer) => void,
): Promise<string[]> {
  const bytes = await decodeDataUrl(dataUrl, maxBytes);
  if (seen) await eachSlice(bytes.length, SLICE, (from, to) => seen(bytes.subarray(from, to)));
  return decodeCsvText(bytes);
}
