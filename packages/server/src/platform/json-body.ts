import type { FastifyInstance } from 'fastify';

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

/**
 * Fastify's own JSON parser (with its __proto__ and constructor poisoning checks) behind the depth check,
 * so no route, hook or schema ever sees a body nested deeper than {@link MAX_JSON_DEPTH}.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new JsonTooDeepError(), undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
}
