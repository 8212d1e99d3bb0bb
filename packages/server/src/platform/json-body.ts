import { randomBytes } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { FORBIDDEN_CONTROL, knowControlCharacters } from '@manabi/shared';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

/**
 * How deep a JSON body may nest. Our deepest call reads an array of objects (two levels below the body);
 * 32 leaves room for any client's wrapping and stops a body of thousands of brackets before anything
 * walks it (a recursive walk over it overflows the stack, and every walk costs CPU).
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = '送信されたデータの入れ子が深すぎるため、読み取れませんでした。';

const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text nests arrays and objects deeper than `max`: one pass over the characters, no
 * recursion, brackets inside strings ignored. It does not check the syntax (JSON.parse does, after it).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** The 400 a too-deep body gets; the app's error handler sends it in the usual error shape. */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'MANABI_JSON_TOO_DEEP';
  constructor() {
    super(JSON_TOO_DEEP_MESSAGE);
  }
}

/** A string longer than this is kept out of the final parse: decoded piece by piece as the body arrives. */
const LONG_STRING = 16 * 1024;
const BACKSLASH_CHAR = '\\';

/**
 * Reads a JSON body piece by piece as it arrives, so that no step over the whole of a large body (a CSV
 * upload's data URL is tens of megabytes) holds the event loop: it tracks the nesting depth as
 * {@link jsonNestsDeeperThan} does, and lifts every string longer than {@link LONG_STRING} out of the text,
 * decoding it slice by slice (`JSON.parse` of each slice's escapes) as its pieces come. What is left — the
 * skeleton, with a placeholder for each long string — is small, and is parsed at the end by Fastify's own
 * parser; the placeholders are then replaced by the strings. A placeholder holds a random key of the body's
 * own, so no text a client sends can pass for one.
 *
 * A long string is a rope of its decoded pieces, never joined here: each piece is tested for the control
 * characters no field accepts as it comes (the verdict is handed to the input rules, which would otherwise
 * scan the whole string at once), and the pieces of a long top-level field stay reachable for its route
 * ({@link bodyTextPieces}), which reads them slice by slice without joining the whole.
 */
export class JsonBodyReader {
  private readonly skeleton: string[] = [];
  private readonly strings: LongString[] = [];
  private readonly key = `\u0000${randomBytes(12).toString('base64')}:`;
  private depth = 0;
  private inString = false;
  /** the current string's raw text while it is short */
  private raw: string[] = [];
  private rawLength = 0;
  /** the current string's decoded pieces once it is long */
  private long: string[] | null = null;
  /** whether one of them holds a control character no field accepts */
  private control = false;
  /** an escape cut by the end of a piece, read with the next */
  private carry = '';
  tooDeep = false;
  /** a long string's text was no JSON string (a raw control character, a bad escape) */
  invalid = false;

