import { Readable } from 'node:stream';
import { CSV_BOM, csvFileName } from '@manabi/shared/domain/csv';
import { type CsvExport, csvHeaderLine, csvRowLine } from '@manabi/shared/domain/csv-exports';
import type { FastifyReply } from 'fastify';

/**
 * CSV downloads streamed by the server (SPEC §9; decision 021): BOM, the header record, then the rows as
 * the database hands them over in batches. The response is a Readable that asks for the next batch only
 * when the socket has taken the last one (backpressure), so memory stays at about one batch whatever the
 * number of rows, and a client that goes away stops the walk.
 */

/** The bytes Readable.from keeps buffered before it stops asking for more (about one batch of rows). */
const HIGH_WATER_MARK = 64 * 1024;

// RFC 5987 attr-char: what may stand unencoded in filename*
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with the file name twice: `filename` in ASCII for old clients (anything else becomes _)
 * and `filename*` in UTF-8 (RFC 5987 / RFC 6266), which browsers prefer, so a Japanese name survives.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

async function* csvText<Row>(spec: CsvExport<Row>, batches: AsyncIterable<readonly Row[]>) {
  yield Buffer.from(CSV_BOM + csvHeaderLine(spec as CsvExport<never>));
  for await (const rows of batches) {
    let text = '';
    for (const row of rows) text += csvRowLine(spec, row);
    yield Buffer.from(text);
  }
}

/**
 * Sends `batches` as the CSV file `${spec.prefix}_yyyymmddhhmmss.csv` (Tokyo time). Permission and input
 * were checked before: once the first byte is out a failure can only cut the file short (the browser
 * then reports the download as failed), never turn into an error answer.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  spec: CsvExport<Row>,
  batches: AsyncIterable<readonly Row[]>,
  now: Date = new Date(),
): FastifyReply {
  const stream = Readable.from(csvText(spec, batches), {
    objectMode: false,
    highWaterMark: HIGH_WATER_MARK,
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(csvFileName(spec.prefix, now)))
    .header('cache-control', 'no-store')
    .send(stream);
}