  feed(piece: string): void {
    const t = this.carry + piece;
    this.carry = '';
    const n = t.length;
    let i = 0;
    while (i < n && !this.tooDeep) {
      if (!this.inString) {
        const from = i;
        for (; i < n; i++) {
          const c = t.charCodeAt(i);
          if (c === QUOTE) break;
          if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
            if (++this.depth > MAX_JSON_DEPTH) {
              this.tooDeep = true;
              return;
            }
          } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
            this.depth--;
          }
        }
        this.skeleton.push(t.slice(from, i));
        if (i < n) {
          this.inString = true;
          i++;
        }
        continue;
      }
      // in a string: to its closing quote, stepping over escapes (an escaped quote does not close it)
      const from = i;
      let quote = t.indexOf('"', i);
      let backslash = t.indexOf(BACKSLASH_CHAR, i);
      for (;;) {
        if (backslash >= 0 && (quote < 0 || backslash < quote)) {
          const end = backslash + (t.charCodeAt(backslash + 1) === 0x75 /* u */ ? 6 : 2);
          if (end > n) {
            this.stringPiece(t.slice(from, backslash));
            this.carry = t.slice(backslash);
            return;
          }
          if (quote >= 0 && quote < end) quote = t.indexOf('"', end);
          backslash = t.indexOf(BACKSLASH_CHAR, end);
          continue;
        }
        if (quote < 0) {
          this.stringPiece(t.slice(from));
          return;
        }
        this.stringPiece(t.slice(from, quote));
        this.closeString();
        i = quote + 1;
        break;
      }
    }
  }

  /** The body's value; a fault in its syntax is Fastify's own 400 (done with an error). */
  end(req: FastifyRequest, parseJson: JsonParser, done: (err: Error | null, body?: unknown) => void): void {
    if (this.inString) {
      // an unterminated string: the skeleton parse refuses it as any malformed body
      this.skeleton.push('"', this.carry);
    }
    const skeleton = this.skeleton.join('');
    if (this.strings.length === 0) {
      parseJson(req, skeleton, done);
      return;
    }
    parseJson(req, skeleton, (err, body) => {
      if (err) {
        done(err);
        return;
      }
      const restored = this.restore(body, true);
      const fields = new Map<string, LongString>();
      for (const s of this.strings) if (s.field !== undefined) fields.set(s.field, s);
      if (fields.size > 0) longFields.set(req, fields);
      done(null, restored);
    });
  }

  private stringPiece(raw: string): void {
    if (raw === '') return;
    if (this.long) {
      this.longPiece(this.decode(raw));
      return;
    }
    this.raw.push(raw);
    this.rawLength += raw.length;
    if (this.rawLength > LONG_STRING) {
      this.long = [];
      this.longPiece(this.decode(this.raw.join('')));
      this.raw = [];
    }
  }

  private longPiece(text: string): void {
    if (text === '') return;
    (this.long as string[]).push(text);
    if (!this.control && FORBIDDEN_CONTROL.test(text)) this.control = true;
  }

  /** A slice of a JSON string's text (whole escapes only) → its characters. */
  private decode(raw: string): string {
    if (this.invalid) return '';
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      // the scan goes on: a body also nested too deep is refused for that, as when it was read whole
      this.invalid = true;
      return '';
    }
  }

  private closeString(): void {
    this.inString = false;
    if (this.long) {
      this.skeleton.push(JSON.stringify(this.key + this.strings.length));
      // a rope of the pieces (cheap to make; whoever reads its characters directly flattens it)
      let text = '';
      for (const p of this.long) text += p;
      this.strings.push({ text, pieces: this.long, control: this.control });
      this.long = null;
      this.control = false;
    } else {
      this.skeleton.push('"', ...this.raw, '"');
      this.raw = [];
    }
    this.rawLength = 0;
  }

  /**
   * The parsed skeleton with each placeholder (a value or a key) replaced by its string; each long string
   * placed as a value tells the input rules whether it holds a forbidden control character.
   */
  private restore(value: unknown, top = false): unknown {
    if (typeof value === 'string') return this.stringOf(value)?.text ?? value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = this.restoreIn(value, i, value[i], false);
      return value;
    }
    if (isRecord(value)) {
      for (const k of Object.keys(value)) {
        const longKey = this.stringOf(k)?.text;
        if (longKey !== undefined) {
          const v = value[k];
          delete value[k];
          value[longKey] = this.restoreIn(value, longKey, v, top);
        } else {
          value[k] = this.restoreIn(value, k, value[k], top);
        }
      }
    }
    return value;
  }

  /** `value`, the child of `container` at `key`, restored. */
  private restoreIn(container: object, key: string | number, value: unknown, top: boolean): unknown {
    const long = typeof value === 'string' ? this.stringOf(value) : undefined;
    if (long === undefined) return this.restore(value);
    knowControlCharacters(container, key, long.text, long.control);
    if (top && typeof key === 'string') long.field = key;
    return long.text;
  }

  private stringOf(text: string): LongString | undefined {
    if (!text.startsWith(this.key)) return undefined;
    return this.strings[Number(text.slice(this.key.length))];
  }
}

/** A string lifted out of the body: its text (a rope), the pieces it was made of, its control verdict. */
interface LongString {
  text: string;
  pieces: readonly string[];
  control: boolean;
  /** the top-level field it is the value of */
  field?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Per request: its body's long top-level fields. Let go of with the request. */
const longFields = new WeakMap<FastifyRequest, Map<string, LongString>>();

/**
 * The text of a body's top-level field as pieces, for a route that reads it in slices (a CSV upload's data
 * URL): the pieces the body reader decoded it from when it was a long string of this request's body (and is
 * still that very string), else the text itself. Never joins the pieces.
 */
export function bodyTextPieces(req: FastifyRequest, field: string, text: string): readonly string[] {
  const long = longFields.get(req)?.get(field);
  return long !== undefined && long.text === text ? long.pieces : [text];
}

type JsonParser = (
  req: FastifyRequest,
  body: string,
  done: (err: Error | null, body?: unknown) => void,
) => void;

/**
 * Fastify's own JSON parser (with its __proto__ and constructor poisoning checks) behind the depth check,
 * so no route, hook or schema ever sees a body nested deeper than {@link MAX_JSON_DEPTH}; the body is read
 * as it arrives ({@link JsonBodyReader}), with Fastify's limits: the route's body limit (413, at once when
 * the declared length is beyond it), and a body shorter or longer than its declared length (400).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error') as JsonParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (req, payload, done) => {
    const limit = req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    const reader = new JsonBodyReader();
    const text = new StringDecoder('utf8');
    let received = 0;
    const read = (piece: string) => {
      if (!reader.tooDeep) reader.feed(piece);
    };
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      const encoded = (payload as { receivedEncodedLength?: number }).receivedEncodedLength ?? 0;
      if (received > limit || encoded > limit) {
        stop();
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
        return;
      }
      read(text.write(bytes));
    }
    function onEnd(err?: Error & { statusCode?: number }) {
      stop();
      if (err != null) {
        if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
        done(err, undefined);
        return;
      }
      const encoded = (payload as { receivedEncodedLength?: number }).receivedEncodedLength;
      if (!Number.isNaN(declared) && (encoded || received) !== declared) {
        done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), undefined);
        return;
      }
      read(text.end());
      if (reader.tooDeep) {
        done(new JsonTooDeepError(), undefined);
        return;
      }
      if (reader.invalid) {
        done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        return;
      }
      reader.end(req, parseJson, done);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
}
